// ETag and 304 on the package reads the task pane polls (Status view, issue 18): the list, a
// package's signers and one signer. Against the real service on both databases.
import { newId } from "../../src/service/domain/tokens";
import { BACKENDS, startTestService, type TestService } from "./harness";

const P = "/api/v1/packages";

describe.each(BACKENDS)("ETags of package reads on %s", (backend) => {
  let service: TestService;
  let token: string;
  beforeAll(async () => {
    service = await startTestService(backend);
    token = await service.token("etags");
  });
  afterAll(() => service.close());

  const json = async (method: string, route: string, body?: unknown) => {
    const r = await service.call(method, route, { token, body });
    expect(r.status).toBeLessThan(300);
    return (await r.json()) as Record<string, unknown> & { id: string };
  };
  /** GET with If-None-Match: the status, the ETag answered and the body (null for a 304). */
  const poll = async (route: string, etag?: string) => {
    const r = await service.call("GET", route, {
      token,
      headers: etag ? { "if-none-match": etag } : {},
    });
    const text = await r.text();
    return { status: r.status, etag: r.headers.get("etag"), text };
  };

  test("the list of a thread: ETag, 304 while unchanged, 200 with a new ETag once a package changes", async () => {
    const conversationId = `conv-${newId()}`;
    const pkg = await json("POST", P, { name: "Lease", source: { kind: "outlook", conversationId } });
    const route = `${P}?conversationId=${encodeURIComponent(conversationId)}`;
    const first = await poll(route);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(JSON.parse(first.text).items).toHaveLength(1);

    const same = await poll(route, first.etag!);
    expect(same).toEqual({ status: 304, etag: first.etag, text: "" });
    // Weak form and lists of tags are understood too.
    expect((await poll(route, `"nope", W/${first.etag}`)).status).toBe(304);

    await json("PUT", `${P}/${pkg.id}`, { name: "Lease v2" });
    const changed = await poll(route, first.etag!);
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    expect(JSON.parse(changed.text).items[0].name).toBe("Lease v2");

    // A new package in the thread changes it as well; another thread's does not.
    await json("POST", P, { name: "Elsewhere", source: { kind: "outlook", conversationId: "other" } });
    expect((await poll(route, changed.etag!)).status).toBe(304);
    await json("POST", P, { name: "NDA", source: { kind: "outlook", conversationId } });
    expect((await poll(route, changed.etag!)).status).toBe(200);
  });

  test("signers of a package and one signer: ETag and 304, changed by an edit", async () => {
    const pkg = await json("POST", P, { name: "Signers" });
    const signer = await json("POST", `${P}/${pkg.id}/signers`, { email: "ada@contoso.com", name: "Ada" });
    for (const route of [`${P}/${pkg.id}/signers`, `${P}/${pkg.id}/signers/${signer.id}`]) {
      const first = await poll(route);
      expect(first.status).toBe(200);
      expect(first.etag).toBeTruthy();
      expect((await poll(route, first.etag!)).status).toBe(304);
    }
    const listTag = (await poll(`${P}/${pkg.id}/signers`)).etag!;
    await json("PUT", `${P}/${pkg.id}/signers/${signer.id}`, { name: "Ada Lovelace" });
    expect((await poll(`${P}/${pkg.id}/signers`, listTag)).status).toBe(200);
  });

  test("includeSigners: each item carries its signers as the signers route answers them, one ETag covers both", async () => {
    const conversationId = `conv-${newId()}`;
    const lease = await json("POST", P, { name: "Lease", source: { kind: "outlook", conversationId } });
    const nda = await json("POST", P, { name: "NDA", source: { kind: "outlook", conversationId } });
    const ada = await json("POST", `${P}/${lease.id}/signers`, { email: "ada@contoso.com", name: "Ada" });
    await json("POST", `${P}/${lease.id}/signers`, {
      email: "bob@contoso.com",
      name: "Bob",
      routingOrder: 2,
    });
    const group = await json("POST", "/api/v1/signing-groups", {
      name: `Legal ${newId()}`,
      members: [{ email: "l1@contoso.com" }],
    });
    await json("POST", `${P}/${nda.id}/signers`, { signingGroupId: group.id });
    const route = `${P}?conversationId=${encodeURIComponent(conversationId)}&includeSigners=true`;
    const first = await poll(route);
    expect(first.status).toBe(200);
    const items = JSON.parse(first.text).items as { id: string; signers: unknown[] }[];
    expect(items.map((p) => p.id)).toEqual([nda.id, lease.id]);
    for (const item of items) {
      const own = JSON.parse((await poll(`${P}/${item.id}/signers`)).text) as { items: unknown[] };
      expect(item.signers).toEqual(own.items);
    }
    expect(items[1]!.signers).toHaveLength(2);
    expect(items[0]!.signers).toEqual([
      expect.objectContaining({ signingGroupId: group.id, groupMembers: [] }),
    ]);
    // Without it the items are PackageResponse as the platform has it.
    expect(
      JSON.parse((await poll(`${P}?conversationId=${encodeURIComponent(conversationId)}`)).text).items[0],
    ).not.toHaveProperty("signers");
    expect((await poll(route, first.etag!)).status).toBe(304);
    // A signer's change is a change of the list.
    await json("PUT", `${P}/${lease.id}/signers/${ada.id}`, { name: "Ada Lovelace" });
    const changed = await poll(route, first.etag!);
    expect(changed.status).toBe(200);
    expect(JSON.parse(changed.text).items[1].signers[0].name).toBe("Ada Lovelace");
    // An empty page and a package without signers are fine; a bad value is 400 naming it.
    const none = await poll(`${P}?conversationId=nothing-${newId()}&includeSigners=true`);
    expect(JSON.parse(none.text).items).toEqual([]);
    const bad = await service.call("GET", `${P}?includeSigners=perhaps`, { token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("includeSigners");
  });

  test("an unknown package is still 404 with If-None-Match: *; browsers may read the ETag (CORS)", async () => {
    const r = await service.call("GET", `${P}/${newId()}/signers`, {
      token,
      headers: { "if-none-match": "*" },
    });
    expect(r.status).toBe(404);
    const cors = await service.call("GET", P, {
      token,
      headers: { origin: "http://localhost:3000" },
    });
    expect(cors.status).toBe(200);
    expect(cors.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("etag");
  });
});
