// Keeps a group's search rows in step with its search_text: signing_group_chars (short searches),
// signing_group_domains and the tenant's domain numbers, SQLite's split-text index or PostgreSQL's
// search_split column and signing_group_endings. The texts themselves come from search-text.ts.
import type { Dialect, SqlExecutor } from "../driver";
import {
  domainsOf,
  domainText,
  endingsText,
  partsOf,
  shortSearchRows,
  splitSearchText,
  trigramWords,
  type ShortSearchRow,
} from "./search-text";

/** Rows of signing_group_chars per statement: 5 parameters each, well under SQLite's limit. */
const CHAR_BATCH = 100;

/**
 * Brings a group's rows in signing_group_chars from `before` to `after` (see shortSearchRows),
 * writing only the rows that differ. The caller holds the group's row (see crud.ts lock) or is creating or
 * deleting it, so no other change to these rows interleaves.
 */
export async function writeShortSearchRows(
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

export const NONE: ReadonlyMap<string, ShortSearchRow> = new Map();

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
export async function derivedTexts(
  db: SqlExecutor,
  tenantId: string,
  searchText: string,
): Promise<{ split: string; endings: string }> {
  const codes = await domainCodes(db, tenantId, domainsOf(searchText));
  return { split: splitSearchText(searchText, codes), endings: endingsText(searchText, codes) };
}

/** Writes a group's row of signing_group_endings (PostgreSQL); "" deletes it. */
export async function writeEndings(
  db: SqlExecutor,
  tenantId: string,
  seq: number,
  text: string,
): Promise<void> {
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
export async function writeDomainRows(
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

export const NO_DOMAINS: ReadonlySet<string> = new Set();

/** Brings a group's row in signing_groups_search_split (SQLite) to this split text; null deletes it. */
export async function writeSplitSearch(
  db: SqlExecutor,
  seq: number,
  splitText: string | null,
): Promise<void> {
  await db.run("DELETE FROM signing_groups_search_split WHERE rowid = ?", [seq]);
  if (splitText !== null) {
    await db.run("INSERT INTO signing_groups_search_split (rowid, search_text) VALUES (?, ?)", [
      seq,
      splitText,
    ]);
  }
}

export interface SearchState {
  seq: number;
  tenantId: string;
  searchText: string;
}

/**
 * The columns a group's search text is written to: search_text, and on PostgreSQL search_split
 * beside it (splitSearchText; SQLite keeps that in an index of its own, see writeSplitSearch).
 */
export function searchColumnsOf(
  dialect: Dialect,
  searchText: string,
  split: string,
): { names: string; marks: string; set: string; values: string[] } {
  return dialect === "postgres"
    ? {
        names: "search_text, search_split",
        marks: "?, ?",
        set: "search_text = ?, search_split = ?",
        values: [searchText, trigramWords(split)],
      }
    : { names: "search_text", marks: "?", set: "search_text = ?", values: [searchText] };
}

/** Moves a group's search text from old to new, with its rows in signing_group_chars and signing_group_domains. */
export async function rewriteSearch(
  db: SqlExecutor,
  dialect: Dialect,
  state: SearchState,
  searchText: string,
  split: string,
  endings: string,
): Promise<void> {
  await writeShortSearchRows(
    db,
    state.tenantId,
    state.seq,
    shortSearchRows(partsOf(state.searchText)),
    shortSearchRows(partsOf(searchText)),
  );
  await writeDomainRows(db, state.tenantId, state.seq, domainsOf(state.searchText), domainsOf(searchText));
  if (dialect === "sqlite") await writeSplitSearch(db, state.seq, split);
  else await writeEndings(db, state.tenantId, state.seq, endings);
}

/** The group's search_text with what keys its search rows. */
export async function searchState(db: SqlExecutor, id: string): Promise<SearchState> {
  const row = await db.get<{ seq: number; tenant_id: string; search_text: string }>(
    "SELECT seq, tenant_id, search_text FROM signing_groups WHERE id = ?",
    [id],
  );
  if (!row) throw new Error(`signing group ${id} is gone`);
  return { seq: Number(row.seq), tenantId: row.tenant_id, searchText: row.search_text };
}
