/**
 * The limits of contract §4, shared by the service (which enforces them) and the add-in (which checks
 * input against them before sending, to say what is wrong next to the field).
 */
export const SIGNING_GROUP_LIMITS = {
  nameLength: 200,
  descriptionLength: 2000,
  emailLength: 254,
  memberNameLength: 200,
  membersPerCreate: 100,
  membersPerGroup: 1000,
  idsPerBulkDelete: 50,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  searchLength: 2000,
} as const;
