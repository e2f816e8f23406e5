/**
 * What a build was made from, written beside it, and whether it is stale: `npm start` builds the
 * service (build-service.ts) and the signing page (build-signing.ts) only when a file they read
 * changed since.
 */
import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.join(__dirname, "..");
const RECORD_FILE = "inputs.json";

interface BuildRecord {
  /** When the build started (ms since the epoch): a file changed after it is newer than the build. */
  builtAt: number;
  /** The checkout's files it read, from the root; the packages it used go by package-lock.json. */
  inputs: string[];
  /** How it was built (the signing page's production or development mode), if that varies. */
  mode?: string;
}

function mtimeMs(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** Writes the record into `outDir` (beside its temporary name first, so no reader sees half of it). */
export function writeBuildRecord(outDir: string, record: BuildRecord): void {
  const temporary = path.join(outDir, `${RECORD_FILE}.${process.pid}.tmp`);
  writeFileSync(temporary, JSON.stringify(record));
  renameSync(temporary, path.join(outDir, RECORD_FILE));
}

/**
 * Whether `outDir` holds a build of the sources as they are now: its `outputs` there, made (in
 * `mode`, when given) after the last change of every file it read. A new import is a change to a
 * file the build read, so it is noticed.
 */
export function buildIsFresh(outDir: string, outputs: string[], mode?: string): boolean {
  let recorded: BuildRecord;
  try {
    recorded = JSON.parse(readFileSync(path.join(outDir, RECORD_FILE), "utf8")) as BuildRecord;
  } catch {
    return false;
  }
  if (recorded.mode !== mode) return false;
  if (outputs.some((file) => mtimeMs(path.join(outDir, file)) === null)) return false;
  return recorded.inputs.every((file) => {
    const changed = mtimeMs(path.join(ROOT, file));
    return changed !== null && changed < recorded.builtAt;
  });
}
