/** Who a message is from and to: read-mode properties, or compose-mode getAsync calls. */
import { hasGetAsync, type OfficeContext } from "./office-context";
import type { MailAddress, OutlookHost, Recipients } from "./types";

type AddressDetails = Partial<Pick<Office.EmailAddressDetails, "emailAddress" | "displayName">> & {
  recipientType?: Office.EmailAddressDetails["recipientType"] | null;
};

function toMailAddress(details: AddressDetails | null | undefined): MailAddress | null {
  if (!details) return null;
  const address: MailAddress = {
    address: details.emailAddress ?? "",
    name: details.displayName ?? "",
  };
  if (details.recipientType) address.recipientType = details.recipientType;
  return address;
}

function toMailAddresses(list: unknown): MailAddress[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((entry) => toMailAddress(entry as AddressDetails))
    .filter((entry): entry is MailAddress => entry !== null);
}

export function recipientsOf(context: OfficeContext): Pick<OutlookHost, "sender" | "recipients"> {
  const { call, requireItem, isCompose } = context;
  return {
    async sender() {
      const item = requireItem();
      if (!isCompose(item)) return toMailAddress(item.from ?? item.sender);
      const from = item.from;
      if (!hasGetAsync(from)) return null;
      return toMailAddress(
        await call<Office.EmailAddressDetails>("from.getAsync", (callback) => from.getAsync(callback)),
      );
    },

    async recipients(): Promise<Recipients> {
      const item = requireItem();
      if (!isCompose(item)) return { to: toMailAddresses(item.to), cc: toMailAddresses(item.cc), bcc: [] };
      const field = (value: Office.Recipients | undefined, name: string): Promise<MailAddress[]> =>
        hasGetAsync(value)
          ? call<Office.EmailAddressDetails[]>(`${name}.getAsync`, (callback) =>
              value.getAsync(callback),
            ).then(toMailAddresses)
          : Promise.resolve([]);
      const [to, cc, bcc] = await Promise.all([
        field(item.to, "to"),
        field(item.cc, "cc"),
        field(item.bcc, "bcc"),
      ]);
      return { to, cc, bcc };
    },
  };
}
