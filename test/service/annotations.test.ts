// Annotations (contract §6.4) through HTTP against the real service on both databases. Documents have
// no upload route yet (issue 15): the tests put document rows in through the service's own storage,
// as an upload will.
import fc from "fast-check";
import { newId } from "../../src/service/domain/tokens";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";

type Json = Record<string, unknown> & { id: string };
const P = "/api/v1/packages";
const LETTER = { width: 612, height: 792 };
const LANDSCAPE = { width: 792, height: 612 };

describe.each(BACKENDS)("annotations on %s", (backend) => {
  let service: TestService;
  let token: string;
  beforeAll(async () => {
    service = await startTestService(backend);
    token = await service.token("annotations");
  });
  afterAll(() => service.close());

  async function call<T = Json>(method: string, route: string, body?: unknown, as = token) {
    const response = await service.call(method, route, { token: as, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
  const problem = async (
    method: string,
    route: string,
    body: unknown,
    status: number,
    code: string,
    as = token,
  ) => expectProblem(await service.call(method, route, { token: as, body }), status, code);

  /** A document row of `pages` on the package, as the upload of issue 15 will store it. */
  async function addDocument(packageId: string, pages = [LETTER, LANDSCAPE], name = "msa.pdf") {
    const id = newId();
    await service.storage.transaction(async (s) => {
      await s.documents.insert({
        id,
        packageId,
        name,
        fileName: name,
        contentType: "application/pdf",
        size: 1000,
        sha256: "0".repeat(64),
        pageCount: pages.length,
        pages,
        order: 1,
        createdOn: new Date().toISOString(),
        detectedTagCount: 0,
      });
      await s.packages.refreshCounts(packageId);
    });
    return id;
  }

  /** A Draft with one two-page document (Letter, then landscape) and two signers. */
  async function setup(as = token) {
    const pkg = (await call("POST", P, { name: "Lease" }, as)).body;
    const documentId = await addDocument(pkg.id);
    const [ada, bob] = (
      await call<Json[]>(
        "POST",
        `${P}/${pkg.id}/signers/bulk`,
        { signers: [{ email: "ada@contoso.com" }, { email: "bob@contoso.com", routingOrder: 2 }] },
        as,
      )
    ).body;
    return { pkg, documentId, ada: ada!, bob: bob! };
  }
  const field = (documentId: string, signerId: string, extra: Record<string, unknown> = {}) => ({
    documentId,
    signerId,
    type: "Signature",
    page: 1,
    x: 72,
    y: 600,
    ...extra,
  });

  test("annotation-field-types lists every type of contract §5 with its default size", async () => {
    const r = await call<Record<string, unknown>[]>("GET", "/api/v1/annotation-field-types");
    expect(r.status).toBe(200);
    expect(r.body.map((t) => t.type)).toEqual([
      "Signature",
      "Initials",
      "DateSigned",
      "Name",
      "Email",
      "Company",
      "Title",
      "Text",
      "Date",
      "Number",
      "Checkbox",
      "RadioGroup",
      "Dropdown",
      "Attachment",
    ]);
    expect(r.body.find((t) => t.type === "Signature")).toMatchObject({
      acceptsInput: true,
      defaultWidth: 150,
      defaultHeight: 40,
    });
    expect(r.body.find((t) => t.type === "DateSigned")).toMatchObject({ acceptsInput: false });
    expect(r.body.find((t) => t.type === "Dropdown")).toMatchObject({ takesOptions: true });
    for (const t of r.body) expect(Number(t.defaultWidth) > 0 && Number(t.defaultHeight) > 0).toBe(true);
    expect((await service.call("GET", "/api/v1/annotation-field-types")).status).toBe(401);
  });

  test("create, get, list with filters, move, remove; each change is in the audit trail", async () => {
    const { pkg, documentId, ada, bob } = await setup();
    const before = (await call("GET", `${P}/${pkg.id}`)).body.updatedOn as string;
    const created = await service.call("POST", `${P}/${pkg.id}/annotations`, {
      token,
      body: field(documentId, ada.id, { type: "signature", label: "Tenant" }),
    });
    expect(created.status).toBe(201);
    const sig = (await created.json()) as Json;
    expect(created.headers.get("location")).toBe(`${P}/${pkg.id}/annotations/${sig.id}`);
    expect(sig).toMatchObject({
      documentId,
      signerId: ada.id,
      type: "Signature",
      page: 1,
      x: 72,
      y: 600,
      width: 150, // the type's default size
      height: 40,
      required: true,
      label: "Tenant",
      source: "Manual",
      isCompleted: false,
      completedOn: null,
      value: null,
    });
    expect(((await call("GET", `${P}/${pkg.id}`)).body.updatedOn as string) > before).toBe(true);
    const text = (
      await call("POST", `${P}/${pkg.id}/annotations`, {
        ...field(documentId, bob.id, { type: "Text", page: 2, x: 600, y: 500, width: 180, height: 20 }),
        required: false,
        value: "Flat 4",
      })
    ).body;
    expect(text).toMatchObject({ page: 2, width: 180, required: false, value: "Flat 4" });
    expect((await call("GET", `${P}/${pkg.id}/annotations/${sig.id}`)).body).toEqual(sig);

    const all = await call<{ items: Json[]; totalCount: number }>("GET", `${P}/${pkg.id}/annotations`);
    expect(all.body.items.map((a) => a.id)).toEqual([sig.id, text.id]);
    const bobs = await call<{ items: Json[] }>("GET", `${P}/${pkg.id}/annotations?signerId=${bob.id}`);
    expect(bobs.body.items.map((a) => a.id)).toEqual([text.id]);
    const onDoc = await call<{ items: Json[] }>("GET", `${P}/${pkg.id}/annotations?documentId=${documentId}`);
    expect(onDoc.body.items).toHaveLength(2);
    await problem("GET", `${P}/${pkg.id}/annotations?signerId=nope`, undefined, 400, "validation_failed");

    const moved = await call("PUT", `${P}/${pkg.id}/annotations/${sig.id}`, {
      x: 300,
      y: null,
      signerId: bob.id,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ x: 300, y: 600, signerId: bob.id, label: "Tenant" });
    expect((await call("GET", `${P}/${pkg.id}/annotations/${sig.id}`)).body).toMatchObject({ x: 300 });

    expect((await service.call("DELETE", `${P}/${pkg.id}/annotations/${text.id}`, { token })).status).toBe(
      204,
    );
    await problem("GET", `${P}/${pkg.id}/annotations/${text.id}`, undefined, 404, "not_found");
    await problem("DELETE", `${P}/${pkg.id}/annotations/${text.id}`, undefined, 404, "not_found");

    const trail = await call<{ action: string }[]>("GET", `${P}/${pkg.id}/audit-trail`);
    const actions = trail.body.map((e) => e.action);
    expect(actions.filter((a) => a === "AnnotationsAdded")).toHaveLength(2);
    expect(actions).toContain("AnnotationUpdated");
    expect(actions).toContain("AnnotationRemoved");
    expect((await call("GET", `${P}/${pkg.id}/audit-trail/verify`)).body).toMatchObject({ isValid: true });
  });

  test("a field outside its page is refused, saying the page's size; page sizes differ per page", async () => {
    const { pkg, documentId, ada } = await setup();
    const at = `${P}/${pkg.id}/annotations`;
    // 72 + 150 fits Letter's 612 width; 500 + 150 does not.
    const wide = await problem("POST", at, field(documentId, ada.id, { x: 500 }), 400, "validation_failed");
    expect(wide.errors).toEqual([
      {
        field: "x",
        message: expect.stringMatching(/outside page 1 of "msa\.pdf", which is 612 × 792 points/),
      },
    ]);
    // Page 2 is landscape: x 600 fits (792 wide), y 600 does not (612 high).
    expect((await call("POST", at, field(documentId, ada.id, { page: 2, x: 600, y: 500 }))).status).toBe(201);
    const low = await problem(
      "POST",
      at,
      field(documentId, ada.id, { page: 2, y: 600 }),
      400,
      "validation_failed",
    );
    expect(low.errors![0]).toMatchObject({ field: "y" });
    const page3 = await problem("POST", at, field(documentId, ada.id, { page: 3 }), 400, "validation_failed");
    expect(page3.errors![0]).toEqual({
      field: "page",
      message: '"msa.pdf" has 2 pages; there is no page 3.',
    });
    for (const bad of [
      { x: -1 },
      { y: -0.5 },
      { width: 0 },
      { height: -3 },
      { page: 0 },
      { page: 1.5 },
      { x: 1e9 },
    ]) {
      await problem("POST", at, field(documentId, ada.id, bad), 400, "validation_failed");
    }
    // A move that would push it off the page is refused and leaves it where it was.
    const ok = (await call("POST", at, field(documentId, ada.id))).body;
    await problem("PUT", `${at}/${ok.id}`, { width: 600 }, 400, "validation_failed");
    expect((await call("GET", `${at}/${ok.id}`)).body).toMatchObject({ width: 150 });
    // The edge itself is inside.
    expect((await call("POST", at, field(documentId, ada.id, { x: 462, y: 752 }))).status).toBe(201);
  });

  test("a document or signer of another package is refused, saying which; another tenant's is just unknown", async () => {
    const mine = await setup();
    const other = await setup();
    const at = `${P}/${mine.pkg.id}/annotations`;
    const doc = await problem("POST", at, field(other.documentId, mine.ada.id), 400, "validation_failed");
    expect(doc.errors).toEqual([
      {
        field: "documentId",
        message: `Document ${other.documentId} belongs to another package (${other.pkg.id}), not to this one.`,
      },
    ]);
    const signer = await problem("POST", at, field(mine.documentId, other.ada.id), 400, "validation_failed");
    expect(signer.errors).toEqual([
      {
        field: "signerId",
        message: `Signer ${other.ada.id} belongs to another package (${other.pkg.id}), not to this one.`,
      },
    ]);
    const stranger = await setup(await service.token("annotations-stranger"));
    const foreign = await problem(
      "POST",
      at,
      field(stranger.documentId, mine.ada.id),
      400,
      "validation_failed",
    );
    expect(foreign.errors![0]!.message).toBe(`Document ${stranger.documentId} is not in this package.`);
    expect(JSON.stringify(foreign)).not.toContain(stranger.pkg.id);
    const ok = (await call("POST", at, field(mine.documentId, mine.ada.id))).body;
    await problem("PUT", `${at}/${ok.id}`, { signerId: other.bob.id }, 400, "validation_failed");
    // And an annotation of another package is not found under this one.
    const theirs = (
      await call("POST", `${P}/${other.pkg.id}/annotations`, field(other.documentId, other.ada.id))
    ).body;
    await problem("GET", `${at}/${theirs.id}`, undefined, 404, "not_found");
    await problem("PUT", `${at}/${theirs.id}`, { x: 1 }, 404, "not_found");
    await problem("DELETE", `${at}/${theirs.id}`, undefined, 404, "not_found");
  });

  test("bulk: 1-500, all or nothing, errors name the item", async () => {
    const { pkg, documentId, ada, bob } = await setup();
    const at = `${P}/${pkg.id}/annotations`;
    const many = Array.from({ length: 500 }, (_, i) =>
      field(documentId, i % 2 ? ada.id : bob.id, {
        type: "Checkbox",
        x: 20 + (i % 25) * 20,
        y: 20 + Math.floor(i / 25) * 20,
      }),
    );
    const r = await call<Json[]>("POST", `${at}/bulk`, { annotations: many });
    expect(r.status).toBe(201);
    expect(r.body).toHaveLength(500);
    expect(r.body[0]).toMatchObject({ type: "Checkbox", width: 14, height: 14 });
    await problem("POST", `${at}/bulk`, { annotations: [...many, many[0]] }, 400, "validation_failed");
    await problem("POST", `${at}/bulk`, { annotations: [] }, 400, "validation_failed");

    const fresh = await setup();
    const freshAt = `${P}/${fresh.pkg.id}/annotations`;
    const bad = await problem(
      "POST",
      `${freshAt}/bulk`,
      {
        annotations: [
          field(fresh.documentId, fresh.ada.id),
          field(fresh.documentId, fresh.ada.id, { page: 9 }),
          field(fresh.documentId, fresh.bob.id, { type: "Stamp" }),
        ],
      },
      400,
      "validation_failed",
    );
    expect(bad.errors!.map((e) => e.field)).toEqual(["annotations[1].page", "annotations[2].type"]);
    expect((await call<{ totalCount: number }>("GET", freshAt)).body.totalCount).toBe(0);
  });

  test("options and values follow the field's type", async () => {
    const { pkg, documentId, ada } = await setup();
    const at = `${P}/${pkg.id}/annotations`;
    const f = (extra: Record<string, unknown>) => field(documentId, ada.id, extra);
    const dropdownWithout = await problem("POST", at, f({ type: "Dropdown" }), 400, "validation_failed");
    expect(dropdownWithout.errors![0]).toMatchObject({
      field: "options",
      message: expect.stringMatching(/at least one option/),
    });
    await problem("POST", at, f({ type: "RadioGroup", options: [] }), 400, "validation_failed");
    await problem("POST", at, f({ type: "Checkbox", options: ["a"] }), 400, "validation_failed");
    await problem("POST", at, f({ type: "Dropdown", options: ["a", "a"] }), 400, "validation_failed");
    await problem("POST", at, f({ type: "Dropdown", options: ["a", " "] }), 400, "validation_failed");
    await problem(
      "POST",
      at,
      f({ type: "Dropdown", options: ["a", "b"], value: "c" }),
      400,
      "validation_failed",
    );
    await problem("POST", at, f({ type: "Checkbox", value: "yes" }), 400, "validation_failed");
    await problem("POST", at, f({ type: "Number", value: "twelve" }), 400, "validation_failed");
    await problem("POST", at, f({ type: "Date", value: "2026-02-30" }), 400, "validation_failed");
    const sig = await problem("POST", at, f({ value: "Ada" }), 400, "validation_failed");
    expect(sig.errors![0]!.message).toMatch(/filled in at signing/);
    await problem("POST", at, f({ label: "x".repeat(101) }), 400, "validation_failed");
    await problem("POST", at, f({ label: "a\u0007b" }), 400, "validation_failed");

    const dropdown = (
      await call("POST", at, f({ type: "Dropdown", options: ["Monthly", "Yearly"], value: "Yearly" }))
    ).body;
    expect(dropdown).toMatchObject({
      options: ["Monthly", "Yearly"],
      value: "Yearly",
      width: 150,
      height: 20,
    });
    // Narrowing the options under the chosen value is refused; the field stays as it was.
    await problem("PUT", `${at}/${dropdown.id}`, { options: ["Monthly"] }, 400, "validation_failed");
    expect((await call("GET", `${at}/${dropdown.id}`)).body).toMatchObject({
      options: ["Monthly", "Yearly"],
    });
    expect((await call("POST", at, f({ type: "Checkbox", value: "TRUE" }))).body).toMatchObject({
      value: "true",
    });
    expect((await call("POST", at, f({ type: "Number", value: "-12.5e2" }))).status).toBe(201);
    expect((await call("POST", at, f({ type: "Date", value: "2026-02-28" }))).status).toBe(201);
  });

  test("validate checks fields only; a sent package's annotations cannot change", async () => {
    const { pkg, documentId, ada, bob } = await setup();
    const at = `${P}/${pkg.id}/annotations`;
    const empty = (
      await call<{ isValid: boolean; errors: { code: string; signerId?: string }[] }>(
        "POST",
        `${at}/validate`,
      )
    ).body;
    expect(empty.isValid).toBe(false);
    expect(empty.errors.map((e) => [e.code, e.signerId])).toEqual([
      ["signer_without_fields", ada.id],
      ["signer_without_fields", bob.id],
    ]);
    await call("POST", `${at}/bulk`, {
      annotations: [field(documentId, ada.id), field(documentId, bob.id, { y: 700 })],
    });
    expect((await call("POST", `${at}/validate`)).body).toMatchObject({ isValid: true, errors: [] });
    // An empty package validates its fields as fine; the package's own validate says what else is missing.
    const bare = (await call("POST", P, { name: "Bare" })).body;
    expect((await call("POST", `${P}/${bare.id}/annotations/validate`)).body).toMatchObject({
      isValid: true,
    });
    expect(
      (await call<{ errors: { code: string }[] }>("POST", `${P}/${bare.id}/validate`)).body.errors.map(
        (e) => e.code,
      ),
    ).toEqual(["no_document", "no_signer"]);

    expect((await call("POST", `${P}/${pkg.id}/send`)).status).toBe(200);
    const one = (await call<{ items: Json[] }>("GET", at)).body.items[0]!;
    const state = await problem("POST", at, field(documentId, ada.id), 400, "invalid_state");
    expect(state.detail).toMatch(/the package is Sent/);
    await problem("POST", `${at}/bulk`, { annotations: [field(documentId, ada.id)] }, 400, "invalid_state");
    await problem("PUT", `${at}/${one.id}`, { x: 10 }, 400, "invalid_state");
    await problem("DELETE", `${at}/${one.id}`, undefined, 400, "invalid_state");
    expect((await call("GET", `${at}/${one.id}`)).status).toBe(200);
  });

  test("removing a signer removes their fields; clone copies them onto the copy's documents and signers", async () => {
    const { pkg, documentId, ada, bob } = await setup();
    const at = `${P}/${pkg.id}/annotations`;
    await call("POST", `${at}/bulk`, {
      annotations: [field(documentId, ada.id), field(documentId, bob.id, { y: 700 })],
    });
    const copy = (await call("POST", `${P}/${pkg.id}/clone`)).body;
    expect((await service.call("DELETE", `${P}/${pkg.id}/signers/${bob.id}`, { token })).status).toBe(204);
    expect((await call<{ items: Json[] }>("GET", at)).body.items.map((a) => a.signerId)).toEqual([ada.id]);
    const copied = (await call<{ items: Json[] }>("GET", `${P}/${copy.id}/annotations`)).body.items;
    const copySigners = (await call<{ items: Json[] }>("GET", `${P}/${copy.id}/signers`)).body.items;
    expect(copied).toHaveLength(2);
    for (const a of copied) {
      expect(a.documentId).not.toBe(documentId);
      expect(copySigners.map((x) => x.id)).toContain(a.signerId);
    }
  });

  test("another tenant's package answers as a missing one on every route; scopes are enforced", async () => {
    const { pkg, documentId, ada } = await setup();
    const one = (await call("POST", `${P}/${pkg.id}/annotations`, field(documentId, ada.id))).body;
    const other = await service.token("annotations-other");
    const at = `${P}/${pkg.id}/annotations`;
    for (const [method, path, body] of [
      ["GET", at, undefined],
      ["POST", at, field(documentId, ada.id)],
      ["POST", `${at}/bulk`, { annotations: [field(documentId, ada.id)] }],
      ["POST", `${at}/validate`, undefined],
      ["GET", `${at}/${one.id}`, undefined],
      ["PUT", `${at}/${one.id}`, { x: 1 }],
      ["DELETE", `${at}/${one.id}`, undefined],
    ] as const) {
      await problem(method, path, body, 404, "not_found", other);
    }
    const readOnly = await service.token("annotations", ["sign.package.read"]);
    await problem("POST", at, field(documentId, ada.id), 403, "insufficient_scope", readOnly);
    await problem("PUT", `${at}/${one.id}`, { x: 1 }, 403, "insufficient_scope", readOnly);
    await problem("DELETE", `${at}/${one.id}`, undefined, 403, "insufficient_scope", readOnly);
    expect((await call("GET", at, undefined, readOnly)).status).toBe(200);
    expect((await call("POST", `${at}/validate`, undefined, readOnly)).status).toBe(200);
  });

  test("any value in any field answers 201 or the documented 400, never a 500 (fuzz)", async () => {
    const { pkg, documentId, ada } = await setup();
    const at = `${P}/${pkg.id}/annotations`;
    const anything = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.double(),
      fc.integer(),
      fc.string({ maxLength: 20 }),
      fc.string({ unit: "binary", maxLength: 20 }),
      fc.constantFrom("", "\u0000", "\ud800", "x".repeat(5000), newId(), documentId, ada.id, "Dropdown"),
      fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 3 }),
      fc.object({ maxDepth: 1 }),
    );
    const keys = [
      "documentId",
      "signerId",
      "type",
      "page",
      "x",
      "y",
      "width",
      "height",
      "required",
      "label",
      "group",
      "options",
      "value",
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...keys), anything, fc.boolean(), async (key, value, update) => {
        const body = update ? { [key]: value } : { ...field(documentId, ada.id), [key]: value };
        const route = update ? `${at}/${(await call("POST", at, field(documentId, ada.id))).body.id}` : at;
        const response = await service.call(update ? "PUT" : "POST", route, { token, body });
        if (response.status === 200 || response.status === 201) return;
        await expectProblem(response, 400, "validation_failed");
      }),
      { numRuns: 60 },
    );
  });
});
