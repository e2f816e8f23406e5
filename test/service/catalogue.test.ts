// The route catalogue of service.md §4 (copied in test/fixtures/service-md-section-4.md): every
// operation it lists must be in the OpenAPI document under its name, method and path, and its route
// must exist (an unknown route answers 404 "There is no operation ...", a missing record another 404).
//
// Operations not built yet are listed in NOT_YET. That list may only shrink: an operation on it that
// now exists fails the test too, so that whoever builds it takes it off.
import { readFileSync } from "node:fs";
import path from "node:path";
import { startTestService, type TestService } from "./harness";

/** Operations of service.md §4 that the service does not have yet (issue 19). */
const NOT_YET: string[] = [];

export interface CatalogueOperation {
  /** The operation's name; `alias` is the other name service.md gives in parentheses, if any. */
  name: string;
  alias: string | null;
  method: string;
  /** As service.md writes it: `/api/v1/packages/{id}/documents/{id2}`. */
  path: string;
}

/** The operations of §4: the tables of §4.1 and §4.2 and the lists of §4.3. */
export function catalogueOperations(markdown: string): CatalogueOperation[] {
  const out: CatalogueOperation[] = [];
  for (const line of markdown.split("\n")) {
    // | createSigningGroup | POST `/api/v1/signing-groups` | ... |
    const row = /^\|\s*([A-Za-z0-9]+)\s*\|\s*(GET|POST|PUT|PATCH|DELETE)\s+`([^`]+)`/.exec(line);
    // - getSigningUrl (embedded signing URL): POST `/api/v1/...`
    const item = /^-\s+([A-Za-z0-9]+)(?:\s+\(([^)]*)\))?:\s+(GET|POST|PUT|PATCH|DELETE)\s+`([^`]+)`/.exec(
      line,
    );
    if (row) out.push({ name: row[1]!, alias: null, method: row[2]!, path: row[3]! });
    if (item) {
      const alias = item[2] && /^[A-Za-z0-9]+$/.test(item[2]) ? item[2] : null;
      out.push({ name: item[1]!, alias, method: item[3]!, path: item[4]! });
    }
  }
  return out;
}

const SPEC = readFileSync(path.join(__dirname, "..", "fixtures", "service-md-section-4.md"), "utf8");
const OPERATIONS = catalogueOperations(SPEC);

/** A path with every placeholder made alike, so that `{id2}` and `{documentId}` compare equal. */
const shape = (p: string) => p.replace(/\{[^}]+\}/g, "{}");

/** A concrete URL for a catalogue path: ids are UUIDs nobody has, a block number 0, an email an address. */
function concrete(op: CatalogueOperation): string {
  return op.path
    .replace("{email}", encodeURIComponent("nobody@example.com"))
    .replace("{id3}", "0")
    .replace(/\{id2?\}/g, () => crypto.randomUUID());
}

describe("the route catalogue of service.md §4", () => {
  let service: TestService;
  let token: string;
  let document: { paths: Record<string, Record<string, { operationId?: string }>> };
  beforeAll(async () => {
    service = await startTestService("sqlite", { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await service.token("catalogue");
    document = (await (await service.call("GET", "/openapi/tenant-api.json")).json()) as typeof document;
  });
  afterAll(() => service.close());

  test("service.md §4 is read whole: every operation of its lists, each once", () => {
    // 9 signing-group and 6 tag operations in the tables of §4.1 and §4.2, 100 in the lists of §4.3.
    expect(OPERATIONS.length).toBe(115);
    const names = OPERATIONS.map((o) => o.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of NOT_YET) expect(names).toContain(name);
  });

  /** Where the OpenAPI document has the operation: by name (or its alias), with its method and path. */
  function documented(op: CatalogueOperation): { method: string; path: string } | null {
    for (const [p, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (operation.operationId === op.name || (op.alias && operation.operationId === op.alias)) {
          return { method: method.toUpperCase(), path: p };
        }
      }
    }
    return null;
  }

  /** Whether the service has a route for the operation: anything but "There is no operation". */
  async function routed(op: CatalogueOperation): Promise<boolean> {
    const response = await service.call(op.method, concrete(op), {
      token,
      headers:
        op.method === "PUT" && op.path.includes("/blocks/")
          ? { "content-type": "application/octet-stream" }
          : {},
    });
    const body = (await response.json().catch(() => null)) as { detail?: string } | null;
    expect(response.status).toBeLessThan(500);
    return !(response.status === 404 && /^There is no operation/.test(body?.detail ?? ""));
  }

  test.each(OPERATIONS.map((op) => [op.name, op] as const))("%s", async (_name, op) => {
    const where = documented(op);
    const hasRoute = await routed(op);
    if (NOT_YET.includes(op.name)) {
      // Built now? Then take it off NOT_YET, so that it stays built.
      expect({ documented: where !== null, routed: hasRoute }).toEqual({ documented: false, routed: false });
      return;
    }
    expect({ method: where?.method, path: where && shape(where.path) }).toEqual({
      method: op.method,
      path: shape(op.path),
    });
    expect(hasRoute).toBe(true);
  });
});
