/**
 * Generates the add-in's API types from the signing service: `npm run generate:api`.
 *
 * Builds the service (src/service/app.ts) on a throw-away SQLite data directory, without listening,
 * takes its OpenAPI document (`app.swagger()`, generated from the route schemas), turns it into
 * TypeScript with openapi-typescript and writes src/api/schema.d.ts. The file is never edited by
 * hand: change the service, then run this again. test/api/schema-fresh.test.ts fails when the
 * committed file differs from what this script produces.
 *
 * The output is deterministic: the same service gives the same bytes (no dates, no paths, LF only).
 *
 *   npm run generate:api                                     writes src/api/schema.d.ts
 *   node --import tsx scripts/generate-api.ts --stdout       prints it instead (used by the test)
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { OpenAPI3 } from "openapi-typescript";
import { buildApp } from "../src/service/app";
import { loadConfig } from "../src/service/config";
import { openStorage } from "../src/service/storage";

/** Where the generated types live. */
export const SCHEMA_FILE = path.resolve(__dirname, "..", "src", "api", "schema.d.ts");

export const HEADER = `/**
 * Generated from the signing service's OpenAPI document by scripts/generate-api.ts: do not edit.
 * To update it after changing the service's routes or schemas, run: npm run generate:api
 */

`;

/** The service's OpenAPI document, from an app built on a temporary SQLite database. */
export async function serviceOpenApiDocument(): Promise<OpenAPI3> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sfo-generate-api-"));
  try {
    // A fixed configuration, not process.env: the document must not depend on who runs this.
    const config = loadConfig({ SIGN_DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const storage = await openStorage(config);
    try {
      const app = await buildApp({ storage, config });
      try {
        // A deep copy: openapi-typescript must not see (or change) the app's own objects.
        return JSON.parse(JSON.stringify(app.swagger())) as OpenAPI3;
      } finally {
        await app.close();
      }
    } finally {
      await storage.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The TypeScript of an OpenAPI document, with the header; what src/api/schema.d.ts must contain. */
export async function typesFromDocument(document: OpenAPI3): Promise<string> {
  // Loaded when needed: its CommonJS build requires ESM-only packages, which plain Node (>= 20.19)
  // loads but jest's module system does not, so jest can import this file without it.
  const { default: openapiTS, astToString } = await import("openapi-typescript");
  const ast = await openapiTS(document, { silent: true });
  const body = astToString(ast).replace(/\r\n?/g, "\n").trimEnd();
  return `${HEADER}${body}\n`;
}

/** The text of src/api/schema.d.ts for the service as it is now, without writing it. */
export async function generateApiTypes(): Promise<string> {
  return typesFromDocument(await serviceOpenApiDocument());
}

async function main(args: string[]): Promise<void> {
  const text = await generateApiTypes();
  if (args.includes("--stdout")) {
    process.stdout.write(text);
    return;
  }
  writeFileSync(SCHEMA_FILE, text);
  console.log(`Wrote ${path.relative(process.cwd(), SCHEMA_FILE)} (${text.length} characters).`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
