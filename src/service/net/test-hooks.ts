// Test-only seams of import-url's fetch, for the route as much as for a direct call: a test in the
// service's own process sets them so that the service reaches the test's local https server (its
// CA, a resolver where "public.test" is that server, loopback allowed), and with a limit of a
// second instead of 30 sees a stalled server refused. They are not an operator setting: no
// environment variable or configuration reaches them, since loosening the address policy outside a
// test would let users make the service fetch from inside its network. Jest runs each test file in
// a module registry of its own, so one file's seams never reach another's service.
import type { SafeFetchOptions } from "./safe-fetch";

let seams: SafeFetchOptions = {};

/** What the service's import-url passes to safeFetch: nothing, unless a test set it. */
export function importFetchSeams(): SafeFetchOptions {
  return seams;
}

/** Sets (or, with null, clears) the seams; for tests only. */
export function setImportFetchSeamsForTest(next: SafeFetchOptions | null): void {
  seams = next ?? {};
}
