// Delivery of the outbox (contract §6.5) on both databases, into a real SMTP server (smtp-server on
// 127.0.0.1, no TLS, any login accepted unless a test says otherwise), each mail parsed back with
// mailparser. Notifications are written the way the service writes them: by sending packages
// through the API. Time is passed to the delivery explicitly, so backoff and leases need no waiting.
import path from "node:path";
import type { AddressObject } from "mailparser";
import { ConfigError, loadConfig } from "../../src/service/config";
import { deliverDueNotifications, LEASE_MS, retryDelayMs } from "../../src/service/domain/outbox";
import { newId } from "../../src/service/domain/tokens";
import { composeNotification, LINK_FOLLOWS } from "../../src/service/mail/messages";
import { signingLinkFor } from "../../src/service/mail/signing-link";
import { parseSmtpFrom, parseSmtpUrl } from "../../src/service/mail/smtp-url";
import { classify, createMailer, type Mailer } from "../../src/service/mail/transport";
import type { OutboxEntry, Storage } from "../../src/service/storage";
import { BACKENDS, startTestService, type TestService } from "./harness";
import { startSmtpInbox, type SmtpInbox } from "./smtp-inbox";
import { runAdmin, spawnService } from "./processes";

type Json = Record<string, unknown> & { id: string };
const P = "/api/v1/packages";
const PASSWORD = "s3cret-Pa55";
const MINUTE = 60_000;

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value);

// Every test here runs the service's real delivery against a real SMTP server, several with processes
// of their own: on a loaded 2-core machine (two CPU hogs and a second suite beside it, issue 29) a
// plain delivery race passed Jest's default 30 s. The waits inside have deadlines of their own.
jest.setTimeout(120_000);

describe.each(BACKENDS)("outbox delivery on %s", (backend) => {
  let smtp: SmtpInbox;
  let service: TestService;
  let token: string;
  const mailers: Mailer[] = [];
  const mailer = () => {
    const m = createMailer(parseSmtpUrl(smtp.url, parseSmtpFrom(undefined)));
    mailers.push(m);
    return m;
  };

  let tenantId: string;
  let tests = 0;

  // One service per database (starting one takes seconds); each test has a tenant of its own, and
  // afterEach delivers whatever a test left due, so that no test's rows are due in another's run.
  beforeAll(async () => {
    smtp = await startSmtpInbox({ user: "mailer", password: PASSWORD });
    // No scheduler: the tests run the delivery themselves, at the times they choose.
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
  });
  afterAll(async () => {
    await service.close();
    await smtp.close();
  });
  beforeEach(async () => {
    smtp.reset();
    const tenant = `outbox-${++tests}`;
    token = await service.token(tenant);
    tenantId = (await service.storage.credentials.findTenantByName(tenant))!.id;
  });
  afterEach(async () => {
    smtp.reset();
    const sweeper = mailer();
    const muchLater = new Date(Date.now() + 365 * 86_400_000);
    while ((await deliverDueNotifications(service.storage, sweeper, { now: muchLater })).claimed > 0);
    for (const m of mailers.splice(0)) m.close();
  });

  async function call<T = Json>(method: string, route: string, body?: unknown, on = service) {
    const response = await on.call(method, route, { token, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** A package sent through the API: one document, one field per signer, then send. */
  async function sendPackage(signers: Record<string, unknown>[], fields: Record<string, unknown> = {}) {
    const pkg = (await call("POST", P, { name: "Lease 2025", ...fields })).body;
    const documentId = newId();
    await service.storage.transaction(async (s) => {
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
    const added = await call<Json[]>("POST", `${P}/${pkg.id}/signers/bulk`, { signers });
    expect(added.status).toBe(201);
    for (const [i, x] of added.body.entries()) {
      const field = { documentId, signerId: x.id, type: "Signature", page: 1, x: 72, y: 600 - i * 40 };
      expect((await call("POST", `${P}/${pkg.id}/annotations`, field)).status).toBe(201);
    }
    const sent = await call("POST", `${P}/${pkg.id}/send`);
    expect(sent.body).toMatchObject({ status: "Sent" });
    return pkg;
  }

  /** This test's notifications, newest first. */
  const rows = (): Promise<OutboxEntry[]> =>
    service.storage.outbox.list({ tenantId, status: null, limit: 1000 });
  const mailsTo = (address: string) => smtp.received.filter((r) => r.envelopeTo.includes(address));

  test("a sent package's notifications are delivered once each: recipient, subject, text and HTML", async () => {
    const group = (
      await call("POST", "/api/v1/signing-groups", {
        name: "Legal",
        members: [{ email: "l1@contoso.com", name: "Lee One" }, { email: "l2@contoso.com" }],
      })
    ).body;
    const pkg = await sendPackage(
      [{ email: "ada@contoso.com", name: "Ada Lovelace" }, { signingGroupId: group.id }],
      { emailSubject: "Please sign the lease", emailMessage: "Dear all,\nsign <b>this</b> & send it back." },
    );
    const queued = await rows();
    expect(queued.map((r) => [r.email, r.status, r.attempts])).toEqual(
      expect.arrayContaining([
        ["ada@contoso.com", "Pending", 0],
        ["l1@contoso.com", "Pending", 0],
        ["l2@contoso.com", "Pending", 0],
      ]),
    );

    const now = new Date();
    const m = mailer();
    const report = await deliverDueNotifications(service.storage, m, { now });
    expect(report).toMatchObject({ claimed: 3, delivered: 3, retried: 0, failed: 0, released: 0 });
    expect(smtp.received).toHaveLength(3);
    // Each to its one person only; the login was the URL's.
    for (const address of ["ada@contoso.com", "l1@contoso.com", "l2@contoso.com"]) {
      expect(mailsTo(address).map((r) => r.envelopeTo)).toEqual([[address]]);
    }
    expect(smtp.logins[0]).toBe(`mailer:${PASSWORD}`);

    const ada = mailsTo("ada@contoso.com")[0]!.mail;
    expect(ada.subject).toBe("Please sign the lease");
    expect(addresses(ada.to)).toEqual([{ address: "ada@contoso.com", name: "Ada Lovelace" }]);
    expect(addresses(ada.from)).toEqual([{ address: "no-reply@localhost", name: "Sign for Outlook" }]);
    expect(ada.text).toContain("Hello Ada Lovelace,");
    expect(ada.text).toContain('You are asked to sign "Lease 2025".');
    expect(ada.text).toContain("Dear all,\nsign <b>this</b> & send it back.");
    // No signing page yet: the mail says the link comes next (mail/signing-link.ts).
    expect(ada.text).toContain(LINK_FOLLOWS);
    expect(ada.html).toContain("sign &lt;b&gt;this&lt;/b&gt; &amp; send it back.");
    expect(ada.html).not.toContain("<b>this</b>");
    expect(ada.headers.get("auto-submitted")).toBe("auto-generated");
    // The task pane recognises our mails by these (src/shared/notification-headers.ts).
    expect(ada.headers.get("x-sign-package-id")).toBe(pkg.id);
    expect(ada.headers.get("x-sign-notification")).toBe("Invitation");
    const adaRow = queued.find((r) => r.email === "ada@contoso.com")!;
    expect(ada.messageId).toBe(`<${adaRow.id}@localhost>`);
    // Group members: their own names, or none.
    expect(mailsTo("l1@contoso.com")[0]!.mail.text).toContain("Hello Lee One,");
    expect(mailsTo("l2@contoso.com")[0]!.mail.text).toMatch(/^Hello,\n/);

    const delivered = await rows();
    expect(delivered.every((r) => r.status === "Delivered" && r.attempts === 1 && r.lastError === null)).toBe(
      true,
    );
    expect(Date.parse(delivered[0]!.deliveredOn!)).toBeGreaterThanOrEqual(now.getTime());
    // Nothing is due any more, now or much later.
    expect((await deliverDueNotifications(service.storage, m, { now })).claimed).toBe(0);
    const later = new Date(now.getTime() + 24 * 60 * MINUTE);
    expect((await deliverDueNotifications(service.storage, m, { now: later })).claimed).toBe(0);
    expect(smtp.received).toHaveLength(3);

    // Voiding notifies those who were invited; its subject and reason come from the package.
    expect((await call("POST", `${P}/${pkg.id}/void`, { reason: "Wrong version" })).status).toBe(200);
    expect(await deliverDueNotifications(service.storage, m, { now: later })).toMatchObject({ delivered: 3 });
    const voided = mailsTo("ada@contoso.com")[1]!.mail;
    expect(voided.subject).toBe("Voided: Please sign the lease");
    expect(voided.text).toContain('"Lease 2025" has been voided');
    expect(voided.text).toContain("Reason: Wrong version");
    expect(voided.text).not.toContain(LINK_FOLLOWS);
  });

  test("without emailSubject the subject is made of the package name", async () => {
    await sendPackage([{ email: "bob@contoso.com", name: "Bob" }], { name: "NDA Contoso" });
    await deliverDueNotifications(service.storage, mailer());
    expect(mailsTo("bob@contoso.com")[0]!.mail.subject).toBe("Please sign: NDA Contoso");
  });

  test("a temporary refusal (451) is retried after its backoff and delivered once", async () => {
    let refused = 0;
    smtp.answer = () => (refused++ === 0 ? 451 : null);
    await sendPackage([{ email: "ada@contoso.com" }]);
    const now = new Date();
    const m = mailer();
    expect(await deliverDueNotifications(service.storage, m, { now })).toMatchObject({
      claimed: 1,
      retried: 1,
      delivered: 0,
    });
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: "Pending", attempts: 1, deliveredOn: null });
    expect(waiting!.lastError).toContain("451");
    const due = Date.parse(waiting!.nextAttemptOn!);
    expect(due).toBeGreaterThanOrEqual(now.getTime() + MINUTE);
    expect(due).toBeLessThan(now.getTime() + MINUTE + 10_000);

    // Not before its time…
    const early = new Date(now.getTime() + 30_000);
    expect((await deliverDueNotifications(service.storage, m, { now: early })).claimed).toBe(0);
    // …then once.
    const onTime = new Date(due);
    expect(await deliverDueNotifications(service.storage, m, { now: onTime })).toMatchObject({
      delivered: 1,
    });
    expect(smtp.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: "Delivered", attempts: 2 });
  });

  test("backoff doubles from a minute up to an hour; the 10th failed attempt gives up as Failed", async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 9, 10].map((n) => retryDelayMs(n) / MINUTE)).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60, 60,
    ]);
    smtp.answer = () => 421;
    await sendPackage([{ email: "ada@contoso.com" }]);
    let now = new Date();
    const m = mailer();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const report = await deliverDueNotifications(service.storage, m, { now });
      expect(report.claimed).toBe(1);
      const [row] = await rows();
      expect(row!.attempts).toBe(attempt);
      if (attempt < 10) {
        expect(row!.status).toBe("Pending");
        now = new Date(row!.nextAttemptOn!);
      } else {
        expect(row!.status).toBe("Failed");
        expect(row!.lastError).toMatch(/^gave up after 10 attempts: .*421/);
      }
    }
    expect(
      (await deliverDueNotifications(service.storage, m, { now: new Date(now.getTime() + 86_400_000) }))
        .claimed,
    ).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  test("a permanent refusal (550) fails at once and is never tried again", async () => {
    smtp.answer = (address) => (address === "gone@contoso.com" ? 550 : null);
    await sendPackage([{ email: "gone@contoso.com" }, { email: "ada@contoso.com" }]);
    const now = new Date();
    const m = mailer();
    // The refusal concerns one recipient: the batch goes on to the next.
    expect(await deliverDueNotifications(service.storage, m, { now })).toMatchObject({
      claimed: 2,
      failed: 1,
      delivered: 1,
    });
    const gone = (await rows()).find((r) => r.email === "gone@contoso.com")!;
    expect(gone).toMatchObject({ status: "Failed", attempts: 1, nextAttemptOn: null });
    expect(gone.lastError).toContain("550");
    expect(
      (await deliverDueNotifications(service.storage, m, { now: new Date(now.getTime() + 86_400_000) }))
        .claimed,
    ).toBe(0);
    expect(mailsTo("gone@contoso.com")).toHaveLength(0);
    expect(mailsTo("ada@contoso.com")).toHaveLength(1);
  });

  test("a refused login retries later, keeps the password out of last_error and stops the batch", async () => {
    smtp.rejectLogin = true;
    await sendPackage([{ email: "ada@contoso.com" }, { email: "bob@contoso.com" }]);
    const now = new Date();
    const report = await deliverDueNotifications(service.storage, mailer(), { now });
    // Not the message's fault: no Failed row; the second is not even tried (it would fail alike).
    expect(report).toMatchObject({ claimed: 2, retried: 1, released: 1, failed: 0 });
    const after = await rows();
    const tried = after.find((r) => r.attempts === 1)!;
    expect(tried.status).toBe("Pending");
    expect(tried.lastError).toContain("535");
    const untouched = after.find((r) => r.id !== tried.id)!;
    expect(untouched).toMatchObject({ status: "Pending", attempts: 0, nextAttemptOn: null, lastError: null });
    expect(JSON.stringify(after)).not.toContain(PASSWORD);
    expect(JSON.stringify(after)).not.toContain(Buffer.from(PASSWORD).toString("base64"));

    // Once the login works, both go (the retried one when its backoff is over).
    smtp.rejectLogin = false;
    const m = mailer();
    await deliverDueNotifications(service.storage, m, { now });
    await deliverDueNotifications(service.storage, m, { now: new Date(now.getTime() + 2 * MINUTE) });
    expect((await rows()).map((r) => r.status)).toEqual(["Delivered", "Delivered"]);
    expect(smtp.received).toHaveLength(2);
  });

  test("delivery runs racing each other send each notification exactly once", async () => {
    const pkg = await sendPackage([
      { email: "a@contoso.com" },
      { email: "b@contoso.com" },
      { email: "c@contoso.com" },
    ]);
    // Nine resends: 30 notifications in all.
    for (let i = 0; i < 9; i++) expect((await call("POST", `${P}/${pkg.id}/resend`)).status).toBe(200);
    expect(await rows()).toHaveLength(30);

    // On PostgreSQL a second instance on the same database, so the claims race in the database
    // (SKIP LOCKED). Not on SQLite: two connections to one file in one process block each other's
    // event loop (better-sqlite3 waits for the writer lock synchronously); across processes the
    // next test races them.
    const second =
      backend === "postgres"
        ? await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" }, service.place)
        : service;
    try {
      const now = new Date();
      const drain = async (storage: Storage, m: Mailer) => {
        let sent = 0;
        for (;;) {
          const report = await deliverDueNotifications(storage, m, { now, limit: 4 });
          if (report.claimed === 0) return sent;
          sent += report.delivered;
        }
      };
      const sent = await Promise.all([
        drain(service.storage, mailer()),
        drain(second.storage, mailer()),
        drain(second.storage, mailer()),
      ]);
      expect(sent.reduce((a, b) => a + b)).toBe(30);
      expect(smtp.received).toHaveLength(30);
      expect(new Set(smtp.received.map((r) => r.mail.messageId)).size).toBe(30);
      expect((await rows()).every((r) => r.status === "Delivered" && r.attempts === 1)).toBe(true);
    } finally {
      if (second !== service) await second.close();
    }
  });

  test("two service processes on one database, both delivering, send each notification exactly once", async () => {
    const group = (
      await call("POST", "/api/v1/signing-groups", {
        name: "Everyone",
        members: Array.from({ length: 30 }, (_, i) => ({ email: `m${i}@contoso.com` })),
      })
    ).body;
    const env = {
      SIGN_DATA_DIR: service.place.dataDir,
      DATABASE_URL: service.place.databaseUrl ?? "",
      SMTP_URL: smtp.url,
      SIGN_SCHEDULER_INTERVAL_MS: "20",
    };
    const processes = await Promise.all([spawnService(env), spawnService(env)]);
    try {
      // Written once both run: 30 rows in one transaction, due for both schedulers at once.
      await sendPackage([{ signingGroupId: group.id }]);
      const deadline = Date.now() + 20_000;
      const allDelivered = async () => (await rows()).every((r) => r.status === "Delivered");
      while (!(await allDelivered()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      // A little longer: a second copy, were there one, would come now.
      await new Promise((r) => setTimeout(r, 300));
      expect(await rows()).toHaveLength(30);
      expect(await allDelivered()).toBe(true);
      expect(smtp.received).toHaveLength(30);
      expect(new Set(smtp.received.map((r) => r.envelopeTo[0])).size).toBe(30);
      for (const p of processes) expect(p.output()).not.toContain(PASSWORD);
    } finally {
      for (const p of processes) p.child.kill("SIGTERM");
      await Promise.all(processes.map((p) => p.exited));
    }
  }, 480_000); // two service processes, each starting Node with tsx (up to 180 s each on a busy machine)

  /** Holds the server's answer to the first DATA until `answer()`; `held` resolves when it arrives. */
  function holdFirstReply() {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let arrived!: (messageId: string) => void;
    const held = new Promise<string>((resolve) => (arrived = resolve));
    let holds = 0;
    smtp.beforeReply = async (received) => {
      if (holds++ > 0) return;
      arrived(received.mail.messageId!);
      await answered;
    };
    return { held, answer };
  }

  async function until(ok: () => Promise<boolean>) {
    const deadline = Date.now() + 20_000;
    while (!(await ok())) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  test("a stop mid-send lets the mail finish (Delivered) and hands the rows not started back at once", async () => {
    await sendPackage([{ email: "a@contoso.com" }, { email: "b@contoso.com" }, { email: "c@contoso.com" }]);
    const { held, answer } = holdFirstReply();
    const stopping = new AbortController();
    const delivery = deliverDueNotifications(service.storage, mailer(), { stopping: stopping.signal });
    let heldId: string;
    try {
      heldId = await held;
      stopping.abort();
      // Released while the server still holds the first mail's answer: another process may take them.
      await until(async () => (await rows()).filter((r) => r.status === "Pending").length === 2);
    } finally {
      answer();
    }
    const report = await delivery;
    expect(report).toMatchObject({ claimed: 3, delivered: 1, released: 2, retried: 0, failed: 0 });
    const after = await rows();
    const sent = after.find((r) => `<${r.id}@localhost>` === heldId)!;
    expect(sent).toMatchObject({ status: "Delivered", attempts: 1, lastError: null });
    expect(after.filter((r) => r !== sent).map((r) => [r.status, r.attempts, r.nextAttemptOn])).toEqual([
      ["Pending", 0, null],
      ["Pending", 0, null],
    ]);
    expect(smtp.received).toHaveLength(1);
  });

  test("past the stop's patience the send is cut off: due again at once, the server may have it (at least once)", async () => {
    await sendPackage([{ email: "a@contoso.com" }, { email: "b@contoso.com" }]);
    const { held, answer } = holdFirstReply();
    const stopping = new AbortController();
    const cutOff = new AbortController();
    const delivery = deliverDueNotifications(service.storage, mailer(), {
      stopping: stopping.signal,
      signal: cutOff.signal,
    });
    let heldId: string;
    let report: Awaited<typeof delivery>;
    try {
      heldId = await held;
      stopping.abort();
      cutOff.abort();
      report = await delivery;
    } finally {
      answer();
    }
    expect(report).toMatchObject({ claimed: 2, delivered: 0, released: 1, retried: 1 });
    const cut = (await rows()).find((r) => `<${r.id}@localhost>` === heldId)!;
    expect(cut).toMatchObject({ status: "Pending", attempts: 1, nextAttemptOn: null });
    expect(cut.lastError).toBe("interrupted: the service stopped");
    // The server kept it: the next delivery sends it again, with the same Message-ID.
    expect(smtp.received).toHaveLength(1);
    expect((await deliverDueNotifications(service.storage, mailer())).delivered).toBe(2);
    expect(smtp.received.filter((r) => r.mail.messageId === heldId)).toHaveLength(2);
  });

  (backend === "sqlite" ? test : test.skip)(
    "a mail is recorded Delivered before the event loop moves on from the server's 250",
    async () => {
      await sendPackage([{ email: "a@contoso.com" }, { email: "b@contoso.com" }]);
      // Another connection to the database file, read synchronously: what a process killed at that
      // moment would leave on disk.
      const { default: Database } = await import("better-sqlite3");
      const disk = new Database(path.join(service.place.dataDir, "sign.db"), { readonly: true });
      const seen: string[] = [];
      const real = mailer();
      // The real mailer, watched: its promise settles in the turn of the event loop in which the 250
      // arrived; setImmediate runs the read when that turn (its promise callbacks included) is over.
      const watched: Mailer = {
        async send(mail, signal) {
          await real.send(mail, signal);
          setImmediate(() => {
            const row = disk.prepare("SELECT status FROM outbox WHERE id = ?").get(mail.id) as {
              status: string;
            };
            seen.push(row.status);
          });
        },
        close: () => real.close(),
      };
      try {
        expect(await deliverDueNotifications(service.storage, watched)).toMatchObject({ delivered: 2 });
        await new Promise((r) => setImmediate(r));
        expect(seen).toEqual(["Delivered", "Delivered"]);
      } finally {
        disk.close();
      }
    },
  );

  test("a row claimed by a sender that died is delivered once its lease has run out", async () => {
    await sendPackage([{ email: "ada@contoso.com" }]);
    const now = new Date();
    // The "crashed" sender: claimed the row, then never sent nor recorded anything.
    const lease = new Date(now.getTime() + LEASE_MS).toISOString();
    const [claimed] = await service.storage.transaction((s) =>
      s.outbox.claimDue(now.toISOString(), lease, 20),
    );
    expect((await rows())[0]).toMatchObject({ status: "Sending", attempts: 1, nextAttemptOn: lease });

    const m = mailer();
    const during = new Date(now.getTime() + LEASE_MS - 1000);
    expect((await deliverDueNotifications(service.storage, m, { now: during })).claimed).toBe(0);
    const after = new Date(now.getTime() + LEASE_MS + 1000);
    expect(await deliverDueNotifications(service.storage, m, { now: after })).toMatchObject({ delivered: 1 });
    expect(smtp.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: "Delivered", attempts: 2 });

    // Should the first sender wake up, its lease no longer holds: it cannot undo the delivery.
    expect(await service.storage.outbox.markRetry(claimed!.id, lease, null, "late")).toBe(false);
    expect(await service.storage.outbox.markFailed(claimed!.id, lease, "late")).toBe(false);
    expect((await rows())[0]).toMatchObject({ status: "Delivered", lastError: null });
  });

  test("a row whose senders keep dying mid-send is given up after 10 claims, not claimed for ever", async () => {
    await sendPackage([{ email: "ada@contoso.com" }]);
    let now = Date.now();
    for (let i = 0; i < 10; i++) {
      const lease = new Date(now + LEASE_MS).toISOString();
      await service.storage.transaction((s) => s.outbox.claimDue(new Date(now).toISOString(), lease, 20));
      now += LEASE_MS + 1000;
    }
    const report = await deliverDueNotifications(service.storage, mailer(), { now: new Date(now) });
    expect(report).toMatchObject({ claimed: 1, failed: 1, delivered: 0 });
    expect((await rows())[0]).toMatchObject({ status: "Failed", attempts: 11 });
    expect((await rows())[0]!.lastError).toMatch(/^gave up: claimed 11 times/);
    expect(smtp.received).toHaveLength(0);
  });

  test("a line break in a name or subject never becomes a header (no Bcc injection)", async () => {
    const pkg = await sendPackage([{ email: "ada@contoso.com" }]);
    // The API refuses control characters in names and subjects; stored data is not trusted either.
    const [invited] = await rows();
    await service.storage.transaction(async (s) => {
      const record = (await s.packages.get(invited!.tenantId, pkg.id))!;
      await s.packages.update(pkg.id, { ...record, emailSubject: "Sign\r\nBcc: boss@evil.example" });
      await s.outbox.insert({
        id: newId(),
        tenantId: record.tenantId,
        packageId: pkg.id,
        signerId: null,
        kind: "Reminder",
        email: "eve@contoso.com",
        name: "Eve\r\nBcc: x@y.z",
        createdOn: new Date().toISOString(),
      });
    });
    await deliverDueNotifications(service.storage, mailer());
    expect(smtp.received).toHaveLength(2);
    for (const { envelopeTo, raw, mail } of smtp.received) {
      expect(envelopeTo).toHaveLength(1);
      expect(mail.headers.has("bcc")).toBe(false);
      expect(mail.bcc).toBeUndefined();
      const header = raw.slice(0, raw.indexOf("\r\n\r\n"));
      expect(header).not.toMatch(/^bcc:/im);
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
    const eve = mailsTo("eve@contoso.com")[0]!.mail;
    expect(eve.subject).toBe("Reminder: Sign Bcc: boss@evil.example");
    expect(addresses(eve.to)).toEqual([{ address: "eve@contoso.com", name: "Eve Bcc: x@y.z" }]);
    expect(eve.text).toContain("Hello Eve Bcc: x@y.z,");
    expect(mailsTo("x@y.z")).toHaveLength(0);
    expect(mailsTo("boss@evil.example")).toHaveLength(0);
  });

  test("the scheduler delivers when SMTP_URL is set, never logging the password; without it rows stay Pending", async () => {
    await sendPackage([{ email: "ada@contoso.com" }]);
    // A second instance on the same data, its scheduler running but no SMTP_URL: rows stay as they are.
    const idle = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "20" }, service.place);
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect((await rows())[0]).toMatchObject({ status: "Pending", attempts: 0 });
      expect(JSON.stringify(idle.logs)).toContain("SMTP_URL is not set");
    } finally {
      await idle.close();
    }
    const sending = await startTestService(
      backend,
      {
        SIGN_SCHEDULER_INTERVAL_MS: "20",
        SMTP_URL: smtp.url,
        SMTP_FROM: "Contoso Signing <sign@contoso.com>",
      },
      service.place,
    );
    try {
      const deadline = Date.now() + 60_000;
      while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const [received] = smtp.received;
      expect(addresses(received!.mail.from)).toEqual([
        { address: "sign@contoso.com", name: "Contoso Signing" },
      ]);
      expect(received!.mail.messageId).toMatch(/@contoso\.com>$/);
      // The row turns Delivered once the server's reply is read, a moment after the mail arrived
      // (under load, after this check could run): poll for the state, with a deadline.
      while ((await rows())[0]?.status === "Sending" && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect((await rows())[0]).toMatchObject({ status: "Delivered" });
      const logs = JSON.stringify(sending.logs);
      expect(logs).toContain("delivering notifications by SMTP");
      expect(logs).toContain("smtp://mailer:***@127.0.0.1");
      expect(logs).not.toContain(PASSWORD);
    } finally {
      await sending.close();
    }
    expect(smtp.received).toHaveLength(1);
  }, 300_000); // two services started in turn: each took 18-23 s at load 10 (the default 30 s failed), more at load 30

  test("admin outbox lists notifications newest first, filtered by tenant and status", async () => {
    smtp.answer = (address) => (address === "gone@contoso.com" ? 550 : null);
    await sendPackage([{ email: "gone@contoso.com", name: "Gone Person" }, { email: "ada@contoso.com" }]);
    await deliverDueNotifications(service.storage, mailer());
    await sendPackage([{ email: "late@contoso.com" }], { name: "Later" });
    // The links start with SIGN_PUBLIC_URL: here this service's address, so that the test opens one.
    const env = {
      SIGN_DATA_DIR: service.place.dataDir,
      DATABASE_URL: service.place.databaseUrl ?? "",
      SIGN_PUBLIC_URL: service.url,
    };

    const all = await runAdmin(["outbox", "--tenant", `outbox-${tests}`], env);
    expect(all.code).toBe(0);
    const lines = all.stdout
      .trim()
      .split("\n")
      .map((l) => l.split("\t"));
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.length === 9)).toBe(true);
    // created, kind, recipient, status, attempts, last error, package id, subject, signing link
    expect(lines[0]!.slice(1, 5)).toEqual(["Invitation", "late@contoso.com", "Pending", "0"]);
    expect(lines[0]![7]).toBe("Please sign: Later");
    expect(lines.map((l) => l[0])).toEqual([...lines.map((l) => l[0]!)].sort().reverse());
    const gone = lines.find((l) => l[2] === "Gone Person <gone@contoso.com>")!;
    expect(gone.slice(3, 5)).toEqual(["Failed", "1"]);
    expect(gone[5]).toContain("550");
    expect(gone[6]).toMatch(/^[0-9a-f-]{36}$/);
    expect(gone[7]).toBe("Please sign: Lease 2025");
    // Each signer's own link, the one their mail carries: it opens their signing session.
    const links = lines.map((l) => l[8]!);
    expect(new Set(links).size).toBe(3);
    const late = links[0]!;
    expect(late).toMatch(new RegExp(`^${service.url}/sign/[A-Za-z0-9_-]{20,200}$`));
    const session = await fetch(`${service.url}/api/v1/signing/${late.split("/sign/")[1]}`);
    expect(session.status).toBe(200);
    expect(await session.text()).toContain("late@contoso.com");

    const failed = await runAdmin(["outbox", "--tenant", `outbox-${tests}`, "--status", "Failed"], env);
    expect(failed.code).toBe(0);
    expect(failed.stdout.trim().split("\n")).toHaveLength(1);
    expect(failed.stdout).toContain("gone@contoso.com");

    // Of every tenant (earlier tests' too), newest first: this test's last notification leads.
    const newest = await runAdmin(["outbox", "--limit", "2"], env);
    expect(newest.code).toBe(0);
    const newestLines = newest.stdout.trim().split("\n");
    expect(newestLines).toHaveLength(2);
    expect(newestLines[0]).toContain("late@contoso.com");

    const wrong = await runAdmin(["outbox", "--status", "Lost"], env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--status must be one of Pending, Sending, Delivered, Failed");
    expect(wrong.stderr).toContain("Usage: npm run admin");
  }, 300_000); // four admin processes, each starting Node with tsx (over 60 s in all at load 30)
});

describe("outbox mail and settings", () => {
  const content = {
    recipientName: "Ada",
    packageName: "Lease",
    emailSubject: null,
    emailMessage: null,
    voidedReason: null,
    link: null,
  };

  test("an invitation says who asks; a group member's, that it is for the group and one signature completes it", () => {
    const plain = composeNotification({ ...content, kind: "Invitation" }).text;
    expect(plain).toContain('You are asked to sign "Lease".');
    expect(plain).not.toContain("signing group");
    const asked = composeNotification({
      ...content,
      kind: "Invitation",
      sender: { name: "Sam Sender", email: "sam@contoso.com" },
      details: { groupName: "Legal" },
    });
    expect(asked.text).toContain('Sam Sender <sam@contoso.com> asks you to sign "Lease".');
    expect(asked.text).toContain('You are asked as a member of the signing group "Legal"');
    expect(asked.text).toContain("whichever member signs first signs for the whole group");
    expect(asked.html).toContain("Sam Sender &lt;sam@contoso.com&gt; asks you to sign");
    expect(
      composeNotification({ ...content, kind: "Reminder", sender: { name: null, email: "sam@contoso.com" } })
        .text,
    ).toContain('A reminder: "Lease" is still waiting for you (sent by sam@contoso.com).');
  });

  test("each kind has its subject and words; a link, once there is one, replaces the notice", () => {
    expect(composeNotification({ ...content, kind: "Reminder" })).toMatchObject({
      subject: "Reminder: Please sign: Lease",
      text: expect.stringContaining('A reminder: "Lease" is still waiting for you.'),
    });
    expect(composeNotification({ ...content, kind: "Reassigned" }).text).toContain(
      '"Lease" has been passed on to you to sign.',
    );
    const linked = composeNotification({
      ...content,
      kind: "Invitation",
      link: "https://sign.example/sign/a?b=1&c=2",
    });
    expect(linked.text).toContain("Open the documents: https://sign.example/sign/a?b=1&c=2");
    expect(linked.text).not.toContain(LINK_FOLLOWS);
    expect(linked.html).toContain('<a href="https://sign.example/sign/a?b=1&amp;c=2">');
    const row = {
      id: "x",
      tenantId: "t",
      packageId: "p",
      signerId: "s",
      kind: "Invitation" as const,
      email: "a@b.c",
      name: null,
      createdOn: "",
    };
    expect(signingLinkFor(row)).toBeNull();
  });

  test("SMTP errors: 5xx to a recipient is permanent, 503 and 4xx are not, login and connection stop the batch", () => {
    const error = (code: string, command: string, responseCode?: number) =>
      Object.assign(new Error(`failed: ${responseCode ?? ""}`), { code, command, responseCode });
    expect(classify(error("EENVELOPE", "RCPT TO", 550), [])).toMatchObject({
      permanent: true,
      affectsAll: false,
    });
    expect(classify(error("EMESSAGE", "DATA", 554), [])).toMatchObject({
      permanent: true,
      affectsAll: false,
    });
    expect(classify(error("EENVELOPE", "RCPT TO", 503), [])).toMatchObject({ permanent: false });
    expect(classify(error("EENVELOPE", "RCPT TO", 452), [])).toMatchObject({
      permanent: false,
      affectsAll: false,
    });
    expect(classify(error("EAUTH", "AUTH PLAIN", 535), [])).toMatchObject({
      permanent: false,
      affectsAll: true,
    });
    expect(classify(error("EENVELOPE", "MAIL FROM", 550), [])).toMatchObject({
      permanent: false,
      affectsAll: true,
    });
    expect(classify(error("ECONNECTION", "CONN"), [])).toMatchObject({ permanent: false, affectsAll: true });
    const leaky = classify(new Error(`bad login pw\r\n${PASSWORD} ${"x".repeat(900)}`), [PASSWORD]);
    expect(leaky.message).not.toContain(PASSWORD);
    expect(leaky.message).not.toMatch(/[\r\n]/);
    expect(leaky.message.length).toBeLessThanOrEqual(500);
  });

  test("SMTP_URL and SMTP_FROM are checked at start; the password never shows in an error", () => {
    const config = loadConfig({ SMTP_URL: "smtp://me%40x.org:p%40ss@mail.example.com" });
    expect(config.smtp).toMatchObject({
      host: "mail.example.com",
      port: 587,
      secure: false,
      requireTLS: false,
      auth: { user: "me@x.org", pass: "p@ss" },
      from: { name: "Sign for Outlook", address: "no-reply@localhost" },
      display: "smtp://me%40x.org:***@mail.example.com",
    });
    expect(loadConfig({ SMTP_URL: "smtps://relay.example.com" }).smtp).toMatchObject({
      port: 465,
      secure: true,
      auth: null,
    });
    expect(
      loadConfig({ SMTP_URL: "smtp://h:2525?requireTLS=true", SMTP_FROM: "a@b.example" }).smtp,
    ).toMatchObject({ port: 2525, requireTLS: true, from: { name: null, address: "a@b.example" } });
    expect(loadConfig({}).smtp).toBeNull();
    for (const [env, message] of [
      [{ SMTP_URL: "http://u:hunter22@mail.example.com" }, "must start with smtp:// or smtps://"],
      [{ SMTP_URL: "smtp://u:hunter22@mail.example.com/path" }, "takes no path"],
      [{ SMTP_URL: "smtp://u:hunter22@mail.example.com?tls=no" }, 'unknown parameter "tls"'],
      [{ SMTP_URL: "smtp://u:hunter22@" }, "must be a URL"],
      [{ SMTP_URL: "smtp://u:hunter22@mail.example.com:99999" }, "must be a URL"],
      [{ SMTP_FROM: "Eve\r\nBcc: x@y.z <eve@x.org>" }, "must not contain control characters"],
      [{ SMTP_FROM: "not an address" }, "SMTP_FROM must be an address"],
    ] as const) {
      let thrown: unknown;
      try {
        loadConfig(env);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ConfigError);
      expect((thrown as Error).message).toContain(message);
      expect((thrown as Error).message).not.toContain("hunter22");
    }
  });
});
