// Completion (issue 16) on both databases, against the real service: a package made and sent through
// the API with the NDA fixture's text tags, its values set and statuses moved through storage (the
// signing routes are another branch's), then completed by the completion step. The result is read
// by independent tools: pdfsig (the seal), pdftotext -bbox (values where the fields were, tag text
// gone), pdftoppm (a drawn signature), unzip (the package zip); the sender's mail by a real SMTP
// server.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openBlobStore } from "../../src/service/blobs";
import { completeDuePackage, SealKeeper } from "../../src/service/domain/completion";
import { deliverDueNotifications } from "../../src/service/domain/outbox";
import { transition } from "../../src/service/domain/packages/transition";
import { parseSmtpFrom, parseSmtpUrl } from "../../src/service/mail/smtp-url";
import { createMailer } from "../../src/service/mail/transport";
import { darkestIn, renderGrey, textOf, withTempFile, wordsOf } from "../pdf/poppler";
import { makePng } from "../pdf/images";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";
import { startSmtpInbox, type SmtpInbox } from "./smtp-inbox";

type Json = Record<string, unknown> & { id: string };
const P = "/api/v1/packages";
const NDA = readFileSync(path.join(__dirname, "../fixtures/mutual-nda.pdf"));
const SIGNATURE_PNG = `data:image/png;base64,${Buffer.from(makePng(120, 40)).toString("base64")}`;
const COMPANY = "Fabrikam-Holdings";

function pdfsig(pdf: Uint8Array): string {
  return withTempFile(pdf, (file) => {
    const r = spawnSync("pdfsig", [file], { encoding: "utf8" });
    return r.stdout + r.stderr;
  });
}

/** pdfsig finds one valid PAdES signature by the generated seal over the whole file. */
function expectSealed(pdf: Uint8Array): void {
  const report = pdfsig(pdf);
  expect(report).toMatch(/Signature Validation: Signature is Valid\./);
  expect(report).toMatch(/Total document signed/);
  expect(report).toMatch(/Signature Type: ETSI\.CAdES\.detached/);
  expect(report).toMatch(/Signer Certificate Common Name: Sign for Outlook seal/);
}

/** One entry of a zip, by name. */
function unzipFile(zip: Uint8Array, name: string): Uint8Array {
  const dir = mkdtempSync(path.join(tmpdir(), "completion-zip-"));
  try {
    writeFileSync(path.join(dir, "p.zip"), zip);
    const r = spawnSync("unzip", ["-p", "p.zip", name], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    expect(r.status).toBe(0);
    return new Uint8Array(r.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function unzipList(zip: Uint8Array): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "completion-zip-"));
  try {
    writeFileSync(path.join(dir, "p.zip"), zip);
    const r = spawnSync("unzip", ["-Z1", "p.zip"], { cwd: dir, encoding: "utf8" });
    expect(r.status).toBe(0);
    const test = spawnSync("unzip", ["-tq", "p.zip"], { cwd: dir, encoding: "utf8" });
    expect(test.status).toBe(0);
    return r.stdout.split("\n").filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(BACKENDS)("completion on %s", (backend) => {
  let smtp: SmtpInbox;
  let service: TestService;
  let token: string;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    // No scheduler: the test runs the completion step itself, twice at once, as two processes would.
    service = await startTestService(backend, {
      SIGN_SCHEDULER_INTERVAL_MS: "0",
      SIGN_PUBLIC_URL: "https://sign.example.com/base/",
    });
    token = await service.token("completion");
  }, 120_000); // a fresh database and the seal's first key: past 30 s on a loaded machine
  afterAll(async () => {
    await service.close();
    await smtp.close();
  });

  async function call<T = Json>(method: string, route: string, body?: unknown) {
    const response = await service.call(method, route, { token, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
  const fetchBytes = async (url: string) => {
    const response = await fetch(service.url + url);
    expect(response.status).toBe(200);
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  /** A package with the NDA (two signers' tags), a manual Company field, sent. */
  async function sentPackage() {
    const pkg = (await call("POST", P, { name: "Mutual NDA" })).body;
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(NDA)], { type: "application/pdf" }), "mutual-nda.pdf");
    const uploaded = await fetch(`${service.url}${P}/${pkg.id}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const doc = (await uploaded.json()) as Json & { detectedTagCount: number };
    expect(doc.detectedTagCount).toBe(8); // each party's signature, name, title and date
    const signers = await call<Json[]>("POST", `${P}/${pkg.id}/signers/bulk`, {
      signers: [
        { email: "ada@fabrikam.com", name: "Ada Fabrikam" },
        { email: "bob@contoso.com", name: "Bob Contoso", routingOrder: 2 },
      ],
    });
    expect(signers.status).toBe(201);
    const applied = await call<{ created: Json[] }>("POST", `${P}/${pkg.id}/apply-detected-tags`, {});
    expect(applied.body.created).toHaveLength(8);
    const ada = signers.body.find((s) => s.email === "ada@fabrikam.com")!;
    const manual = await call("POST", `${P}/${pkg.id}/annotations`, {
      documentId: doc.id,
      signerId: ada.id,
      type: "Company",
      page: 1,
      // In the empty space under the signature blocks.
      x: 300,
      y: 280,
      width: 150,
      height: 20,
    });
    expect(manual.status).toBe(201);
    expect((await call("POST", `${P}/${pkg.id}/send`)).status).toBe(200);
    return { pkg, doc };
  }

  /** What the signing routes will do: values on every field, signers and package Completed. */
  async function signEverything(packageId: string) {
    const { storage } = service;
    const tenantId = (await storage.credentials.findTenantByName("completion"))!.id;
    const at = new Date().toISOString();
    await storage.transaction(async (s) => {
      for (const a of await s.annotations.list(packageId)) {
        const value =
          a.type === "Signature" || a.type === "Initials"
            ? SIGNATURE_PNG
            : a.type === "Company"
              ? COMPANY
              : "2026-11-25";
        await s.annotations.update({ ...a, value, isCompleted: true, completedOn: at });
      }
      for (const signer of await s.signers.list(packageId))
        await s.signers.update({ ...signer, status: "Completed", completedOn: at });
      await s.completions.setSender(packageId, "sam.sender@contoso.com", "Sam Sender");
      // As finishSigning's last slot does: Completed through transition(), which queues the sealing.
      const pkg = (await s.packages.get(tenantId, packageId))!;
      await transition(s, pkg, { status: "Completed", completedOn: at }, null, new Date(at));
    });
  }

  test("sealed documents with the values where the fields were, certificate, zip, the sender's mail", async () => {
    const { pkg, doc } = await sentPackage();
    const routes = [
      `${P}/${pkg.id}/documents/${doc.id}/download-signed`,
      `${P}/${pkg.id}/download`,
      `${P}/${pkg.id}/certificate`,
    ];
    // Before completion: the documented error, saying the state.
    for (const route of routes) {
      const problem = await expectProblem(await service.call("GET", route, { token }), 400, "invalid_state");
      expect(problem.detail).toMatch(/Sent/);
    }
    // The audit trail exports at any time.
    const early = await service.call("GET", `${P}/${pkg.id}/audit-trail/export`, { token });
    expect(early.status).toBe(200);
    expect(early.headers.get("content-type")).toBe("application/pdf");
    const earlyPdf = new Uint8Array(await early.arrayBuffer());
    expect(textOf(earlyPdf)).toMatch(/PackageSent/);
    expectSealed(earlyPdf); // sealed as the documents will be, though the package is not complete

    expect((await call(`GET`, `${P}/${pkg.id}`)).body).toMatchObject({ status: "Sent", sealing: null });
    await signEverything(pkg.id);
    // Completed, not yet sealed: transition() queued the completion; the routes say it is under way,
    // and so does the package (the pane keeps its buttons off until Done).
    for (const route of routes) {
      const problem = await expectProblem(await service.call("GET", route, { token }), 400, "invalid_state");
      expect(problem.detail).toMatch(/in progress/);
    }
    expect((await call(`GET`, `${P}/${pkg.id}`)).body).toMatchObject({
      status: "Completed",
      sealing: "InProgress",
    });
    const listed = await call<{ items: Json[] }>("GET", `${P}?pageSize=100`);
    expect(listed.body.items.find((p) => p.id === pkg.id)).toMatchObject({ sealing: "InProgress" });

    // Two workers at once (as two service processes): one completes the package, the other finds none.
    const deps = () => ({
      storage: service.storage,
      blobs: openBlobStore(service.config),
      seal: new SealKeeper(service.config),
    });
    const reports = await Promise.all([completeDuePackage(deps()), completeDuePackage(deps())]);
    expect(reports.filter((r) => r?.outcome === "done")).toHaveLength(1);
    expect(reports.filter((r) => r === null)).toHaveLength(1);
    expect(await completeDuePackage(deps())).toBeNull();
    expect((await call(`GET`, `${P}/${pkg.id}`)).body).toMatchObject({ sealing: "Done" });

    // The signed document: sealed by the generated certificate, valid, and broken by one changed byte.
    const signedLink = await call<{ url: string; expiresOn: string }>("GET", routes[0]!);
    expect(signedLink.status).toBe(200);
    const { response, bytes: signed } = await fetchBytes(signedLink.body.url);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain("mutual-nda (signed).pdf");
    const report = pdfsig(signed);
    expect(report).toMatch(/Signature Validation: Signature is Valid\./);
    expect(report).toMatch(/Total document signed/);
    expect(report).toMatch(/Signature Type: ETSI\.CAdES\.detached/); // PAdES baseline B-B
    expect(report).toMatch(/Signer Certificate Common Name: Sign for Outlook seal/);
    const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(
      Buffer.from(signed).toString("latin1"),
    )!;
    const tampered = Uint8Array.from(signed);
    const offset = Number(m[1]) + Math.floor(Number(m[2]) / 2);
    tampered[offset] = tampered[offset] === 0x41 ? 0x42 : 0x41;
    expect(pdfsig(tampered)).not.toMatch(/Signature is Valid/);

    // Values where the fields were (pdftotext -bbox, within 2 points of the field's box); tags gone.
    const annotations = (
      await call<{ items: (Json & Record<string, number | string>)[] }>("GET", `${P}/${pkg.id}/annotations`)
    ).body.items;
    const [page] = wordsOf(signed);
    const text = page!.words.map((w) => w.text).join(" ");
    for (const tag of [
      "\\s1\\",
      "\\n1\\",
      "\\ti1\\",
      "\\d1\\",
      "{{Sig_es_",
      "{{N_es_",
      "{{Date_es_",
      "signer2",
    ])
      expect(text).not.toContain(tag);
    expect(text).toContain("Mutual Non-Disclosure Agreement"); // the rest stays
    const inside = (
      w: { xMin: number; yMin: number; xMax: number; yMax: number },
      a: Record<string, number | string>,
    ) =>
      w.xMin >= Number(a.x) - 2 &&
      w.xMax <= Number(a.x) + Number(a.width) + 2 &&
      w.yMin >= Number(a.y) - 2 &&
      w.yMax <= Number(a.y) + Number(a.height) + 2;
    const textFields = annotations.filter((a) => a.type !== "Signature" && a.type !== "Initials");
    expect(textFields.length).toBeGreaterThanOrEqual(3);
    for (const a of textFields) {
      const expected = a.type === "Company" ? COMPANY : "2026-11-25";
      const word = page!.words.find((w) => w.text === expected && inside(w, a));
      expect({ field: a.type, at: [a.x, a.y], found: !!word }).toEqual({
        field: a.type,
        at: [a.x, a.y],
        found: true,
      });
    }
    // Each drawn signature is dark inside its field.
    const grey = renderGrey(signed, 1);
    for (const a of annotations.filter((x) => x.type === "Signature"))
      expect(
        darkestIn(grey, { x: Number(a.x), y: Number(a.y), width: Number(a.width), height: Number(a.height) }),
      ).toBeLessThan(100);

    // The certificate of completion names the signers and the documents' hashes, and is sealed.
    const certificatePdf = (await fetchBytes((await call<{ url: string }>("GET", routes[2]!)).body.url))
      .bytes;
    expectSealed(certificatePdf);
    const certificate = textOf(certificatePdf);
    expect(certificate).toContain("ada@fabrikam.com");
    expect(certificate).toContain("bob@contoso.com");
    expect(certificate).toContain(String(doc.sha256).slice(0, 16));
    expect(certificate).toMatch(/verified/);

    // The zip: the signed document (byte for byte), the certificate and the audit trail.
    const zipLink = await call<{ url: string }>("GET", routes[1]!);
    const zip = (await fetchBytes(zipLink.body.url)).bytes;
    expect(unzipList(zip)).toEqual(["mutual-nda.pdf", "Certificate of completion.pdf", "Audit trail.pdf"]);
    // The audit trail of the package is sealed as the documents are.
    const auditTrailPdf = unzipFile(zip, "Audit trail.pdf");
    expectSealed(auditTrailPdf);
    expect(textOf(auditTrailPdf)).toContain("Audit trail");

    // One "Completed" mail to the sender, whose link (SIGN_PUBLIC_URL + a day's download link) serves
    // the zip, and one to each signer (completed-mail test below).
    const outbox = (await service.storage.outbox.listForPackage(pkg.id)).filter(
      (o) => o.kind === "Completed",
    );
    expect(outbox.map((o) => o.email).sort()).toEqual([
      "ada@fabrikam.com",
      "bob@contoso.com",
      "sam.sender@contoso.com",
    ]);
    const mailer = createMailer(parseSmtpUrl(smtp.url, parseSmtpFrom(undefined)));
    try {
      const before = smtp.received.length;
      for (;;) {
        const r = await deliverDueNotifications(service.storage, mailer, {
          publicUrl: service.config.publicUrl ?? undefined,
        });
        if (r.claimed === 0) break;
      }
      const mail = smtp.received
        .slice(before)
        .find((x) => x.envelopeTo.includes("sam.sender@contoso.com"))?.mail;
      expect(mail?.text).toContain("Hello Sam Sender,");
      const url = /https:\/\/sign\.example\.com\/base(\/api\/v1\/downloads\/[A-Za-z0-9_-]{43})/.exec(
        mail!.text!,
      );
      expect(url).not.toBeNull();
      expect((await fetchBytes(url![1]!)).bytes).toEqual(zip);
    } finally {
      mailer.close();
    }

    // The audit trail says so and still verifies.
    const verify = await call<{ isValid: boolean }>("GET", `${P}/${pkg.id}/audit-trail/verify`);
    expect(verify.body.isValid).toBe(true);
    const trail = await call<{ action: string; hash: string }[]>("GET", `${P}/${pkg.id}/audit-trail`);
    expect(trail.body.map((e) => e.action)).toContain("DocumentsSealed");
    // The sealed certificate anchors the trail's head as it stood at completion: the hash of an event
    // of the trail (the last one before the certificate was made) is printed in it.
    expect(certificate).toContain("Last event's SHA-256");
    const compact = certificate.replace(/\s+/g, "");
    expect(trail.body.some((e) => compact.includes(e.hash))).toBe(true);
  }, 120_000);

  test("every signer gets the Completed mail: the signed PDFs attached up to the limit, else a link that lasts", async () => {
    const deps = {
      storage: service.storage,
      blobs: openBlobStore(service.config),
      seal: new SealKeeper(service.config),
    };
    const deliverAll = async (attachMaxBytes: number) => {
      const mailer = createMailer(parseSmtpUrl(smtp.url, parseSmtpFrom(undefined)));
      try {
        const options = {
          publicUrl: service.config.publicUrl ?? undefined,
          blobs: deps.blobs,
          attachMaxBytes,
        };
        while ((await deliverDueNotifications(service.storage, mailer, options)).claimed > 0);
      } finally {
        mailer.close();
      }
    };
    const mailFor = (address: string, since: number) =>
      smtp.received
        .slice(since)
        .filter((r) => r.envelopeTo.includes(address) && r.mail.subject === "Completed: Mutual NDA")
        .map((r) => r.mail);

    // Small enough: each signer's mail carries the sealed PDF itself, the same bytes as download-signed.
    const small = await sentPackage();
    await signEverything(small.pkg.id);
    while ((await completeDuePackage(deps))?.outcome === "done");
    let since = smtp.received.length;
    await deliverAll(10 * 1024 * 1024);
    const signedLink = await call<{ url: string }>(
      "GET",
      `${P}/${small.pkg.id}/documents/${small.doc.id}/download-signed`,
    );
    const signed = (await fetchBytes(signedLink.body.url)).bytes;
    for (const [address, greeting] of [
      ["ada@fabrikam.com", "Hello Ada Fabrikam,"],
      ["bob@contoso.com", "Hello Bob Contoso,"],
    ] as const) {
      const [mail, ...more] = mailFor(address, since);
      expect(more).toHaveLength(0);
      expect(mail!.text).toContain(greeting);
      expect(mail!.text).toContain('Everyone has signed "Mutual NDA": it is complete.');
      expect(mail!.text).toContain("The signed document, sealed, is attached to this mail.");
      expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        ["mutual-nda (signed).pdf", "application/pdf"],
      ]);
      expect(new Uint8Array(mail!.attachments[0]!.content)).toEqual(signed);
    }
    // The sender's has the PDF too, and still the day's link to the whole zip.
    const [senderMail] = mailFor("sam.sender@contoso.com", since);
    expect(senderMail!.attachments.map((a) => a.filename)).toEqual(["mutual-nda (signed).pdf"]);
    expect(senderMail!.text).toMatch(/https:\/\/sign\.example\.com\/base\/api\/v1\/downloads\//);

    // Larger than the limit: no attachment, a share link of 90 days to the zip (in the audit trail).
    const large = await sentPackage();
    await signEverything(large.pkg.id);
    while ((await completeDuePackage(deps))?.outcome === "done");
    since = smtp.received.length;
    await deliverAll(1000);
    const [mail] = mailFor("bob@contoso.com", since);
    expect(mail!.attachments).toHaveLength(0);
    expect(mail!.text).toContain("The signed documents are too large to attach");
    const shared = /https:\/\/sign\.example\.com\/base(\/api\/v1\/shared\/[A-Za-z0-9_-]{43})/.exec(
      mail!.text!,
    );
    expect(shared).not.toBeNull();
    const zip = await fetchBytes(shared![1]!);
    expect(zip.response.headers.get("content-type")).toBe("application/zip");
    expect(unzipList(zip.bytes)).toContain("mutual-nda.pdf");
    const links = await call<{ items: { packageId: string; scope: string; expiresOn: string }[] }>(
      "GET",
      `/api/v1/share-links?packageId=${large.pkg.id}`,
    );
    expect(links.body.items.map((l) => l.scope)).toEqual(["AllSignedDocuments", "AllSignedDocuments"]);
    for (const l of links.body.items)
      expect(Date.parse(l.expiresOn) - Date.now()).toBeGreaterThan(89 * 86_400_000);
  }, 180_000);

  test("unknown ids answer 404; another tenant's package too", async () => {
    const other = await service.token("completion-other");
    const { pkg, doc } = await sentPackage();
    await expectProblem(
      await service.call("GET", `${P}/${pkg.id}/download`, { token: other }),
      404,
      "not_found",
    );
    await expectProblem(
      await service.call("GET", `${P}/${pkg.id}/audit-trail/export`, { token: other }),
      404,
      "not_found",
    );
    await expectProblem(
      await service.call("GET", `${P}/not-a-uuid/certificate`, { token }),
      404,
      "not_found",
    );
    void doc;
  });
});
