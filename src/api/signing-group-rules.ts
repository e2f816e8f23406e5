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
