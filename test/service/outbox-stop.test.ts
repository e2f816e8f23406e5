// The outbox across a normal stop (issue 16: "never lost or sent twice across a restart"), with the
// service as its own process and a real SMTP server, on both databases. SIGTERM arrives while the
// server holds its answer to a mail's DATA: the stop must let that mail finish and record it, and hand
// the rows it has not started back at once; the next process sends those, and only those. Before
// the graceful stop, the send in flight was cut off and marked for a retry although the server had
// the mail, so the next process sent it again (same Message-ID, two copies).
import { newId } from "../../src/service/domain/tokens";
import type { OutboxEntry } from "../../src/service/storage";
import { BACKENDS, startTestService, type TestService } from "./harness";
import { spawnService, type ServiceProcess } from "./processes";
import { startSmtpInbox, type SmtpInbox } from "./smtp-inbox";

type Json = Record<string, unknown> & { id: string };
const P = "/api/v1/packages";
const MEMBERS = 6;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** spawnService, tried twice: on a loaded 2-core machine a start can pass its 60 s. */
async function startService(env: Record<string, string>): Promise<ServiceProcess> {
  try {
    return await spawnService(env);
  } catch {
    return spawnService(env);
  }
}

describe.each(BACKENDS)("outbox across a graceful stop on %s", (backend) => {
  let smtp: SmtpInbox;
  // Writes the notifications through the API, and reads the outbox; its own scheduler is off.
  let writer: TestService;
  let token: string;
  let tenantId: string;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    writer = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await writer.token("stop");
    tenantId = (await writer.storage.credentials.findTenantByName("stop"))!.id;
  }, 120_000); // a loaded machine's PostgreSQL database and service start
  afterAll(async () => {
    await writer.close();
    await smtp.close();
  });

  async function call<T = Json>(method: string, route: string, body?: unknown) {
    const response = await writer.call(method, route, { token, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** A package sent to a signing group of MEMBERS people: one Invitation row each, Pending. */
  async function sendToGroup() {
    const group = (
      await call("POST", "/api/v1/signing-groups", {
        name: "Everyone",
        members: Array.from({ length: MEMBERS }, (_, i) => ({ email: `m${i}@contoso.com` })),
      })
    ).body;
    const pkg = (await call("POST", P, { name: "Lease 2025" })).body;
    const documentId = newId();
    await writer.storage.transaction(async (s) => {
      await s.documents.insert({
        id: documentId,
        packageId: pkg.id,
        name: "lease.pdf",
        fileName: "lease.pdf",
        contentType: "application/pdf",
        size: 1000,
        sha256: "0".repeat(64),
        pageCount: 1,
        pages: [{ width: 612, height: 792 }],
        order: 1,
        createdOn: new Date().toISOString(),
        detectedTagCount: 0,
      });
      await s.packages.refreshCounts(pkg.id);
    });
    const added = await call<Json[]>("POST", `${P}/${pkg.id}/signers/bulk`, {
      signers: [{ signingGroupId: group.id }],
    });
    expect(added.status).toBe(201);
    const field = { documentId, signerId: added.body[0]!.id, type: "Signature", page: 1, x: 72, y: 600 };
    expect((await call("POST", `${P}/${pkg.id}/annotations`, field)).status).toBe(201);
    expect((await call("POST", `${P}/${pkg.id}/send`)).body).toMatchObject({ status: "Sent" });
  }

  const rows = (): Promise<OutboxEntry[]> =>
    writer.storage.outbox.list({ tenantId, status: null, limit: 1000 });

  async function waitFor(what: string, ok: () => Promise<boolean> | boolean, ms = 60_000) {
    const deadline = Date.now() + ms;
    while (!(await ok())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
    }
  }

  test(
    "SIGTERM while the server holds a mail's DATA: that mail finishes, the rest go to the next process; each arrives once",
    async () => {
      await sendToGroup();
      expect(await rows()).toHaveLength(MEMBERS);
      expect((await rows()).every((r) => r.status === "Pending")).toBe(true);

      // The first mail's 250 waits until the test has stopped the service and looked at the outbox.
      let held: (messageId: string) => void;
      const heldMail = new Promise<string>((resolve) => (held = resolve));
      let answer: () => void;
      const answerNow = new Promise<void>((resolve) => (answer = resolve));
      let holds = 0;
      smtp.beforeReply = async (received) => {
        if (holds++ > 0) return;
        held(received.mail.messageId!);
        await answerNow;
      };

      const env = {
        SIGN_DATA_DIR: writer.place.dataDir,
        DATABASE_URL: writer.place.databaseUrl ?? "",
        SMTP_URL: smtp.url,
        SIGN_SCHEDULER_INTERVAL_MS: "100",
      };
      const first = await startService(env);
      let whileHeld: OutboxEntry[];
      let heldId: string;
      let aliveWhileHeld: boolean;
      try {
        heldId = await heldMail;
        first.child.kill("SIGTERM");
        // The rows claimed with it but not started go back at once, while the mail is still held.
        await waitFor("the unstarted rows to be released", async () =>
          (await rows()).every((r) => r.status !== "Sending" || `<${r.id}@localhost>` === heldId),
        );
        whileHeld = await rows();
        aliveWhileHeld = first.child.exitCode === null && first.child.signalCode === null;
      } finally {
        answer!();
      }
      const exit = await first.exited;
      const afterStop = await rows();

      const second = await startService(env);
      try {
        await waitFor("every row to be Delivered", async () =>
          (await rows()).every((r) => r.status === "Delivered"),
        );
        // A little longer: a second copy, were there one, would come now.
        await sleep(500);
      } finally {
        second.child.kill("SIGTERM");
      }
      const secondExit = await second.exited;

      // Each row arrived exactly once, by Message-ID (the row's id), and every row ends Delivered.
      const ids = smtp.received.map((r) => r.mail.messageId);
      const copies = new Map<string, number>();
      for (const id of ids) copies.set(id!, (copies.get(id!) ?? 0) + 1);
      const final = await rows();
      expect(final.map((r) => r.status)).toEqual(Array(MEMBERS).fill("Delivered"));
      expect(new Set(final.map((r) => `<${r.id}@localhost>`))).toEqual(new Set(copies.keys()));
      expect([...copies.entries()].filter(([, n]) => n > 1)).toEqual([]);
      expect(smtp.received).toHaveLength(MEMBERS);

      // The stop waited for the held mail's answer, recorded it, and exited cleanly.
      expect(aliveWhileHeld).toBe(true);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(secondExit).toEqual({ code: 0, signal: null });
      const heldRow = (r: OutboxEntry[]) => r.find((x) => `<${x.id}@localhost>` === heldId)!;
      expect(heldRow(whileHeld)).toMatchObject({ status: "Sending", attempts: 1 });
      expect(heldRow(afterStop)).toMatchObject({ status: "Delivered", attempts: 1 });
      // The others were handed back untried: due at once, their claim not counted as an attempt.
      const others = afterStop.filter((r) => r !== heldRow(afterStop));
      expect(others.map((r) => [r.status, r.attempts, r.nextAttemptOn])).toEqual(
        Array(MEMBERS - 1).fill(["Pending", 0, null]),
      );
      expect(final.every((r) => r.attempts === 1 && r.lastError === null)).toBe(true);
      expect(first.output()).toContain("stopping: finishing requests in flight");
    },
    600_000, // two service processes (up to 180 s each to start at load 30) and a delivery each
  );
});
