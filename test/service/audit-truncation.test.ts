// The audit trail's head (issue 27): a hash chain shows an event changed or removed in the middle,
// but not events cut off its end. Each package keeps the seq and hash of its last event (written with
// the event, migration 40), and audit-trail/verify answers isValid false, with a reason, when the
// trail stops short of it. Both databases; the package is signed through the signing API from the
// mail's link and sealed by the service's own scheduler; the tail is removed with SQL behind the
// service's back, as someone with the database could.
import { textOf } from "../pdf/poppler";
import { BACKENDS, startTestService } from "./harness";
import { rawSql } from "./raw-sql";
import { useSigningWorld } from "./signing.helpers";

jest.setTimeout(180_000);

type Json = Record<string, unknown> & { id: string };

describe.each(BACKENDS)("audit trail truncation on %s", (backend) => {
  const w = useSigningWorld(backend, "audit-truncation");
  const { call, signedAndSealed } = w;

  const trail = async (packageId: string) =>
    (await call<Json[]>("GET", `/api/v1/packages/${packageId}/audit-trail`)).body;
  const verify = async (packageId: string) =>
    (await call(`GET`, `/api/v1/packages/${packageId}/audit-trail/verify`)).body;

  test("deleting the last events of a completed package makes verify answer isValid false, saying how many are missing", async () => {
    const { pkg } = await signedAndSealed("ada@contoso.com");
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
    await rawSql(backend, w.service.place, `DELETE FROM package_audit_events WHERE id = ?`, [
      events[events.length - 1]!.id,
    ]);
    expect(await verify(pkg.id)).toEqual({
      isValid: false,
      eventCount: events.length - 1,
      firstBrokenEventId: null,
      reason: expect.stringContaining(`but ${events.length} were recorded: the last 1 were removed`),
    });
    for (const e of events.slice(-3, -1)) {
      await rawSql(backend, w.service.place, `DELETE FROM package_audit_events WHERE id = ?`, [e.id]);
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
    const exported = await w.service.call("GET", `/api/v1/packages/${pkg.id}/audit-trail/export`, {
      token: w.token,
    });
    expect(exported.status).toBe(200);
    const text = textOf(new Uint8Array(await exported.arrayBuffer())).replace(/\s+/g, " ");
    expect(text).toContain("BROKEN: The trail ends after event");
  });

  test("a trail written before the head existed is anchored at its last event by the migration", async () => {
    const { pkg } = await signedAndSealed("bob@contoso.com");
    const events = await trail(pkg.id);
    // As a database before migration 40: no heads, and the migration not applied.
    await rawSql(backend, w.service.place, `DROP TABLE package_audit_heads`);
    await rawSql(backend, w.service.place, `DELETE FROM schema_migrations WHERE version = 40`);
    const upgraded = await startTestService(
      backend,
      { SIGN_SCHEDULER_INTERVAL_MS: "0", SMTP_URL: w.mailbox.url },
      w.service.place,
    );
    try {
      const check = async () =>
        (
          await upgraded.call("GET", `/api/v1/packages/${pkg.id}/audit-trail/verify`, { token: w.token })
        ).json();
      expect(await check()).toEqual({
        isValid: true,
        eventCount: events.length,
        firstBrokenEventId: null,
        reason: null,
      });
      await rawSql(backend, w.service.place, `DELETE FROM package_audit_events WHERE id = ?`, [
        events[events.length - 1]!.id,
      ]);
      expect(await check()).toMatchObject({ isValid: false, eventCount: events.length - 1 });
    } finally {
      await upgraded.close();
    }
  });
});
