// A template's limits (contract §7): lengths, counts and page sizes, which the schemas state too.
export const TEMPLATE_LIMITS = {
  nameLength: 200,
  descriptionLength: 2_000,
  roleNameLength: 100,
  rolesPerTemplate: 100,
  routingOrderMax: 100,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  idsPerBulk: 50,
} as const;
