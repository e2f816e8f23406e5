// Share links (contract §7) through HTTP on both databases: mint (the url shown once, only its hash
// stored), list, revoke at once, expiry and use limits (also when holders race for the last use), the
// four scopes and what each needs of the package, tenant isolation, credentials and scopes, and bad
// input answering the documented error (a fuzz: never a 500).
import { createHash } from "node:crypto";
import { inflateRawSync } from "node:zlib";
import fc from "fast-check";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { openBlobStore } from "../../src/service/blobs";
import { completeDuePackage, SealKeeper } from "../../src/service/domain/completion";
import { transition } from "../../src/service/domain/packages/transition";
import { listShareLinks, openShareLink } from "../../src/service/domain/share-links";
import { shareContentReady } from "../../src/service/domain/share-content";
import { hashSecret } from "../../src/service/domain/tokens";
import { pdfsig, textOf } from "../pdf/poppler";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";

type Json = Record<string, unknown> & { id: string };
const P = "/api/v1/packages";
const L = "/api/v1/share-links";
const DAY = 86_400_000;
const hashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A minimal zip reader (central directory, then each entry), independent of the zip writer. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error("no end of central directory");
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    out.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

async function onePagePdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText(text, { x: 72, y: 700, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

describe.each(BACKENDS)("share links on %s", (backend) => {
  let service: TestService;
  let token: string;
  let tenantId: string;
  let other: string;
  let sent: { id: string; documentId: string; pdf: Uint8Array };
  let completed: { id: string; documentId: string };
  let draft: Json;

  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await service.token("share");
    tenantId = (await service.storage.credentials.findTenantByName("share"))!.id;
    other = await service.token("share-other");
    sent = await sentPackage("Lease 2025");
    const done = await sentPackage("Offer");
    // Completed without signing it (transition() queues its sealing, as finishing the last slot does).
    await completeInDatabase(done.id);
    completed = { id: done.id, documentId: done.documentId };
    draft = (await call("POST", P, { name: "Draft" })).body;
    // Two uploads and sends on a loaded 2-core machine took more than Jest's 30 s.
  }, 180_000);
  afterAll(() => service.close());

  async function completeInDatabase(id: string) {
    await service.storage.transaction(async (s) => {
      const pkg = (await s.packages.get(tenantId, id))!;
      const now = new Date();
      await transition(s, pkg, { status: "Completed", completedOn: now.toISOString() }, null, now);
    });
  }

  async function call<T = Json>(method: string, route: string, body?: unknown, as: string | null = token) {
    const response = await service.call(method, route, as === null ? { body } : { token: as, body });
    // A copy whose body is unread, for expectProblem.
    const copy = response.clone();
    const text = await copy.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, response };
  }

  /** A package sent through the API: one real PDF, one signer with a field. */
  async function sentPackage(name: string) {
    const pkg = (await call("POST", P, { name })).body;
    const pdf = await onePagePdf(`${name}: terms`);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), `${name}.pdf`);
    const uploaded = await fetch(`${service.url}${P}/${pkg.id}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const documentId = ((await uploaded.json()) as Json).id;
    const signer = (await call("POST", `${P}/${pkg.id}/signers`, { email: "ada@contoso.com", name: "Ada" }))
      .body;
    const field = { documentId, signerId: signer.id, type: "Signature", page: 1, x: 72, y: 600 };
    expect((await call("POST", `${P}/${pkg.id}/annotations`, field)).status).toBe(201);
    expect((await call("POST", `${P}/${pkg.id}/send`)).body).toMatchObject({ status: "Sent" });
    return { id: pkg.id, documentId, pdf };
  }

  const mint = (packageId: string, body: Record<string, unknown>, as: string | null = token) =>
    call("POST", `${P}/${packageId}/share-links`, body, as);
  /** Opens a link without a credential; the answer is read whole (an unread body holds its connection). */
  const open = async (url: string) => {
    const response = await fetch(service.url + url);
    const copy = response.clone();
    await response.arrayBuffer();
    return copy;
  };
  const listed = async (query = "") => (await call<{ items: Json[] }>("GET", `${L}${query}`)).body.items;

  test("an evidence pack link: minted once with its url, opened without a credential, counted, audited", async () => {
    const before = Date.now();
    const minted = await mint(sent.id, { scope: "EvidencePack" });
    expect(minted.status).toBe(201);
    expect(minted.body).toMatchObject({
      packageId: sent.id,
      documentId: null,
      scope: "EvidencePack",
      status: "Active",
      maxUses: null,
      useCount: 0,
      lastUsedOn: null,
    });
    const url = minted.body.url as string;
    expect(url).toMatch(/^\/api\/v1\/shared\/[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(minted.body.expiresOn as string);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY);

    // The url is not stored, nor shown again.
    const token43 = url.split("/").pop()!;
    const row = await service.storage.shareLinks.byToken(hashSecret(token43));
    expect(row).toMatchObject({ id: minted.body.id, tokenHash: hashSecret(token43) });
    expect(JSON.stringify(row)).not.toContain(token43);
    const inList = (await listed()).find((l) => l.id === minted.body.id)!;
    expect(inList).not.toHaveProperty("url");
    expect(JSON.stringify(await listed())).not.toContain(token43);

    const response = await open(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Lease 2025 - evidence\.zip"/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(["Audit trail.pdf", "Lease 2025.pdf"]);
    expect(Buffer.compare(entries.get("Lease 2025.pdf")!, Buffer.from(sent.pdf))).toBe(0);
    expect(entries.get("Audit trail.pdf")!.subarray(0, 5).toString()).toBe("%PDF-");
    // Sealed as the documents are (PAdES, the service's seal).
    expect(pdfsig(entries.get("Audit trail.pdf")!)).toMatch(/Signature Validation: Signature is Valid\./);

    const after = (await listed()).find((l) => l.id === minted.body.id)!;
    expect(after).toMatchObject({ useCount: 1, status: "Active", lastUsedOn: expect.any(String) });
    const trail = (await call<Json[]>("GET", `${P}/${sent.id}/audit-trail`)).body;
    const actions = trail.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["ShareLinkMinted", "ShareLinkOpened"]));
    const opened = trail.find((e) => e.action === "ShareLinkOpened")!;
    expect(opened).toMatchObject({ actor: { type: "ShareLink", name: minted.body.id }, ip: "127.0.0.1" });
    expect((await call("GET", `${P}/${sent.id}/audit-trail/verify`)).body).toMatchObject({ isValid: true });
  });

  test("use limits: the last use is had once, also when holders race for it; then the link is used up", async () => {
    const two = await mint(sent.id, { scope: "evidencepack", maxUses: 2, expiresInDays: 90 });
    expect(two.body).toMatchObject({ scope: "EvidencePack", maxUses: 2 });
    expect((await open(two.body.url as string)).status).toBe(200);
    expect((await open(two.body.url as string)).status).toBe(200);
    await expectProblem(await open(two.body.url as string), 404, "not_found");
    expect((await listed()).find((l) => l.id === two.body.id)).toMatchObject({
      status: "UsedUp",
      useCount: 2,
    });

    const three = await mint(sent.id, { scope: "EvidencePack", maxUses: 3 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const r = await open(three.body.url as string);
        await r.arrayBuffer();
        return r.status;
      }),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(3);
    expect(answers.filter((s) => s === 404)).toHaveLength(7);
    expect((await listed()).find((l) => l.id === three.body.id)).toMatchObject({ useCount: 3 });

    // Several links of one package opened at once: each use is audited, the chain stays whole.
    const links = await Promise.all([1, 2, 3].map(() => mint(sent.id, { scope: "EvidencePack" })));
    const statuses = await Promise.all(
      links.flatMap((l) =>
        [1, 2].map(async () => {
          const r = await open(l.body.url as string);
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await call("GET", `${P}/${sent.id}/audit-trail/verify`)).body).toMatchObject({ isValid: true });
  });

  test("expiry: a link past its days opens nothing and is listed as Expired", async () => {
    const minted = await mint(sent.id, { scope: "EvidencePack", expiresInDays: 1 });
    const t = (minted.body.url as string).split("/").pop()!;
    const later = new Date(Date.now() + DAY + 1000);
    const page = await listShareLinks(service.storage, tenantId, {}, later);
    expect(page.items.find((l) => l.id === minted.body.id)).toMatchObject({ status: "Expired" });
    await expect(openShareLink(service.storage, t, null, shareContentReady, later)).rejects.toMatchObject({
      status: 404,
      code: "not_found",
    });
    // Nothing was counted by the refused opening, and it still opens today.
    expect((await open(minted.body.url as string)).status).toBe(200);
    expect((await listed()).find((l) => l.id === minted.body.id)).toMatchObject({ useCount: 1 });
  });

  test("revoke: at once, once; the link is gone from the list and opens nothing", async () => {
    const minted = await mint(sent.id, { scope: "EvidencePack" });
    expect((await open(minted.body.url as string)).status).toBe(200);
    const revoked = await call("DELETE", `${L}/${minted.body.id}`);
    expect(revoked.status).toBe(204);
    expect(revoked.body).toBeNull();
    await expectProblem(await open(minted.body.url as string), 404, "not_found");
    expect((await listed()).map((l) => l.id)).not.toContain(minted.body.id);
    await expectProblem((await call("DELETE", `${L}/${minted.body.id}`)).response, 404, "not_found");
    await expectProblem((await call("DELETE", `${L}/not-a-uuid`)).response, 404, "not_found");
    const trail = (await call<Json[]>("GET", `${P}/${sent.id}/audit-trail`)).body;
    expect(
      trail.filter((e) => e.action === "ShareLinkRevoked").map((e) => (e.details as Json).shareLinkId),
    ).toContain(minted.body.id);
  });

  test("the four scopes and what each needs of the package", async () => {
    // Signed documents and the certificate exist only for a Completed package.
    for (const scope of ["AllSignedDocuments", "CertificateOfCompletion"]) {
      const refused = await expectProblem((await mint(sent.id, { scope })).response, 400, "invalid_state");
      expect(refused.detail).toMatch(/the package is Sent; only a Completed package/);
    }
    await expectProblem(
      (await mint(sent.id, { scope: "SignedDocument", documentId: sent.documentId })).response,
      400,
      "invalid_state",
    );
    // The evidence pack needs a package that was sent.
    const notSent = await expectProblem(
      (await mint(draft.id, { scope: "EvidencePack" })).response,
      400,
      "invalid_state",
    );
    expect(notSent.detail).toMatch(/Draft and has not been sent/);

    // SignedDocument names one document of the package; the others name none.
    const missing = await expectProblem(
      (await mint(completed.id, { scope: "SignedDocument" })).response,
      400,
      "validation_failed",
    );
    expect(missing.errors).toEqual([{ field: "documentId", message: expect.stringMatching(/required/) }]);
    const foreignDoc = await expectProblem(
      (await mint(completed.id, { scope: "SignedDocument", documentId: sent.documentId })).response,
      400,
      "validation_failed",
    );
    expect(foreignDoc.errors![0]!.field).toBe("documentId");
    const extra = await expectProblem(
      (await mint(completed.id, { scope: "CertificateOfCompletion", documentId: completed.documentId }))
        .response,
      400,
      "validation_failed",
    );
    expect(extra.errors![0]!.field).toBe("documentId");

    const minted: Json[] = [];
    for (const body of [
      { scope: "SignedDocument", documentId: completed.documentId.toUpperCase() },
      { scope: "AllSignedDocuments" },
      { scope: "CertificateOfCompletion", maxUses: 1 },
      { scope: "EvidencePack" },
    ]) {
      const r = await mint(completed.id, body);
      expect(r.status).toBe(201);
      minted.push(r.body);
    }
    expect(minted.map((m) => [m.scope, m.documentId])).toEqual([
      ["SignedDocument", completed.documentId],
      ["AllSignedDocuments", null],
      ["CertificateOfCompletion", null],
      ["EvidencePack", null],
    ]);
    // Until the completion step has stored the signed result, those links say so and are not used up.
    for (const link of minted.slice(0, 3)) {
      const early = await expectProblem(await open(link.url as string), 400, "invalid_state");
      expect(early.detail).toMatch(/completion in progress/);
    }
    expect((await open(minted[3]!.url as string)).status).toBe(200);
    const counts = (await listed(`?packageId=${completed.id}`)).map((l) => [l.scope, l.useCount]);
    expect(counts).toEqual([
      ["EvidencePack", 1],
      ["CertificateOfCompletion", 0],
      ["AllSignedDocuments", 0],
      ["SignedDocument", 0],
    ]);
  });

  test("tenants: another tenant's package cannot be shared, nor its links listed, revoked or told apart", async () => {
    await expectProblem((await mint(sent.id, { scope: "EvidencePack" }, other)).response, 404, "not_found");
    const theirs = await mint(sent.id, { scope: "EvidencePack" });
    const theirList = (await call<{ items: Json[]; totalCount: number }>("GET", L, undefined, other)).body;
    expect(theirList).toMatchObject({ items: [], totalCount: 0 });
    const ofPackage = await call<{ items: Json[] }>("GET", `${L}?packageId=${sent.id}`, undefined, other);
    expect(ofPackage.body.items).toEqual([]);
    await expectProblem(
      (await call("DELETE", `${L}/${theirs.body.id}`, undefined, other)).response,
      404,
      "not_found",
    );
    expect((await open(theirs.body.url as string)).status).toBe(200);
  });

  test("credentials and scopes: mint and revoke need sign.package.send, the list sign.package.read; opening none", async () => {
    const reader = await service.token("share", ["sign.package.read"]);
    const refused = await expectProblem(
      (await mint(sent.id, { scope: "EvidencePack" }, reader)).response,
      403,
      "insufficient_scope",
    );
    expect(refused.detail).toContain("sign.package.send");
    expect((await call("GET", L, undefined, reader)).status).toBe(200);
    const link = await mint(sent.id, { scope: "EvidencePack" });
    await expectProblem(
      (await call("DELETE", `${L}/${link.body.id}`, undefined, reader)).response,
      403,
      "insufficient_scope",
    );
    const sender = await service.token("share", ["sign.package.send"]);
    await expectProblem((await call("GET", L, undefined, sender)).response, 403, "insufficient_scope");
    for (const [method, route] of [
      ["POST", `${P}/${sent.id}/share-links`],
      ["GET", L],
      ["DELETE", `${L}/${link.body.id}`],
    ] as const) {
      await expectProblem(
        (await call(method, route, method === "POST" ? { scope: "EvidencePack" } : undefined, null)).response,
        401,
        "unauthorized",
      );
    }
    expect((await open(link.body.url as string)).status).toBe(200);
  });

  test("bad input answers the documented error naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, "scope"],
      [{ scope: "Everything" }, "scope"],
      [{ scope: "EvidencePack", expiresInDays: 0 }, "expiresInDays"],
      [{ scope: "EvidencePack", expiresInDays: 91 }, "expiresInDays"],
      [{ scope: "EvidencePack", expiresInDays: 1.5 }, "expiresInDays"],
      [{ scope: "EvidencePack", maxUses: 0 }, "maxUses"],
      [{ scope: "EvidencePack", maxUses: 10_001 }, "maxUses"],
      [{ scope: "SignedDocument", documentId: "nope" }, "documentId"],
    ];
    for (const [body, field] of cases) {
      const problem = await expectProblem(
        (await mint(completed.id, body)).response,
        400,
        "validation_failed",
      );
      expect(problem.errors?.map((e) => e.field.replace(/^\/|body\.?/g, ""))).toContain(field);
    }
    for (const query of ["?page=0", "?pageSize=101", "?page=x", "?pageSize=1&pageSize=2"]) {
      await expectProblem((await call("GET", `${L}${query}`)).response, 400, "validation_failed");
    }
    await expectProblem((await mint("not-a-uuid", { scope: "EvidencePack" })).response, 404, "not_found");
    for (const t of ["x", "A".repeat(43), "A".repeat(44), "%2e%2e"]) {
      await expectProblem(await open(`/api/v1/shared/${t}`), 404, "not_found");
    }
    const page = (
      await call<{ items: Json[]; page: number; pageSize: number; totalPages: number }>(
        "GET",
        `${L}?pageSize=2&page=2`,
      )
    ).body;
    expect(page).toMatchObject({ page: 2, pageSize: 2 });
    expect(page.items.length).toBeLessThanOrEqual(2);
  });

  test("a fuzz of the mint body and the list query: a success or the documented error, never a 500", async () => {
    const anything = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.double(),
      fc.integer(),
      fc.string({ maxLength: 20 }),
      fc.string({ unit: "binary", maxLength: 20 }),
      fc.constantFrom(
        "",
        "\u0000",
        "\ud800",
        "x".repeat(10_000),
        "SignedDocument",
        "EvidencePack",
        completed.documentId,
        sent.id,
      ),
      fc.array(fc.integer(), { maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom("scope", "documentId", "expiresInDays", "maxUses", "other"), anything),
        fc.dictionary(fc.constantFrom("page", "pageSize", "packageId", "x"), fc.string({ maxLength: 12 })),
        async (body, query) => {
          const r = await mint(completed.id, body);
          if (r.status !== 201) {
            expect([r.status, r.body.code]).toEqual([
              400,
              expect.stringMatching(/^(validation_failed|invalid_state)$/),
            ]);
            expect(r.body.traceId).toMatch(/^[0-9a-f]{32}$/);
          }
          const q = new URLSearchParams(query).toString();
          const l = await call("GET", `${L}?${q}`);
          expect(l.status === 200 || (l.status === 400 && l.body.code === "validation_failed")).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  test("completed content: the sealed document, the signed zip and the certificate the completion step made; a failed completion says why", async () => {
    const links: Json[] = [];
    for (const body of [
      { scope: "SignedDocument", documentId: completed.documentId },
      { scope: "AllSignedDocuments" },
      { scope: "CertificateOfCompletion", maxUses: 1 },
    ]) {
      links.push((await mint(completed.id, body)).body);
    }
    // The completion step (the scheduler's, run here) makes and records the files.
    const deps = {
      storage: service.storage,
      blobs: openBlobStore(service.config),
      seal: new SealKeeper(service.config),
    };
    expect((await completeDuePackage(deps))?.outcome).toBe("done");
    const files = await service.storage.completions.files(completed.id);
    const sha = (kind: string) => files.find((f) => f.kind === kind)!.sha256;
    const fetched = [];
    for (const link of links) {
      const response = await fetch(service.url + (link.url as string));
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      fetched.push({ response, bytes, sha256: hashOf(bytes) });
    }
    const [signed, all, certificate] = fetched as [
      (typeof fetched)[0],
      (typeof fetched)[0],
      (typeof fetched)[0],
    ];
    expect(signed.response.headers.get("content-type")).toBe("application/pdf");
    expect(signed.response.headers.get("content-disposition")).toMatch(/Offer \(signed\)\.pdf/);
    expect(signed.sha256).toBe(sha("Document"));
    expect(signed.bytes.includes(Buffer.from("/ByteRange"))).toBe(true); // sealed
    expect(textOf(new Uint8Array(signed.bytes))).toMatch(/Offer: terms/);
    expect(all.response.headers.get("content-type")).toBe("application/zip");
    expect(all.sha256).toBe(sha("Zip"));
    const entries = [...readZip(all.bytes).keys()];
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries.some((e) => /certificate/i.test(e))).toBe(true);
    expect(certificate.response.headers.get("content-type")).toBe("application/pdf");
    expect(certificate.sha256).toBe(sha("Certificate"));
    expect(textOf(new Uint8Array(certificate.bytes))).toMatch(/ada@contoso\.com/);
    // Each opening counted one use; the certificate's single use is spent.
    expect((await open(links[2]!.url as string)).status).toBe(404);
    const counts = new Map(
      (await listed(`?packageId=${completed.id}`)).map((l) => [l.id, [l.useCount, l.status]]),
    );
    expect(links.map((l) => counts.get(l.id))).toEqual([
      [1, "Active"],
      [1, "Active"],
      [1, "UsedUp"],
    ]);

    // A completion given up (Failed) says why, and counts no use.
    const failing = await sentPackage("Broken");
    await completeInDatabase(failing.id);
    const link = (await mint(failing.id, { scope: "CertificateOfCompletion" })).body;
    const lease = "f".repeat(32);
    const now = new Date().toISOString();
    await service.storage.transaction(async (s) => {
      const claimed = await s.completions.claimDue(now, new Date(Date.now() + 60_000).toISOString(), lease);
      expect(claimed?.packageId).toBe(failing.id);
      expect(
        await s.completions.markFailure(failing.id, lease, "the seal's certificate cannot be read", null),
      ).toBe(true);
    });
    const failed = await expectProblem(await open(link.url as string), 400, "invalid_state");
    expect(failed.detail).toMatch(/could not be sealed: the seal's certificate cannot be read/);
    expect((await listed(`?packageId=${failing.id}`)).map((l) => l.useCount)).toEqual([0]);
  }, 180_000);
});
