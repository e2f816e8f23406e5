// POST /packages/{id}/signed-files (issue 33): one short-lived link per sealed document (and the
// certificate when asked), with names and sizes, through HTTP on both databases: the links serve the
// sealed bytes without a credential, stop at their expiry, a wrong token opens nothing, and a package
// that is not Completed (or another tenant's, or bad input) answers the documented error.
import { createHash } from "node:crypto";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { openBlobStore } from "../../src/service/blobs";
import { completeDuePackage, SealKeeper } from "../../src/service/domain/completion";
import { DOWNLOAD_LINK_TTL_SECONDS, purgeExpiredLinks } from "../../src/service/domain/download-links";
import { transition } from "../../src/service/domain/packages/transition";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";

type Json = Record<string, unknown> & { id: string };
interface SignedFile {
  kind: string;
  documentId: string | null;
  fileName: string;
  contentType: string;
  size: number;
  url: string;
  expiresOn: string;
}
interface SignedFiles {
  files: SignedFile[];
  totalSize: number;
  expiresOn: string;
}
const P = "/api/v1/packages";
const hashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function onePagePdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText(text, { x: 72, y: 700, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

describe.each(BACKENDS)("signed-file links on %s", (backend) => {
  let service: TestService;
  let token: string;
  let tenantId: string;
  let completed: { id: string; documentIds: string[] };
  let sent: { id: string };

  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await service.token("files");
    tenantId = (await service.storage.credentials.findTenantByName("files"))!.id;
    sent = await sentPackage("Still out", ["Terms"]);
    const done = await sentPackage("Offer 2026", ["Offer letter", "Mutual NDA"]);
    // Completed without signing (transition() queues its sealing); the completion step seals it.
    await service.storage.transaction(async (s) => {
      const pkg = (await s.packages.get(tenantId, done.id))!;
      const now = new Date();
      await transition(s, pkg, { status: "Completed", completedOn: now.toISOString() }, null, now);
    });
    const deps = {
      storage: service.storage,
      blobs: openBlobStore(service.config),
      seal: new SealKeeper(service.config),
    };
    expect((await completeDuePackage(deps))?.outcome).toBe("done");
    completed = done;
  }, 180_000);
  afterAll(() => service.close());

  async function call<T = Json>(method: string, route: string, body?: unknown, as: string | null = token) {
    const response = await service.call(method, route, as === null ? { body } : { token: as, body });
    const copy = response.clone();
    const text = await copy.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, response };
  }

  async function sentPackage(name: string, documents: string[]) {
    const pkg = (await call("POST", P, { name })).body;
    const documentIds: string[] = [];
    for (const doc of documents) {
      const form = new FormData();
      const pdf = await onePagePdf(`${doc}: terms`);
      form.append("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), `${doc}.pdf`);
      const uploaded = await fetch(`${service.url}${P}/${pkg.id}/documents`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(uploaded.status).toBe(201);
      documentIds.push(((await uploaded.json()) as Json).id);
    }
    const signer = (await call("POST", `${P}/${pkg.id}/signers`, { email: "ada@contoso.com", name: "Ada" }))
      .body;
    const field = {
      documentId: documentIds[0],
      signerId: signer.id,
      type: "Signature",
      page: 1,
      x: 72,
      y: 600,
    };
    expect((await call("POST", `${P}/${pkg.id}/annotations`, field)).status).toBe(201);
    expect((await call("POST", `${P}/${pkg.id}/send`)).body).toMatchObject({ status: "Sent" });
    return { id: pkg.id, documentIds };
  }

  /** Opens a link without a credential; `response` is a copy with its body unread (for expectProblem). */
  const open = async (url: string) => {
    const fetched = await fetch(service.url + url);
    const response = fetched.clone();
    const bytes = new Uint8Array(await fetched.arrayBuffer());
    return { response, bytes };
  };

  test("the sealed documents in order, then the certificate, each served by its link without a credential", async () => {
    const before = Date.now();
    const answer = await call<SignedFiles>("POST", `${P}/${completed.id}/signed-files`, {
      includeCertificate: true,
    });
    expect(answer.status).toBe(200);
    const { files } = answer.body;
    expect(files.map((f) => [f.kind, f.documentId, f.fileName])).toEqual([
      ["SignedDocument", completed.documentIds[0], "Offer letter (signed).pdf"],
      ["SignedDocument", completed.documentIds[1], "Mutual NDA (signed).pdf"],
      ["CertificateOfCompletion", null, "Offer 2026 - certificate of completion.pdf"],
    ]);
    expect(answer.body.totalSize).toBe(files.reduce((n, f) => n + f.size, 0));
    const expires = Date.parse(answer.body.expiresOn);
    expect(expires).toBeGreaterThanOrEqual(before + DOWNLOAD_LINK_TTL_SECONDS * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + DOWNLOAD_LINK_TTL_SECONDS * 1000);

    const stored = await service.storage.completions.files(completed.id);
    for (const file of files) {
      expect(file.url).toMatch(/^\/api\/v1\/downloads\/[A-Za-z0-9_-]{43}$/);
      expect(file.contentType).toBe("application/pdf");
      const { response, bytes } = await open(file.url);
      expect(response.status).toBe(200);
      expect(bytes.length).toBe(file.size);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      const want = stored.find(
        (s) =>
          s.kind === (file.kind === "SignedDocument" ? "Document" : "Certificate") &&
          (file.documentId === null || s.documentId === file.documentId),
      )!;
      expect(hashOf(bytes)).toBe(want.sha256);
    }
  });

  test("without the certificate unless asked; an empty body is the default", async () => {
    const plain = await call<SignedFiles>("POST", `${P}/${completed.id}/signed-files`, {});
    expect(plain.body.files.map((f) => f.kind)).toEqual(["SignedDocument", "SignedDocument"]);
    const none = await service.call("POST", `${P}/${completed.id}/signed-files`, { token });
    expect(none.status).toBe(200);
    expect(((await none.json()) as SignedFiles).files).toHaveLength(2);
  });

  test("a link stops at its expiry, and a wrong or altered token opens nothing", async () => {
    const { files } = (await call<SignedFiles>("POST", `${P}/${completed.id}/signed-files`, {})).body;
    const url = files[0]!.url;
    const token43 = url.split("/").pop()!;
    const altered = token43.slice(0, -1) + (token43.endsWith("A") ? "B" : "A");
    await expectProblem((await open(url.replace(token43, altered))).response, 404, "not_found");
    await expectProblem((await open("/api/v1/downloads/not-a-token")).response, 404, "not_found");
    expect((await open(url)).response.status).toBe(200);
    // The scheduler's purge, run as it would be just after the link's expiry.
    const after = new Date(Date.parse(files[0]!.expiresOn) + 1000);
    expect(await purgeExpiredLinks(service.storage, after)).toBeGreaterThanOrEqual(files.length);
    await expectProblem((await open(url)).response, 404, "not_found");
  });

  test("a package that is not Completed, unknown, or another tenant's answers the documented error", async () => {
    const notYet = await call("POST", `${P}/${sent.id}/signed-files`, { includeCertificate: true });
    const problem = await expectProblem(notYet.response, 400, "invalid_state");
    expect(problem.detail).toMatch(/Sent/);
    await expectProblem(
      (await call("POST", `${P}/00000000-0000-4000-8000-000000000000/signed-files`, {})).response,
      404,
      "not_found",
    );
    await expectProblem((await call("POST", `${P}/not-an-id/signed-files`, {})).response, 404, "not_found");
    const stranger = await service.token("files-other");
    await expectProblem(
      (await call("POST", `${P}/${completed.id}/signed-files`, {}, stranger)).response,
      404,
      "not_found",
    );
  });

  test("bad input and missing credentials answer the documented error", async () => {
    const bad = await call("POST", `${P}/${completed.id}/signed-files`, { includeCertificate: "yes" });
    const problem = await expectProblem(bad.response, 400, "validation_failed");
    expect(problem.errors?.[0]?.field).toMatch(/includeCertificate/);
    await expectProblem(
      (await call("POST", `${P}/${completed.id}/signed-files`, [1, 2])).response,
      400,
      "validation_failed",
    );
    await expectProblem(
      (await call("POST", `${P}/${completed.id}/signed-files`, {}, null)).response,
      401,
      "unauthorized",
    );
    const readOnly = await service.token("files", ["sign.package.send"]);
    await expectProblem(
      (await call("POST", `${P}/${completed.id}/signed-files`, {}, readOnly)).response,
      403,
      "insufficient_scope",
    );
  });
});
