import type { Dialect, Migration, SqlExecutor } from "./types";

/** Lowercased copies of text (computed in JS, which lowercases all of Unicode) sort and compare byte-wise. */
const PG_BYTEWISE = `COLLATE "C"`;

/** A search_text is `name RS description RS US email US email US ...`, all case-folded. */
const MEMBER = "\u001f";

/** Digits of a domain's code: control characters a search cannot hold (not tab, line breaks, RS or US). */
const CODE_DIGITS = Array.from({ length: 16 }, (_, i) => String.fromCharCode(0x0e + i)).join("");

/** A domain's number (signing_group_domain_names.ord) in CODE_DIGITS. */
function domainCode(ord: number): string {
  let code = "";
  let n = ord;
  do {
    code = CODE_DIGITS[n % 16]! + code;
    n = Math.floor(n / 16);
  } while (n > 0);
  return code;
}

/** The distinct domains (after the last '@') of a search_text's emails. */
function domainsOf(searchText: string): Set<string> {
  const domains = new Set<string>();
  for (const email of searchText.slice(searchText.indexOf(MEMBER)).split(MEMBER)) {
    const at = email.lastIndexOf("@");
    if (at >= 0) domains.add(email.slice(at + 1));
  }
  return domains;
}

/** The split text: search_text with every email's domain replaced by its tenant's code for it. */
function splitSearchText(searchText: string, codes: ReadonlyMap<string, number>): string {
  const [head, ...emails] = searchText.split(MEMBER);
  const parts: string[] = [];
  for (const email of emails) {
    if (email === "") continue;
    const at = email.lastIndexOf("@");
    parts.push(at < 0 ? email : `${email.slice(0, at)}@${domainCode(codes.get(email.slice(at + 1))!)}`);
  }
  return `${head}${MEMBER}${parts.map((part) => part + MEMBER).join("")}`;
}

/** PostgreSQL's endings: each local part's last 1 and 2 characters with its domain's code, between spaces. */
function endingsText(searchText: string, codes: ReadonlyMap<string, number>): string {
  const tokens = new Set<string>();
  for (const email of searchText.slice(searchText.indexOf(MEMBER)).split(MEMBER)) {
    const at = email.lastIndexOf("@");
    if (at <= 0) continue;
    const local = [...email.slice(0, at)];
    const code = domainCode(codes.get(email.slice(at + 1))!);
    for (let n = 1; n <= Math.min(2, local.length); n++) tokens.add(local.slice(-n).join("") + code);
  }
  return tokens.size === 0 ? "" : ` ${[...tokens].sort().join(" ")} `;
}

/** Names per statement of signing_group_domain_names: 2 parameters each. */
const DOMAIN_BATCH = 200;

/** The tenant's numbers for these domains, numbering those it has not held before. */
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
 * For each group (500 at a time, in order of seq): the split text with the domains' numbers (SQLite's
 * signing_groups_search_split, PostgreSQL's search_split with signing_group_endings) and its row of
 * domains, `US a.example US b.example US`.
 */
async function backfillDomainSearch(db: SqlExecutor, dialect: Dialect): Promise<void> {
  let after = -1;
  for (;;) {
    const groups = await db.all<{ seq: number; tenant_id: string; search_text: string }>(
      "SELECT seq, tenant_id, search_text FROM signing_groups WHERE seq > ? ORDER BY seq LIMIT 500",
      [after],
    );
    if (groups.length === 0) return;
    for (const group of groups) {
      const seq = Number(group.seq);
      const tenantId = group.tenant_id;
      const domains = domainsOf(group.search_text);
      const codes = await domainCodes(db, tenantId, domains);
      const split = splitSearchText(group.search_text, codes);
      if (dialect === "sqlite") {
        await db.run("DELETE FROM signing_groups_search_split WHERE rowid = ?", [seq]);
        await db.run("INSERT INTO signing_groups_search_split (rowid, search_text) VALUES (?, ?)", [
          seq,
          split,
        ]);
      } else {
        await db.run("UPDATE signing_groups SET search_split = ? WHERE seq = ?", [split, seq]);
        const endings = endingsText(group.search_text, codes);
        if (endings !== "") {
          await db.run(
            `INSERT INTO signing_group_endings (tenant_id, group_seq, endings) VALUES (?, ?, ?)
             ON CONFLICT (tenant_id, group_seq) DO UPDATE SET endings = excluded.endings`,
            [tenantId, seq, endings],
          );
        }
      }
      if (domains.size > 0) {
        await db.run(
          `INSERT INTO signing_group_domains (tenant_id, group_seq, domains) VALUES (?, ?, ?)
           ON CONFLICT (tenant_id, group_seq) DO UPDATE SET domains = excluded.domains`,
          [tenantId, seq, `${MEMBER}${[...domains].sort().join(MEMBER)}${MEMBER}`],
        );
      }
    }
    after = Number(groups[groups.length - 1]!.seq);
  }
}

export const migration: Migration = {
  version: 6,
  name: "signing-group search of domains",
  // A domain that nearly every group holds (the tenant's own) still cost a trigram match and a recheck
  // of every group's text, over 20 ms for 10,000 groups. A group's distinct domains are a short row of
  // signing_group_domains instead, and in the split text each email's domain is the tenant's number
  // for it (see splitSearchText, domainText and domainMatch in storage/signing-groups.ts); the
  // tenant's domain names tell whether a search needs to read those rows at all.
  statements: {
    sqlite: [
      `CREATE TABLE signing_group_domains (
        tenant_id TEXT NOT NULL,
        group_seq INTEGER NOT NULL,
        domains TEXT NOT NULL,
        PRIMARY KEY (tenant_id, group_seq)
      ) WITHOUT ROWID`,
      // ord: the domain's number in the split text (see splitSearchText), never reused.
      `CREATE TABLE signing_group_domain_names (
        ord INTEGER PRIMARY KEY,
        tenant_id TEXT NOT NULL,
        domain TEXT NOT NULL,
        UNIQUE (tenant_id, domain)
      )`,
      // Each group's tenant by its rowid, narrow: FTS5's hits are checked against it (a row of
      // signing_groups itself, which holds search_text, is wide: a page or more each).
      `CREATE INDEX signing_groups_tenants ON signing_groups (seq, tenant_id)`,
    ],
    postgres: [
      // Not in the index (INCLUDE): a group of many members in as many domains would outgrow an
      // index entry. The rows are narrow, so the tenant's are a few pages.
      `CREATE TABLE signing_group_domains (
        tenant_id TEXT ${PG_BYTEWISE} NOT NULL,
        group_seq BIGINT NOT NULL,
        domains TEXT ${PG_BYTEWISE} NOT NULL,
        PRIMARY KEY (tenant_id, group_seq)
      )`,
      `CREATE TABLE signing_group_domain_names (
        ord BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        tenant_id TEXT ${PG_BYTEWISE} NOT NULL,
        domain TEXT ${PG_BYTEWISE} NOT NULL,
        UNIQUE (tenant_id, domain)
      )`,
      // A search across '@' with a short local end (1 or 2 characters, '0@contoso.com'), which no
      // trigram narrows, reads these short rows (see endingsText; SQLite's FTS5 index answers it).
      `CREATE TABLE signing_group_endings (
        tenant_id TEXT ${PG_BYTEWISE} NOT NULL,
        group_seq BIGINT NOT NULL,
        endings TEXT ${PG_BYTEWISE} NOT NULL,
        PRIMARY KEY (tenant_id, group_seq)
      )`,
      // search_text now serves only searches with more than one '@' or fitting very many domains;
      // the searches of common text recheck search_split instead, and read every row of a tenant
      // that holds it. So search_text moves out of the row, uncompressed (migration 3 kept it in, for
      // domains), and the rows, a third as wide, take a third of the pages to read.
      `ALTER TABLE signing_groups SET (toast_tuple_target = 2032)`,
      `ALTER TABLE signing_groups ALTER COLUMN search_text SET STORAGE EXTERNAL`,
      `ALTER TABLE signing_groups ALTER COLUMN search_split SET STORAGE MAIN`,
      `UPDATE signing_groups SET search_text = search_text || ''`,
    ],
  },
  backfill: backfillDomainSearch,
};
