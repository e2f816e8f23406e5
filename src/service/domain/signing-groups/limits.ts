// The limits of contract §4 and the fields a list may be sorted by; the schemas state both, the checks
// here enforce them.
import { SIGNING_GROUP_LIMITS } from "../../../shared/signing-group-rules";
import type { SigningGroupSortField } from "../../storage";

/** The limits of contract §4 (one copy, shared with the add-in). */
export const LIMITS = SIGNING_GROUP_LIMITS;

export const SORT_FIELDS: readonly SigningGroupSortField[] = [
  "name",
  "createdOn",
  "updatedOn",
  "memberCount",
];
