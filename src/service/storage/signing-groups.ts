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
 * The 1- and 2-character (code point) substrings of the parts: a search that short matches a group
 * exactly when its text is one of these, which signing_group_grams indexes. No gram spans two parts,
 * as no search match does.
 */
export function shortGrams(parts: readonly string[]): Set<string> {
  const grams = new Set<string>();
  for (const part of parts) {
    let previous: string | undefined;
    for (const c of part) {
      grams.add(c);
      if (previous !== undefined) grams.add(previous + c);
      previous = c;
    }
  }
  return grams;
}

/** Records grams of a group; ones it has already are left as they are. */
async function insertGrams(
  db: SqlExecutor,
  tenantId: string,
  seq: number,
  grams: Iterable<string>,
): Promise<void> {
  const all = [...grams];
  for (let start = 0; start < all.length; start += INSERT_BATCH) {
    const batch = all.slice(start, start + INSERT_BATCH);
    await db.run(
      `INSERT INTO signing_group_grams (tenant_id, gram, group_seq)
       VALUES ${batch.map(() => "(?, ?, ?)").join(", ")} ON CONFLICT DO NOTHING`,
      batch.flatMap((gram) => [tenantId, gram, seq]),
    );
  }
}

async function deleteGrams(
  db: SqlExecutor,
  tenantId: string,
  seq: number,
  grams: Iterable<string>,
): Promise<void> {
  const all = [...grams];
  for (let start = 0; start < all.length; start += INSERT_BATCH) {
    const batch = all.slice(start, start + INSERT_BATCH);
    await db.run(
      `DELETE FROM signing_group_grams
       WHERE tenant_id = ? AND group_seq = ? AND gram IN (${batch.map(() => "?").join(", ")})`,
      [tenantId, seq, ...batch],
    );
  }
}

/** Records the grams of every group there is (migration 3), a batch of groups at a time. */
export async function backfillShortGrams(db: SqlExecutor): Promise<void> {
  let after = -1;
  for (;;) {
    const rows = await db.all<{ seq: number; tenant_id: string; search_text: string }>(
      "SELECT seq, tenant_id, search_text FROM signing_groups WHERE seq > ? ORDER BY seq LIMIT 500",
      [after],
    );
    if (rows.length === 0) return;
    for (const row of rows) {
      await insertGrams(db, row.tenant_id, Number(row.seq), shortGrams(partsOf(row.search_text)));
    }
    after = Number(rows[rows.length - 1]!.seq);
  }
}

/** Whether the search is short enough for signing_group_grams to answer (and too short for trigrams). */
export function gramSearchable(text: string): boolean {
  return !trigramSearchable(text);
}

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
 * 3 letters or digits, and without one a scan is cheaper than the index.) Shorter texts scan the
 * tenant's groups.
 */
export function trigramSearchable(text: string): boolean {
  return [...text].length >= 3;
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
    const inserted = await this.db.get<{ seq: number }>(
      `INSERT INTO signing_groups
        (id, tenant_id, name, name_lower, description, description_lower, search_text, member_count, created_on, updated_on)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
      [
        group.id,
        group.tenantId,
        group.name,
        group.nameKey,
        group.description,
        group.descriptionKey,
        searchHead(group.nameKey, group.descriptionKey) +
          MEMBER +
          members.map((m) => m.emailKey + MEMBER).join(""),
        members.length,
        group.createdOn,
        group.createdOn,
      ],
    );
    for (let start = 0; start < members.length; start += INSERT_BATCH) {
      await this.insertMembers(group.id, members.slice(start, start + INSERT_BATCH));
    }
    await insertGrams(
      this.db,
      group.tenantId,
      Number(inserted!.seq),
      shortGrams([group.nameKey, group.descriptionKey, ...members.map((m) => m.emailKey)]),
    );
  }

  /**
   * Brings a group's grams from those of its old search text to those of its new one. Both texts
   * come from the caller, which holds the group's row (see lock), so no other change interleaves.
   */
  private async replaceGrams(tenantId: string, seq: number, oldText: string, newText: string): Promise<void> {
    const before = shortGrams(partsOf(oldText));
    const after = shortGrams(partsOf(newText));
    await deleteGrams(
      this.db,
      tenantId,
      seq,
      [...before].filter((gram) => !after.has(gram)),
    );
    await insertGrams(
      this.db,
      tenantId,
      seq,
      [...after].filter((gram) => !before.has(gram)),
    );
  }

  private async searchState(id: string): Promise<{ seq: number; tenantId: string; searchText: string }> {
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
    await this.db.run(
      `UPDATE signing_groups SET name = ?, name_lower = ?, description = ?, description_lower = ?, updated_on = ?,
         search_text = ?
       WHERE id = ?`,
      [
        details.name,
        details.nameKey,
        details.description,
        details.descriptionKey,
        details.updatedOn,
        searchText,
        id,
      ],
    );
    await this.replaceGrams(state.tenantId, state.seq, state.searchText, searchText);
  }

  /**
   * Adds a member, counts it and moves updatedOn. A member with the same emailKey already in the
   * group throws UniqueViolationError (the unique index decides, also between concurrent adds).
   */
  async addMember(groupId: string, member: NewSigningGroupMember, updatedOn: string): Promise<void> {
    await this.insertMembers(groupId, [member]);
    const row = await this.db.get<{ seq: number; tenant_id: string }>(
      `UPDATE signing_groups SET member_count = member_count + 1, search_text = search_text || ?, updated_on = ?
       WHERE id = ? RETURNING seq, tenant_id`,
      [member.emailKey + MEMBER, updatedOn, groupId],
    );
    await insertGrams(this.db, row!.tenant_id, Number(row!.seq), shortGrams([member.emailKey]));
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
    await this.db.run(
      `UPDATE signing_groups SET member_count = member_count - ?, search_text = ?, updated_on = ?
       WHERE id = ?`,
      [removed, searchText, updatedOn, groupId],
    );
    await this.replaceGrams(state.tenantId, state.seq, state.searchText, searchText);
    return true;
  }

  /**
   * Deletes the group with its members and grams; false when the tenant has no such group (any
   * more). Run it in a transaction, so that the grams go with the group.
   */
  async delete(tenantId: string, id: string): Promise<boolean> {
    // ON DELETE CASCADE takes the members; the grams have no foreign key (it would need an index of
    // its own on a table this size just for deletes), so they are found from the text.
    const row = await this.db.get<{ seq: number; search_text: string }>(
      "DELETE FROM signing_groups WHERE id = ? AND tenant_id = ? RETURNING seq, search_text",
      [id, tenantId],
    );
    if (!row) return false;
    await deleteGrams(this.db, tenantId, Number(row.seq), shortGrams(partsOf(row.search_text)));
    return true;
  }

  async listMembers(groupId: string): Promise<SigningGroupMemberRecord[]> {
    const rows = await this.db.all<MemberRow>(
      "SELECT email, name, added_on FROM signing_group_members WHERE group_id = ? ORDER BY seq",
      [groupId],
    );
    return rows.map(memberOf);
  }

  /** One page of the tenant's groups and how many match in all. */
  async list(query: SigningGroupQuery): Promise<{ items: SigningGroupRecord[]; totalCount: number }> {
    let prefix = "";
    const prefixParams: unknown[] = [];
    const where: string[] = ["g.tenant_id = ?"];
    const params: unknown[] = [query.tenantId];
    if (query.updatedSince !== null) {
      where.push("g.updated_on >= ?");
      params.push(query.updatedSince);
    }
    const search = query.search === null || query.search === "" ? null : query.search;
    const gramSearch = search !== null && gramSearchable(search);
    const ftsSearch = search !== null && this.dialect === "sqlite" && trigramSearchable(search);
    if (gramSearch) {
      where.push(
        "g.seq IN (SELECT k.group_seq FROM signing_group_grams k WHERE k.tenant_id = ? AND k.gram = ?)",
      );
      params.push(query.tenantId, search);
    } else if (ftsSearch) {
      // An FTS5 phrase of a trigram index matches exactly the rows holding it as a substring. The
      // matches are found once; the page then walks the sort order's index and stops when full.
      prefix = `WITH hits AS MATERIALIZED
        (SELECT rowid AS seq FROM signing_groups_search WHERE signing_groups_search MATCH ?) `;
      prefixParams.push(`"${search.replace(/"/g, '""')}"`);
      where.push("g.seq IN (SELECT seq FROM hits)");
    } else if (search !== null) {
      // PostgreSQL's planner takes the GIN trigram index for this when the pattern has trigrams;
      // shorter searches scan the tenant's groups, on both databases.
      where.push("g.search_text LIKE ? ESCAPE '\\'");
      params.push(likeContaining(search));
    }
    const filter = where.join(" AND ");
    const direction = query.descending ? "DESC" : "ASC";
    const order = (g: string) => `${g}.${SORT_COLUMNS[query.sortBy]} ${direction}, ${g}.id ${direction}`;
    const countSql = `SELECT CAST(count(*) AS INTEGER) FROM signing_groups g WHERE ${filter}`;
    const count = async () => {
      const row = await this.db.get<{ n: number }>(`${prefix}SELECT (${countSql}) AS n`, [
        ...prefixParams,
        ...params,
      ]);
      return Number(row?.n ?? 0);
    };

    let rows: (GroupRow & { total_count?: number })[];
    if (search === null || gramSearch) {
      // The count and the page's ids come from the sort order's index alone (an index-only scan, so
      // a deep page skips index entries, not rows); then the page's rows are read.
      // A short search counts the gram's index entries alone when nothing else filters: every entry is
      // one group of the tenant.
      const totalCount =
        gramSearch && query.updatedSince === null
          ? Number(
              (
                await this.db.get<{ n: number }>(
                  "SELECT CAST(count(*) AS INTEGER) AS n FROM signing_group_grams WHERE tenant_id = ? AND gram = ?",
                  [query.tenantId, search],
                )
              )?.n ?? 0,
            )
          : await count();
      if (totalCount <= query.offset) return { items: [], totalCount };
      rows = await this.db.all<GroupRow>(
        `SELECT ${columns("r")} FROM signing_groups r JOIN
           (SELECT g.id FROM signing_groups g WHERE ${filter} ORDER BY ${order("g")} LIMIT ? OFFSET ?) page
           ON page.id = r.id
         ORDER BY ${order("r")}`,
        [...params, query.limit, query.offset],
      );
      return { items: rows.map(groupOf), totalCount };
    }
    if (ftsSearch) {
      rows = await this.db.all<GroupRow & { total_count: number }>(
        `${prefix}SELECT ${columns("g")}, (${countSql}) AS total_count FROM signing_groups g WHERE ${filter}
         ORDER BY ${order("g")} LIMIT ? OFFSET ?`,
        [...prefixParams, ...params, ...params, query.limit, query.offset],
      );
    } else {
      // A scan finds its matches once, counting them beside the page.
      rows = await this.db.all<GroupRow & { total_count: number }>(
        `SELECT ${columns("g")}, CAST(count(*) OVER () AS INTEGER) AS total_count FROM signing_groups g
         WHERE ${filter} ORDER BY ${order("g")} LIMIT ? OFFSET ?`,
        [...params, query.limit, query.offset],
      );
    }
    if (rows.length === 0) return { items: [], totalCount: query.offset === 0 ? 0 : await count() };
    return { items: rows.map(groupOf), totalCount: Number(rows[0]!.total_count) };
  }
}
