import type { Migration } from "./types";

export const migration: Migration = {
  version: 44,
  name: "tenants can be disabled",
  statements: [
    // Set by `npm run admin -- disable-tenant`: no credential of the tenant is accepted meanwhile.
    `ALTER TABLE tenants ADD COLUMN disabled_on TEXT`,
  ],
};
