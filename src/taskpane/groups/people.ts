/**
 * The people of the open message, as the Groups view lists them: the sender (read mode) and the To,
 * Cc and Bcc recipients, each address once, compared the way the service compares member emails.
 */
import { caseKey } from "../../shared/signing-group-rules";
import type { ItemMode, MailAddress, Recipients } from "../../outlook";

export type PersonRole = "from" | "to" | "cc" | "bcc";

export interface MessagePerson {
  /** The email key (see emailKey), or `#n` for an entry that has no address. */
  key: string;
  /** As the message gives it (the first spelling met); "" when Outlook gives none. */
  address: string;
  name: string;
  /** Where the address stands on the message, in order; more than one when it repeats. */
  roles: PersonRole[];
  isSelf: boolean;
  /** A distribution list entry: shown as it comes (Outlook gives the list's address, not its members). */
  isDistributionList: boolean;
}

/**
 * The key under which the service compares member emails: trimmed, Unicode-normalised (NFC) and
 * lowercased, so "Alex.Wilber@Contoso.com" and "alex.wilber@contoso.com" are one person.
 */
export function emailKey(address: string): string {
  return caseKey(address.trim());
}

export interface MessageAddresses {
  mode: ItemMode;
  sender: MailAddress | null;
  recipients: Recipients;
  /** The signed-in user's own address. */
  self: string;
}

export function messagePeople({ mode, sender, recipients, self }: MessageAddresses): MessagePerson[] {
  const selfKey = emailKey(self);
  const people = new Map<string, MessagePerson>();
  const add = (entry: MailAddress, role: PersonRole): void => {
    const address = entry.address.trim();
    const key = address ? emailKey(address) : `#${people.size}`;
    const known = people.get(key);
    if (known) {
      if (!known.roles.includes(role)) known.roles.push(role);
      if (!known.name && entry.name) known.name = entry.name;
      return;
    }
    people.set(key, {
      key,
      address,
      name: entry.name.trim(),
      roles: [role],
      isSelf: address !== "" && key === selfKey,
      isDistributionList: entry.recipientType === "distributionList",
    });
  };
  // Writing a message, the sender is the user: only a received message's sender is another person.
  if (mode === "read" && sender) add(sender, "from");
  for (const entry of recipients.to) add(entry, "to");
  for (const entry of recipients.cc) add(entry, "cc");
  for (const entry of recipients.bcc) add(entry, "bcc");
  return [...people.values()];
}

/** A group name from a message subject: without reply/forward prefixes, within the service's 200 characters. */
export function groupNameFromSubject(subject: string, maxLength = 200): string {
  let name = subject.trim();
  for (;;) {
    const stripped = name.replace(/^(re|fw|fwd|aw|wg|sv|vs|antw|tr)\s*(\[\d+\])?\s*:\s*/i, "");
    if (stripped === name) break;
    name = stripped;
  }
  return [...name].slice(0, maxLength).join("").trim();
}
