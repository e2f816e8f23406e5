// The schema's history, one frozen file per version. Append only: a shipped migration is never edited
// (a fresh database and an upgraded one must end alike), and each file imports nothing but ./types,
// so that changes to live code never change what an old migration does. Versions have gaps: branches
// written at the same time took ranges of their own, and migrate() applies by version.
import type { SqlDriver } from "../driver";
import { runMigrations } from "./runner";
import type { Migration } from "./types";
import { migration as m001 } from "./001-tenants-and-credentials";
import { migration as m002 } from "./002-signing-groups";
import { migration as m003 } from "./003-signing-group-short-search";
import { migration as m004 } from "./004-telemetry";
import { migration as m005 } from "./005-signing-group-split-search";
import { migration as m006 } from "./006-signing-group-domain-search";
import { migration as m007 } from "./007-signing-group-trigram-punctuation";
import { migration as m008 } from "./008-rate-limits";
import { migration as m009 } from "./009-signing-group-members-by-email";
import { migration as m010 } from "./010-packages";
import { migration as m011 } from "./011-package-counts";
import { migration as m012 } from "./012-documents-and-uploads";
import { migration as m013 } from "./013-download-links";
import { migration as m014 } from "./014-outbox-delivery";
import { migration as m015 } from "./015-document-pdf-size";
import { migration as m016 } from "./016-signing";
import { migration as m017 } from "./017-completion";
import { migration as m018 } from "./018-share-links";
import { migration as m019 } from "./019-templates";
import { migration as m020 } from "./020-template-documents";
import { migration as m021 } from "./021-bulk-send";
import { migration as m022 } from "./022-upload-commit-claim";
import { migration as m023 } from "./023-blob-garbage-queuers";
import { migration as m030 } from "./030-signing-link-origins";
import { migration as m031 } from "./031-packages-by-sender";
import { migration as m040 } from "./040-audit-trail-heads";
import { migration as m041 } from "./041-download-link-sources";
import { migration as m043 } from "./043-completion-queued-in-code";
import { migration as m044 } from "./044-tenants-can-be-disabled";

export type { Migration } from "./types";
export { MIGRATION_LOCK_ID, SchemaTooNewError } from "./runner";

export const MIGRATIONS: readonly Migration[] = [
  m001,
  m002,
  m003,
  m004,
  m005,
  m006,
  m007,
  m008,
  m009,
  m010,
  m011,
  m012,
  m013,
  m014,
  m015,
  m016,
  m017,
  m018,
  m019,
  m020,
  m021,
  m022,
  m023,
  m030,
  m031,
  m040,
  m041,
  m043,
  m044,
];

/** Applies pending migrations (all known ones unless given) in one transaction each; answers the versions it applied. */
export function migrate(driver: SqlDriver, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return runMigrations(driver, migrations);
}
