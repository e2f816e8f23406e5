import type { SqlExecutor, Dialect } from "../../src/service/storage/driver";

/**
 * A database's schema as sorted text, to compare two databases (a fresh one against an upgraded one):
 * SQLite's sqlite_master; PostgreSQL's columns (type, nullability, default, collation, storage),
 * constraints, indexes, triggers, functions, extensions and table options. Names of what the database
 * generates itself (sequences behind identity columns) are left out, as they differ by history only.
 */
export async function schemaDump(db: SqlExecutor, dialect: Dialect): Promise<string[]> {
  if (dialect === "sqlite") {
    const rows = await db.all<{ type: string; name: string; tbl_name: string; sql: string | null }>(
      `SELECT type, name, tbl_name, sql FROM sqlite_master
       WHERE name <> 'schema_migrations' ORDER BY type, name`,
    );
    // Whitespace inside a statement is how it was written, not what it makes.
    return rows.map((r) => `${r.type} ${r.name} on ${r.tbl_name}: ${(r.sql ?? "").replace(/\s+/g, " ")}`);
  }
  const lines: string[] = [];
  const columns = await db.all<Record<string, string | null>>(
    `SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.collation_name,
            c.is_identity, a.attstorage
     FROM information_schema.columns c
     JOIN pg_attribute a ON a.attrelid = (quote_ident(c.table_name))::regclass AND a.attname = c.column_name
     WHERE c.table_schema = 'public' AND c.table_name <> 'schema_migrations'
     ORDER BY c.table_name, c.column_name`,
  );
  for (const c of columns) lines.push(`column ${Object.values(c).join(" ")}`);
  const constraints = await db.all<{ rel: string; conname: string; def: string }>(
    `SELECT conrelid::regclass::text AS rel, conname, pg_get_constraintdef(oid) AS def
     FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid <> 0
       AND conrelid::regclass::text <> 'schema_migrations'
     ORDER BY 1, 2`,
  );
  for (const c of constraints) lines.push(`constraint ${c.rel} ${c.conname}: ${c.def}`);
  const indexes = await db.all<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
       AND tablename <> 'schema_migrations' ORDER BY indexname`,
  );
  for (const i of indexes) lines.push(`index ${i.indexname}: ${i.indexdef}`);
  const triggers = await db.all<{ tgname: string; def: string }>(
    `SELECT tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgname`,
  );
  for (const t of triggers) lines.push(`trigger ${t.tgname}: ${t.def}`);
  const functions = await db.all<{ proname: string; src: string }>(
    `SELECT proname, prosrc AS src FROM pg_proc WHERE pronamespace = 'public'::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = pg_proc.oid AND d.deptype = 'e')
     ORDER BY proname`,
  );
  for (const f of functions) lines.push(`function ${f.proname}: ${f.src.replace(/\s+/g, " ")}`);
  const extensions = await db.all<{ extname: string }>(`SELECT extname FROM pg_extension ORDER BY extname`);
  for (const e of extensions) lines.push(`extension ${e.extname}`);
  const options = await db.all<{ relname: string; reloptions: string[] | null }>(
    `SELECT relname, reloptions FROM pg_class
     WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND reloptions IS NOT NULL ORDER BY relname`,
  );
  for (const o of options) lines.push(`options ${o.relname}: ${(o.reloptions ?? []).join(",")}`);
  return lines;
}
