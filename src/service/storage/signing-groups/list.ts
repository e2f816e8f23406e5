// The list of a tenant's groups: sorted, paged, filtered by updatedSince and by a search, with the
// exact count of the matches. How each kind of search is answered: docs/signing-group-search.md.
import type { Dialect, SqlExecutor } from "../driver";
import {
  columns,
  groupOf,
  type GroupRow,
  type SigningGroupQuery,
  type SigningGroupRecord,
  type SigningGroupSortField,
} from "./records";
import {
  domainCode,
  domainMatch,
  ENDING,
  likeContaining,
  MEMBER,
  shortSearchable,
  trigramSearchable,
  trigramWords,
} from "./search-text";

const SORT_COLUMNS: Record<SigningGroupSortField, string> = {
  name: "name_lower",
  createdOn: "created_on",
  updatedOn: "updated_on",
  memberCount: "member_count",
};

/** At most this many matches of a short search are read out to sort the page from. */
const FEW = 500;

/**
 * PostgreSQL: a page of a trigram search walks the sort order when the matches are at least WALK
 * times the rows up to the page's end, so that the walk stops after a fraction of the tenant's rows.
 */
const WALK = 4;

/**
 * PostgreSQL: a page of a domain search that ends within this many rows tests each row's domains by
 * its key; a deeper one hashes all the matches, which costs less than that many lookups
 * (docs/benchmarks.md, signing-group search).
 */
const PROBE_ROWS = 200;

/** At most this many of the tenant's domains are looked for by a search across '@' (see pairCodes). */
const PAIR_DOMAINS = 32;

/** Whether any domain the tenant's groups hold (or held) matches the search (see domainMatch). */
async function anyDomainMatches(
  db: SqlExecutor,
  tenantId: string,
  match: { text: string; startsWith: boolean },
): Promise<boolean> {
  const rows = await db.all<{ domain: string }>(
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
async function pairCodes(
  db: SqlExecutor,
  tenantId: string,
  search: string,
): Promise<{ local: string; codes: string[] } | null> {
  const at = search.indexOf("@");
  if (at <= 0 || at !== search.lastIndexOf("@")) return null;
  const local = search.slice(0, at);
  const start = search.slice(at + 1);
  if (start === "") return { local, codes: [] };
  const rows = await db.all<{ domain: string; ord: number }>(
    "SELECT domain, ord FROM signing_group_domain_names WHERE tenant_id = ?",
    [tenantId],
  );
  const codes = rows
    .filter(({ domain }) => domain.startsWith(start))
    .map(({ ord }) => domainCode(Number(ord)));
  return codes.length > PAIR_DOMAINS ? null : { local, codes };
}

/** One page of the tenant's groups and how many match in all. */
export async function listGroups(
  db: SqlExecutor,
  dialect: Dialect,
  query: SigningGroupQuery,
): Promise<{ items: SigningGroupRecord[]; totalCount: number }> {
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
  const ftsSearch = search !== null && dialect === "sqlite" && trigramSearchable(search);
  const [lead, second] = shortSearch ? [...search] : [];
  const position = dialect === "postgres" ? "strpos" : "instr";
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
    const byDomains = byDomain !== null && (await anyDomainMatches(db, query.tenantId, byDomain));
    // Substrings of the split text (or of search_text, when neither answers) whose any one matches.
    const pair = byDomain ? null : await pairCodes(db, query.tenantId, search);
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
        const test = (d: string) => side.needles.map(() => `strpos(${d}.${side.column}, ?) > 0`).join(" OR ");
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
      ? await db.get<{ n: number }>(countQuery.sql, countQuery.params)
      : await db.get<{ n: number }>(`${prefix}SELECT (${countSql}) AS n`, [
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
          await db.get<{ n: number }>(
            `SELECT CAST(count(*) AS INTEGER) AS n FROM signing_group_chars k WHERE ${shortFilter}`,
            shortParams,
          )
        )?.n ?? 0,
      );
      totalCount = query.updatedSince === null ? matching : await count();
      if (matching > 0 && matching <= FEW) {
        // Few matches: the page is sorted from them, rather than found by walking the whole sort
        // order (PostgreSQL's planner cannot tell few from many by the follower's filter).
        const seqs = await db.all<{ group_seq: number }>(
          `SELECT k.group_seq FROM signing_group_chars k WHERE ${shortFilter}`,
          shortParams,
        );
        pageFilter = [...where.slice(0, -1), `g.seq IN (${seqs.map(() => "?").join(", ")})`].join(" AND ");
        pageParams = [...params.slice(0, -shortParams.length), ...seqs.map((row) => Number(row.group_seq))];
      } else if (dialect === "postgres" && query.offset >= FEW) {
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
    rows = await db.all<GroupRow>(
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
      dialect === "postgres"
        ? `SELECT ${columns("r")}, (${countSql}) AS total_count FROM signing_groups r JOIN
             (SELECT g.id FROM signing_groups g WHERE ${filter} ORDER BY ${order("g")} LIMIT ? OFFSET ?) page
             ON page.id = r.id
           ORDER BY ${order("r")}`
        : `SELECT ${columns("g")}, (${countSql}) AS total_count FROM signing_groups g WHERE ${filter}
           ORDER BY ${order("g")} LIMIT ? OFFSET ?`;
    rows = await db.all<GroupRow & { total_count: number }>(`${prefix}${page}`, [
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
    rows = await db.all<GroupRow>(
      `SELECT ${columns("g")} FROM signing_groups g WHERE ${(walk ? walkWhere : where).join(" AND ")}
       ORDER BY ${order("g")} LIMIT ? OFFSET ?`,
      [...(walk ? walkParams : params), query.limit, query.offset],
    );
    return { items: rows.map(groupOf), totalCount };
  }
  if (rows.length === 0) return { items: [], totalCount: query.offset === 0 ? 0 : await count() };
  return { items: rows.map(groupOf), totalCount: Number(rows[0]!.total_count) };
}
