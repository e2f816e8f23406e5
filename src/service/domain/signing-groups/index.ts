// Signing groups of a tenant (contract §4): create, read, list, update, delete, members, resolve; one
// operation per file. What the routes, schemas, tests and benchmarks use is re-exported here.
export { addSigningGroupMember } from "./add-member";
export { bulkDeleteSigningGroups, type BulkDeleteItem, type BulkDeleteResult } from "./bulk-delete";
export { createSigningGroup } from "./create";
export { deleteSigningGroup } from "./delete";
export { parseGroupId } from "./group-id";
export {
  checkCreate,
  checkMember,
  checkUpdate,
  type CheckedCreate,
  type CheckedMember,
  type CheckedUpdate,
  type CreateInput,
  type MemberInput,
  type UpdateInput,
} from "./input";
export { LIMITS, SORT_FIELDS } from "./limits";
export { parseListQuery, parseUpdatedSince, type ListQuery, type RawQuery } from "./list-query";
export { listSigningGroupMembers } from "./members";
export { getSigningGroup, listSigningGroups, type SigningGroupList } from "./read";
export { removeSigningGroupMember } from "./remove-member";
export { resolveSigningGroups, type ResolvedAddress } from "./resolve";
export { caseKey, characters, checkDescription, checkMemberName, checkName, emailProblem } from "./text";
export { updateSigningGroup } from "./update";
export { nextUpdatedOn } from "./updated-on";
