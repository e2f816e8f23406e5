import type { Dialect, SqlExecutor } from "./driver";

export interface SigningGroupRecord {
  id: string;
  tenantId: string;
  name: string;
  description: string | null;
  memberCount: number;
  createdOn: string;
  updatedOn: string;
}

export interface SigningGroupMemberRecord {
  email: string;
  name: string | null;
  addedOn: string;
}

/** A member as stored: `emailKey` is the case-folded address the unique index compares. */
export interface NewSigningGroupMember extends SigningGroupMemberRecord {
  emailKey: string;
}

/** A group as stored: the `...Key` fields are case-folded copies (computed in JS) that search and sorting use. */
export interface NewSigningGroup {
  id: string;
  tenantId: string;
  name: string;
  nameKey: string;
  description: string | null;
  descriptionKey: string;
  createdOn: string;
}

export type SigningGroupSortField = "name" | "createdOn" | "updatedOn" | "memberCount";

export interface SigningGroupQuery {
  tenantId: string;
  /** Case-folded the way the `...Key` columns are; null = no search. */
  search: string | null;
  sortBy: SigningGroupSortField;
  descending: boolean;
  /** ISO 8601 UTC; groups with updatedOn at or after it. */
  updatedSince: string | null;
  offset: number;
  limit: number;
}

interface GroupRow {
  id: string;
  tenant_id: string;
  name: string;
  description: string | null;
  member_count: number;
  created_on: string;
  updated_on: string;
}

interface MemberRow {
  email: string;
  name: string | null;
  added_on: string;
}

const columns = (g: string) =>
  `${g}.id, ${g}.tenant_id, ${g}.name, ${g}.description, ${g}.member_count, ${g}.created_on, ${g}.updated_on`;

const SORT_COLUMNS: Record<SigningGroupSortField, string> = {
  name: "name_lower",
  createdOn: "created_on",
  updatedOn: "updated_on",
  memberCount: "member_count",
};

/**
 * search_text is what a search looks in: `name RS description RS US email US email US ...`, every
 * part case-folded (caseKey). The separators are control characters that none of the parts, nor a
 * search, can hold, so a match never spans two parts; each email sits between two US, so one
 * replace() takes exactly it out, and the members' part starts at the first US.
 */
const PART = "\u001e";
const MEMBER = "\u001f";

const searchHead = (nameKey: string, descriptionKey: string) => `${nameKey}${PART}${descriptionKey}${PART}`;

/** The case-folded name, description and member emails a search_text holds. */
// eslint-disable-next-line no-control-regex
const partsOf = (searchText: string): string[] => searchText.split(/[\u001e\u001f]/);

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

/** Rows of signing_group_chars per statement: 5 parameters each, well under SQLite's limit. */
const CHAR_BATCH = 100;

/**
 * Brings a group's rows in signing_group_chars from `before` to `after` (see shortSearchRows),
 * writing only the rows that differ. The caller holds the group's row (see lock) or is creating or
 * deleting it, so no other change to these rows interleaves.
 */
async function writeShortSearchRows(
  db: SqlExecutor,
  tenantId: string,
  seq: number,
  before: ReadonlyMap<string, ShortSearchRow>,
  after: ReadonlyMap<string, ShortSearchRow>,
): Promise<void> {
  const gone = [...before].filter(([key]) => !after.has(key)).map(([, row]) => row);
  for (let start = 0; start < gone.length; start += CHAR_BATCH) {
    const batch = gone.slice(start, start + CHAR_BATCH);
    await db.run(
      `DELETE FROM signing_group_chars WHERE tenant_id = ? AND group_seq = ?
       AND (${batch.map(() => "(lead = ? AND chunk = ?)").join(" OR ")})`,
      [tenantId, seq, ...batch.flatMap((row) => [row.lead, row.chunk])],
    );
  }
  const changed = [...after].filter(([key, row]) => before.get(key)?.next !== row.next).map(([, row]) => row);
  for (let start = 0; start < changed.length; start += CHAR_BATCH) {
    const batch = changed.slice(start, start + CHAR_BATCH);
    await db.run(
      `INSERT INTO signing_group_chars (tenant_id, lead, group_seq, chunk, next)
       VALUES ${batch.map(() => "(?, ?, ?, ?, ?)").join(", ")}
       ON CONFLICT (tenant_id, lead, group_seq, chunk) DO UPDATE SET next = excluded.next`,
      batch.flatMap((row) => [tenantId, row.lead, seq, row.chunk, row.next]),
    );
  }
}

const NONE: ReadonlyMap<string, ShortSearchRow> = new Map();

/**
 * The text of signing_groups_search_split (SQLite) and search_split (PostgreSQL): search_text with
 * every email's domain replaced by its tenant's number for it, `name RS description RS US local@n US
 * local@n US ...` (migration 6; migration 5 held each distinct domain there once), where n is the
 * number in control characters that no search can hold (see domainCode). A group's domains are its row
 * of signing_group_domains instead (see domainText): a domain that nearly every group holds is found by
 * reading one short row per group, not by matching and rechecking every group's text. A search across
 * an email's '@' looks for the local part's end, '@' and the code of each domain it may start (see
 * SigningGroupStore.pairCodes); no search can match inside a code.
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

/** Names per statement of signing_group_domain_names: 2 parameters each. */
const DOMAIN_BATCH = 200;

/**
 * The tenant's numbers for these domains (see splitSearchText), numbering those it has not held
 * before. Names are never taken out of signing_group_domain_names: one that no group holds any more
 * costs a search that matches it a read of the domains' rows, and a list that only grows cannot lose
 * a name, nor change a number, when two changes race (one group's last address in a domain going while
 * another group's first arrives).
 */
async function domainCodes(
  db: SqlExecutor,
  tenantId: string,
  domains: ReadonlySet<string>,
): Promise<Map<string, number>> {
  const codes = new Map<string, number>();
  const all = [...domains];
  const read = async (batch: string[]) => {
    const rows = await db.all<{ domain: string; ord: number }>(
      `SELECT domain, ord FROM signing_group_domain_names
       WHERE tenant_id = ? AND domain IN (${batch.map(() => "?").join(", ")})`,
      [tenantId, ...batch],
    );
    for (const row of rows) codes.set(row.domain, Number(row.ord));
  };
  for (let start = 0; start < all.length; start += DOMAIN_BATCH)
    await read(all.slice(start, start + DOMAIN_BATCH));
  const missing = all.filter((domain) => !codes.has(domain));
  for (let start = 0; start < missing.length; start += DOMAIN_BATCH) {
    const batch = missing.slice(start, start + DOMAIN_BATCH);
    // Another change may number a name first: then this one reads its number.
    await db.run(
      `INSERT INTO signing_group_domain_names (tenant_id, domain)
       VALUES ${batch.map(() => "(?, ?)").join(", ")} ON CONFLICT DO NOTHING`,
      batch.flatMap((domain) => [tenantId, domain]),
    );
    await read(batch);
  }
  return codes;
}

/**
 * What a search_text's other texts are: the split text (see splitSearchText) and the endings (see
 * endingsText), numbering the domains the tenant has not held before.
 */
async function derivedTexts(
  db: SqlExecutor,
  tenantId: string,
  searchText: string,
): Promise<{ split: string; endings: string }> {
  const codes = await domainCodes(db, tenantId, domainsOf(searchText));
  return { split: splitSearchText(searchText, codes), endings: endingsText(searchText, codes) };
}

/** The longest local part's end that signing_group_endings holds (see endingsText). */
const ENDING = 2;

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

/** Writes a group's row of signing_group_endings (PostgreSQL); "" deletes it. */
async function writeEndings(db: SqlExecutor, tenantId: string, seq: number, text: string): Promise<void> {
  if (text === "") {
    await db.run("DELETE FROM signing_group_endings WHERE tenant_id = ? AND group_seq = ?", [tenantId, seq]);
  } else {
    await db.run(
      `INSERT INTO signing_group_endings (tenant_id, group_seq, endings) VALUES (?, ?, ?)
       ON CONFLICT (tenant_id, group_seq) DO UPDATE SET endings = excluded.endings`,
      [tenantId, seq, text],
    );
  }
}

/** Brings a group's row in signing_group_domains from the domains `before` to those `after`. */
async function writeDomainRows(
  db: SqlExecutor,
  tenantId: string,
  seq: number,
  before: ReadonlySet<string>,
  after: ReadonlySet<string>,
): Promise<void> {
  const text = domainText(after);
  if (text === domainText(before)) return;
  if (text === "") {
    await db.run("DELETE FROM signing_group_domains WHERE tenant_id = ? AND group_seq = ?", [tenantId, seq]);
  } else {
    await db.run(
      `INSERT INTO signing_group_domains (tenant_id, group_seq, domains) VALUES (?, ?, ?)
       ON CONFLICT (tenant_id, group_seq) DO UPDATE SET domains = excluded.domains`,
      [tenantId, seq, text],
    );
  }
}

const NO_DOMAINS: ReadonlySet<string> = new Set();

/** Brings a group's row in signing_groups_search_split (SQLite) to this split text; null deletes it. */
async function writeSplitSearch(db: SqlExecutor, seq: number, splitText: string | null): Promise<void> {
  await db.run("DELETE FROM signing_groups_search_split WHERE rowid = ?", [seq]);
  if (splitText !== null) {
    await db.run("INSERT INTO signing_groups_search_split (rowid, search_text) VALUES (?, ?)", [
      seq,
      splitText,
    ]);
  }
}

/** At most this many matches of a short search are read out to sort the page from. */
const FEW = 500;

/** Whether the search is short enough for signing_group_chars to answer (and too short for trigrams). */
export function shortSearchable(text: string): boolean {
  return !trigramSearchable(text);
}

/**
 * PostgreSQL: a page of a trigram search walks the sort order when the matches are at least WALK
 * times the rows up to the page's end, so that the walk stops after a fraction of the tenant's rows.
 */
const WALK = 4;

/**
 * PostgreSQL: a page of a domain search that ends within this many rows tests each row's domains by
 * its key; a deeper one hashes all the matches (bench: 0.5 ms for page 1 against some 10 ms for the
 * hash, but 15 ms for 1,000 lookups).
 */
const PROBE_ROWS = 200;

/** At most this many of the tenant's domains are looked for by a search across '@' (see pairCodes). */
const PAIR_DOMAINS = 32;

/** Rows per multi-row INSERT: well under SQLite's limit of bound parameters. */
const INSERT_BATCH = 200;

const groupOf = (row: GroupRow): SigningGroupRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  description: row.description,
  memberCount: Number(row.member_count),
  createdOn: row.created_on,
  updatedOn: row.updated_on,
});

const memberOf = (row: MemberRow): SigningGroupMemberRecord => ({
  email: row.email,
  name: row.name,
  addedOn: row.added_on,
});

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

interface SearchState {
  seq: number;
  tenantId: string;
  searchText: string;
}

/** Signing groups and their members. Every read and change of a group is bounded by its tenant. */
export class SigningGroupStore {
  constructor(
    private readonly db: SqlExecutor,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Inserts a group with its initial members (in the order the members list answers them) and their
   * count. A repeated emailKey throws UniqueViolationError: run it in a transaction so that nothing lands then.
   */
  async insertGroup(group: NewSigningGroup, members: readonly NewSigningGroupMember[]): Promise<void> {
    const searchText =
      searchHead(group.nameKey, group.descriptionKey) +
      MEMBER +
      members.map((m) => m.emailKey + MEMBER).join("");
    const { split, endings } = await derivedTexts(this.db, group.tenantId, searchText);
    const searchColumns = this.searchColumns(searchText, split);
    const inserted = await this.db.get<{ seq: number }>(
      `INSERT INTO signing_groups
        (id, tenant_id, name, name_lower, description, description_lower, ${searchColumns.names},
         member_count, created_on, updated_on)
       VALUES (?, ?, ?, ?, ?, ?, ${searchColumns.marks}, ?, ?, ?) RETURNING seq`,
      [
        group.id,
        group.tenantId,
        group.name,
        group.nameKey,
        group.description,
        group.descriptionKey,
        ...searchColumns.values,
        members.length,
        group.createdOn,
        group.createdOn,
      ],
    );
    for (let start = 0; start < members.length; start += INSERT_BATCH) {
      await this.insertMembers(group.id, members.slice(start, start + INSERT_BATCH));
    }
    await writeShortSearchRows(
      this.db,
      group.tenantId,
      Number(inserted!.seq),
      NONE,
      shortSearchRows([group.nameKey, group.descriptionKey, ...members.map((m) => m.emailKey)]),
    );
    await writeDomainRows(this.db, group.tenantId, Number(inserted!.seq), NO_DOMAINS, domainsOf(searchText));
    if (this.dialect === "sqlite") await writeSplitSearch(this.db, Number(inserted!.seq), split);
    else await writeEndings(this.db, group.tenantId, Number(inserted!.seq), endings);
  }

  /**
   * The columns a group's search text is written to: search_text, and on PostgreSQL search_split
   * beside it (splitSearchText; SQLite keeps that in an index of its own, see writeSplitSearch).
   */
  private searchColumns(
    searchText: string,
    split: string,
  ): { names: string; marks: string; set: string; values: string[] } {
    return this.dialect === "postgres"
      ? {
          names: "search_text, search_split",
          marks: "?, ?",
          set: "search_text = ?, search_split = ?",
          values: [searchText, trigramWords(split)],
        }
      : { names: "search_text", marks: "?", set: "search_text = ?", values: [searchText] };
  }

  /** Moves a group's search text from old to new, with its rows in signing_group_chars and signing_group_domains. */
  private async rewriteSearch(
    state: SearchState,
    searchText: string,
    split: string,
    endings: string,
  ): Promise<void> {
    await writeShortSearchRows(
      this.db,
      state.tenantId,
      state.seq,
      shortSearchRows(partsOf(state.searchText)),
      shortSearchRows(partsOf(searchText)),
    );
    await writeDomainRows(
      this.db,
      state.tenantId,
      state.seq,
      domainsOf(state.searchText),
      domainsOf(searchText),
    );
    if (this.dialect === "sqlite") await writeSplitSearch(this.db, state.seq, split);
    else await writeEndings(this.db, state.tenantId, state.seq, endings);
  }

  private async searchState(id: string): Promise<SearchState> {
    const row = await this.db.get<{ seq: number; tenant_id: string; search_text: string }>(
      "SELECT seq, tenant_id, search_text FROM signing_groups WHERE id = ?",
      [id],
    );
    if (!row) throw new Error(`signing group ${id} is gone`);
    return { seq: Number(row.seq), tenantId: row.tenant_id, searchText: row.search_text };
  }

  private async insertMembers(groupId: string, members: readonly NewSigningGroupMember[]): Promise<void> {
    const params: unknown[] = [];
    for (const m of members) params.push(groupId, m.email, m.emailKey, m.name, m.addedOn);
    await this.db.run(
      `INSERT INTO signing_group_members (group_id, email, email_lower, name, added_on)
       VALUES ${members.map(() => "(?, ?, ?, ?, ?)").join(", ")}`,
      params,
    );
  }

  async find(tenantId: string, id: string): Promise<SigningGroupRecord | undefined> {
    const row = await this.db.get<GroupRow>(
      `SELECT ${columns("g")} FROM signing_groups g WHERE g.id = ? AND g.tenant_id = ?`,
      [id, tenantId],
    );
    return row && groupOf(row);
  }

  /**
   * Answers the group and holds its row until the transaction ends, so that changes to one group
   * (member count, updatedOn) happen one after another. SQLite transactions already hold the write lock.
   */
  async lock(tenantId: string, id: string): Promise<SigningGroupRecord | undefined> {
    const row = await this.db.get<GroupRow>(
      `SELECT ${columns("g")} FROM signing_groups g WHERE g.id = ? AND g.tenant_id = ?${
        this.dialect === "postgres" ? " FOR UPDATE" : ""
      }`,
      [id, tenantId],
    );
    return row && groupOf(row);
  }

  async updateDetails(
    id: string,
    details: {
      name: string;
      nameKey: string;
      description: string | null;
      descriptionKey: string;
      updatedOn: string;
    },
  ): Promise<void> {
    const state = await this.searchState(id);
    const searchText =
      searchHead(details.nameKey, details.descriptionKey) +
      state.searchText.slice(state.searchText.indexOf(MEMBER));
    const { split, endings } = await derivedTexts(this.db, state.tenantId, searchText);
    const searchColumns = this.searchColumns(searchText, split);
    await this.db.run(
      `UPDATE signing_groups SET name = ?, name_lower = ?, description = ?, description_lower = ?, updated_on = ?,
         ${searchColumns.set}
       WHERE id = ?`,
      [
        details.name,
        details.nameKey,
        details.description,
        details.descriptionKey,
        details.updatedOn,
        ...searchColumns.values,
        id,
      ],
    );
    await this.rewriteSearch(state, searchText, split, endings);
  }

  /**
   * Adds a member, counts it and moves updatedOn. A member with the same emailKey already in the
   * group throws UniqueViolationError (the unique index decides, also between concurrent adds).
   */
  async addMember(groupId: string, member: NewSigningGroupMember, updatedOn: string): Promise<void> {
    await this.insertMembers(groupId, [member]);
    const state = await this.searchState(groupId);
    const searchText = state.searchText + member.emailKey + MEMBER;
    const { split, endings } = await derivedTexts(this.db, state.tenantId, searchText);
    const searchColumns = this.searchColumns(searchText, split);
    await this.db.run(
      `UPDATE signing_groups SET member_count = member_count + 1, ${searchColumns.set},
         updated_on = ?
       WHERE id = ?`,
      [...searchColumns.values, updatedOn, groupId],
    );
    await this.rewriteSearch(state, searchText, split, endings);
  }

  /** Removes the member whose case-folded email is emailKey, uncounts it and moves updatedOn; false when there is none. */
  async removeMember(groupId: string, emailKey: string, updatedOn: string): Promise<boolean> {
    const removed = await this.db.run(
      "DELETE FROM signing_group_members WHERE group_id = ? AND email_lower = ?",
      [groupId, emailKey],
    );
    if (removed === 0) return false;
    const state = await this.searchState(groupId);
    const searchText = state.searchText.split(MEMBER + emailKey + MEMBER).join(MEMBER);
    const { split, endings } = await derivedTexts(this.db, state.tenantId, searchText);
    const searchColumns = this.searchColumns(searchText, split);
    await this.db.run(
      `UPDATE signing_groups SET member_count = member_count - ?, ${searchColumns.set},
         updated_on = ?
       WHERE id = ?`,
      [removed, ...searchColumns.values, updatedOn, groupId],
    );
    await this.rewriteSearch(state, searchText, split, endings);
    return true;
  }

  /**
   * Deletes the group with its members and search rows; false when the tenant has no such group (any
   * more). Run it in a transaction, so that all of it goes at once.
   */
  async delete(tenantId: string, id: string): Promise<boolean> {
    // ON DELETE CASCADE takes the members. signing_group_chars has no foreign key (that would need
    // an index by group of its own, for deletes alone): its rows are found from the text.
    const row = await this.db.get<{ seq: number; search_text: string }>(
      "DELETE FROM signing_groups WHERE id = ? AND tenant_id = ? RETURNING seq, search_text",
      [id, tenantId],
    );
    if (!row) return false;
    await writeShortSearchRows(
      this.db,
      tenantId,
      Number(row.seq),
      shortSearchRows(partsOf(row.search_text)),
      NONE,
    );
    await writeDomainRows(this.db, tenantId, Number(row.seq), domainsOf(row.search_text), NO_DOMAINS);
    if (this.dialect === "sqlite") await writeSplitSearch(this.db, Number(row.seq), null);
    else await writeEndings(this.db, tenantId, Number(row.seq), "");
    return true;
  }

  async listMembers(groupId: string): Promise<SigningGroupMemberRecord[]> {
    const rows = await this.db.all<MemberRow>(
      "SELECT email, name, added_on FROM signing_group_members WHERE group_id = ? ORDER BY seq",
      [groupId],
    );
    return rows.map(memberOf);
  }

  /**
   * The tenant's groups that hold each of the case-folded addresses, in one query: the index on
   * (email_lower, group_id) of migration 9 finds an address's memberships in every tenant, and each is
   * joined to its group by id and kept when the group is the tenant's. Ordered by address, then by
   * group name (case-folded) and id, the order a list by name answers.
   */
  async groupsHolding(
    tenantId: string,
    emailKeys: readonly string[],
  ): Promise<{ emailKey: string; id: string; name: string; memberCount: number }[]> {
    if (emailKeys.length === 0) return [];
    const rows = await this.db.all<{ email_lower: string; id: string; name: string; member_count: number }>(
      `SELECT m.email_lower, g.id, g.name, g.member_count
       FROM signing_group_members m JOIN signing_groups g ON g.id = m.group_id
       WHERE m.email_lower IN (${emailKeys.map(() => "?").join(", ")}) AND g.tenant_id = ?
       ORDER BY m.email_lower, g.name_lower, g.id`,
      [...emailKeys, tenantId],
    );
    return rows.map((row) => ({
      emailKey: row.email_lower,
      id: row.id,
      name: row.name,
      memberCount: Number(row.member_count),
    }));
  }

  /** Whether any domain the tenant's groups hold (or held) matches the search (see domainMatch). */
  private async anyDomainMatches(
    tenantId: string,
    match: { text: string; startsWith: boolean },
  ): Promise<boolean> {
    const rows = await this.db.all<{ domain: string }>(
      "SELECT domain FROM signing_group_domain_names WHERE tenant_id = ?",
      [tenantId],
    );
    return rows.some(({ domain }) =>
      match.startsWith ? domain.startsWith(match.text) : domain.includes(match.text),
    );
  }

  /**
   * A search across an email's '@' (`local@start`, one '@', not first): its local part's end and the
   * codes of the tenant's domains that start with `start` (none when `start` is empty: then the
   * search itself, `local@`, is all it looks for). It matches a group whose split text holds the
   * search (in a name or description) or `local`, '@', one of the codes and US. Null when it has more
   * '@' or the domains are too many: then search_text answers it.
   */
  private async pairCodes(
    tenantId: string,
    search: string,
  ): Promise<{ local: string; codes: string[] } | null> {
    const at = search.indexOf("@");
    if (at <= 0 || at !== search.lastIndexOf("@")) return null;
    const local = search.slice(0, at);
    const start = search.slice(at + 1);
    if (start === "") return { local, codes: [] };
    const rows = await this.db.all<{ domain: string; ord: number }>(
      "SELECT domain, ord FROM signing_group_domain_names WHERE tenant_id = ?",
      [tenantId],
    );
    const codes = rows
      .filter(({ domain }) => domain.startsWith(start))
      .map(({ ord }) => domainCode(Number(ord)));
    return codes.length > PAIR_DOMAINS ? null : { local, codes };
  }

  /** One page of the tenant's groups and how many match in all. */
  async list(query: SigningGroupQuery): Promise<{ items: SigningGroupRecord[]; totalCount: number }> {
    let prefix = "";
    const prefixParams: unknown[] = [];
    // How many groups match, when the hits (a CTE in prefix) are exactly those.
    let hitCount: string | undefined;
    // PostgreSQL: a count of the matches that reads less than the filter would.
    let countQuery: { sql: string; params: unknown[] } | undefined;
    const where: string[] = ["g.tenant_id = ?"];
    const params: unknown[] = [query.tenantId];
    if (query.updatedSince !== null) {
      where.push("g.updated_on >= ?");
      params.push(query.updatedSince);
    }
    const search = query.search === null || query.search === "" ? null : query.search;
    const shortSearch = search !== null && shortSearchable(search);
    let walkWhere = where;
    let walkParams = params;
    const ftsSearch = search !== null && this.dialect === "sqlite" && trigramSearchable(search);
    const [lead, second] = shortSearch ? [...search] : [];
    const position = this.dialect === "postgres" ? "strpos" : "instr";
    // One character: the lead's first row. Two: the one row of the lead whose next holds the second.
    const shortFilter = `k.tenant_id = ? AND k.lead = ? AND ${second === undefined ? "k.chunk = 0" : `${position}(k.next, ?) > 0`}`;
    const shortParams = [query.tenantId, lead, ...(second === undefined ? [] : [second])];
    if (shortSearch) {
      // Every search is case-folded already, and so are the characters in signing_group_chars.
      where.push(`g.seq IN (SELECT k.group_seq FROM signing_group_chars k WHERE ${shortFilter})`);
      params.push(...shortParams);
    } else if (search !== null) {
      // Searches look in the split text and in the tenant's domains (see domainMatch), or across an
      // email's '@' for a local part's end with each fitting domain's code (see pairCodes); only one
      // with more than one '@', or fitting too many domains, looks in search_text.
      const byDomain = domainMatch(search);
      const byDomains = byDomain !== null && (await this.anyDomainMatches(query.tenantId, byDomain));
      // Substrings of the split text (or of search_text, when neither answers) whose any one matches.
      const pair = byDomain ? null : await this.pairCodes(query.tenantId, search);
      const needles = [search, ...(pair?.codes ?? []).map((code) => `${pair!.local}@${code}${MEMBER}`)];
      const inSplit = byDomain !== null || pair !== null;
      // One row per group: no group comes twice, however many of its domains match.
      const domainGroups = `SELECT d.group_seq FROM signing_group_domains d
        WHERE d.tenant_id = ? AND ${position}(d.domains, ?) > 0`;
      const domainParams = byDomain
        ? [query.tenantId, byDomain.startsWith ? MEMBER + byDomain.text : byDomain.text]
        : [];
      if (ftsSearch) {
        // An FTS5 phrase of a trigram index matches exactly the rows holding it as a substring. The
        // matches are found once; the page then walks the sort order's index and stops when full.
        // The hits are the tenant's alone: each is looked up in a narrow index of the groups' tenants
        // (migration 6), as the table's own rows, which hold search_text, are wide and slow to reach.
        const table = inSplit ? "signing_groups_search_split" : "signing_groups_search";
        const union = byDomains ? ` UNION ${domainGroups}` : "";
        prefix = `WITH hits (seq) AS MATERIALIZED (
            SELECT ${table}.rowid FROM ${table}
              CROSS JOIN signing_groups t INDEXED BY signing_groups_tenants ON t.seq = ${table}.rowid
            WHERE ${table} MATCH ? AND t.tenant_id = ?${union}
          ) `;
        prefixParams.push(
          needles.map((needle) => `"${needle.replace(/"/g, '""')}"`).join(" OR "),
          query.tenantId,
        );
        if (byDomains) prefixParams.push(...domainParams);
        if (query.updatedSince === null) hitCount = "SELECT count(*) FROM hits";
        where.push("g.seq IN (SELECT seq FROM hits)");
      } else {
        // PostgreSQL: the planner takes the GIN trigram index for LIKE.
        const column = inSplit ? "search_split" : "search_text";
        const split = `h.search_split LIKE ? ESCAPE '\\'`;
        // search_split holds punctuation as letters (see TRIGRAM_PUNCTUATION), and so must what is
        // looked for in it.
        const splitSearch = trigramWords(search);
        const columnNeedles = inSplit ? needles.map(trigramWords) : needles;
        // A table of one short row per group that answers the rest of the search: the group's domains
        // (see domainText), or for a search across '@' with a short local end, which no trigram
        // narrows, the ends of its local parts with their domains' codes (see endingsText).
        const endings =
          pair !== null && pair.codes.length > 0 && [...pair.local].length <= ENDING
            ? pair.codes.map((code) => ` ${pair.local}${code} `)
            : null;
        const side = byDomains
          ? { table: "signing_group_domains", column: "domains", needles: [domainParams[1]!] }
          : endings && { table: "signing_group_endings", column: "endings", needles: endings };
        if (side) {
          const test = (d: string) =>
            side.needles.map(() => `strpos(${d}.${side.column}, ?) > 0`).join(" OR ");
          const sideGroups = `SELECT d.group_seq FROM ${side.table} d WHERE d.tenant_id = ? AND (${test("d")})`;
          const sideParams = [query.tenantId, ...side.needles];
          // Whether a group's row there matches, by its key: a scalar subquery, which PostgreSQL runs
          // per row (an EXISTS it would rather turn into a hash of every group's row).
          const inSide = (g: string) => `COALESCE((SELECT ${test("d")} FROM ${side.table} d
            WHERE d.tenant_id = ${g}.tenant_id AND d.group_seq = ${g}.seq), false)`;
          if (query.offset + query.limit > PROBE_ROWS) {
            // Deep in: the matches are found once, each group once with no set to drop repeats (those
            // whose row matches, one each, then those whose split text does without it: few, for such
            // a search), and counted; the page walks the sort order's index (which holds seq) testing
            // each entry against their hash (IS TRUE keeps that from becoming a join), reading no rows
            // but the page's.
            prefix = `WITH hits (seq) AS MATERIALIZED (
                ${sideGroups} UNION ALL
                SELECT h.seq FROM signing_groups h WHERE h.tenant_id = ? AND ${split} AND NOT ${inSide("h")}
              ) `;
            prefixParams.push(...sideParams, query.tenantId, likeContaining(splitSearch), ...side.needles);
            if (query.updatedSince === null) hitCount = "SELECT count(*) FROM hits";
            where.push("(g.seq IN (SELECT seq FROM hits)) IS TRUE");
          } else {
            // Near the start: counted as the groups whose row matches plus those whose split text does
            // without it, which needs no set of all the matches, and the page walks the sort order's
            // index testing each group's row by its key, a few dozen lookups. (Few matches are found
            // and sorted: see below.)
            where.push(
              `g.seq IN (SELECT h.seq FROM signing_groups h WHERE h.tenant_id = ? AND ${split} UNION ${sideGroups})`,
            );
            params.push(query.tenantId, likeContaining(splitSearch), ...sideParams);
            walkWhere = [...where.slice(0, -1), `(${inSide("g")} OR strpos(g.search_split, ?) > 0)`];
            walkParams = [...params.slice(0, -(2 + sideParams.length)), ...side.needles, splitSearch];
            if (query.updatedSince === null) {
              countQuery = {
                sql: `SELECT (${sideGroups.replace("SELECT d.group_seq", "SELECT count(*)")})
                  + (SELECT count(*) FROM signing_groups h WHERE h.tenant_id = ? AND ${split} AND NOT ${inSide("h")}) AS n`,
                params: [...sideParams, query.tenantId, likeContaining(splitSearch), ...side.needles],
              };
            }
          }
        } else {
          where.push(`(${columnNeedles.map(() => `g.${column} LIKE ? ESCAPE '\\'`).join(" OR ")})`);
          params.push(...columnNeedles.map(likeContaining));
          // The same test, which no index answers: for walking the sort order's index (see below).
          walkWhere = [
            ...where.slice(0, -1),
            `(${columnNeedles.map(() => `strpos(g.${column}, ?) > 0`).join(" OR ")})`,
          ];
          walkParams = [...params.slice(0, -columnNeedles.length), ...columnNeedles];
        }
      }
    }
    const filter = where.join(" AND ");
    const direction = query.descending ? "DESC" : "ASC";
    const order = (g: string) => `${g}.${SORT_COLUMNS[query.sortBy]} ${direction}, ${g}.id ${direction}`;
    const countSql = hitCount ?? `SELECT CAST(count(*) AS INTEGER) FROM signing_groups g WHERE ${filter}`;
    const count = async () => {
      const row = countQuery
        ? await this.db.get<{ n: number }>(countQuery.sql, countQuery.params)
        : await this.db.get<{ n: number }>(`${prefix}SELECT (${countSql}) AS n`, [
            ...prefixParams,
            ...(hitCount ? [] : params),
          ]);
      return Number(row?.n ?? 0);
    };

    let rows: (GroupRow & { total_count?: number })[];
    if (search === null || shortSearch) {
      // The count and the page's ids come from indexes alone (a deep page skips index entries, not
      // rows): the sort order's, with a short search's rows in signing_group_chars, which also give
      // the count by themselves when nothing else filters (each row is one group of the tenant).
      // Then the page's rows are read.
      let pageFilter = filter;
      let pageParams = params;
      let totalCount: number;
      if (shortSearch) {
        const matching = Number(
          (
            await this.db.get<{ n: number }>(
              `SELECT CAST(count(*) AS INTEGER) AS n FROM signing_group_chars k WHERE ${shortFilter}`,
              shortParams,
            )
          )?.n ?? 0,
        );
        totalCount = query.updatedSince === null ? matching : await count();
        if (matching > 0 && matching <= FEW) {
          // Few matches: the page is sorted from them, rather than found by walking the whole sort
          // order (PostgreSQL's planner cannot tell few from many by the follower's filter).
          const seqs = await this.db.all<{ group_seq: number }>(
            `SELECT k.group_seq FROM signing_group_chars k WHERE ${shortFilter}`,
            shortParams,
          );
          pageFilter = [...where.slice(0, -1), `g.seq IN (${seqs.map(() => "?").join(", ")})`].join(" AND ");
          pageParams = [...params.slice(0, -shortParams.length), ...seqs.map((row) => Number(row.group_seq))];
        } else if (this.dialect === "postgres" && query.offset >= FEW) {
          // A deep page of many matches: PostgreSQL would join them and sort them all. As a test of
          // each row instead (a hashed subplan: IS TRUE keeps it from becoming a join), the page walks
          // the sort order's index, which holds seq (migration 5), without reading the table, and
          // stops when full. Building the hash takes a few ms, more than a shallow page's own walk.
          pageFilter = [...where.slice(0, -1), `(${where[where.length - 1]}) IS TRUE`].join(" AND ");
        }
      } else {
        totalCount = await count();
      }
      if (totalCount <= query.offset) return { items: [], totalCount };
      rows = await this.db.all<GroupRow>(
        `SELECT ${columns("r")} FROM signing_groups r JOIN
           (SELECT g.id FROM signing_groups g WHERE ${pageFilter} ORDER BY ${order("g")} LIMIT ? OFFSET ?) page
           ON page.id = r.id
         ORDER BY ${order("r")}`,
        [...pageParams, query.limit, query.offset],
      );
      return { items: rows.map(groupOf), totalCount };
    }
    if (prefix !== "") {
      // PostgreSQL reads the rows of every entry it walks past, unless the walk selects ids alone.
      const page =
        this.dialect === "postgres"
          ? `SELECT ${columns("r")}, (${countSql}) AS total_count FROM signing_groups r JOIN
               (SELECT g.id FROM signing_groups g WHERE ${filter} ORDER BY ${order("g")} LIMIT ? OFFSET ?) page
               ON page.id = r.id
             ORDER BY ${order("r")}`
          : `SELECT ${columns("g")}, (${countSql}) AS total_count FROM signing_groups g WHERE ${filter}
             ORDER BY ${order("g")} LIMIT ? OFFSET ?`;
      rows = await this.db.all<GroupRow & { total_count: number }>(`${prefix}${page}`, [
        ...prefixParams,
        ...(hitCount ? [] : params),
        ...params,
        query.limit,
        query.offset,
      ]);
    } else {
      // The count comes from the trigram index (with a recheck of each match's text). When the
      // matches are many against the page's end (a common domain), the page walks the sort order's
      // index, testing each row, and stops when full: sorting all the matches took longer. The planner
      // cannot tell (pg_trgm estimates a few rows for any pattern), so strpos, which no index answers,
      // makes the walk its only choice. Few matches are found by the index and sorted.
      const totalCount = await count();
      if (totalCount <= query.offset) return { items: [], totalCount };
      const walk = totalCount >= WALK * (query.offset + query.limit);
      rows = await this.db.all<GroupRow>(
        `SELECT ${columns("g")} FROM signing_groups g WHERE ${(walk ? walkWhere : where).join(" AND ")}
         ORDER BY ${order("g")} LIMIT ? OFFSET ?`,
        [...(walk ? walkParams : params), query.limit, query.offset],
      );
      return { items: rows.map(groupOf), totalCount };
    }
    if (rows.length === 0) return { items: [], totalCount: query.offset === 0 ? 0 : await count() };
    return { items: rows.map(groupOf), totalCount: Number(rows[0]!.total_count) };
  }
}
