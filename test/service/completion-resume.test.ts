// Completion run by the service's own scheduler (issue 16), on both databases: no test calls the
// completion step. First the in-process service completes a package and mails the sender; then a
// service process is killed (kill -9) while it completes one, right after it stored its first file,
// and the next process resumes: it makes only the files that are missing, and the sender gets one
// mail. The pause and the short lease are the test-only knobs of src/service/completion/test-hooks.ts.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { transition } from "../../src/service/domain/packages/transition";
import { withTempFile } from "../pdf/poppler";
import { makePng } from "../pdf/images";
import { BACKENDS, startTestService, type TestService } from "./harness";
import { startSmtpInbox, type SmtpInbox } from "./smtp-inbox";
import { type ServiceProcess, spawnService } from "./processes";

type Json = Record<string, unknown> & { id: string };
const P = "/api/v1/packages";
const NDA = readFileSync(path.join(__dirname, "../fixtures/mutual-nda.pdf"));
const SIGNATURE_PNG = `data:image/png;base64,${Buffer.from(makePng(120, 40)).toString("base64")}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` answers something truthy (or fails after `ms`, saying what it waited for). */
async function waitFor<T>(what: string, check: () => Promise<T>, ms = 90_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

function pdfsig(pdf: Uint8Array): string {
  return withTempFile(pdf, (file) => {
    const r = spawnSync("pdfsig", [file], { encoding: "utf8" });
    return r.stdout + r.stderr;
  });
}

/** The service's JSON log lines saying it completed a package. */
function completedLogs(output: string): { packageId: string; made: string[] }[] {
  return output
    .split("\n")
    .filter((line) => line.includes("package completed"))
    .map((line) => JSON.parse(line) as { packageId: string; made: string[] });
}

describe.each(BACKENDS)("completion by the scheduler on %s", (backend) => {
  let smtp: SmtpInbox;
  const services: TestService[] = [];

  beforeAll(async () => {
    smtp = await startSmtpInbox();
  });
  afterAll(async () => {
    for (const s of services) await s.close();
    await smtp.close();
  });

  /** A sent package of `documents` copies of the NDA (its text tags applied), then signed by all. */
  async function completedPackage(service: TestService, tenant: string, name: string, documents = 1) {
    const token = await service.token(tenant);
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await service.call(method, route, { token, body });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
    };
    const pkg = (await call("POST", P, { name })).body;
    const docs: Json[] = [];
    for (let i = 1; i <= documents; i++) {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(NDA)], { type: "application/pdf" }), `nda-${i}.pdf`);
      const uploaded = await fetch(`${service.url}${P}/${pkg.id}/documents`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(uploaded.status).toBe(201);
      docs.push((await uploaded.json()) as Json);
    }
    const signers = await call("POST", `${P}/${pkg.id}/signers/bulk`, {
      signers: [
        { email: "ada@fabrikam.com", name: "Ada Fabrikam" },
        { email: "bob@contoso.com", name: "Bob Contoso", routingOrder: 2 },
      ],
    });
    expect(signers.status).toBe(201);
    expect((await call("POST", `${P}/${pkg.id}/apply-detected-tags`, {})).status).toBe(200);
    expect((await call("POST", `${P}/${pkg.id}/send`)).status).toBe(200);

    // What the signing routes do (another branch's): every value given, signers and package Completed.
    const { storage } = service;
    const tenantId = (await storage.credentials.findTenantByName(tenant))!.id;
    const at = new Date().toISOString();
    await storage.transaction(async (s) => {
      for (const a of await s.annotations.list(pkg.id)) {
        const value = a.type === "Signature" || a.type === "Initials" ? SIGNATURE_PNG : "2026-11-25";
        await s.annotations.update({ ...a, value, isCompleted: true, completedOn: at });
      }
      for (const signer of await s.signers.list(pkg.id))
        await s.signers.update({ ...signer, status: "Completed", completedOn: at });
      await s.completions.setSender(pkg.id, "sam.sender@contoso.com", "Sam Sender");
      // Completed through transition(), as finishSigning does: it queues the sealing.
      const row = (await s.packages.get(tenantId, pkg.id))!;
      await transition(s, row, { status: "Completed", completedOn: at }, null, new Date(at));
    });
    return { pkg, docs, token, tenantId };
  }

  /** The sender's Completed mails (each signer gets one too: completion.test.ts). */
  const completedMails = (name: string) =>
    smtp.received
      .filter(
        (r) => r.envelopeTo.includes("sam.sender@contoso.com") && r.mail.subject === `Completed: ${name}`,
      )
      .map((r) => r.mail);

  test("the running service's scheduler seals the documents and mails the sender", async () => {
    const service = await startTestService(backend, {
      SIGN_SCHEDULER_INTERVAL_MS: "50",
      SMTP_URL: smtp.url,
      SIGN_PUBLIC_URL: "https://sign.example.com/",
    });
    services.push(service);
    const name = "Scheduled NDA";
    const { pkg, docs, token } = await completedPackage(service, "scheduled", name);

    // Nobody calls the completion step: the scheduler finds the queued row and works it off.
    const link = await waitFor("the signed document", async () => {
      const r = await service.call("GET", `${P}/${pkg.id}/documents/${docs[0]!.id}/download-signed`, {
        token,
      });
      return r.status === 200 ? ((await r.json()) as { url: string }) : null;
    });
    const signed = new Uint8Array(await (await fetch(service.url + link.url)).arrayBuffer());
    expect(pdfsig(signed)).toMatch(/Signature Validation: Signature is Valid\./);
    expect(service.logs.filter((l) => l.msg === "package completed: documents sealed")).toEqual([
      expect.objectContaining({
        packageId: pkg.id,
        made: [`Document/${docs[0]!.id}`, "Certificate", "AuditTrail", "Zip"],
      }),
    ]);

    // The scheduler also delivers the sender's mail, whose link serves the zip.
    const [mail] = await waitFor("the Completed mail", async () => {
      const mails = completedMails(name);
      return mails.length ? mails : null;
    });
    const url = /https:\/\/sign\.example\.com(\/api\/v1\/downloads\/[A-Za-z0-9_-]{43})/.exec(mail!.text!);
    expect(url).not.toBeNull();
    const zip = await fetch(service.url + url![1]!);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    await zip.arrayBuffer();
  }, 300_000); // a service start, sealing and a mail, each slow on a busy machine (seen over 120 s)

  test("a service killed (kill -9) mid-completion: the next start resumes, no file made twice, one mail", async () => {
    // This service only sets the package up: its own scheduler is off.
    const setup = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    services.push(setup);
    const env = {
      SIGN_DATA_DIR: setup.place.dataDir,
      DATABASE_URL: setup.place.databaseUrl ?? "",
      SMTP_URL: smtp.url,
      SIGN_SCHEDULER_INTERVAL_MS: "50",
      SIGN_PUBLIC_URL: "https://sign.example.com/",
      // A killed worker's claim runs out in 3 s instead of 2 minutes.
      SIGN_TEST_COMPLETION_LEASE_MS: "3000",
    };
    const running: ServiceProcess[] = [];
    try {
      const first = await spawnService({ ...env, SIGN_TEST_COMPLETION_PAUSE_AFTER: "Document" });
      running.push(first);
      const name = "Interrupted NDA";
      const { pkg, docs, tenantId } = await completedPackage(setup, "resume", name, 2);
      const files = () => setup.storage.completions.files(pkg.id);

      // The first process stores the first signed document, then waits (the test hook): killed there.
      const [stored] = await waitFor("the first stored file", async () => {
        const f = await files();
        return f.length ? f : null;
      });
      first.child.kill("SIGKILL");
      expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
      expect(stored).toMatchObject({ kind: "Document", documentId: docs[0]!.id });
      expect(await files()).toHaveLength(1);
      expect(await setup.storage.completions.get(tenantId, pkg.id)).toMatchObject({
        status: "Pending",
        attempts: 1,
      });
      const outbox = async () =>
        (await setup.storage.outbox.listForPackage(pkg.id)).filter((o) => o.kind === "Completed");
      expect(await outbox()).toHaveLength(0);

      // The next start: once the dead worker's lease runs out, it claims the package and resumes.
      const second = await spawnService(env);
      running.push(second);
      await waitFor("the completion done", async () => {
        const c = await setup.storage.completions.get(tenantId, pkg.id);
        return c?.status === "Done" ? c : null;
      });
      expect(await setup.storage.completions.get(tenantId, pkg.id)).toMatchObject({ attempts: 2 });
      await waitFor("the Completed mail", async () => completedMails(name).length > 0);
      await sleep(1000); // a second mail, were there one, would come now

      // Only the missing files were made; the first document is the one stored before the kill.
      expect(completedLogs(first.output())).toEqual([]);
      expect(completedLogs(second.output())).toEqual([
        {
          ...completedLogs(second.output())[0],
          packageId: pkg.id,
          made: [`Document/${docs[1]!.id}`, "Certificate", "AuditTrail", "Zip"],
        },
      ]);
      const after = await files();
      expect(after.map((f) => `${f.kind}/${f.documentId}`).sort()).toEqual(
        ["AuditTrail/", "Certificate/", `Document/${docs[0]!.id}`, `Document/${docs[1]!.id}`, "Zip/"].sort(),
      );
      expect(after.find((f) => f.documentId === docs[0]!.id)).toEqual(stored);
      // One mail to each, one outbox row each, one audit event.
      expect((await outbox()).map((o) => o.email).sort()).toEqual([
        "ada@fabrikam.com",
        "bob@contoso.com",
        "sam.sender@contoso.com",
      ]);
      expect(completedMails(name)).toHaveLength(1);
      expect(completedMails(name)[0]!.to).toMatchObject({
        text: expect.stringContaining("sam.sender@contoso.com"),
      });
      const events = await setup.storage.audit.list(tenantId, pkg.id);
      expect(events.filter((e) => e.action === "DocumentsSealed")).toHaveLength(1);
    } finally {
      for (const p of running)
        if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGTERM");
      await Promise.all(running.map((p) => p.exited));
    }
  }, 600_000); // two service processes, each starting Node with tsx (up to 180 s each on a busy machine)
});
