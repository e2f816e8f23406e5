// What the test helpers open (services, S3 and JWKS servers, spawned processes) is closed by the end
// of the test that opened it, or of the file when a beforeAll opened it, whatever happens in between:
// a test that fails or times out before its `finally` (its service would otherwise run on under the
// next tests, its scheduler acting on their data, and past the file), a beforeAll that times out
// while a service is still starting (its afterAll then finds nothing to close, and the start
// finishes after the file), a start that fails half-way. Anything left would keep the Jest worker
// alive past the file ("A worker process has failed to exit gracefully").
//
// Files close what they open as before; this is the net under them. Jest gives each test file its
// own copy of this module, so the hooks below are registered once per file that uses the helpers.

/** "test": opened while a test (or its beforeEach) ran, closed after it; "file": after the file. */
type Scope = "test" | "file";

let scope: Scope = "file";
const open = new Map<() => Promise<void>, Scope>();
const starting = new Map<Promise<unknown>, Scope>();

/** Registers `close` to run at the end of the test or file unless called before; answers it, made to run once. */
export function closeAtEnd(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const once = () => {
    open.delete(once);
    closing ??= close();
    return closing;
  };
  open.set(once, scope);
  return once;
}

/** Keeps `start` in view until it settles: the end of the test or file waits for it, then closes what it opened. */
export function awaitedAtEnd<T>(start: Promise<T>): Promise<T> {
  starting.set(start, scope);
  const settled = () => void starting.delete(start);
  start.then(settled, settled);
  return start;
}

/**
 * Waits for the starts in progress, then closes what is still open: of tests only (after each
 * test), or everything (after the file). Answers how many it closed.
 */
export async function closeAllOpen(which: Scope = "file"): Promise<number> {
  const mine = (s: Scope) => which === "file" || s === "test";
  await Promise.allSettled([...starting].filter(([, s]) => mine(s)).map(([start]) => start));
  const left = [...open].filter(([, s]) => mine(s)).map(([close]) => close);
  const results = await Promise.allSettled(left.map((close) => close()));
  const failed = results.filter((r) => r.status === "rejected");
  if (failed.length > 0) throw (failed[0] as PromiseRejectedResult).reason;
  return left.length;
}

// Outside Jest (the benchmarks) there are no hooks: callers close what they open. Registered at the
// root, so this beforeEach runs before the file's and this afterEach after the file's. Long enough
// for a service start on a busy machine (spawnService allows 60 s) and its close.
if (typeof afterAll === "function") {
  beforeEach(() => {
    scope = "test";
  });
  afterEach(async () => {
    scope = "file";
    await closeAllOpen("test");
  }, 120_000);
  afterAll(() => closeAllOpen("file"), 120_000);
}
