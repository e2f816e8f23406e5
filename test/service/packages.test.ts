// Packages and signers (contract §6.1, §6.3) through HTTP against the real service on both databases.
// Documents and annotations have no upload route yet (issue 15): the tests put a document row and a
// field in through the service's own storage, as an upload will.
import { apiActor, SYSTEM } from "../../src/service/domain/audit";
import { expirePackages, sendDuePackages } from "../../src/service/domain/packages";
import { newId } from "../../src/service/domain/tokens";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";

type Json = Record<string, unknown> & { id: string };
const P = "/api/v1/packages";

describe.each(BACKENDS)("packages and signers on %s", (backend) => {
  let service: TestService;
  let token: string;
  beforeAll(async () => {
    service = await startTestService(backend);
    token = await service.token("packages");
  });
  afterAll(() => service.close());

  async function call<T = Json>(method: string, route: string, body?: unknown, as = token) {
    const response = await service.call(method, route, { token: as, body });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as T,
    };
  }
  const problem = async (
    method: string,
    route: string,
    body: unknown,
    status: number,
    code: string,
    as = token,
  ) => expectProblem(await service.call(method, route, { token: as, body }), status, code);

  async function draft(extra: Record<string, unknown> = {}) {
    const r = await call("POST", P, { name: "Master services agreement", ...extra });
    expect(r.status).toBe(201);
    return r.body;
  }

  /** A one-page Letter document and, for each signer, one Signature field on it. */
  async function documentAndFields(packageId: string, signerIds: string[]) {
    const documentId = newId();
    const at = new Date().toISOString();
    await service.storage.transaction(async (s) => {
      await s.documents.insert({
        id: documentId,
        packageId,
        name: "msa.pdf",
        fileName: "msa.pdf",
        contentType: "application/pdf",
        size: 1000,
        sha256: "0".repeat(64),
        pageCount: 1,
        pages: [{ width: 612, height: 792 }],
        order: 1,
        createdOn: at,
        detectedTagCount: 0,
      });
      for (const [i, signerId] of signerIds.entries()) {
        await s.annotations.insert({
          id: newId(),
          packageId,
          seq: i + 1,
          documentId,
          signerId,
          type: "Signature",
          page: 1,
          x: 72,
          y: 600 + i * 40,
          width: 200,
          height: 30,
          required: true,
          label: null,
          group: null,
          options: null,
          value: null,
          source: "Manual",
          isCompleted: false,
          completedOn: null,
          createdOn: at,
        });
      }
      await s.packages.refreshCounts(packageId);
    });
    return documentId;
  }

  test("create answers 201 with Location; get answers an ETag and 304 when unchanged", async () => {
    const pkg = await draft({
      emailSubject: "Please sign",
      source: {
        kind: "outlook",
        conversationId: "conv-1",
        internetMessageId: "<m1@contoso.com>",
        subject: "MSA",
      },
    });
    expect(pkg).toMatchObject({
      name: "Master services agreement",
      status: "Draft",
      enforceSigningOrder: false,
      documentCount: 0,
      signerCount: 0,
      isArchived: false,
      source: {
        kind: "outlook",
        conversationId: "conv-1",
        internetMessageId: "<m1@contoso.com>",
        subject: "MSA",
      },
    });
    const first = await service.call("GET", `${P}/${pkg.id}`, { token });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const again = await service.call("GET", `${P}/${pkg.id}`, { token, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    await call("PUT", `${P}/${pkg.id}`, { name: "MSA v2" });
    const changed = await service.call("GET", `${P}/${pkg.id}`, {
      token,
      headers: { "if-none-match": etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  test("list: by conversation and message, status, search, archived, sort and paging; bad values are 400", async () => {
    const conv = `conv-${newId()}`;
    const a = await draft({
      name: "Alpha",
      source: { kind: "outlook", conversationId: conv, internetMessageId: "<a@x>" },
    });
    const b = await draft({
      name: "Beta",
      source: { kind: "outlook", conversationId: conv, internetMessageId: "<b@x>" },
    });
    await draft({ name: "Gamma", source: { kind: "outlook", conversationId: "other" } });
    const byConv = await call<{ items: Json[]; totalCount: number }>(
      "GET",
      `${P}?conversationId=${encodeURIComponent(conv)}`,
    );
    expect(byConv.body.items.map((p) => p.id)).toEqual([b.id, a.id]); // newest first
    const byMessage = await call<{ items: Json[] }>(
      "GET",
      `${P}?internetMessageId=${encodeURIComponent("<a@x>")}`,
    );
    expect(byMessage.body.items.map((p) => p.id)).toEqual([a.id]);
    const asc = await call<{ items: Json[] }>(
      "GET",
      `${P}?conversationId=${conv}&sortBy=name&descending=false`,
    );
    expect(asc.body.items.map((p) => p.name)).toEqual(["Alpha", "Beta"]);
    const page2 = await call<{ items: Json[]; totalPages: number; page: number }>(
      "GET",
      `${P}?conversationId=${conv}&pageSize=1&page=2`,
    );
    expect(page2.body).toMatchObject({ page: 2, totalPages: 2 });
    expect(page2.body.items.map((p) => p.id)).toEqual([a.id]);
    const drafts = await call<{ totalCount: number }>("GET", `${P}?status=Draft&status=Sent&search=ALPH`);
    expect(drafts.body.totalCount).toBeGreaterThanOrEqual(1);
    await problem("GET", `${P}?status=Nope`, undefined, 400, "validation_failed");
    await problem("GET", `${P}?pageSize=101`, undefined, 400, "validation_failed");
    await problem("GET", `${P}?sortBy=size`, undefined, 400, "validation_failed");
    await problem("GET", `${P}?includeArchived=maybe`, undefined, 400, "validation_failed");
  });

  test("list: senderEmail gives a user's own packages, ignoring case, with the other filters; a change of sender moves it", async () => {
    const me = `Megan.${newId().slice(0, 8)}@Contoso.com`;
    const other = `alex.${newId().slice(0, 8)}@contoso.com`;
    const mine1 = await draft({ name: "Mine one", senderEmail: me });
    const theirs = await draft({ name: "Theirs", senderEmail: other });
    const mine2 = await draft({ name: "Mine two", senderEmail: me.toLowerCase() });
    await draft({ name: "Nobody's" });
    type List = { items: Json[]; totalCount: number; totalPages: number };
    const mine = await call<List>("GET", `${P}?senderEmail=${encodeURIComponent(me.toUpperCase())}`);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((p) => p.id)).toEqual([mine2.id, mine1.id]); // newest first
    expect(mine.body.totalCount).toBe(2);
    expect(mine.body.items[1]!.senderEmail).toBe(me); // kept as given
    const paged = await call<List>("GET", `${P}?senderEmail=${encodeURIComponent(me)}&pageSize=1&page=1`);
    expect(paged.body).toMatchObject({ totalCount: 2, totalPages: 2 });
    const searched = await call<List>("GET", `${P}?senderEmail=${encodeURIComponent(me)}&search=TWO`);
    expect(searched.body.items.map((p) => p.id)).toEqual([mine2.id]);
    const sent = await call<List>("GET", `${P}?senderEmail=${encodeURIComponent(me)}&status=Sent`);
    expect(sent.body.totalCount).toBe(0);
    const byName = await call<List>(
      "GET",
      `${P}?senderEmail=${encodeURIComponent(me)}&sortBy=name&descending=false`,
    );
    expect(byName.body.items.map((p) => p.name)).toEqual(["Mine one", "Mine two"]);
    // Blank asks for no filter, as a blank search does.
    const all = await call<List>("GET", `${P}?senderEmail=%20&pageSize=100`);
    expect(all.body.totalCount).toBeGreaterThanOrEqual(4);
    // The draft handed to someone else leaves the list; cleared, it is nobody's.
    await call("PUT", `${P}/${mine1.id}`, { senderEmail: other });
    const after = await call<List>("GET", `${P}?senderEmail=${encodeURIComponent(me)}`);
    expect(after.body.items.map((p) => p.id)).toEqual([mine2.id]);
    const theirsNow = await call<List>("GET", `${P}?senderEmail=${encodeURIComponent(other)}`);
    expect(theirsNow.body.items.map((p) => p.id)).toEqual([theirs.id, mine1.id]); // by creation, newest first
    await call("PUT", `${P}/${mine2.id}`, { senderEmail: "" });
    const none = await call<List>("GET", `${P}?senderEmail=${encodeURIComponent(me)}`);
    expect(none.body).toMatchObject({ items: [], totalCount: 0 });
    // Another tenant's packages of the same address are not listed.
    const elsewhere = await service.token("packages-elsewhere");
    const foreign = await call<List>(
      "GET",
      `${P}?senderEmail=${encodeURIComponent(other)}`,
      undefined,
      elsewhere,
    );
    expect(foreign.body.totalCount).toBe(0);
    await problem("GET", `${P}?senderEmail=${"a".repeat(321)}`, undefined, 400, "validation_failed");
    await problem("GET", `${P}?senderEmail=a%01b`, undefined, 400, "validation_failed");
  });

  test("bad input answers the documented error, never 500", async () => {
    await problem("POST", P, { name: "" }, 400, "validation_failed");
    await problem("POST", P, { name: 42 }, 400, "validation_failed");
    await problem("POST", P, { name: "x".repeat(201) }, 400, "validation_failed");
    await problem("POST", P, { name: "ok", expirationDate: "yesterday" }, 400, "validation_failed");
    await problem(
      "POST",
      P,
      { name: "ok", expirationDate: "2001-01-01T00:00:00Z" },
      400,
      "validation_failed",
    );
    await problem("POST", P, { name: "ok", source: { kind: "gmail" } }, 400, "validation_failed");
    await problem("POST", P, { name: "ok", enforceSigningOrder: "yes" }, 400, "validation_failed");
    await problem("GET", `${P}/not-a-uuid`, undefined, 404, "not_found");
    await problem("GET", `${P}/${newId()}`, undefined, 404, "not_found");
    const pkg = await draft();
    await problem("POST", `${P}/${pkg.id}/signers`, { email: "not an address" }, 400, "validation_failed");
    await problem(
      "POST",
      `${P}/${pkg.id}/signers`,
      { email: "a@b.com", type: "Boss" },
      400,
      "validation_failed",
    );
    await problem(
      "POST",
      `${P}/${pkg.id}/signers`,
      { email: "a@b.com", authMethod: "Sms" },
      400,
      "not_supported",
    );
    await problem(
      "POST",
      `${P}/${pkg.id}/signers`,
      { email: "a@b.com", authMethod: "AccessCode" },
      400,
      "validation_failed",
    );
    await problem("POST", `${P}/${pkg.id}/signers`, { signingGroupId: newId() }, 400, "validation_failed");
    await problem(
      "POST",
      `${P}/${pkg.id}/signers`,
      { email: "a@b.com", routingOrder: 0 },
      400,
      "validation_failed",
    );
    await problem("POST", `${P}/bulk-delete`, { ids: ["nope"] }, 400, "validation_failed");
    await problem("POST", `${P}/${pkg.id}/void`, { reason: "" }, 400, "validation_failed");
  });

  test("another tenant's package answers as a missing one; scopes are enforced", async () => {
    const pkg = await draft();
    const other = await service.token("packages-other");
    for (const [method, path] of [
      ["GET", `${P}/${pkg.id}`],
      ["PUT", `${P}/${pkg.id}`],
      ["DELETE", `${P}/${pkg.id}`],
      ["POST", `${P}/${pkg.id}/send`],
      ["GET", `${P}/${pkg.id}/signers`],
      ["POST", `${P}/${pkg.id}/signers`],
      ["GET", `${P}/${pkg.id}/audit-trail`],
      ["GET", `${P}/${pkg.id}/send-impact`],
    ] as const) {
      await problem(
        method,
        path,
        method === "GET" || method === "DELETE" ? undefined : { name: "x", email: "a@b.com" },
        404,
        "not_found",
        other,
      );
    }
    const readOnly = await service.token("packages", ["sign.package.read"]);
    await problem("POST", P, { name: "x" }, 403, "insufficient_scope", readOnly);
    await problem("POST", `${P}/${pkg.id}/send`, undefined, 403, "insufficient_scope", readOnly);
    expect((await call("GET", `${P}/${pkg.id}`, undefined, readOnly)).status).toBe(200);
  });

  test("signers: one email per package, bulk all or nothing, reorder, update, remove", async () => {
    const pkg = await draft();
    const ada = (await call("POST", `${P}/${pkg.id}/signers`, { email: "ada@contoso.com", name: "Ada" }))
      .body;
    expect(ada).toMatchObject({
      email: "ada@contoso.com",
      name: "Ada",
      type: "Signer",
      routingOrder: 1,
      status: "Pending",
      groupMembers: null,
    });
    await problem("POST", `${P}/${pkg.id}/signers`, { email: "ADA@contoso.com" }, 400, "duplicate_signer");
    await problem(
      "POST",
      `${P}/${pkg.id}/signers/bulk`,
      { signers: [{ email: "bob@contoso.com" }, { email: "bad" }] },
      400,
      "validation_failed",
    );
    expect((await call<{ totalCount: number }>("GET", `${P}/${pkg.id}/signers`)).body.totalCount).toBe(1);
    const bulk = await call<Json[]>("POST", `${P}/${pkg.id}/signers/bulk`, {
      signers: [
        { email: "bob@contoso.com", routingOrder: 2 },
        { email: "cy@contoso.com", routingOrder: 3 },
      ],
    });
    expect(bulk.status).toBe(201);
    expect(bulk.body.map((x) => x.name)).toEqual(["bob@contoso.com", "cy@contoso.com"]);
    const reordered = await call<Json[]>("PUT", `${P}/${pkg.id}/signers/reorder`, {
      order: [
        { signerId: bulk.body[1]!.id, routingOrder: 1 },
        { signerId: ada.id, routingOrder: 3 },
      ],
    });
    expect(reordered.body.map((x) => x.email)).toEqual([
      "cy@contoso.com",
      "bob@contoso.com",
      "ada@contoso.com",
    ]);
    await problem(
      "PUT",
      `${P}/${pkg.id}/signers/reorder`,
      { order: [{ signerId: newId(), routingOrder: 1 }] },
      400,
      "validation_failed",
    );
    const renamed = await call("PUT", `${P}/${pkg.id}/signers/${ada.id}`, {
      name: "Ada Lovelace",
      type: "Approver",
    });
    expect(renamed.body).toMatchObject({ name: "Ada Lovelace", type: "Approver", email: "ada@contoso.com" });
    expect((await call("DELETE", `${P}/${pkg.id}/signers/${bulk.body[0]!.id}`)).status).toBe(204);
    expect((await call("GET", `${P}/${pkg.id}`)).body.signerCount).toBe(2);
    await problem("GET", `${P}/${pkg.id}/signers/${bulk.body[0]!.id}`, undefined, 404, "not_found");
  });

  test("send: validation first; group members copied once at send; later group changes never reach the package", async () => {
    const group = (
      await call("POST", "/api/v1/signing-groups", {
        name: "Legal",
        members: [{ email: "l1@contoso.com", name: "L One" }, { email: "l2@contoso.com" }],
      })
    ).body;
    const pkg = await draft({ enforceSigningOrder: true });
    const invalid = await call<{ isValid: boolean; errors: { code: string }[] }>(
      "POST",
      `${P}/${pkg.id}/validate`,
    );
    expect(invalid.body.isValid).toBe(false);
    expect(invalid.body.errors.map((e) => e.code)).toEqual(
      expect.arrayContaining(["no_document", "no_signer"]),
    );
    await problem("POST", `${P}/${pkg.id}/send`, undefined, 400, "validation_failed");

    const person = (
      await call("POST", `${P}/${pkg.id}/signers`, { email: "ada@contoso.com", routingOrder: 1 })
    ).body;
    const slot = (await call("POST", `${P}/${pkg.id}/signers`, { signingGroupId: group.id, routingOrder: 2 }))
      .body;
    expect(slot).toMatchObject({ name: "Legal", email: null, signingGroupId: group.id, groupMembers: [] });
    const noFields = await call<{ errors: { code: string; signerId?: string }[] }>(
      "POST",
      `${P}/${pkg.id}/validate`,
    );
    expect(noFields.body.errors).toEqual([
      expect.objectContaining({ code: "no_document" }),
      expect.objectContaining({ code: "signer_without_fields", signerId: person.id }),
      expect.objectContaining({ code: "signer_without_fields", signerId: slot.id }),
    ]);
    await documentAndFields(pkg.id, [person.id, slot.id]);
    expect((await call<{ isValid: boolean }>("POST", `${P}/${pkg.id}/validate`)).body.isValid).toBe(true);

    const impact = await call<{ notifiedNow: number; notifiedLater: number }>(
      "GET",
      `${P}/${pkg.id}/send-impact`,
    );
    expect(impact.body).toMatchObject({ notifiedNow: 1, notifiedLater: 2 });

    const sent = await call("POST", `${P}/${pkg.id}/send`);
    expect(sent.body).toMatchObject({ status: "Sent", sentOn: expect.any(String) });
    await problem("POST", `${P}/${pkg.id}/send`, undefined, 400, "invalid_state");
    await problem("PUT", `${P}/${pkg.id}`, { name: "changed" }, 400, "invalid_state");
    await problem("POST", `${P}/${pkg.id}/signers`, { email: "z@contoso.com" }, 400, "invalid_state");
    await problem("DELETE", `${P}/${pkg.id}`, undefined, 400, "invalid_state");

    // The group changes after the send: a member added, one removed, renamed, then deleted.
    await call("POST", `/api/v1/signing-groups/${group.id}/members`, { email: "late@contoso.com" });
    await call("DELETE", `/api/v1/signing-groups/${group.id}/members/l1@contoso.com`);
    await call("PUT", `/api/v1/signing-groups/${group.id}`, { name: "Renamed" });
    await call("DELETE", `/api/v1/signing-groups/${group.id}`);
    const copied = (await call("GET", `${P}/${pkg.id}/signers/${slot.id}`)).body;
    expect(copied).toMatchObject({
      name: "Legal",
      groupMembers: [
        { email: "l1@contoso.com", name: "L One" },
        { email: "l2@contoso.com", name: null },
      ],
    });
    // Only the first routing order was notified; nobody added later is.
    const outbox = await service.storage.outbox.listForPackage(pkg.id);
    expect(outbox.map((m) => m.email)).toEqual(["ada@contoso.com"]);

    const audit = await call<{ action: string }[]>("GET", `${P}/${pkg.id}/audit-trail`);
    expect(audit.body.map((e) => e.action)).toEqual(
      expect.arrayContaining(["PackageCreated", "SignerAdded", "PackageSent", "InvitationsQueued"]),
    );
    expect((await call("GET", `${P}/${pkg.id}/audit-trail/verify`)).body).toMatchObject({
      isValid: true,
      eventCount: audit.body.length,
    });

    const voided = await call("POST", `${P}/${pkg.id}/void`, { reason: "Wrong version" });
    expect(voided.body).toMatchObject({ status: "Voided", voidedReason: "Wrong version" });
    // Ada had been notified, so she hears of it; the group never was.
    expect((await service.storage.outbox.listForPackage(pkg.id)).map((m) => `${m.kind} ${m.email}`)).toEqual(
      expect.arrayContaining(["Invitation ada@contoso.com", "Voided ada@contoso.com"]),
    );
    expect((await call("POST", `${P}/${pkg.id}/archive`)).body).toMatchObject({ isArchived: true });
    const listed = await call<{ items: Json[] }>("GET", `${P}?status=Voided`);
    expect(listed.body.items.map((p) => p.id)).not.toContain(pkg.id);
    const withArchived = await call<{ items: Json[] }>("GET", `${P}?status=Voided&includeArchived=true`);
    expect(withArchived.body.items.map((p) => p.id)).toContain(pkg.id);
  });

  test("a tampered audit event breaks verification at that event", async () => {
    const pkg = await draft();
    await call("PUT", `${P}/${pkg.id}`, { name: "two" });
    await call("PUT", `${P}/${pkg.id}`, { name: "three" });
    const events = await call<Json[]>("GET", `${P}/${pkg.id}/audit-trail`);
    expect(events.body).toHaveLength(3);
    expect(events.body[1]!.previousHash).toBe(events.body[0]!.hash);
    // Someone edits the stored details of the second event behind the service's back.
    const { default: pg } = await import("pg");
    if (backend === "postgres") {
      const client = new pg.Client({ connectionString: service.place.databaseUrl! });
      await client.connect();
      await client.query(`UPDATE package_audit_events SET details = '{"fields":["hidden"]}' WHERE id = $1`, [
        events.body[1]!.id,
      ]);
      await client.end();
    } else {
      const { default: Database } = await import("better-sqlite3");
      const db = new Database(`${service.place.dataDir}/sign.db`);
      db.prepare(`UPDATE package_audit_events SET details = '{"fields":["hidden"]}' WHERE id = ?`).run(
        events.body[1]!.id,
      );
      db.close();
    }
    expect((await call("GET", `${P}/${pkg.id}/audit-trail/verify`)).body).toEqual({
      isValid: false,
      eventCount: 3,
      firstBrokenEventId: events.body[1]!.id,
      reason: expect.stringContaining("Event 2 (PackageUpdated)"),
    });
  });

  test("scheduled send and expiry by the scheduler's steps; cancel-schedule; clone; bulk per-item results", async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const pkg = await draft({ scheduledSendOn: soon });
    const ada = (await call("POST", `${P}/${pkg.id}/signers`, { email: "ada@contoso.com" })).body;
    await documentAndFields(pkg.id, [ada.id]);
    expect((await call("POST", `${P}/${pkg.id}/send`)).body).toMatchObject({ status: "Scheduled" });
    expect((await call("POST", `${P}/${pkg.id}/cancel-schedule`)).body).toMatchObject({ status: "Draft" });
    expect((await call("POST", `${P}/${pkg.id}/send`)).body).toMatchObject({ status: "Scheduled" });
    // Not due yet: nothing moves. Two minutes later it is sent.
    expect(await sendDuePackages(service.storage, SYSTEM, new Date())).toBe(0);
    expect(
      await sendDuePackages(service.storage, SYSTEM, new Date(Date.now() + 120_000)),
    ).toBeGreaterThanOrEqual(1);
    expect((await call("GET", `${P}/${pkg.id}`)).body).toMatchObject({ status: "Sent" });

    const expiring = await draft({ expirationDate: new Date(Date.now() + 60_000).toISOString() });
    const bob = (await call("POST", `${P}/${expiring.id}/signers`, { email: "bob@contoso.com" })).body;
    await documentAndFields(expiring.id, [bob.id]);
    await call("POST", `${P}/${expiring.id}/send`);
    expect(
      await expirePackages(service.storage, SYSTEM, new Date(Date.now() + 120_000)),
    ).toBeGreaterThanOrEqual(1);
    expect((await call("GET", `${P}/${expiring.id}`)).body).toMatchObject({ status: "Expired" });

    const copy = await call("POST", `${P}/${expiring.id}/clone`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      status: "Draft",
      documentCount: 1,
      signerCount: 1,
      expirationDate: expect.any(String),
    });
    const other = await draft();
    const bulk = await call<{ results: { id: string; success: boolean; error: { code: string } | null }[] }>(
      "POST",
      `${P}/bulk-delete`,
      { ids: [other.id, expiring.id, newId()] },
    );
    expect(bulk.body.results.map((r) => r.error?.code ?? "ok")).toEqual(["ok", "invalid_state", "not_found"]);
    const archived = await call<{ successCount: number }>("POST", `${P}/bulk-archive`, {
      ids: [expiring.id, copy.body.id],
    });
    expect(archived.body.successCount).toBe(1);
  });

  test("two service instances sending the same package at once: one succeeds, the other invalid_state; members copied once", async () => {
    const second = await startTestService(backend, {}, service.place);
    try {
      const group = (
        await call("POST", "/api/v1/signing-groups", {
          name: "Race",
          members: Array.from({ length: 30 }, (_, i) => ({ email: `r${i}@contoso.com` })),
        })
      ).body;
      const pkg = await draft();
      const slot = (await call("POST", `${P}/${pkg.id}/signers`, { signingGroupId: group.id })).body;
      await documentAndFields(pkg.id, [slot.id]);
      const answers = await Promise.all([
        service.call("POST", `${P}/${pkg.id}/send`, { token }),
        second.call("POST", `${P}/${pkg.id}/send`, { token }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      const refused = answers.find((a) => a.status === 400)!;
      expect(((await refused.json()) as { code: string }).code).toBe("invalid_state");
      expect((await call("GET", `${P}/${pkg.id}/signers/${slot.id}`)).body.groupMembers).toHaveLength(30);
      expect(await service.storage.outbox.listForPackage(pkg.id)).toHaveLength(30);
    } finally {
      await second.close();
    }
  });

  test("reassign and resend on a sent package", async () => {
    const pkg = await draft({ enforceSigningOrder: true });
    const ada = (await call("POST", `${P}/${pkg.id}/signers`, { email: "ada@contoso.com", routingOrder: 1 }))
      .body;
    const bob = (await call("POST", `${P}/${pkg.id}/signers`, { email: "bob@contoso.com", routingOrder: 2 }))
      .body;
    await documentAndFields(pkg.id, [ada.id, bob.id]);
    await call("POST", `${P}/${pkg.id}/send`);
    await problem("POST", `${P}/${pkg.id}/signers/${bob.id}/resend`, undefined, 400, "not_your_turn");
    expect((await call("POST", `${P}/${pkg.id}/signers/${ada.id}/resend`)).status).toBe(200);
    await problem(
      "POST",
      `${P}/${pkg.id}/signers/${ada.id}/reassign`,
      { email: "BOB@contoso.com" },
      400,
      "duplicate_signer",
    );
    const carol = await call("POST", `${P}/${pkg.id}/signers/${ada.id}/reassign`, {
      email: "carol@contoso.com",
      name: "Carol",
      reason: "On leave",
    });
    expect(carol.body).toMatchObject({ email: "carol@contoso.com", name: "Carol", status: "Sent" });
    await problem("GET", `${P}/${pkg.id}/signers/${ada.id}`, undefined, 404, "not_found");
    const kinds = (await service.storage.outbox.listForPackage(pkg.id)).map((m) => `${m.kind} ${m.email}`);
    expect(kinds).toEqual(
      expect.arrayContaining(["Invitation ada@contoso.com", "Reassigned carol@contoso.com"]),
    );
    expect(kinds).not.toContain("Invitation bob@contoso.com");
    const valid = await call<{ errors: unknown[] }>("POST", `${P}/${pkg.id}/validate`);
    expect(valid.body.errors).toEqual([]); // the fields followed the slot to Carol
    expect(apiActor).toBeDefined();
  });

  test("the scheduler loop sends a due package after a restart, by itself", async () => {
    const pkg = await draft({ scheduledSendOn: new Date(Date.now() + 1_500).toISOString() });
    const ada = (await call("POST", `${P}/${pkg.id}/signers`, { email: "ada@contoso.com" })).body;
    await documentAndFields(pkg.id, [ada.id]);
    expect((await call("POST", `${P}/${pkg.id}/send`)).body).toMatchObject({ status: "Scheduled" });
    // Another instance starts on the same data with a fast loop (this one's loop ticks every 10 s).
    const restarted = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "100" }, service.place);
    try {
      let status = "Scheduled";
      for (let i = 0; i < 100 && status !== "Sent"; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const r = await restarted.call("GET", `${P}/${pkg.id}`, { token });
        status = ((await r.json()) as { status: string }).status;
      }
      expect(status).toBe("Sent");
      const actions = (
        await call<{ action: string; actor: { type: string } }[]>("GET", `${P}/${pkg.id}/audit-trail`)
      ).body;
      expect(actions.find((e) => e.action === "PackageSent")?.actor.type).toBe("System");
    } finally {
      await restarted.close();
    }
  });
});
