/** The message itself: subject, body text (and inserting into it), ids and internet headers. */
import { AdapterErrorCode, OutlookError } from "./errors";
import { hasGetAsync, hasSetSelectedData, officeEnum, type OfficeContext } from "./office-context";
import type { OutlookHost } from "./types";

function nonEmptyString(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

export function messageOf(
  context: OfficeContext,
): Pick<
  OutlookHost,
  "subject" | "bodyText" | "insertText" | "conversationId" | "internetMessageId" | "internetHeaders"
> {
  const { office, call, requireItem, currentItem, isCompose, notSupported } = context;
  const textCoercion = (): Office.CoercionType => officeEnum(office.CoercionType?.Text, "text");
  return {
    async subject() {
      const subject: unknown = requireItem().subject;
      if (hasGetAsync(subject)) {
        const getter = subject as Office.Subject;
        return (await call<string>("subject.getAsync", (callback) => getter.getAsync(callback))) ?? "";
      }
      return typeof subject === "string" ? subject : "";
    },

    async bodyText() {
      const body: Office.Body | undefined = requireItem().body;
      if (!body || typeof body.getAsync !== "function") {
        throw notSupported("body.getAsync", "read the message's text");
      }
      const coercionType = textCoercion();
      const text = await call<string>("body.getAsync", (callback) => body.getAsync(coercionType, callback));
      return typeof text === "string" ? text : "";
    },

    async insertText(text: string) {
      const item = requireItem();
      const body = item.body;
      if (!isCompose(item) || !hasSetSelectedData(body)) {
        throw new OutlookError(
          AdapterErrorCode.ComposeOnly,
          "Text can only be inserted into a message you are writing. Reply, forward or start a new message, then try again.",
          { operation: "body.setSelectedDataAsync" },
        );
      }
      const coercionType = textCoercion();
      await call<void>("body.setSelectedDataAsync", (callback) =>
        body.setSelectedDataAsync(text, { coercionType }, callback),
      );
    },

    conversationId: () => nonEmptyString(currentItem()?.conversationId),

    internetMessageId() {
      const item = currentItem();
      if (!item || isCompose(item)) return null;
      return nonEmptyString(item.internetMessageId);
    },

    async internetHeaders() {
      const item = requireItem();
      if (isCompose(item)) return null;
      const getHeaders: Office.MessageRead["getAllInternetHeadersAsync"] | undefined =
        item.getAllInternetHeadersAsync;
      if (typeof getHeaders !== "function") return null;
      const headers = await call<string>("getAllInternetHeadersAsync", (callback) =>
        getHeaders.call(item, callback),
      );
      return typeof headers === "string" ? headers : null;
    },
  };
}
