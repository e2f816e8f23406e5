// What the test helpers open (services, S3 and JWKS servers) is closed by the end of the test file
// that opened it, whatever happens in between: a test that fails or times out before its `finally`,
// a beforeAll that times out while a service is still starting (its afterAll then finds nothing to
// close, and the start finishes after the file), a start that fails half-way. Anything left would
// keep the Jest worker alive past the file ("A worker process has failed to exit gracefully").
//
// Files close what they open as before; this is the net under them. Jest gives each test file its
// own copy of this module, so the hook below is registered once per file that uses the helpers.

const open = new Set<() => Promise<void>>();
const starting = new Set<Promise<unknown>>();

/** Registers `close` to run at the file's end unless called before; answers it, made to run once. */
export function closeAtEnd(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const once = () => {
    open.delete(once);
    closing ??= close();
    return closing;
  };
  open.add(once);
  return once;
}

/** Keeps `start` in view until it settles: the file's end waits for it, then closes what it opened. */
export function awaitedAtEnd<T>(start: Promise<T>): Promise<T> {
  starting.add(start);
  const settled = () => void starting.delete(start);
  start.then(settled, settled);
  return start;
}

/** Waits for starts in progress, then closes whatever is still open; answers how many it closed. */
export async function closeAllOpen(): Promise<number> {
  await Promise.allSettled([...starting]);
  const left = [...open];
  const results = await Promise.allSettled(left.map((close) => close()));
  const failed = results.filter((r) => r.status === "rejected");
  if (failed.length > 0) throw (failed[0] as PromiseRejectedResult).reason;
  return left.length;
}

// Outside Jest (the benchmarks) there is no afterAll: callers close what they open.
// Long enough for a service start on a busy machine (spawnService allows 60 s) and its close.
if (typeof afterAll === "function") afterAll(() => closeAllOpen(), 120_000);
