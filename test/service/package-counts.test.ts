// totalCount of package lists comes from counts kept by triggers (+1/-1 rows) and folded by the
// scheduler (migration 11). Whatever was created, sent, voided, archived or deleted, before or after
// a fold, it must equal the number of packages the list's filter matches.
import { newId } from "../../src/service/domain/tokens";
import { BACKENDS, startTestService, type TestService } from "./harness";

type Json = Record<string, unknown> & { id: string };
const P = "/api/v1/packages";

describe.each(BACKENDS)("package counts on %s", (backend) => {
  let service: TestService;
  let token: string;
  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await service.token(`counts-${newId()}`);
  });
  afterAll(() => service.close());

  async function call<T = Json>(method: string, route: string, body?: unknown, as = token) {
    const response = await service.call(method, route, { token: as, body });
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  const total = async (query: string, as = token) =>
    (await call<{ totalCount: number }>("GET", `${P}?pageSize=1${query}`, undefined, as)).totalCount;
  /** What every filter's totalCount must be: the packages walked page by page. */
  async function walked(query: string) {
    let n = 0;
    for (let page = 1; ; page++) {
      const r = await call<{ items: Json[]; totalPages: number }>(
        "GET",
        `${P}?pageSize=100&page=${page}${query}`,
      );
      n += r.items.length;
      if (page >= r.totalPages) return n;
    }
  }
  const FILTERS = [
    "",
    "&includeArchived=true",
    "&status=Draft",
    "&status=Voided&includeArchived=true",
    "&status=Draft&status=Voided",
  ];
  async function expectCountsRight() {
    for (const query of FILTERS) expect([query, await total(query)]).toEqual([query, await walked(query)]);
  }
  /** A document (as the upload of issue 15 will store it), a signer and their field. */
  async function makeSendable(packageId: string) {
    const documentId = newId();
    await service.storage.transaction(async (s) => {
      await s.documents.insert({
        id: documentId,
        packageId,
        name: "a.pdf",
        fileName: "a.pdf",
        contentType: "application/pdf",
        size: 1,
        sha256: "0".repeat(64),
        pageCount: 1,
        pages: [{ width: 612, height: 792 }],
        order: 1,
        createdOn: new Date().toISOString(),
        detectedTagCount: 0,
      });
      await s.packages.refreshCounts(packageId);
    });
    const signer = await call("POST", `${P}/${packageId}/signers`, { email: "ada@contoso.com" });
    await call("POST", `${P}/${packageId}/annotations`, {
      documentId,
      signerId: signer.id,
      type: "Signature",
      page: 1,
      x: 72,
      y: 600,
    });
  }
  const fold = () => service.storage.transaction((s) => s.packages.compactCounts());

  test("every change is counted, before and after a fold, and a fold twice changes nothing", async () => {
    const made: Json[] = [];
    for (let i = 0; i < 7; i++) made.push(await call("POST", P, { name: `P${i}` }));
    expect(await total("")).toBe(7);
    await expectCountsRight();
    await fold();
    await expectCountsRight();

    // Send two (Draft → Sent), void both (→ Voided) and archive one (the archive flag).
    for (const pkg of made.slice(3, 5)) await makeSendable(pkg.id);
    for (const pkg of made.slice(3, 5)) await call("POST", `${P}/${pkg.id}/send`);
    await expectCountsRight();
    expect(await total("&status=Sent")).toBe(2);
    for (const pkg of made.slice(3, 5)) await call("POST", `${P}/${pkg.id}/void`, { reason: "Wrong file" });
    await call("POST", `${P}/${made[3]!.id}/archive`);
    await expectCountsRight();
    expect([await total("&status=Voided"), await total("&status=Voided&includeArchived=true")]).toEqual([
      1, 2,
    ]);
    await fold();
    await expectCountsRight();
    await call("DELETE", `${P}/${made[0]!.id}`);
    await call("POST", `${P}/bulk-delete`, { ids: [made[1]!.id, made[2]!.id] });
    expect(await total("")).toBe(3); // 2 drafts and 1 voided; the archived one only with includeArchived
    await expectCountsRight();
    await fold();
    await fold();
    await expectCountsRight();
    expect(await total("&status=Draft")).toBe(2);
  });

  test("another tenant's packages are never counted", async () => {
    const other = await service.token(`counts-other-${newId()}`);
    const before = await total("");
    await call("POST", P, { name: "Theirs" }, other);
    await fold();
    expect(await total("")).toBe(before);
    expect(await total("", other)).toBe(1);
  });

  test("counts survive restart on the same data (the folded rows are in the database)", async () => {
    const second = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" }, service.place);
    try {
      const r = await second.call("GET", `${P}?pageSize=1`, { token });
      expect(((await r.json()) as { totalCount: number }).totalCount).toBe(await walked(""));
    } finally {
      await second.close();
    }
  });
});
