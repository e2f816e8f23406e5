// create-and-send (contract §6.1) through HTTP on both databases, JSON and multipart: one request
// makes the package, documents, signers, annotations, applies the text tags and sends; any failure
// leaves nothing (no package row, no stored file); bad input answers the documented error (a fuzz:
// never a 500); tenants and scopes.
import { createHash, randomUUID } from "node:crypto";
import fc from "fast-check";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { openBlobStore } from "../../src/service/blobs";
import { TINY_PNG } from "../pdf/images";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";

type Json = Record<string, unknown> & { id: string };
const P = "/api/v1/packages";
const JSON_ROUTE = `${P}/create-and-send/json`;
const FORM_ROUTE = `${P}/create-and-send`;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** A one-page PDF with the lines given (a tag such as {{sig:1}} among them), unique by a random line. */
async function pdf(...lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [i, line] of [...lines, randomUUID()].entries()) {
    page.drawText(line, { x: 72, y: 700 - 40 * i, size: 12, font });
  }
  return doc.save();
}

describe.each(BACKENDS)("create-and-send on %s", (backend) => {
  let service: TestService;
  let token: string;

  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await service.token("cas");
  }, 180_000);
  afterAll(() => service.close());

  async function call<T = Json>(method: string, route: string, body?: unknown, as = token) {
    const response = await service.call(method, route, { token: as, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, text };
  }

  function form(pkg: unknown, files: { bytes: Uint8Array; name: string; type: string }[], as = token) {
    const body = new FormData();
    if (pkg !== undefined) body.append("package", typeof pkg === "string" ? pkg : JSON.stringify(pkg));
    for (const f of files) body.append("file", new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
    return fetch(`${service.url}${FORM_ROUTE}`, {
      method: "POST",
      headers: { authorization: `Bearer ${as}` },
      body,
    });
  }

  const packageNames = async (as = token) =>
    (await call<{ items: Json[] }>("GET", `${P}?pageSize=100`, undefined, as)).body.items.map((p) => p.name);

  test("JSON: documents, signers, a field, the text tags applied, sent in one request", async () => {
    const lease = await pdf("Lease", "{{sig:1}}");
    const { status, body: pkg } = await call("POST", JSON_ROUTE, {
      name: "Lease 7",
      emailSubject: "Please sign",
      documents: [
        { name: "Lease.pdf", contentBase64: b64(lease) },
        { name: "Plan", fileName: "plan.png", contentBase64: b64(TINY_PNG) },
      ],
      signers: [
        { email: "ada@contoso.com", name: "Ada" },
        { email: "bob@contoso.com", name: "Bob", routingOrder: 2 },
      ],
      annotations: [
        { documentIndex: 1, signerIndex: 1, type: "Signature", page: 1, x: 0, y: 0, width: 1, height: 1 },
      ],
    });
    expect(status).toBe(201);
    expect(pkg).toMatchObject({ name: "Lease 7", status: "Sent", documentCount: 2, signerCount: 2 });
    const docs = (await call<{ items: Json[] }>("GET", `${P}/${pkg.id}/documents`)).body.items;
    expect(docs.map((d) => [d.name, d.fileName, d.contentType, d.sha256 === sha256(lease)])).toEqual([
      ["Lease.pdf", "Lease.pdf", "application/pdf", true],
      ["Plan", "plan.png", "image/png", false],
    ]);
    const signers = (await call<Json[] | { items: Json[] }>("GET", `${P}/${pkg.id}/signers`)).body;
    const list = (Array.isArray(signers) ? signers : signers.items) as Json[];
    const ada = list.find((x) => x.email === "ada@contoso.com")!;
    const bob = list.find((x) => x.email === "bob@contoso.com")!;
    const annotations = (await call<{ items: Json[] } | Json[]>("GET", `${P}/${pkg.id}/annotations`)).body;
    const fields = (Array.isArray(annotations) ? annotations : annotations.items) as Json[];
    expect(
      fields
        .map((a) => [a.documentId, a.signerId, a.source])
        .sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
    ).toEqual([
      [docs[1]!.id, bob.id, "Manual"],
      [docs[0]!.id, ada.id, "TextTag"],
    ]);
    const trail = (await call<Json[]>("GET", `${P}/${pkg.id}/audit-trail`)).body.map((e) => e.action);
    expect(trail).toEqual(
      expect.arrayContaining([
        "PackageCreated",
        "DocumentAdded",
        "SignerAdded",
        "AnnotationsAdded",
        "PackageSent",
      ]),
    );
    expect(trail.indexOf("PackageCreated")).toBeLessThan(trail.indexOf("PackageSent"));
  });

  test("multipart: the package field and one file part per document; applyTextTags false", async () => {
    const a = await pdf("First");
    const b = await pdf("Second");
    const response = await form(
      {
        name: "Two files",
        signers: [{ email: "cy@contoso.com", name: "Cy" }],
        applyTextTags: false,
        annotations: [
          { documentIndex: 0, signerIndex: 0, type: "Signature", page: 1, x: 72, y: 72 },
          { documentIndex: 1, signerIndex: 0, type: "DateSigned", page: 1, x: 72, y: 200 },
        ],
      },
      [
        { bytes: a, name: "first.pdf", type: "application/pdf" },
        { bytes: b, name: "second.pdf", type: "application/octet-stream" },
      ],
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toMatch(/^\/api\/v1\/packages\//);
    const pkg = (await response.json()) as Json;
    expect(pkg).toMatchObject({ status: "Sent", documentCount: 2, signerCount: 1 });
    const docs = (await call<{ items: Json[] }>("GET", `${P}/${pkg.id}/documents`)).body.items;
    expect(docs.map((d) => [d.name, d.sha256])).toEqual([
      ["first.pdf", sha256(a)],
      ["second.pdf", sha256(b)],
    ]);
  });

  test("all or nothing: a failure at any step leaves no package and no stored file", async () => {
    const blobs = openBlobStore(service.config);
    const before = await packageNames();
    const signer = { email: "dee@contoso.com", name: "Dee" };
    const field = { documentIndex: 0, signerIndex: 0, type: "Signature", page: 1, x: 72, y: 72 };

    // A field for a signer that is not in the request (found in the transaction, after staging).
    const one = await pdf("One");
    let r = await call("POST", JSON_ROUTE, {
      name: "Fails 1",
      documents: [{ name: "one.pdf", contentBase64: b64(one) }],
      signers: [signer],
      annotations: [{ ...field, signerIndex: 1 }],
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: "validation_failed",
      errors: [{ field: "annotations[0].signerIndex" }],
    });
    expect(await blobs.has(sha256(one))).toBe(false);

    // Send's own check fails (a Signer without a field; the tag is not applied).
    const two = await pdf("Two", "{{sig:1}}");
    r = await call("POST", JSON_ROUTE, {
      name: "Fails 2",
      documents: [{ name: "two.pdf", contentBase64: b64(two) }],
      signers: [signer],
      applyTextTags: false,
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "validation_failed" });
    expect(await blobs.has(sha256(two))).toBe(false);

    // A field off its page.
    const three = await pdf("Three");
    r = await call("POST", JSON_ROUTE, {
      name: "Fails 3",
      documents: [{ name: "three.pdf", contentBase64: b64(three) }],
      signers: [signer],
      annotations: [{ ...field, page: 2 }],
    });
    expect(r.status).toBe(400);
    expect(await blobs.has(sha256(three))).toBe(false);

    // Multipart: the second file is no PDF; the first was stored already and goes.
    const four = await pdf("Four");
    const response = await form({ name: "Fails 4", signers: [signer], annotations: [field] }, [
      { bytes: four, name: "four.pdf", type: "application/pdf" },
      { bytes: new TextEncoder().encode("not a pdf at all"), name: "five.pdf", type: "application/pdf" },
    ]);
    const problem = await expectProblem(response, 400, "invalid_document");
    expect(problem.errors).toEqual([{ field: "documents[1]", message: expect.any(String) }]);
    expect(await blobs.has(sha256(four))).toBe(false);

    // Duplicate signers: the whole request fails.
    const six = await pdf("Six");
    r = await call("POST", JSON_ROUTE, {
      name: "Fails 5",
      documents: [{ name: "six.pdf", contentBase64: b64(six) }],
      signers: [signer, { ...signer, name: "Dee again" }],
      annotations: [field],
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "duplicate_signer" });
    expect(await blobs.has(sha256(six))).toBe(false);

    expect(await packageNames()).toEqual(before);
    // A file a stored document also has stays when a request with it fails.
    const kept = await pdf("Kept");
    const ok = await call("POST", JSON_ROUTE, {
      name: "Kept",
      documents: [{ name: "kept.pdf", contentBase64: b64(kept) }],
      signers: [signer],
      annotations: [field],
    });
    expect(ok.status).toBe(201);
    r = await call("POST", JSON_ROUTE, {
      name: "Fails 6",
      documents: [{ name: "kept.pdf", contentBase64: b64(kept) }],
      signers: [signer],
      annotations: [{ ...field, documentIndex: 3 }],
    });
    expect(r.status).toBe(400);
    expect(await blobs.has(sha256(kept))).toBe(true);
  });

  test("bad input answers the documented error naming the field", async () => {
    const doc = { name: "a.pdf", contentBase64: b64(await pdf("Bad input")) };
    const signers = [{ email: "eve@contoso.com" }];
    const cases: [unknown, number, string, string | null][] = [
      [{ documents: [doc], signers }, 400, "validation_failed", "name"],
      [{ name: "x", documents: [], signers }, 400, "validation_failed", "documents"],
      [{ name: "x", documents: [doc], signers: [] }, 400, "validation_failed", "signers"],
      [{ name: "x", documents: [doc] }, 400, "validation_failed", "signers"],
      [{ name: " ", documents: [doc], signers }, 400, "validation_failed", "name"],
      [
        { name: "x", documents: [{ ...doc, contentBase64: "%%%" }], signers },
        400,
        "validation_failed",
        "documents[0].contentBase64",
      ],
      [{ name: "x", documents: [{ ...doc, name: "a.docx" }], signers }, 415, "unsupported_media_type", null],
      [
        { name: "x", documents: [{ ...doc, contentBase64: "" }], signers },
        400,
        "invalid_document",
        "documents[0]",
      ],
      [
        { name: "x", documents: [doc], signers: [{ email: "not an address" }] },
        400,
        "validation_failed",
        "signers[0].email",
      ],
      [
        { name: "x", documents: [doc], signers: [{ email: "a@b.co", authMethod: "Sms" }] },
        400,
        "not_supported",
        null,
      ],
      [
        { name: "x", documents: [doc], signers, expirationDate: "2001-01-01T00:00:00Z" },
        400,
        "validation_failed",
        "expirationDate",
      ],
      [
        { name: "x", documents: [doc], signers, annotations: [{ documentIndex: 0 }] },
        400,
        "validation_failed",
        null,
      ],
      ["[]", 400, "validation_failed", null],
    ];
    const before = await packageNames();
    for (const [body, status, code, field] of cases) {
      const response = await service.call("POST", JSON_ROUTE, { token, body });
      const problem = await expectProblem(response, status, code);
      if (field !== null) expect(problem.errors?.map((e) => e.field)).toContain(field);
    }
    // Multipart: no package field, a package that is no JSON or of the wrong shape, no file, not a form.
    const file = { bytes: await pdf("Form"), name: "f.pdf", type: "application/pdf" };
    const pkg = { name: "x", signers };
    const formCases: [unknown, (typeof file)[], number, string, string | null][] = [
      [undefined, [file], 400, "validation_failed", "package"],
      ["{not json", [file], 400, "validation_failed", "package"],
      ['"text"', [file], 400, "validation_failed", "package"],
      [{ ...pkg, signers: "all" }, [file], 400, "validation_failed", "signers"],
      [pkg, [], 400, "validation_failed", "documents"],
      [
        {
          ...pkg,
          annotations: [{ documentIndex: 2, signerIndex: 0, type: "Signature", page: 1, x: 1, y: 1 }],
        },
        [file],
        400,
        "validation_failed",
        "annotations[0].documentIndex",
      ],
    ];
    for (const [body, files, status, code, field] of formCases) {
      const problem = await expectProblem(await form(body, files), status, code);
      if (field !== null) expect(problem.errors?.map((e) => e.field)).toContain(field);
    }
    await expectProblem(
      await service.call("POST", FORM_ROUTE, { token, body: pkg }),
      415,
      "unsupported_media_type",
    );
    expect(await packageNames()).toEqual(before);
  });

  test("a fuzz of the JSON body: a success or the documented error, never a 500", async () => {
    const good = b64(await pdf("Fuzz", "{{sig:1}}"));
    const value = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null));
    const body = fc.record(
      {
        name: fc.oneof(fc.string({ maxLength: 20 }), value),
        documents: fc.oneof(
          fc.array(
            fc.record(
              {
                name: fc.oneof(fc.constantFrom("a.pdf", "b.png", "c", ""), value),
                contentBase64: fc.oneof(fc.constant(good), fc.base64String({ maxLength: 40 }), value),
                contentType: fc.oneof(fc.constantFrom("application/pdf", "image/png", "text/plain"), value),
              },
              { requiredKeys: [] },
            ),
            { maxLength: 2 },
          ),
          value,
        ),
        signers: fc.oneof(
          fc.array(
            fc.record(
              {
                email: fc.oneof(fc.constantFrom("f@contoso.com", "g@contoso.com", "bad"), value),
                routingOrder: fc.oneof(fc.integer({ min: -1, max: 3 }), value),
                type: fc.oneof(fc.constantFrom("Signer", "CarbonCopy", "Nope"), value),
              },
              { requiredKeys: [] },
            ),
            { maxLength: 2 },
          ),
          value,
        ),
        annotations: fc.oneof(
          fc.array(
            fc.record(
              {
                documentIndex: fc.oneof(fc.integer({ min: -1, max: 2 }), value),
                signerIndex: fc.oneof(fc.integer({ min: -1, max: 2 }), value),
                type: fc.oneof(fc.constantFrom("Signature", "Text", "Dropdown"), value),
                page: fc.oneof(fc.integer({ min: 0, max: 2 }), value),
                x: fc.oneof(fc.integer({ min: -10, max: 700 }), value),
                y: fc.oneof(fc.integer({ min: -10, max: 900 }), value),
              },
              { requiredKeys: [] },
            ),
            { maxLength: 2 },
          ),
          value,
        ),
        applyTextTags: fc.oneof(fc.boolean(), value),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const response = await service.call("POST", JSON_ROUTE, { token, body: b });
        const text = await response.text();
        expect([201, 400, 413, 415]).toContain(response.status);
        if (response.status !== 201) {
          expect(JSON.parse(text)).toMatchObject({ code: expect.any(String), traceId: expect.any(String) });
        }
      }),
      { numRuns: 40 },
    );
  }, 240_000);

  test("tenants and scopes: another tenant's group is unknown, its packages unseen; both scopes needed", async () => {
    const other = await service.token("cas-other");
    const group = (
      await call(
        "POST",
        "/api/v1/signing-groups",
        { name: "Theirs", members: [{ email: "h@fabrikam.com" }] },
        other,
      )
    ).body;
    const doc = { name: "t.pdf", contentBase64: b64(await pdf("Tenants")) };
    const field = { documentIndex: 0, signerIndex: 0, type: "Signature", page: 1, x: 72, y: 72 };
    const refused = await service.call("POST", JSON_ROUTE, {
      token,
      body: {
        name: "Theirs",
        documents: [doc],
        signers: [{ signingGroupId: group.id }],
        annotations: [field],
      },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect((await packageNames()).includes("Theirs")).toBe(false);

    const mine = await call("POST", JSON_ROUTE, {
      name: "Mine",
      documents: [doc],
      signers: [{ email: "i@contoso.com" }],
      annotations: [field],
    });
    expect(mine.status).toBe(201);
    expect((await call("GET", `${P}/${mine.body.id}`, undefined, other)).status).toBe(404);
    expect(await packageNames(other)).not.toContain("Mine");

    const createOnly = await service.token("cas", ["sign.package.create"]);
    const body = {
      name: "Scoped",
      documents: [doc],
      signers: [{ email: "j@contoso.com" }],
      annotations: [field],
    };
    await expectProblem(
      await service.call("POST", JSON_ROUTE, { token: createOnly, body }),
      403,
      "insufficient_scope",
    );
    await expectProblem(await service.call("POST", JSON_ROUTE, { body }), 401, "unauthorized");
    await expectProblem(await form(body, [], createOnly), 403, "insufficient_scope");
  });
});
