// Reading signing groups (contract §4): one by id, or a page of the tenant's groups as the list query
// asks (search, sort, updatedSince).
import type { SigningGroupRecord, Storage } from "../../storage";
import { groupNotFound, requireGroupId } from "./group-id";
import type { ListQuery } from "./list-query";

export interface SigningGroupList {
  items: SigningGroupRecord[];
  page: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

export async function getSigningGroup(
  storage: Storage,
  tenantId: string,
  id: string,
): Promise<SigningGroupRecord> {
  const group = await storage.signingGroups.find(tenantId, requireGroupId(id));
  if (!group) throw groupNotFound();
  return group;
}

export async function listSigningGroups(
  storage: Storage,
  tenantId: string,
  query: ListQuery,
): Promise<SigningGroupList> {
  const offset = (query.page - 1) * query.pageSize;
  const { items, totalCount } = await storage.signingGroups.list({
    tenantId,
    search: query.search,
    sortBy: query.sortBy,
    descending: query.descending,
    updatedSince: query.updatedSince,
    offset,
    limit: query.pageSize,
  });
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / query.pageSize),
  };
}
