// Migrations are frozen files (storage/migrations/NNN-name.ts): each imports nothing but ./types, so
// that what an old migration does never changes with live code; and a database upgraded step by step
// with data in it ends in the same schema as a fresh one, its backfilled search tables answering.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { openStorage } from "../../src/service/storage";
import type { SqlDriver } from "../../src/service/storage/driver";
import { migrate, MIGRATIONS } from "../../src/service/storage/migrations";
import { PostgresDriver } from "../../src/service/storage/postgres-driver";
import { SqliteDriver } from "../../src/service/storage/sqlite-driver";
import { BACKENDS, freshPlace, type Place } from "./harness";
import { schemaDump } from "./schema-dump";
import { insertVersion2Groups } from "./version-2-groups";

const FOLDER = path.join(__dirname, "../../src/service/storage/migrations");

test("each migration file imports nothing but ./types, and the list holds each file once, in order", () => {
  const files = readdirSync(FOLDER).filter((f) => /^\d{3}-.*\.ts$/.test(f));
  expect(files.length).toBe(MIGRATIONS.length);
  for (const file of files) {
    const source = readFileSync(path.join(FOLDER, file), "utf8");
    const imports = [
      ...source.matchAll(/(?:import|export)[^;]*?from\s+["']([^"']+)["']|require\(["']([^"']+)["']\)/g),
    ];
    expect({ file, from: imports.map((m) => m[1] ?? m[2]) }).toEqual({
      file,
      from: imports.length === 0 ? [] : imports.map(() => "./types"),
    });
    // Only type imports: nothing of ./types runs.
    for (const m of imports) expect(m[0]).toMatch(/^import type /);
  }
  const versions = files.map((f) => Number(f.slice(0, 3)));
  expect(MIGRATIONS.map((m) => m.version)).toEqual(versions);
});

const open = (place: Place): Promise<SqlDriver> =>
  place.databaseUrl
    ? PostgresDriver.open(place.databaseUrl)
    : Promise.resolve(SqliteDriver.open(place.dataDir));

const TENANT = "00000000-0000-4000-8000-0000000000f1";
const T0 = "2024-01-01T00:00:00.000Z";

describe.each(BACKENDS)("frozen migrations on %s", (backend) => {
  const places: Place[] = [];
  afterAll(async () => {
    for (const place of places) await place.dispose();
  });
  const fresh = async () => {
    const place = await freshPlace(backend);
    places.push(place);
    return place;
  };

  test("a database upgraded from version 2 with groups in it ends in a fresh database's schema, its groups searchable", async () => {
    const freshPlace_ = await fresh();
    const freshDriver = await open(freshPlace_);
    let freshSchema: string[];
    try {
      await migrate(freshDriver);
      freshSchema = await schemaDump(freshDriver, backend);
    } finally {
      await freshDriver.close();
    }

    const place = await fresh();
    const driver = await open(place);
    try {
      await migrate(
        driver,
        MIGRATIONS.filter((m) => m.version <= 2),
      );
      await driver.run("INSERT INTO tenants (id, name, created_on) VALUES (?, ?, ?)", [TENANT, "old", T0]);
      const groups = [
        ["Legal", "ndas", ["liam.smith0@contoso.com", "o'neil@adventure-works.com"]],
        ["Other", "", []],
      ] as const;
      await insertVersion2Groups(driver, TENANT, "00000000-0000-4000-8000-00000000010", groups, T0);
      // Every later migration, backfills included (3, 5, 6 and 7 fill the search tables).
      expect(await migrate(driver)).toEqual(MIGRATIONS.filter((m) => m.version > 2).map((m) => m.version));
      expect(await schemaDump(driver, backend)).toEqual(freshSchema);
    } finally {
      await driver.close();
    }
    const storage = await openStorage(place);
    try {
      const found = async (search: string) =>
        (
          await storage.signingGroups.list({
            tenantId: TENANT,
            search,
            sortBy: "name",
            descending: false,
            updatedSince: null,
            offset: 0,
            limit: 10,
          })
        ).items.map((g) => g.name);
      expect(await found("0@contoso")).toEqual(["Legal"]);
      expect(await found("e-w")).toEqual(["Legal"]);
      expect(await found("o'n")).toEqual(["Legal"]);
      expect(await found("ot")).toEqual(["Other"]);
      expect(await found("he")).toEqual(["Other"]);
      expect(await found("l")).toEqual(["Legal"]);
      expect(await found("ndas")).toEqual(["Legal"]);
      expect(await found("s@")).toEqual([]);
    } finally {
      await storage.close();
    }
  }, 300_000);
});
