/**
 * What a deployment's first start leaves in its place, made once for the code that makes it and
 * copied into each test service's new place (startTestService): the database migrated (a SQLite
 * file; on PostgreSQL a template database) and the seal identity generated. A start then skips the
 * migrations (on PostgreSQL about 0.2 s of CPU a database, the server's included) and its first
 * completion the seal's RSA key and PKCS#12 (about 0.5 s). Both are made by the service's own
 * openStorage and loadOrCreateSealIdentity; the tests of migrations and of a first start use
 * freshPlace, which stays blank.
 *
 * Kept under node_modules/.cache/sfo-test-place/<hash of the code that makes it> and, on
 * PostgreSQL, as the database sfo_place_<that hash>: a change to storage or to the seal's code makes
 * a new one (a test cluster keeps the databases of earlier code; .ci/run's is new). Jest's workers
 * are separate processes, so the first worker to need one makes it aside and renames it into place;
 * a worker that loses that race drops its own.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { loadOrCreateSealIdentity } from "../../src/service/completion/seal";
import { openStorage } from "../../src/service/storage";
import { inputsHash } from "../inputs-hash";

const ROOT = path.resolve(__dirname, "../..");
const CACHE = path.join(ROOT, "node_modules/.cache/sfo-test-place");
/** What makes the template: the migrations, the drivers that run them, the seal's code. */
const INPUTS = ["src/service/storage", "src/service/completion/seal.ts"];
const SEAL_DIR = "seal";
const SQLITE_FILE = "sign.db";

let hashOnce: string | undefined;
const templateHash = () => (hashOnce ??= inputsHash(ROOT, INPUTS));

/** The template data directory (a migrated SQLite file and the seal), made if absent. */
async function dataTemplate(): Promise<string> {
  const dir = path.join(CACHE, templateHash());
  if (fs.existsSync(dir)) return dir;
  fs.mkdirSync(CACHE, { recursive: true });
  const work = fs.mkdtempSync(path.join(CACHE, `.work-${process.pid}-`));
  try {
    const storage = await openStorage({ dataDir: work, databaseUrl: null });
    // Closed, SQLite folds its write-ahead log into the file: the copy is the one file.
    await storage.close();
    loadOrCreateSealIdentity({ dataDir: work, sealP12Path: null, sealP12Password: "" });
    try {
      fs.renameSync(work, dir);
    } catch (error) {
      // Another worker made it first.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  // Templates of earlier code (a day old: not another checkout's run under way) go.
  for (const name of fs.readdirSync(CACHE)) {
    const other = path.join(CACHE, name);
    if (other !== dir && Date.now() - fs.statSync(other).mtimeMs > 86_400_000) {
      fs.rmSync(other, { recursive: true, force: true });
    }
  }
  return dir;
}

/** Fills a new, empty data directory as a first start would (the SQLite file only when asked). */
export async function fillDataDir(dataDir: string, withDatabase: boolean): Promise<void> {
  const template = await dataTemplate();
  fs.cpSync(path.join(template, SEAL_DIR), path.join(dataDir, SEAL_DIR), { recursive: true });
  if (withDatabase) fs.copyFileSync(path.join(template, SQLITE_FILE), path.join(dataDir, SQLITE_FILE));
}

let postgresOnce: Promise<string> | undefined;

/**
 * The name of the migrated PostgreSQL template database on the server `admin` is connected to (as
 * `adminUrl` says), made if absent; looked up once a test file. Nothing stays connected to it, so
 * that CREATE DATABASE … TEMPLATE may copy it.
 */
export function postgresTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  postgresOnce ??= ensurePostgresTemplate(admin, adminUrl).catch((error: unknown) => {
    postgresOnce = undefined;
    throw error;
  });
  return postgresOnce;
}

async function ensurePostgresTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const name = `sfo_place_${templateHash()}`;
  const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (found.rowCount) return name;
  const work = `${name}_w${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${work}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${work}`;
    const storage = await openStorage({ dataDir: "", databaseUrl: url.toString() });
    await storage.close();
    // The server ends a closed connection's process a moment after the client is told (55006:
    // object_in_use while it lingers).
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`ALTER DATABASE ${work} RENAME TO ${name}`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== "55006" || attempt === 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } catch (error) {
    await admin.query(`DROP DATABASE IF EXISTS ${work} WITH (FORCE)`);
    // Another worker made it first (42P04: duplicate_database).
    if ((error as { code?: string }).code !== "42P04") throw error;
  }
  return name;
}
