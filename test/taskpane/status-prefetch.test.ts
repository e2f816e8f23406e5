// The Status view's early reads (src/taskpane/status/prefetch.ts) against the real service: what the
// pane asks for before the view's chunk loads is taken once, only from the same service, only while fresh.
import {
  clearPrefetch,
  prefetchStatus,
  takePrefetched,
  threadListKey,
} from "../../src/taskpane/status/prefetch";
import { startTestService, type TestService } from "../service/harness";
import { seedPackage } from "./status-seed";

let service: TestService;
let token: string;
beforeAll(async () => {
  service = await startTestService("sqlite");
  token = await service.token("status-prefetch");
});
afterAll(() => service.close());
afterEach(() => clearPrefetch());

const key = threadListKey({ conversationId: "early-thread", internetMessageId: null })!;

test("the thread's list with each package's signers and who is signed in, each taken once", async () => {
  const seeded = await seedPackage(service.url, token, {
    name: "Early",
    conversationId: "early-thread",
    signers: [{ email: "adele.vance@fabrikam.com", name: "Adele Vance" }],
  });
  prefetchStatus({
    serviceUrl: `${service.url}/`,
    getToken: async () => token,
    conversationId: "early-thread",
    internetMessageId: "<ignored@x>",
    identity: true,
  });
  const list = await takePrefetched(service.url, key);
  const items = (list?.data as { items: { id: string; signers: { email: string }[] }[] }).items;
  expect(items.map((p) => p.id)).toEqual([seeded.id]);
  expect(list?.etag).toMatch(/^(W\/)?"/);
  // Each package's signers came in the same answer (includeSigners): no read a package behind it.
  expect(items[0]!.signers.map((s) => s.email)).toEqual(["adele.vance@fabrikam.com"]);
  const me = await takePrefetched(service.url, "me");
  expect(me?.data).toMatchObject({ tenantName: "status-prefetch" });
  // Once: the view's later reads go to the service with their ETags.
  expect(takePrefetched(service.url, key)).toBeNull();
  expect(takePrefetched(service.url, "me")).toBeNull();
});

test("another service's, a stale or a refused read is not taken", async () => {
  let now = 1_000;
  const start = () =>
    prefetchStatus({
      serviceUrl: service.url,
      getToken: async () => token,
      conversationId: "early-thread",
      internetMessageId: null,
      identity: false,
      now: () => now,
    });
  start();
  expect(takePrefetched("http://127.0.0.1:9", key)).toBeNull();
  expect(takePrefetched(service.url, "me")).toBeNull(); // not asked for
  now += 10_001;
  expect(takePrefetched(service.url, key, () => now)).toBeNull();

  now = 1_000;
  start();
  const late = takePrefetched(service.url, key, () => now);
  now += 10_001; // the answer arrives too late to be current
  expect(await late).toBeNull();

  prefetchStatus({
    serviceUrl: service.url,
    getToken: async () => "sfo_pat_not-a-real-token",
    conversationId: "early-thread",
    internetMessageId: null,
    identity: true,
  });
  expect(await takePrefetched(service.url, key)).toBeNull(); // 401: the view asks and says why
  expect(await takePrefetched(service.url, "me")).toBeNull();
});

test("signed out (no token) or no thread: nothing is asked", async () => {
  prefetchStatus({
    serviceUrl: service.url,
    getToken: async () => null,
    conversationId: "early-thread",
    internetMessageId: null,
    identity: true,
  });
  expect(await takePrefetched(service.url, key)).toBeNull();
  prefetchStatus({
    serviceUrl: service.url,
    getToken: async () => token,
    conversationId: null,
    internetMessageId: null,
    identity: false,
  });
  expect(takePrefetched(service.url, key)).toBeNull();
});
