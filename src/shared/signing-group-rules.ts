/**
 * The rules of contract §4 that both ends apply, one copy: the service enforces them, the add-in
 * checks input against them before sending (to say what is wrong next to the field) and compares
 * addresses the way the service does.
 */
export const SIGNING_GROUP_LIMITS = {
  nameLength: 200,
  descriptionLength: 2000,
  emailLength: 254,
  memberNameLength: 200,
  membersPerCreate: 100,
  membersPerGroup: 1000,
  idsPerBulkDelete: 50,
  emailsPerResolve: 500,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  searchLength: 2000,
} as const;

/**
 * The key under which text is compared without regard to case: Unicode-normalised (NFC, so that
 * "é" typed as one or two code points is one address) and lowercased by JavaScript, which knows all
 * of Unicode (SQLite's lower() knows only ASCII). Stored beside the text; search and sort use it.
 */
export function caseKey(text: string): string {
  return text.normalize("NFC").toLowerCase();
}

/** Length in characters (code points), the way JSON Schema's maxLength counts. */
export const characters = (text: string): number => [...text].length;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** With the u flag a surrogate pair is one code point, so this matches only a lone (unpaired) surrogate. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

// Characters a dot-atom local part may not hold (RFC 5322 specials); quoted local parts are not accepted.
const LOCAL_FORBIDDEN = /[\s()<>[\]:;@\\,"]/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]*[\p{L}\p{N}\p{M}])?$/u;

/**
 * Why an (already trimmed) email address is not one we can send to, or null when it is valid. An
 * address is `local@domain`: the local part a dot-atom of at most 64 bytes (Unicode allowed, RFC 6531),
 * the domain at least two labels of letters, digits and inner hyphens, and the whole at most 254 characters.
 */
export function emailProblem(email: string): string | null {
  if (email === "") return "is required.";
  if (characters(email) > SIGNING_GROUP_LIMITS.emailLength)
    return `must be at most ${SIGNING_GROUP_LIMITS.emailLength} characters.`;
  if (LONE_SURROGATE.test(email) || CONTROL.test(email))
    return "must be an email address like name@example.com.";
  const at = email.lastIndexOf("@");
  if (at <= 0 || at === email.length - 1) return "must be an email address like name@example.com.";
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (LOCAL_FORBIDDEN.test(local)) {
    return "has a character an address cannot hold before the @ (space, quote, comma, brackets, @ and the like).";
  }
  if (new TextEncoder().encode(local).length > 64) return "has a part before the @ longer than 64 bytes.";
  if (local.startsWith(".") || local.endsWith(".") || local.includes("..")) {
    return "must not start or end with a dot before the @, or have two dots in a row.";
  }
  const labels = domain.split(".");
  if (labels.length < 2 || labels.some((label) => !DOMAIN_LABEL.test(label) || characters(label) > 63)) {
    return "must have a domain like example.com after the @.";
  }
  if (/^\d+$/.test(labels[labels.length - 1]!)) return "must have a domain like example.com after the @.";
  return null;
}
