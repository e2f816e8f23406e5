import type { Migration } from "./types";

// ---- Issue 16 follow-up (branch sign16): versions 30 and up, clear of the catalogue's.
export const migration: Migration = {
  version: 30,
  name: "signing links: origins that may frame a signing-url link's page",
  statements: [
    // Contract §6.3 allowedOrigins: a JSON array of origins, null for none (every mail's link).
    // GET /sign/{token} answers frame-ancestors with them; without, 'none'.
    `ALTER TABLE signing_links ADD COLUMN allowed_origins TEXT`,
  ],
};
