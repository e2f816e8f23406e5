// A template's documents and annotations (contract §7) through HTTP on both databases: direct and
// chunked uploads, tags mapped to the role at their signer index, list/get/remove and removal
// impact, detected tags, detect-tags, retry, reset; annotations tied to roles; `use` copying
// documents (blobs shared) and annotations onto the signers; the blob collector keeping a template's
// blobs; tenants, scopes and bad input answering the documented error (never a 500).
import fc from "fast-check";
import { deflateSync } from "node:zlib";
import { PDFDocument, PDFName, PDFRawStream, StandardFonts, type PDFDict } from "pdf-lib";
import { openBlobStore } from "../../src/service/blobs";
import { collectBlobGarbage } from "../../src/service/domain/documents/maintenance";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";

type Json = Record<string, unknown> & { id: string };
const T = "/api/v1/templates";
const P = "/api/v1/packages";
const UNKNOWN = "3f2b8c1e-0000-4000-8000-000000000000";

/** A Letter PDF with the given tags drawn in Helvetica 12 at (x, y from the top-left). */
async function pdfWithTags(tags: { text: string; x: number; y: number }[], pages = 1) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([612, 792]);
    if (i === 0) {
      for (const tag of tags)
        page.drawText(tag.text, { x: tag.x, y: 792 - tag.y - 12 * 0.718, size: 12, font });
    }
  }
  return doc.save();
}

/**
 * A page whose content stream inflates past what the reader decodes (17 MB of spaces in 18 kB): its
 * page tree reads, its text does not.
 */
async function pdfWithUnreadableText() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const data = deflateSync(Buffer.alloc(17 * 1024 * 1024, 0x20));
  const dict = doc.context.obj({ Filter: "FlateDecode", Length: data.length }) as PDFDict;
  page.node.set(PDFName.of("Contents"), doc.context.register(PDFRawStream.of(dict, data)));
  return doc.save({ useObjectStreams: false });
}

describe.each(BACKENDS)("template documents on %s", (backend) => {
  let service: TestService;
  let token: string;
  let other: string;
  let reader: string;

  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await service.token("template-docs");
    other = await service.token("template-docs-other");
    reader = await service.token("template-docs", ["sign.template.read"]);
  }, 180_000);
  afterAll(() => service.close());

  async function call<T = Json>(method: string, route: string, body?: unknown, as: string = token) {
    const response = await service.call(method, route, { token: as, body });
    const copy = response.clone();
    const text = await copy.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, response };
  }

  function upload(templateId: string, bytes: Uint8Array, fileName: string, name?: string, as = token) {
    const form = new FormData();
    if (name !== undefined) form.append("name", name);
    form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), fileName);
    return fetch(`${service.url}${T}/${templateId}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${as}` },
      body: form,
    });
  }

  /** A template with roles Buyer (routing order 1) and Seller (2), and Agent added last at order 1. */
  async function template() {
    const t = (await call("POST", T, { name: "Sale" })).body;
    const seller = (await call("POST", `${T}/${t.id}/roles`, { name: "Seller", routingOrder: 2 })).body;
    const buyer = (await call("POST", `${T}/${t.id}/roles`, { name: "Buyer", routingOrder: 1 })).body;
    return { t, buyer, seller };
  }

  test("direct upload: tags become annotations of the role at their position; list, get, detected tags", async () => {
    const { t, buyer, seller } = await template();
    const bytes = await pdfWithTags([
      { text: "{{sig:1}}", x: 72, y: 600 },
      { text: "{{sig:2}}", x: 300, y: 600 },
      { text: "{{initial:3}}", x: 72, y: 700 },
    ]);
    const response = await upload(t.id, bytes, "sale.pdf", "Sale agreement");
    expect(response.status).toBe(201);
    const doc = (await response.json()) as Json;
    expect(doc).toMatchObject({
      name: "Sale agreement",
      fileName: "sale.pdf",
      pageCount: 1,
      detectedTagCount: 3,
      processingStatus: "Ready",
      processingError: null,
    });
    expect((await call("GET", `${T}/${t.id}`)).body.documentCount).toBe(1);
    const list = (await call<{ items: Json[]; totalCount: number }>("GET", `${T}/${t.id}/documents`)).body;
    expect(list.totalCount).toBe(1);
    expect(list.items[0]).toEqual(doc);
    expect((await call("GET", `${T}/${t.id}/documents/${doc.id}`)).body).toEqual(doc);

    const tags = (await call<Json[]>("GET", `${T}/${t.id}/documents/${doc.id}/detected-tags`)).body;
    expect(tags.map((x) => [x.text, x.roleId])).toEqual([
      ["{{sig:1}}", buyer.id],
      ["{{sig:2}}", seller.id],
      ["{{initial:3}}", null],
    ]);
    const annotations = (await call<{ items: Json[] }>("GET", `${T}/${t.id}/annotations`)).body.items;
    expect(annotations.map((a) => [a.roleId, a.type, a.source, a.documentId])).toEqual([
      [buyer.id, "Signature", "TextTag", doc.id],
      [seller.id, "Signature", "TextTag", doc.id],
    ]);
    expect(annotations[0]).not.toHaveProperty("signerId");
    // Each in its tag's field: on the tag's line (its bottom on the tag's), as apply-detected-tags.
    const boxOf = (b: Record<string, unknown>) => ({ x: b.x, y: b.y, width: b.width, height: b.height });
    expect(annotations.map(boxOf)).toEqual(tags.slice(0, 2).map((x) => x.field));
    for (const [i, a] of annotations.entries()) {
      const tag = tags[i]!;
      expect(Number(a.y) + Number(a.height)).toBeCloseTo(Number(tag.y) + Number(tag.height), 1);
    }
    const only = (await call<{ items: Json[] }>("GET", `${T}/${t.id}/annotations?roleId=${seller.id}`)).body;
    expect(only.items.map((a) => a.roleId)).toEqual([seller.id]);
    await expectProblem(
      (await call("GET", `${T}/${t.id}/annotations?roleId=nope`)).response,
      400,
      "validation_failed",
    );

    // A third role at position 3 and detect-tags: the third tag is applied, the first two not twice.
    const third = (await call("POST", `${T}/${t.id}/roles`, { name: "Witness", routingOrder: 3 })).body;
    const again = await call<Json[]>("POST", `${T}/${t.id}/documents/${doc.id}/detect-tags`);
    expect(again.status).toBe(200);
    expect(again.body.map((x) => x.roleId)).toEqual([buyer.id, seller.id, third.id]);
    const after = (await call<{ items: Json[] }>("GET", `${T}/${t.id}/annotations`)).body.items;
    expect(after.map((a) => a.type)).toEqual(["Signature", "Signature", "Initials"]);
  });

  test("direct upload: a second file part or a name after the file is 400 with nothing stored; a block takes any Content-Type", async () => {
    const { t } = await template();
    const bytes = await pdfWithTags([{ text: "{{sig:1}}", x: 72, y: 100 }]);
    const pdf = () => new Blob([new Uint8Array(bytes)], { type: "application/pdf" });
    const send = (form: FormData) =>
      fetch(`${service.url}${T}/${t.id}/documents`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
    const two = new FormData();
    two.append("file", pdf(), "a.pdf");
    two.append("file", pdf(), "b.pdf");
    const second = await expectProblem(await send(two), 400, "validation_failed");
    expect(second.errors).toEqual([{ field: "file", message: "Send one file part named file." }]);
    const late = new FormData();
    late.append("file", pdf(), "a.pdf");
    late.append("name", "Late");
    const named = await expectProblem(await send(late), 400, "validation_failed");
    expect(named.errors).toEqual([{ field: "name", message: "Send the name field before the file part." }]);
    expect((await call<{ items: unknown[] }>("GET", `${T}/${t.id}/documents`)).body.items).toEqual([]);

    const opened = await call("POST", `${T}/${t.id}/uploads`, {
      fileName: "chunked.pdf",
      contentType: "application/pdf",
      size: bytes.length,
    });
    for (const type of ["application/pdf", undefined, "application/json"]) {
      const put = await fetch(`${service.url}${T}/${t.id}/uploads/${opened.body.id}/blocks/0`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, ...(type ? { "content-type": type } : {}) },
        body: new Uint8Array(bytes),
      });
      expect({ type, status: put.status }).toEqual({ type, status: 200 });
    }
    expect((await call("POST", `${T}/${t.id}/uploads/${opened.body.id}/commit`)).status).toBe(201);
    expect((await call<{ items: unknown[] }>("GET", `${T}/${t.id}/documents`)).body.items).toHaveLength(1);
  });

  test("chunked upload: blocks, status, commit; abort is final; bad blocks refused", async () => {
    const { t } = await template();
    const bytes = await pdfWithTags([{ text: "{{sig:1}}", x: 72, y: 100 }]);
    const opened = await call("POST", `${T}/${t.id}/uploads`, {
      fileName: "chunked.pdf",
      contentType: "application/pdf",
      size: bytes.length,
    });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ blockCount: 1, receivedBlocks: [], status: "Open" });
    const put = (n: number | string, body: Uint8Array) =>
      fetch(`${service.url}${T}/${t.id}/uploads/${opened.body.id}/blocks/${n}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
        body: new Uint8Array(body),
      });
    await expectProblem(await put(5, bytes), 400, "validation_failed");
    await expectProblem(await put(0, bytes.subarray(0, 10)), 400, "validation_failed");
    expect((await put(0, bytes)).status).toBe(200);
    expect((await call("GET", `${T}/${t.id}/uploads/${opened.body.id}`)).body.receivedBlocks).toEqual([0]);
    const committed = await call("POST", `${T}/${t.id}/uploads/${opened.body.id}/commit`);
    expect(committed.status).toBe(201);
    expect(committed.body).toMatchObject({
      fileName: "chunked.pdf",
      processingStatus: "Ready",
      detectedTagCount: 1,
    });
    await expectProblem(
      (await call("GET", `${T}/${t.id}/uploads/${opened.body.id}`)).response,
      404,
      "not_found",
    );

    const second = (
      await call("POST", `${T}/${t.id}/uploads`, {
        fileName: "b.pdf",
        contentType: "application/pdf",
        size: 10,
      })
    ).body;
    expect((await call("DELETE", `${T}/${t.id}/uploads/${second.id}`)).status).toBe(204);
    await expectProblem(
      (await call("POST", `${T}/${t.id}/uploads/${second.id}/commit`)).response,
      404,
      "not_found",
    );
    await expectProblem(
      (
        await call("POST", `${T}/${t.id}/uploads`, {
          fileName: "a.doc",
          contentType: "application/msword",
          size: 5,
        })
      ).response,
      415,
      "unsupported_media_type",
    );
    await expectProblem(
      (
        await call("POST", `${T}/${t.id}/uploads`, {
          fileName: "a.pdf",
          contentType: "application/pdf",
          size: 0,
        })
      ).response,
      400,
      "validation_failed",
    );
  });

  test("annotations tied to roles: bulk add, update, remove; a role's removal takes its annotations", async () => {
    const { t, buyer, seller } = await template();
    const doc = (await (await upload(t.id, await pdfWithTags([]), "blank.pdf")).json()) as Json;
    const bulk = (body: unknown, documentId = doc.id) =>
      call<Json[]>("POST", `${T}/${t.id}/documents/${documentId}/annotations/bulk`, body);
    const added = await bulk({
      annotations: [
        { roleId: buyer.id, type: "signature", page: 1, x: 72, y: 100 },
        { roleId: seller.id, type: "Text", page: 1, x: 72, y: 200, label: "Price", value: "100" },
      ],
    });
    expect(added.status).toBe(201);
    expect(added.body.map((a) => [a.roleId, a.type, a.source, a.documentId, a.width])).toEqual([
      [buyer.id, "Signature", "Manual", doc.id, expect.any(Number)],
      [seller.id, "Text", "Manual", doc.id, expect.any(Number)],
    ]);

    // All or none, errors naming the item and roleId.
    const otherTemplate = await template();
    const bad = await expectProblem(
      (
        await bulk({
          annotations: [
            { roleId: buyer.id, type: "Signature", page: 2, x: 0, y: 0 },
            { roleId: otherTemplate.buyer.id, type: "Signature", page: 1, x: 0, y: 0 },
            { roleId: UNKNOWN, type: "Nope", page: 1, x: 0, y: 0 },
          ],
        })
      ).response,
      400,
      "validation_failed",
    );
    const fields = (bad.errors as { field: string; message: string }[]).map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        "annotations[0].page",
        "annotations[1].roleId",
        "annotations[2].roleId",
        "annotations[2].type",
      ]),
    );
    expect(
      (bad.errors as { message: string }[]).find((e) => /another template/.test(e.message)),
    ).toBeTruthy();
    expect((await call<{ totalCount: number }>("GET", `${T}/${t.id}/annotations`)).body.totalCount).toBe(2);
    await expectProblem((await bulk({ annotations: [] })).response, 400, "validation_failed");
    await expectProblem(
      (await bulk({ annotations: [{ roleId: buyer.id, type: "Signature", page: 1, x: 0, y: 0 }] }, UNKNOWN))
        .response,
      404,
      "not_found",
    );

    const [signature, text] = added.body;
    const moved = await call("PUT", `${T}/${t.id}/annotations/${signature!.id}`, {
      roleId: seller.id,
      x: 100,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ roleId: seller.id, x: 100, y: 100, type: "Signature" });
    await expectProblem(
      (await call("PUT", `${T}/${t.id}/annotations/${signature!.id}`, { x: 600 })).response,
      400,
      "validation_failed",
    );
    await expectProblem(
      (await call("PUT", `${T}/${t.id}/annotations/${signature!.id}`, { roleId: "x" })).response,
      400,
      "validation_failed",
    );
    await expectProblem(
      (await call("PUT", `${T}/${t.id}/annotations/${UNKNOWN}`, { x: 1 })).response,
      404,
      "not_found",
    );

    const impact = (await call("GET", `${T}/${t.id}/documents/${doc.id}/removal-impact`)).body;
    expect(impact).toEqual({ annotationCount: 2, rolesLeftWithoutFields: [seller.id] });

    expect((await call("DELETE", `${T}/${t.id}/annotations/${text!.id}`)).status).toBe(204);
    await expectProblem(
      (await call("DELETE", `${T}/${t.id}/annotations/${text!.id}`)).response,
      404,
      "not_found",
    );
    expect((await call("DELETE", `${T}/${t.id}/roles/${seller.id}`)).status).toBe(204);
    expect((await call<{ totalCount: number }>("GET", `${T}/${t.id}/annotations`)).body.totalCount).toBe(0);

    await bulk({ annotations: [{ roleId: buyer.id, type: "Signature", page: 1, x: 0, y: 0 }] });
    expect((await call("DELETE", `${T}/${t.id}/documents/${doc.id}`)).status).toBe(204);
    expect((await call<{ totalCount: number }>("GET", `${T}/${t.id}/annotations`)).body.totalCount).toBe(0);
    await expectProblem((await call("GET", `${T}/${t.id}/documents/${doc.id}`)).response, 404, "not_found");
    expect((await call("GET", `${T}/${t.id}`)).body.documentCount).toBe(0);
  });

  test("reset removes annotations and detected tags; retry only for a failed document, which it reprocesses", async () => {
    const { t } = await template();
    const doc = (await (
      await upload(t.id, await pdfWithTags([{ text: "{{sig:1}}", x: 72, y: 600 }]), "a.pdf")
    ).json()) as Json;
    await expectProblem(
      (await call("POST", `${T}/${t.id}/documents/${doc.id}/retry`)).response,
      400,
      "invalid_state",
    );

    const reset = await call("POST", `${T}/${t.id}/reset`);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ id: t.id, documentCount: 1, roleCount: 2 });
    expect((await call<{ totalCount: number }>("GET", `${T}/${t.id}/annotations`)).body.totalCount).toBe(0);
    expect((await call<Json[]>("GET", `${T}/${t.id}/documents/${doc.id}/detected-tags`)).body).toEqual([]);
    expect((await call("GET", `${T}/${t.id}/documents/${doc.id}`)).body.detectedTagCount).toBe(0);

    // A PDF whose text the reader cannot read: a package refuses it, a template keeps it as Failed.
    const unreadable = await pdfWithUnreadableText();
    const pkg = (await call("POST", P, { name: "Refuses" })).body;
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(unreadable)], { type: "application/pdf" }), "bomb.pdf");
    await expectProblem(
      await fetch(`${service.url}${P}/${pkg.id}/documents`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }),
      400,
      "invalid_document",
    );
    const kept = await upload(t.id, unreadable, "bomb.pdf");
    expect(kept.status).toBe(201);
    const keptDoc = (await kept.json()) as Json;
    expect(keptDoc).toMatchObject({
      pageCount: 1,
      detectedTagCount: 0,
      processingStatus: "Failed",
      processingError: expect.stringMatching(/too complex/),
    });
    // Retrying reads it again: still unreadable, 400 and still Failed.
    await expectProblem(
      (await call("POST", `${T}/${t.id}/documents/${keptDoc.id}/retry`)).response,
      400,
      "invalid_document",
    );
    expect((await call("GET", `${T}/${t.id}/documents/${keptDoc.id}`)).body.processingStatus).toBe("Failed");

    // A document whose text could not be read once (the reader stopped, say): Failed until a retry.
    await service.storage.transaction((s) =>
      s.templates.setFailure(
        doc.id,
        "Its text could not be read for tags: the reader stopped.",
        new Date().toISOString(),
      ),
    );
    const failed = (await call("GET", `${T}/${t.id}/documents/${doc.id}`)).body;
    expect(failed).toMatchObject({
      processingStatus: "Failed",
      processingError: expect.stringMatching(/reader stopped/),
    });
    const retried = await call("POST", `${T}/${t.id}/documents/${doc.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      processingStatus: "Ready",
      processingError: null,
      detectedTagCount: 1,
    });
    expect((await call<{ totalCount: number }>("GET", `${T}/${t.id}/annotations`)).body.totalCount).toBe(1);
  });

  test("use: the package gets the documents (blobs shared) and the annotations on the signers filling the roles", async () => {
    const { t, buyer, seller } = await template();
    const bytes = await pdfWithTags([
      { text: "{{sig:1}}", x: 72, y: 600 },
      { text: "{{sig:2}}", x: 300, y: 600 },
    ]);
    const doc = (await (await upload(t.id, bytes, "sale.pdf")).json()) as Json;
    const made = await call("POST", `${T}/${t.id}/use`, {
      name: "Sale of 12 Elm St",
      roles: [
        { roleId: seller.id, email: "seller@example.com", name: "Sam Seller" },
        { roleId: buyer.id, email: "buyer@example.com", name: "Bea Buyer" },
      ],
      send: true,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: "Sent", documentCount: 1, signerCount: 2 });
    const pkg = made.body;
    const docs = (await call<{ items: Json[] }>("GET", `${P}/${pkg.id}/documents`)).body.items;
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      name: "sale.pdf",
      sha256: doc.sha256,
      pageCount: 1,
      detectedTagCount: 2,
    });
    expect(docs[0]!.id).not.toBe(doc.id);
    const signers = (await call<{ items: Json[] }>("GET", `${P}/${pkg.id}/signers`)).body.items;
    const byEmail = new Map(signers.map((x) => [x.email, x.id]));
    const annotations = (await call<{ items: Json[] }>("GET", `${P}/${pkg.id}/annotations`)).body.items;
    expect(annotations.map((a) => [a.signerId, a.documentId, a.source])).toEqual([
      [byEmail.get("buyer@example.com"), docs[0]!.id, "TextTag"],
      [byEmail.get("seller@example.com"), docs[0]!.id, "TextTag"],
    ]);
    // Where the tags' fields are, as in the template.
    const copiedTags = (await call<Json[]>("GET", `${P}/${pkg.id}/documents/${docs[0]!.id}/detected-tags`))
      .body;
    expect(annotations.map((a) => ({ x: a.x, y: a.y, width: a.width, height: a.height }))).toEqual(
      copiedTags.map((x) => x.field),
    );

    // The template is untouched; removing its document leaves the package's copy.
    expect((await call("DELETE", `${T}/${t.id}/documents/${doc.id}`)).status).toBe(204);
    expect((await call("GET", `${P}/${pkg.id}/documents/${docs[0]!.id}`)).status).toBe(200);
  });

  test("the blob collector keeps a blob a template document refers to, and takes it when the template goes", async () => {
    const { t } = await template();
    const bytes = await pdfWithTags([{ text: `only here ${Math.random()}`, x: 72, y: 72 }]);
    const doc = (await (await upload(t.id, bytes, "kept.pdf")).json()) as Json;
    // A package's document of the same bytes, deleted: its blob is queued as garbage.
    const pkg = (await call("POST", P, { name: "Same bytes" })).body;
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "same.pdf");
    const pdoc = (await (
      await fetch(`${service.url}${P}/${pkg.id}/documents`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    ).json()) as Json;
    expect(pdoc.sha256).toBe(doc.sha256);
    expect((await call("DELETE", `${P}/${pkg.id}/documents/${pdoc.id}`)).status).toBe(204);
    const blobs = openBlobStore(service.config);
    expect(await service.storage.blobGarbage.isReferenced(doc.sha256 as string)).toBe(true);
    await collectBlobGarbage(service.storage, blobs, new Date(), 0);
    expect(await blobs.has(doc.sha256 as string)).toBe(true);
    // The template still answers its document's tags from the stored bytes.
    expect((await call("POST", `${T}/${t.id}/documents/${doc.id}/detect-tags`)).status).toBe(200);

    expect((await call("DELETE", `${T}/${t.id}`)).status).toBe(204);
    expect(await service.storage.blobGarbage.isReferenced(doc.sha256 as string)).toBe(false);
    await collectBlobGarbage(service.storage, blobs, new Date(), 0);
    expect(await blobs.has(doc.sha256 as string)).toBe(false);
  });

  test("tenants, scopes and bad input: 404 for another tenant's, 403 without the scope, 4xx never 500", async () => {
    const { t, buyer } = await template();
    const doc = (await (await upload(t.id, await pdfWithTags([]), "a.pdf")).json()) as Json;
    const annotation = (
      await call<Json[]>("POST", `${T}/${t.id}/documents/${doc.id}/annotations/bulk`, {
        annotations: [{ roleId: buyer.id, type: "Signature", page: 1, x: 0, y: 0 }],
      })
    ).body[0]!;
    const routes: [string, string, unknown?][] = [
      ["GET", `${T}/${t.id}/documents`],
      ["GET", `${T}/${t.id}/documents/${doc.id}`],
      ["GET", `${T}/${t.id}/documents/${doc.id}/removal-impact`],
      ["GET", `${T}/${t.id}/documents/${doc.id}/detected-tags`],
      ["POST", `${T}/${t.id}/documents/${doc.id}/detect-tags`],
      ["POST", `${T}/${t.id}/documents/${doc.id}/retry`],
      ["DELETE", `${T}/${t.id}/documents/${doc.id}`],
      ["POST", `${T}/${t.id}/reset`],
      ["GET", `${T}/${t.id}/annotations`],
      ["PUT", `${T}/${t.id}/annotations/${annotation.id}`, { x: 1 }],
      ["DELETE", `${T}/${t.id}/annotations/${annotation.id}`],
      ["POST", `${T}/${t.id}/uploads`, { fileName: "a.pdf", contentType: "application/pdf", size: 5 }],
      ["GET", `${T}/${t.id}/uploads/${UNKNOWN}`],
    ];
    for (const [method, route, body] of routes) {
      await expectProblem((await call(method, route, body, other)).response, 404, "not_found");
    }
    expect((await upload(t.id, await pdfWithTags([]), "b.pdf", undefined, other)).status).toBe(404);
    // Reads with sign.template.read; writes need sign.package.create.
    expect((await call("GET", `${T}/${t.id}/documents`, undefined, reader)).status).toBe(200);
    await expectProblem(
      (await call("POST", `${T}/${t.id}/reset`, undefined, reader)).response,
      403,
      "insufficient_scope",
    );
    expect((await upload(t.id, await pdfWithTags([]), "b.pdf", undefined, reader)).status).toBe(403);
    // Still there for its own tenant.
    expect((await call("GET", `${T}/${t.id}/annotations`)).body.totalCount).toBe(1);

    // Not multipart, no file part, not a PDF, non-UUID ids.
    await expectProblem(
      (await call("POST", `${T}/${t.id}/documents`, { file: "x" })).response,
      415,
      "unsupported_media_type",
    );
    const empty = new FormData();
    empty.append("name", "nothing");
    await expectProblem(
      await fetch(`${service.url}${T}/${t.id}/documents`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: empty,
      }),
      400,
      "validation_failed",
    );
    await expectProblem(
      await upload(t.id, new TextEncoder().encode("not a pdf"), "x.pdf"),
      400,
      "invalid_document",
    );
    await expectProblem((await call("GET", `${T}/nope/documents`)).response, 404, "not_found");
    await expectProblem((await call("GET", `${T}/${t.id}/documents/nope`)).response, 404, "not_found");

    // Whatever the bulk body, a documented 4xx or a 201.
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record({
            annotations: fc.array(
              fc.record(
                {
                  roleId: fc.oneof(fc.constant(buyer.id), fc.string()),
                  type: fc.oneof(fc.constantFrom("Signature", "Text", "Dropdown", "Checkbox"), fc.string()),
                  page: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.double()),
                  x: fc.oneof(fc.double(), fc.integer({ min: -10, max: 700 })),
                  y: fc.integer({ min: -10, max: 900 }),
                  options: fc.option(fc.array(fc.string(), { maxLength: 3 })),
                  value: fc.option(fc.string()),
                },
                { requiredKeys: [] },
              ),
              { maxLength: 3 },
            ),
          }),
        ),
        async (body) => {
          const response = await service.call("POST", `${T}/${t.id}/documents/${doc.id}/annotations/bulk`, {
            token,
            body,
          });
          expect([201, 400, 413, 415]).toContain(response.status);
          if (response.status !== 201) {
            const problem = (await response.json()) as { code: string };
            expect(problem.code).toMatch(/^[a-z_]+$/);
          } else await response.arrayBuffer();
        },
      ),
      { numRuns: 40 },
    );
  });
});
