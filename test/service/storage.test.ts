import { openStorage } from "../../src/service/storage";
import {
  migrate,
  MIGRATION_LOCK_ID,
  MIGRATIONS,
  SchemaTooNewError,
  type Migration,
} from "../../src/service/storage/migrations";
import { PostgresDriver } from "../../src/service/storage/postgres-driver";
import { SqliteDriver } from "../../src/service/storage/sqlite-driver";
import type { SqlDriver } from "../../src/service/storage/driver";
import { insertVersion2Groups } from "./version-2-groups";
import { BACKENDS, freshPlace, type Place } from "./harness";

const open = (place: Place): Promise<SqlDriver> =>
  place.databaseUrl
    ? PostgresDriver.open(place.databaseUrl)
    : Promise.resolve(SqliteDriver.open(place.dataDir));

describe.each(BACKENDS)("storage on %s", (backend) => {
  let place: Place;
  beforeEach(async () => {
    place = await freshPlace(backend);
  });
  afterEach(() => place.dispose());

  test("migrations run once, in order, and are recorded", async () => {
    const driver = await open(place);
    try {
      expect(await migrate(driver)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await migrate(driver)).toEqual([]);
      const rows = await driver.all<{ version: number }>(
        "SELECT version FROM schema_migrations ORDER BY version",
      );
      expect(rows.map((r) => Number(r.version))).toEqual(MIGRATIONS.map((m) => m.version));
    } finally {
      await driver.close();
    }
  });

  test("a statement issued while a transaction is under way never sees its uncommitted rows", async () => {
    const driver = await open(place);
    try {
      await driver.exec("CREATE TABLE turn_probe (n INTEGER)");
      // Free connection: a read runs at once (SQLite's fast path) and answers what is committed.
      expect(await driver.get("SELECT count(*) AS c FROM turn_probe")).toEqual({ c: 0 });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
      const transaction = driver.transaction(async (tx) => {
        await tx.run("INSERT INTO turn_probe (n) VALUES (1)");
        inserted();
        await held;
        throw new Error("rolled back");
      });
      await insertedNow;
      // Issued between two awaits of the transaction: it must not land inside it.
      const during = driver.get<{ c: number }>("SELECT count(*) AS c FROM turn_probe");
      release();
      await expect(transaction).rejects.toThrow("rolled back");
      expect(Number((await during)!.c)).toBe(0);
      expect(Number((await driver.get<{ c: number }>("SELECT count(*) AS c FROM turn_probe"))!.c)).toBe(0);
    } finally {
      await driver.close();
    }
  });

  test("a new migration applies on top of existing data without losing it", async () => {
    const storage = await openStorage(place);
    await storage.credentials.ensureTenant(
      "kept",
      "00000000-0000-4000-8000-000000000001",
      new Date().toISOString(),
    );
    await storage.close();
    const next: Migration = {
      version: Math.max(...MIGRATIONS.map((m) => m.version)) + 1,
      name: "add a column",
      statements: ["ALTER TABLE tenants ADD COLUMN note TEXT"],
    };
    const driver = await open(place);
    try {
      expect(await migrate(driver, [...MIGRATIONS, next])).toEqual([next.version]);
      expect(await driver.get("SELECT name, note FROM tenants")).toEqual({ name: "kept", note: null });
    } finally {
      await driver.close();
    }
  });

  test("a migration numbered below one already applied still applies (parallel branches)", async () => {
    const top = Math.max(...MIGRATIONS.map((m) => m.version));
    const later: Migration = {
      version: top + 2,
      name: "later",
      statements: ["CREATE TABLE later_one (id TEXT)"],
    };
    const earlier: Migration = {
      version: top + 1,
      name: "earlier, merged afterwards",
      statements: ["CREATE TABLE earlier_one (id TEXT)"],
    };
    const driver = await open(place);
    try {
      await migrate(driver, [...MIGRATIONS, later]);
      expect(await migrate(driver, [...MIGRATIONS, earlier, later])).toEqual([earlier.version]);
      expect(await driver.all("SELECT * FROM earlier_one")).toEqual([]);
      expect(await migrate(driver, [...MIGRATIONS, earlier, later])).toEqual([]);
    } finally {
      await driver.close();
    }
  });

  test("migrations 3, 5, 6 and 7 make the groups already there findable by short, domain and other searches", async () => {
    const driver = await open(place);
    try {
      await migrate(
        driver,
        MIGRATIONS.filter((m) => m.version <= 2),
      );
      const tenant = "00000000-0000-4000-8000-000000000002";
      await driver.run("INSERT INTO tenants (id, name, created_on) VALUES (?, ?, ?)", [
        tenant,
        "old",
        "2024-01-01",
      ]);
      const groups = [
        ["Straße", "", ["jörg@x.example", "ana.maría@y.example"]],
        ["Other", "legal", []],
      ] as const;
      await insertVersion2Groups(
        driver,
        tenant,
        "00000000-0000-4000-8000-00000000001",
        groups,
        "2024-01-01T00:00:00.000Z",
      );
      expect(
        await migrate(
          driver,
          MIGRATIONS.filter((m) => m.version <= 3),
        ),
      ).toEqual([3]);
    } finally {
      await driver.close();
    }
    const storage = await openStorage(place);
    try {
      const found = async (search: string) =>
        (
          await storage.signingGroups.list({
            tenantId: "00000000-0000-4000-8000-000000000002",
            search,
            sortBy: "name",
            descending: false,
            updatedSince: null,
            offset: 0,
            limit: 10,
          })
        ).items.map((g) => g.name);
      expect(await found("ße")).toEqual(["Straße"]);
      expect(await found("jö")).toEqual(["Straße"]);
      expect(await found("@y")).toEqual(["Straße"]);
      expect(await found("h")).toEqual(["Other"]);
      expect(await found("r")).toEqual(["Other", "Straße"]);
      expect(await found("e@")).toEqual([]); // "legal" ends one part, "@" is in another group
      expect(await found("eg")).toEqual(["Other"]);
      expect(await found("gj")).toEqual([]);
      // Opening the storage ran migrations 5 and 6 too: the split text and the domains' rows.
      expect(await found("x.example")).toEqual(["Straße"]);
      expect(await found("example")).toEqual(["Straße"]);
      expect(await found("@y.ex")).toEqual(["Straße"]);
      expect(await found("@example")).toEqual([]);
      expect(await found("rg@x")).toEqual(["Straße"]);
      expect(await found("jörg")).toEqual(["Straße"]);
      expect(await found("legal")).toEqual(["Other"]);
      expect(await found("straß")).toEqual(["Straße"]);
      // Migration 7: PostgreSQL's split text holds punctuation as letters, and a search across it finds them.
      expect(await found("a.mar")).toEqual(["Straße"]);
      expect(await found("na.maría@y")).toEqual(["Straße"]);
      expect(await found("a.j")).toEqual([]);
    } finally {
      await storage.close();
    }
  });

  test("migration 31 makes the packages already there findable by their sender, ignoring case", async () => {
    const tenant = "00000000-0000-4000-8000-000000000030";
    const driver = await open(place);
    try {
      await migrate(
        driver,
        MIGRATIONS.filter((m) => m.version < 31),
      );
      await driver.run("INSERT INTO tenants (id, name, created_on) VALUES (?, ?, ?)", [
        tenant,
        "senders",
        "2024-01-01",
      ]);
      const senders = ["Megan.Bowen@Contoso.com", "ÅSA@contoso.com", null];
      for (const [i, sender] of senders.entries()) {
        await driver.run(
          `INSERT INTO packages (id, tenant_id, name, name_lower, status, created_on, updated_on,
             enforce_signing_order, is_archived, reminders_enabled, sender_email, document_count, signer_count,
             completed_signer_count) VALUES (?, ?, ?, ?, 'Draft', ?, ?, 0, 0, 0, ?, 0, 0, 0)`,
          [
            `00000000-0000-4000-8000-00000000003${i}`,
            tenant,
            `P${i}`,
            `p${i}`,
            `2024-01-0${i + 1}`,
            `2024-01-0${i + 1}`,
            sender,
          ],
        );
      }
      expect(await migrate(driver)).toEqual(MIGRATIONS.filter((m) => m.version >= 31).map((m) => m.version));
    } finally {
      await driver.close();
    }
    const storage = await openStorage(place);
    try {
      const bySender = async (senderEmail: string) =>
        (
          await storage.packages.list({
            tenantId: tenant,
            statuses: [],
            search: null,
            conversationId: null,
            internetMessageId: null,
            senderEmail,
            includeArchived: false,
            updatedSince: null,
            sortBy: "createdOn",
            descending: true,
            offset: 0,
            limit: 10,
          })
        ).items.map((p) => p.name);
      expect(await bySender("megan.bowen@contoso.com")).toEqual(["P0"]);
      expect(await bySender("åsa@contoso.com")).toEqual(["P1"]);
      expect(await bySender("nobody@contoso.com")).toEqual([]);
    } finally {
      await storage.close();
    }
  });

  test("a failing migration rolls back whole and leaves the version unchanged", async () => {
    const driver = await open(place);
    try {
      await migrate(driver);
      const broken: Migration = {
        version: 999,
        name: "half",
        statements: ["CREATE TABLE half_done (id TEXT)", "THIS IS NOT SQL"],
      };
      // Compared by message: better-sqlite3's error class may come from another test file's realm.
      const outcome = await migrate(driver, [...MIGRATIONS, broken]).then(
        () => "applied",
        (error: unknown) => String((error as Error).message),
      );
      expect(outcome).toMatch(/syntax error/);
      const latest = await driver.get<{ v: number }>("SELECT MAX(version) AS v FROM schema_migrations");
      expect(Number(latest?.v)).toBe(Math.max(...MIGRATIONS.map((m) => m.version)));
      const table = await driver.all("SELECT * FROM half_done").then(
        () => "exists",
        (error: unknown) => String((error as Error).message),
      );
      expect(table).toMatch(/half_done/);
    } finally {
      await driver.close();
    }
  });

  test("a schema newer than the code is refused rather than used", async () => {
    const driver = await open(place);
    try {
      await migrate(driver);
      await driver.run("INSERT INTO schema_migrations (version, name, applied_on) VALUES (?, ?, ?)", [
        500,
        "from the future",
        new Date().toISOString(),
      ]);
    } finally {
      await driver.close();
    }
    await expect(openStorage(place)).rejects.toThrow(SchemaTooNewError);
  });

  test("a start on an up-to-date database applies nothing, even while another session holds the migrations' lock", async () => {
    const driver = await open(place);
    await migrate(driver);
    // What a migrating instance holds: PostgreSQL's advisory lock, SQLite's write lock.
    const holder = await open(place);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const holderDone = holder.transaction(async (tx) => {
      if (backend === "postgres") await tx.run("SELECT pg_advisory_xact_lock(?)", [MIGRATION_LOCK_ID]);
      else await tx.run("CREATE TABLE lock_probe (n INTEGER)");
      held();
      await released;
    });
    try {
      await holding;
      // Without waiting for the lock (which the holder keeps until the end of this call).
      expect(await migrate(driver)).toEqual([]);
    } finally {
      release();
      await holderDone;
      await holder.close();
      await driver.close();
    }
  });

  test("a transaction lands whole or not at all, and does not capture other work", async () => {
    const storage = await openStorage(place);
    try {
      const now = new Date().toISOString();
      const failing = storage.transaction(async (s) => {
        await s.credentials.ensureTenant("inside", "00000000-0000-4000-8000-000000000002", now);
        await new Promise((r) => setTimeout(r, 20));
        throw new Error("abort");
      });
      // Runs while the transaction is open; it must not be rolled back with it.
      const outside = storage.credentials.ensureTenant(
        "outside",
        "00000000-0000-4000-8000-000000000003",
        now,
      );
      await expect(failing).rejects.toThrow("abort");
      await outside;
      expect(await storage.credentials.findTenantByName("inside")).toBeUndefined();
      expect(await storage.credentials.findTenantByName("outside")).toMatchObject({ name: "outside" });
    } finally {
      await storage.close();
    }
  });

  test("a transaction without its own disk flush commits and rolls back like any, and leaves commits durable", async () => {
    const driver = await open(place);
    try {
      await driver.exec("CREATE TABLE relaxed (n INTEGER PRIMARY KEY)");
      await driver.transaction((tx) => tx.run("INSERT INTO relaxed (n) VALUES (1)"), { durable: false });
      await expect(
        driver.transaction(
          async (tx) => {
            await tx.run("INSERT INTO relaxed (n) VALUES (2)");
            throw new Error("abort");
          },
          { durable: false },
        ),
      ).rejects.toThrow("abort");
      await driver.transaction((tx) => tx.run("INSERT INTO relaxed (n) VALUES (3)"));
      const rows = await driver.all<{ n: number }>("SELECT n FROM relaxed ORDER BY n");
      expect(rows.map((r) => Number(r.n))).toEqual([1, 3]);
      // The connection (SQLite) or session (PostgreSQL) is back to flushing every commit.
      if (backend === "sqlite") {
        expect(await driver.get("PRAGMA synchronous")).toEqual({ synchronous: 2 }); // FULL
      } else {
        expect(await driver.get("SHOW synchronous_commit")).toEqual({ synchronous_commit: "on" });
      }
    } finally {
      await driver.close();
    }
  });

  test("data outlives the process that wrote it", async () => {
    const first = await openStorage(place);
    await first.credentials.ensureTenant(
      "durable",
      "00000000-0000-4000-8000-000000000004",
      new Date().toISOString(),
    );
    await first.close();
    const second = await openStorage(place);
    try {
      expect(await second.credentials.findTenantByName("durable")).toMatchObject({
        id: "00000000-0000-4000-8000-000000000004",
      });
    } finally {
      await second.close();
    }
  });
});
