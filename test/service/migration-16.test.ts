/**
 * Migration 16 on a database that already had sent packages (built at migration 15 with rows written
 * as the service of that time wrote them): invitations, reminders and reassign notices queued before
 * the migration get their signing links (a row per outbox row, with its id, so the mail's link opens
 * once the service that sends it is the new one); other notices and mails of deleted packages get
 * none; the new columns start empty. Then a service started on that database opens a backfilled
 * link's session. Both databases.
 */
import { caseKey } from "../../src/shared/signing-group-rules";
import { SigningLinks } from "../../src/service/domain/signing-links";
import { openStorage } from "../../src/service/storage";
import type { SqlDriver } from "../../src/service/storage/driver";
import { migrate, MIGRATIONS } from "../../src/service/storage/migrations";
import { PostgresDriver } from "../../src/service/storage/postgres-driver";
import { SqliteDriver } from "../../src/service/storage/sqlite-driver";
import { BACKENDS, freshPlace, startTestService, type Place } from "./harness";

const open = (place: Place): Promise<SqlDriver> =>
  place.databaseUrl
    ? PostgresDriver.open(place.databaseUrl)
    : Promise.resolve(SqliteDriver.open(place.dataDir));

const TENANT = "00000000-0000-4000-8000-0000000000a1";
const OTHER_TENANT = "00000000-0000-4000-8000-0000000000a2";
const PKG = "00000000-0000-4000-8000-0000000000b1";
const OTHER_PKG = "00000000-0000-4000-8000-0000000000b2";
const GONE_PKG = "00000000-0000-4000-8000-0000000000b3";
const ADA = "00000000-0000-4000-8000-0000000000c1";
const BOB = "00000000-0000-4000-8000-0000000000c2";
const CY = "00000000-0000-4000-8000-0000000000c3";
const T0 = "2026-01-05T09:00:00.000Z";

/** An outbox row as migration 15's service wrote it. */
const mail = (
  id: number,
  tenant: string,
  pkg: string,
  signer: string | null,
  kind: string,
  email: string,
  name: string | null,
) => ({
  id: `00000000-0000-4000-8000-0000000001${String(id).padStart(2, "0")}`,
  tenant,
  pkg,
  signer,
  kind,
  email,
  name,
});

const MAILS = [
  mail(1, TENANT, PKG, ADA, "Invitation", "Åsa.Lind@Fabrikam.EXAMPLE", "Åsa Lind"),
  mail(2, TENANT, PKG, ADA, "Reminder", "Åsa.Lind@Fabrikam.EXAMPLE", "Åsa Lind"),
  mail(3, TENANT, PKG, BOB, "Reassigned", "bob@contoso.example", null),
  mail(4, TENANT, PKG, BOB, "Voided", "bob@contoso.example", null), // no link in a void notice
  mail(5, TENANT, PKG, null, "Invitation", "nobody@contoso.example", null), // no signer: no link
  mail(6, OTHER_TENANT, OTHER_PKG, CY, "Invitation", "cy@example.org", "Cy"),
  mail(7, TENANT, GONE_PKG, ADA, "Invitation", "ghost@example.org", "Ghost"), // its package was deleted
];

async function seedAt15(driver: SqlDriver): Promise<void> {
  expect(
    await migrate(
      driver,
      MIGRATIONS.filter((m) => m.version <= 15),
    ),
  ).toContain(15);
  for (const [id, name] of [
    [TENANT, "migrated"],
    [OTHER_TENANT, "other"],
  ] as const)
    await driver.run("INSERT INTO tenants (id, name, created_on) VALUES (?, ?, ?)", [id, name, T0]);
  for (const [id, tenant] of [
    [PKG, TENANT],
    [OTHER_PKG, OTHER_TENANT],
  ] as const) {
    await driver.run(
      `INSERT INTO packages (id, tenant_id, name, name_lower, status, created_on, updated_on, sent_on,
         enforce_signing_order, is_archived, reminders_enabled, document_count, signer_count, completed_signer_count)
       VALUES (?, ?, ?, ?, 'Sent', ?, ?, ?, 0, 0, 0, 0, 2, 0)`,
      [id, tenant, "Lease", "lease", T0, T0, T0],
    );
  }
  for (const [id, pkg, email, name, seq] of [
    [ADA, PKG, "Åsa.Lind@Fabrikam.EXAMPLE", "Åsa Lind", 1],
    [BOB, PKG, "bob@contoso.example", "Bob", 2],
    [CY, OTHER_PKG, "cy@example.org", "Cy", 1],
  ] as const) {
    await driver.run(
      `INSERT INTO package_signers (id, package_id, seq, email, email_lower, name, type, routing_order, status,
         auth_method, created_on, reminders_sent_count)
       VALUES (?, ?, ?, ?, ?, ?, 'Signer', 1, 'Sent', 'Email', ?, 0)`,
      [id, pkg, seq, email, caseKey(email), name, T0],
    );
  }
  for (const [i, m] of MAILS.entries()) {
    await driver.run(
      `INSERT INTO outbox (id, tenant_id, package_id, signer_id, kind, email, name, created_on, status, attempts,
         next_attempt_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'Pending', 0, ?)`,
      [m.id, m.tenant, m.pkg, m.signer, m.kind, m.email, m.name, `2026-01-05T09:00:0${i}.000Z`, T0],
    );
  }
}

describe.each(BACKENDS)("migration 16's backfill on %s", (backend) => {
  let place: Place;
  beforeEach(async () => {
    place = await freshPlace(backend);
  });
  afterEach(() => place.dispose());

  test("mails queued before it get their links; other rows none; the new columns start empty", async () => {
    const driver = await open(place);
    try {
      await seedAt15(driver);
      expect(
        await migrate(
          driver,
          MIGRATIONS.filter((m) => m.version <= 16),
        ),
      ).toEqual([16]);
      const links = await driver.all<Record<string, unknown>>(
        `SELECT id, tenant_id, package_id, signer_id, email, email_lower, name, created_on, expires_on, return_url
         FROM signing_links ORDER BY id`,
      );
      expect(links).toEqual(
        [0, 1, 2, 5].map((i) => {
          const m = MAILS[i]!;
          return {
            id: m.id,
            tenant_id: m.tenant,
            package_id: m.pkg,
            signer_id: m.signer,
            email: m.email,
            email_lower: caseKey(m.email),
            name: m.name,
            created_on: `2026-01-05T09:00:0${i}.000Z`,
            expires_on: null,
            return_url: null,
          };
        }),
      );
      expect(links[0]!.email_lower).toBe("åsa.lind@fabrikam.example");
      // Columns added beside the backfill start empty: nothing was invented for old rows.
      expect(await driver.all("SELECT sender_email, sender_name FROM packages ORDER BY id")).toEqual([
        { sender_email: null, sender_name: null },
        { sender_email: null, sender_name: null },
      ]);
      expect(
        await driver.all(
          "SELECT notified_on, next_reminder_on FROM package_signers WHERE notified_on IS NOT NULL OR next_reminder_on IS NOT NULL",
        ),
      ).toEqual([]);
      expect(await driver.all("SELECT details FROM outbox WHERE details IS NOT NULL")).toEqual([]);
      for (const table of ["signing_values", "signing_attachments", "service_keys"])
        expect(await driver.all(`SELECT * FROM ${table}`)).toEqual([]);
    } finally {
      await driver.close();
    }
  });

  test("a service started on the migrated database opens an invitation queued before it", async () => {
    const driver = await open(place);
    try {
      await seedAt15(driver);
    } finally {
      await driver.close();
    }
    // Opening the storage runs 16 and every later migration; the link key is made on this start.
    const storage = await openStorage(place);
    let adaToken: string;
    let ghostToken: string;
    try {
      const links = await SigningLinks.open(storage, () => "http://localhost");
      adaToken = links.tokenFor(MAILS[1]!.id); // the reminder's link
      ghostToken = links.tokenFor(MAILS[6]!.id);
      expect(await storage.signingLinks.get(MAILS[0]!.id)).toMatchObject({
        signerId: ADA,
        emailLower: "åsa.lind@fabrikam.example",
        expiresOn: null,
        returnUrl: null,
      });
    } finally {
      await storage.close();
    }
    const service = await startTestService(backend, {}, place);
    try {
      const session = await service.call("GET", `/api/v1/signing/${adaToken}`);
      expect(session.status).toBe(200);
      expect(await session.json()).toMatchObject({
        state: "Ready",
        package: { id: PKG, name: "Lease" },
        signer: { id: ADA, name: "Åsa Lind", isGroupSlot: false },
      });
      expect((await service.call("GET", `/api/v1/signing/${ghostToken}`)).status).toBe(404);
    } finally {
      await service.close();
    }
  }, 120_000);
});
