// The texts a search looks in, derived in JS from a group's case-folded name, description and member
// emails: search_text itself, and what the side tables of migrations 3, 5, 6 and 7 hold (the short
// search's rows, the split text with domain codes, the domains, the endings). Pure functions; the
// writes are in search-rows.ts.

/**
 * search_text is what a search looks in: `name RS description RS US email US email US ...`, every
 * part case-folded (caseKey). The separators are control characters that none of the parts, nor a
 * search, can hold, so a match never spans two parts; each email sits between two US, so one
 * replace() takes exactly it out, and the members' part starts at the first US.
 */
export const PART = "\u001e";
export const MEMBER = "\u001f";

export const searchHead = (nameKey: string, descriptionKey: string) =>
  `${nameKey}${PART}${descriptionKey}${PART}`;

/** The case-folded name, description and member emails a search_text holds. */
// eslint-disable-next-line no-control-regex
export const partsOf = (searchText: string): string[] => searchText.split(/[\u001e\u001f]/);

/**
 * What a search of 1 or 2 characters (code points) needs to know of a group: each character its
 * parts hold (the lead), with the distinct characters that follow it within a part (next, in code
 * point order). A 1-character search matches the groups with that lead; a 2-character one those whose
 * row for its first character has its second in next. Nothing spans two parts, as no search match
 * does. One row per distinct character keeps this small: a group of 50 members has about 40. A lead
 * with very many followers gets more rows (chunk 0, 1, ...), each follower in exactly one of them,
 * so that a row always fits in an index entry and a 2-character search still counts a group once.
 */
export function shortSearchRows(parts: readonly string[]): Map<string, ShortSearchRow> {
  const followers = new Map<string, Set<string>>();
  for (const part of parts) {
    let previous: string | undefined;
    for (const c of part) {
      if (!followers.has(c)) followers.set(c, new Set());
      if (previous !== undefined) followers.get(previous)!.add(c);
      previous = c;
    }
  }
  const rows = new Map<string, ShortSearchRow>();
  for (const [lead, set] of followers) {
    const next = [...set].sort(byCodePoint);
    for (let chunk = 0; chunk === 0 || chunk * CHUNK < next.length; chunk++) {
      const row = { lead, chunk, next: next.slice(chunk * CHUNK, (chunk + 1) * CHUNK).join("") };
      rows.set(`${lead} ${chunk}`, row);
    }
  }
  return rows;
}

export interface ShortSearchRow {
  lead: string;
  chunk: number;
  next: string;
}

/** Followers per row: at most 1 KB of UTF-8, well inside a PostgreSQL index entry (about 2.7 KB). */
const CHUNK = 256;

const byCodePoint = (a: string, b: string) => a.codePointAt(0)! - b.codePointAt(0)!;

/**
 * The text of signing_groups_search_split (SQLite) and search_split (PostgreSQL): search_text with
 * every email's domain replaced by its tenant's number for it, `name RS description RS US local@n US
 * local@n US ...` (migration 6; migration 5 held each distinct domain there once), where n is the
 * number in control characters that no search can hold (see domainCode). A group's domains are its row
 * of signing_group_domains instead (see domainText): a domain that nearly every group holds is found by
 * reading one short row per group, not by matching and rechecking every group's text. A search across
 * an email's '@' looks for the local part's end, '@' and the code of each domain it may start (see
 * pairCodes in list.ts); no search can match inside a code.
 */
export function splitSearchText(searchText: string, codes: ReadonlyMap<string, number>): string {
  const [head, ...emails] = searchText.split(MEMBER);
  const parts: string[] = [];
  for (const email of emails) {
    if (email === "") continue;
    const at = email.lastIndexOf("@");
    parts.push(at < 0 ? email : `${email.slice(0, at)}@${domainCode(codes.get(email.slice(at + 1))!)}`);
  }
  return `${head}${MEMBER}${parts.map((part) => part + MEMBER).join("")}`;
}

/**
 * PostgreSQL's search_split holds each of these characters as the capital letter at its place in
 * TRIGRAM_LETTERS (migration 7). pg_trgm takes trigrams from runs of letters and digits alone, so
 * 'liam.smith' or 'e-w' was looked up by the trigrams of 'liam' and 'smith' (or by none), which
 * nearly every group of a large tenant holds, and each of those groups' text was rechecked. A
 * case-folded text holds no capital ASCII letter (caseKey lowercases them all) and each character has
 * a letter of its own, so a search is a substring of a text exactly when its mapped form is one of
 * the mapped text; the trigrams then span the punctuation. (pg_trgm lowercases trigrams, so 'D' shares
 * them with 'd': more groups to recheck, never a wrong answer.)
 */
export const TRIGRAM_PUNCTUATION = " .-_+'&,/():;!?#\"@%*=~^${}";
export const TRIGRAM_LETTERS = "SDHUPQAKLOCNMEWXRBTFGIJVYZ";
const TRIGRAM_LETTER = new Map([...TRIGRAM_PUNCTUATION].map((c, i) => [c, TRIGRAM_LETTERS[i]!]));

/** A case-folded text (or search) as PostgreSQL's search_split holds it: see TRIGRAM_PUNCTUATION. */
export const trigramWords = (text: string): string =>
  [...text].map((c) => TRIGRAM_LETTER.get(c) ?? c).join("");

/** Digits of a domain's code: control characters a search cannot hold (not tab, line breaks, RS or US). */
const CODE_DIGITS = Array.from({ length: 16 }, (_, i) => String.fromCharCode(0x0e + i)).join("");

/** A domain's number (signing_group_domain_names.ord) in CODE_DIGITS. */
export function domainCode(ord: number): string {
  let code = "";
  let n = ord;
  do {
    code = CODE_DIGITS[n % 16]! + code;
    n = Math.floor(n / 16);
  } while (n > 0);
  return code;
}

/** The distinct domains (after the last '@') of a search_text's emails. */
export function domainsOf(searchText: string): Set<string> {
  const domains = new Set<string>();
  for (const email of searchText.slice(searchText.indexOf(MEMBER)).split(MEMBER)) {
    const at = email.lastIndexOf("@");
    if (at >= 0) domains.add(email.slice(at + 1));
  }
  return domains;
}

/**
 * A group's row of signing_group_domains: its distinct domains, sorted, each between two US, `US a.example
 * US b.example US` ("" for none). A search holds no US, so it is a substring of this text exactly when
 * it is one of a domain, and US + text is one exactly when a domain starts with text.
 */
export const domainText = (domains: ReadonlySet<string>): string =>
  domains.size === 0 ? "" : `${MEMBER}${[...domains].sort().join(MEMBER)}${MEMBER}`;

/**
 * How a (trigram) search is answered from the split text and the domains, when it can be: a search
 * without '@' lies within a local part or within a domain, so it matches a group exactly when its split
 * text holds it or one of its domains does (`contains`). A search of '@' and then no other '@' matches
 * an email when its local part holds it (the split text again) or when its domain starts with what
 * follows the '@' (`startsWith`). Any other search with '@' spans a local part and its domain, and is
 * looked up in search_text; null.
 */
export function domainMatch(search: string): { text: string; startsWith: boolean } | null {
  const at = search.lastIndexOf("@");
  if (at < 0) return { text: search, startsWith: false };
  if (at === 0 && search.length > 1) return { text: search.slice(1), startsWith: true };
  return null;
}

/** The longest local part's end that signing_group_endings holds (see endingsText). */
export const ENDING = 2;

/**
 * A group's row of signing_group_endings (PostgreSQL): for each email, its local part's last 1 and
 * last 2 characters (code points), each followed by its domain's code (see domainCode), between
 * spaces: ` 0 10 `, "" for none. A local part holds no space nor control character, so
 * ` end + code ` is in it exactly when an email's local part ends with `end` (1 or 2 characters) at
 * that domain. A search like '0@contoso.com' then reads these short rows instead of every group's text.
 */
export function endingsText(searchText: string, codes: ReadonlyMap<string, number>): string {
  const tokens = new Set<string>();
  for (const email of searchText.slice(searchText.indexOf(MEMBER)).split(MEMBER)) {
    const at = email.lastIndexOf("@");
    if (at <= 0) continue;
    const local = [...email.slice(0, at)];
    const code = domainCode(codes.get(email.slice(at + 1))!);
    for (let n = 1; n <= Math.min(ENDING, local.length); n++) tokens.add(local.slice(-n).join("") + code);
  }
  return tokens.size === 0 ? "" : ` ${[...tokens].sort().join(" ")} `;
}

/** Whether the search is short enough for signing_group_chars to answer (and too short for trigrams). */
export function shortSearchable(text: string): boolean {
  return !trigramSearchable(text);
}

/** `%`, `_` and `\` are literal in a search: escape them for `LIKE ... ESCAPE '\'`. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether SQLite's FTS5 trigram index can answer a substring search for this text: it needs 3
 * characters. (PostgreSQL's planner makes the same choice itself: pg_trgm takes trigrams from runs of
 * 3 letters or digits.) Shorter searches use signing_group_chars (see shortSearchRows).
 */
export function trigramSearchable(text: string): boolean {
  return [...text].length >= 3;
}
