/**
 * src/api/schema.d.ts is generated from the service (npm run generate:api) and committed. This test
 * generates it again from the service as it is now, in memory, and fails when the two differ, so a
 * change to the service's routes or schemas cannot leave the add-in's API types behind.
 *
 * The generator runs in a child Node process (`scripts/generate-api.ts --stdout`, which calls
 * generateApiTypes() and prints the text without writing it): openapi-typescript needs ESM-only
 * packages that Node loads but jest's module system does not.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const ROOT = path.resolve(__dirname, "..", "..");
const SCHEMA_FILE = path.join(ROOT, "src", "api", "schema.d.ts");
const STALE_MESSAGE = "src/api/schema.d.ts is stale: run npm run generate:api";

/** The text scripts/generate-api.ts would write, for the service in the working tree. */
async function generated(): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", path.join("scripts", "generate-api.ts"), "--stdout"],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

/** Null when the committed text is the generated one; otherwise the message and the first difference. */
function staleness(committed: string | null, fresh: string): string | null {
  if (committed === fresh) return null;
  if (committed === null) return `${STALE_MESSAGE} (the file does not exist)`;
  const a = committed.split("\n");
  const b = fresh.split("\n");
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line += 1;
  return (
    `${STALE_MESSAGE}\n` +
    `first difference at line ${line + 1}:\n` +
    `  committed: ${JSON.stringify(a[line] ?? "<end of file>")}\n` +
    `  generated: ${JSON.stringify(b[line] ?? "<end of file>")}`
  );
}

function readCommitted(): string | null {
  try {
    return readFileSync(SCHEMA_FILE, "utf8");
  } catch {
    return null;
  }
}

describe("src/api/schema.d.ts", () => {
  let first: string;
  let second: string;
  beforeAll(async () => {
    [first, second] = await Promise.all([generated(), generated()]);
  }, 60_000);

  test("the generator produces the same bytes every time", () => {
    expect(first).toMatch(/^\/\*\*\n \* Generated from the signing service's OpenAPI document/);
    expect(first).toContain("export interface paths {");
    expect(second).toBe(first);
  });

  test("matches the types generated from the service's OpenAPI document", () => {
    const problem = staleness(readCommitted(), first);
    if (problem !== null) throw new Error(problem);
  });

  test("a difference is reported as stale, with where it is", () => {
    expect(staleness("a\nb\n", "a\nb\n")).toBeNull();
    expect(staleness("a\nb\n", "a\nc\n")).toBe(
      `${STALE_MESSAGE}\nfirst difference at line 2:\n  committed: "b"\n  generated: "c"`,
    );
    expect(staleness(null, "a\n")).toBe(`${STALE_MESSAGE} (the file does not exist)`);
  });
});
