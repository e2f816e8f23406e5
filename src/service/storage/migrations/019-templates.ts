import type { Migration } from "./types";

// ---- Issue 19 (branch catalogue): templates.
export const migration: Migration = {
  version: 19,
  name: "templates and their roles",
  statements: [
    // Contract §7: a template is a package's shape without people: roles are its signer slots.
    `CREATE TABLE templates (
      id TEXT PRIMARY KEY,
      tenant_id TEXT NOT NULL REFERENCES tenants(id),
      name TEXT NOT NULL,
      description TEXT,
      created_on TEXT NOT NULL,
      updated_on TEXT NOT NULL
    )`,
    `CREATE INDEX templates_by_tenant ON templates (tenant_id, created_on, id)`,
    `CREATE TABLE template_roles (
      id TEXT PRIMARY KEY,
      template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      name TEXT NOT NULL,
      name_lower TEXT NOT NULL,
      routing_order INTEGER NOT NULL,
      type TEXT NOT NULL,
      created_on TEXT NOT NULL
    )`,
    // A role's name is unique within its template (any case): \`use\` fills roles by id, people read names.
    `CREATE UNIQUE INDEX template_roles_name ON template_roles (template_id, name_lower)`,
  ],
};
