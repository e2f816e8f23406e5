/**
 * The nine signing-group operations (contract §4) and resolveSigningGroups over the typed client, for the task pane and the
 * benchmarks. Every call rejects with an ApiError whose message can be shown as is.
 */
import { createApiClient, type Schemas } from "./client";
import type { HttpClient } from "./http";
import { SIGNING_GROUP_LIMITS } from "../shared/signing-group-rules";

export { SIGNING_GROUP_LIMITS };

export type SigningGroup = Schemas["SigningGroupApiResponse"];
export type SigningGroupList = Schemas["SigningGroupListApiResponse"];
export type SigningGroupMember = Schemas["SigningGroupMemberApiResponse"];
export type NewSigningGroup = Schemas["CreateSigningGroupApiRequest"];
export type SigningGroupChanges = Schemas["UpdateSigningGroupApiRequest"];
export type NewSigningGroupMember = Schemas["AddSigningGroupMemberApiRequest"];
export type BulkDeleteResult = Schemas["BulkDeleteApiResponse"];
export type ResolvedAddress = Schemas["ResolvedAddressApiResponse"];
export type ResolvedSigningGroup = Schemas["ResolvedSigningGroupDto"];
export type SigningGroupSort = "name" | "createdOn" | "updatedOn" | "memberCount";

export interface SigningGroupQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  sortBy?: SigningGroupSort;
  descending?: boolean;
  updatedSince?: string;
}

type Signal = { signal?: AbortSignal };
const signalOf = (options?: Signal) => (options?.signal ? { signal: options.signal } : {});

export interface SigningGroupsApi {
  list(query?: SigningGroupQuery, options?: Signal): Promise<SigningGroupList>;
  /** Every page of a query (pageSize 100), in order. */
  listAll(query?: Omit<SigningGroupQuery, "page" | "pageSize">, options?: Signal): Promise<SigningGroup[]>;
  get(id: string, options?: Signal): Promise<SigningGroup>;
  create(group: NewSigningGroup, options?: Signal): Promise<SigningGroup>;
  update(id: string, changes: SigningGroupChanges, options?: Signal): Promise<SigningGroup>;
  delete(id: string, options?: Signal): Promise<void>;
  bulkDelete(ids: string[], options?: Signal): Promise<BulkDeleteResult>;
  members(id: string, options?: Signal): Promise<SigningGroupMember[]>;
  addMember(id: string, member: NewSigningGroupMember, options?: Signal): Promise<SigningGroupMember>;
  removeMember(id: string, email: string, options?: Signal): Promise<void>;
  /** The groups that hold each address (1 to 500), one item per address in order. */
  resolve(emails: string[], options?: Signal): Promise<ResolvedAddress[]>;
}

export function createSigningGroupsApi(http: HttpClient): SigningGroupsApi {
  const api = createApiClient(http);
  const list: SigningGroupsApi["list"] = (query = {}, options) =>
    api.request("GET", "/api/v1/signing-groups", { query, ...signalOf(options) });
  return {
    list,
    async listAll(query = {}, options) {
      const pageSize = SIGNING_GROUP_LIMITS.pageSizeMax;
      const first = await list({ ...query, page: 1, pageSize }, options);
      const items = [...first.items];
      for (let page = 2; page <= first.totalPages; page++) {
        items.push(...(await list({ ...query, page, pageSize }, options)).items);
      }
      return items;
    },
    get: (id, options) =>
      api.request("GET", "/api/v1/signing-groups/{id}", { path: { id }, ...signalOf(options) }),
    create: (group, options) =>
      api.request("POST", "/api/v1/signing-groups", { body: group, ...signalOf(options) }),
    update: (id, changes, options) =>
      api.request("PUT", "/api/v1/signing-groups/{id}", {
        path: { id },
        body: changes,
        ...signalOf(options),
      }),
    delete: async (id, options) => {
      await api.request("DELETE", "/api/v1/signing-groups/{id}", { path: { id }, ...signalOf(options) });
    },
    bulkDelete: (ids, options) =>
      api.request("POST", "/api/v1/signing-groups/bulk-delete", { body: { ids }, ...signalOf(options) }),
    members: (id, options) =>
      api.request("GET", "/api/v1/signing-groups/{id}/members", { path: { id }, ...signalOf(options) }),
    addMember: (id, member, options) =>
      api.request("POST", "/api/v1/signing-groups/{id}/members", {
        path: { id },
        body: member,
        ...signalOf(options),
      }),
    removeMember: async (id, email, options) => {
      await api.request("DELETE", "/api/v1/signing-groups/{id}/members/{email}", {
        path: { id, email },
        ...signalOf(options),
      });
    },
    resolve: async (emails, options) =>
      (
        await api.request("POST", "/api/v1/signing-groups/resolve", {
          body: { emails },
          ...signalOf(options),
        })
      ).items,
  };
}
