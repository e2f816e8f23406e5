// The audit trail's head (issue 27): a hash chain shows an event changed or removed in the middle,
// but not events cut off its end. Each package keeps the seq and hash of its last event (written with
// the event, migration 40), and audit-trail/verify answers isValid false, with a reason, when the
// trail stops short of it. Both databases; the package is signed through the signing API from the
// mail's link and sealed by the service's own scheduler; the tail is removed with SQL behind the
// service's back, as someone with the database could.
import { textOf } from "../pdf/poppler";
import { BACKENDS, startTestService, type Backend, type Place, type TestService } from "./harness";
import { PNG_DATA_URL, startMailbox, world, type Mailbox } from "./signing.helpers";

jest.setTimeout(180_000);

type Json = Record<string, unknown> & { id: string };

/** Runs SQL on the service's database directly ("?" placeholders on both). */
async function rawSql(backend: Backend, place: Place, statement: string, params: unknown[] = []) {
  if (backend === "postgres") {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: place.databaseUrl! });
    await client.connect();
    try {
      let n = 0;
      await client.query(
        statement.replace(/\?/g, () => `$${++n}`),
        params,
      );
    } finally {
      await client.end();
    }
  } else {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(`${place.dataDir}/sign.db`);
    try {
      db.prepare(statement).run(...params);
    } finally {
      db.close();
    }
  }
}

describe.each(BACKENDS)("audit trail truncation on %s", (backend) => {
  let service: TestService;
  let mailbox: Mailbox;
  let token: string;
  const w = world(
    () => service,
    () => mailbox,
    () => token,
  );
  const { call, sign, sendPackage, linkFor } = w;

  beforeAll(async () => {
    mailbox = await startMailbox();
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "50", SMTP_URL: mailbox.url });
    token = await service.token("audit-truncation");
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await mailbox?.close();
  });

  const trail = async (packageId: string) =>
    (await call<Json[]>("GET", `/api/v1/packages/${packageId}/audit-trail`)).body;
  const verify = async (packageId: string) =>
    (await call(`GET`, `/api/v1/packages/${packageId}/audit-trail/verify`)).body;

  /** A package one signer signs and finishes; answered once the scheduler has sealed it. */
  async function completedPackage(email: string) {
    const { pkg } = await sendPackage([{ email, name: "Signer" }]);
    const link = await linkFor(email);
    const session = await sign("GET", link);
    const field = (session.body.fields as Json[])[0]!;
    expect((await sign("PUT", link, `/fields/${field.id}`, { value: PNG_DATA_URL })).status).toBe(200);
    expect((await sign("POST", link, "/finish")).body.state).toBe("Completed");
    const deadline = Date.now() + 60_000;
    while (!(await trail(pkg.id)).some((e) => e.action === "DocumentsSealed")) {
      if (Date.now() > deadline) throw new Error("the package was not sealed within 60 s");
      await new Promise((r) => setTimeout(r, 100));
    }
    return pkg;
  }

  test("deleting the last events of a completed package makes verify answer isValid false, saying how many are missing", async () => {
    const pkg = await completedPackage("ada@contoso.com");
    const events = await trail(pkg.id);
    const actions = events.map((e) => e.action);
    expect(actions.slice(-3)).toEqual(
      expect.arrayContaining(["SignerCompleted", "PackageCompleted", "DocumentsSealed"]),
    );
    expect(await verify(pkg.id)).toEqual({
      isValid: true,
      eventCount: events.length,
      firstBrokenEventId: null,
      reason: null,
    });

    // The last one alone, then the last three: what is left still chains, but stops short.
    await rawSql(backend, service.place, `DELETE FROM package_audit_events WHERE id = ?`, [
      events[events.length - 1]!.id,
    ]);
    expect(await verify(pkg.id)).toEqual({
      isValid: false,
      eventCount: events.length - 1,
      firstBrokenEventId: null,
      reason: expect.stringContaining(`but ${events.length} were recorded: the last 1 were removed`),
    });
    for (const e of events.slice(-3, -1)) {
      await rawSql(backend, service.place, `DELETE FROM package_audit_events WHERE id = ?`, [e.id]);
    }
    expect(await trail(pkg.id)).toHaveLength(events.length - 3);
    expect(await verify(pkg.id)).toEqual({
      isValid: false,
      eventCount: events.length - 3,
      firstBrokenEventId: null,
      reason: expect.stringContaining(
        `ends after event ${events.length - 3}, but ${events.length} were recorded: the last 3 were removed`,
      ),
    });
    // The audit trail's PDF says so too (it is generated from the same verification).
    const exported = await service.call("GET", `/api/v1/packages/${pkg.id}/audit-trail/export`, { token });
    expect(exported.status).toBe(200);
    const text = textOf(new Uint8Array(await exported.arrayBuffer())).replace(/\s+/g, " ");
    expect(text).toContain("BROKEN: The trail ends after event");
  });

  test("a trail written before the head existed is anchored at its last event by the migration", async () => {
    const pkg = await completedPackage("bob@contoso.com");
    const events = await trail(pkg.id);
    // As a database before migration 40: no heads, and the migration not applied.
    await rawSql(backend, service.place, `DROP TABLE package_audit_heads`);
    await rawSql(backend, service.place, `DELETE FROM schema_migrations WHERE version = 40`);
    const upgraded = await startTestService(
      backend,
      { SIGN_SCHEDULER_INTERVAL_MS: "0", SMTP_URL: mailbox.url },
      service.place,
    );
    try {
      const check = async () =>
        (await upgraded.call("GET", `/api/v1/packages/${pkg.id}/audit-trail/verify`, { token })).json();
      expect(await check()).toEqual({
        isValid: true,
        eventCount: events.length,
        firstBrokenEventId: null,
        reason: null,
      });
      await rawSql(backend, service.place, `DELETE FROM package_audit_events WHERE id = ?`, [
        events[events.length - 1]!.id,
      ]);
      expect(await check()).toMatchObject({ isValid: false, eventCount: events.length - 1 });
    } finally {
      await upgraded.close();
    }
  });
});
