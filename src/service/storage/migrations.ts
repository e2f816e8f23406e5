import { caseKey } from "../../shared/signing-group-rules";
import type { Dialect, SqlDriver, SqlExecutor } from "./driver";
import {
  backfillDomainSearch,
  backfillShortSearch,
  backfillSplitSearch,
  backfillTrigramWords,
} from "./signing-groups";

export interface Migration {
  version: number;
  name: string;
  /**
   * Statements in the SQL both databases understand; times are ISO 8601 UTC text, which sorts.
   * Where the two must differ (full-text indexes), one list per dialect.
   */
  statements: string[] | Record<Dialect, string[]>;
  /** Runs after the statements, in their transaction: for data that SQL cannot derive well. */
  backfill?: (tx: SqlExecutor, dialect: Dialect) => Promise<void>;
}

/** Lowercased copies of text (computed in JS, which lowercases all of Unicode) sort and compare byte-wise on both databases. */
const PG_BYTEWISE = `COLLATE "C"`;

/** Indexes of migration 2 that both databases build alike. */
const SIGNING_GROUP_INDEXES = [
  // One per sort order of the list, each ending in id (the tie-breaker), all within a tenant.
  `CREATE INDEX signing_groups_by_name ON signing_groups (tenant_id, name_lower, id)`,
  `CREATE INDEX signing_groups_by_created ON signing_groups (tenant_id, created_on, id)`,
  `CREATE INDEX signing_groups_by_updated ON signing_groups (tenant_id, updated_on, id)`,
  `CREATE INDEX signing_groups_by_member_count ON signing_groups (tenant_id, member_count, id)`,
  // A member's email is unique within its group, compared case-insensitively: concurrent adds of one
  // address cannot both land. Also the index that lists a group's members.
  `CREATE UNIQUE INDEX signing_group_members_email ON signing_group_members (group_id, email_lower)`,
];

/** The sort orders' indexes of migration 2 (see SIGNING_GROUP_INDEXES), by name. */
const SORT_INDEXES = [
  ["signing_groups_by_name", "tenant_id, name_lower, id"],
  ["signing_groups_by_created", "tenant_id, created_on, id"],
  ["signing_groups_by_updated", "tenant_id, updated_on, id"],
  ["signing_groups_by_member_count", "tenant_id, member_count, id"],
] as const;

/** Append only: a released migration is never edited, so every database ends in the same schema. */
/**
 * Migration 11: a thread's or a mail's packages in the list's default order straight from the index
 * (ending in id, the tie-breaker), so that no sort is needed.
 */
const THREAD_INDEXES = [
  `DROP INDEX packages_by_conversation`,
  `CREATE INDEX packages_by_conversation ON packages (tenant_id, source_conversation_id, created_on, id)`,
  `DROP INDEX packages_by_message`,
  `CREATE INDEX packages_by_message ON packages (tenant_id, source_internet_message_id, created_on, id)`,
];

/**
 * Migration 17: the completion of a package (domain/completion.ts). A trigger writes the
 * package_completions row in the very transaction that makes a package Completed, whichever code
 * does it, so no completion is ever forgotten; the scheduler's completion step then works it off
 * under a lease. package_completion_files records each blob it made (sealed documents, certificate,
 * audit trail, zip) as it goes, so a step cut off by a crash resumes where it stopped.
 */
const COMPLETION_TABLES = [
  `CREATE TABLE package_completions (
    package_id TEXT PRIMARY KEY REFERENCES packages(id) ON DELETE CASCADE,
    tenant_id TEXT NOT NULL,
    status TEXT NOT NULL,
    created_on TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    lease_token TEXT,
    due_on TEXT,
    last_error TEXT,
    sealed_by TEXT,
    done_on TEXT
  )`,
  // The step's question: which Pending completions are due (never tried, lease run out, retry time).
  `CREATE INDEX package_completions_due ON package_completions (due_on) WHERE status = 'Pending'`,
  // kind: Document (document_id set), Certificate, AuditTrail, Zip (document_id '').
  `CREATE TABLE package_completion_files (
    package_id TEXT NOT NULL REFERENCES package_completions(package_id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    document_id TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size BIGINT NOT NULL,
    source_sha256 TEXT,
    created_on TEXT NOT NULL,
    PRIMARY KEY (package_id, kind, document_id)
  )`,
  // The blob collector asks whether anything still refers to a blob.
  `CREATE INDEX package_completion_files_by_sha256 ON package_completion_files (sha256)`,
  // The package's sender (sender_email, sender_name: the "Completed" mail goes there) came with 16.
];

const COMPLETION_ROW = `(package_id, tenant_id, status, created_on, attempts)
  VALUES (NEW.id, NEW.tenant_id, 'Pending', COALESCE(NEW.completed_on, NEW.updated_on), 0)`;

const COMPLETION_TRIGGERS_SQLITE = [
  `CREATE TRIGGER packages_completed_update AFTER UPDATE OF status ON packages
    WHEN NEW.status = 'Completed' AND OLD.status IS NOT 'Completed' BEGIN
    INSERT OR IGNORE INTO package_completions ${COMPLETION_ROW};
  END`,
  `CREATE TRIGGER packages_completed_insert AFTER INSERT ON packages
    WHEN NEW.status = 'Completed' BEGIN
    INSERT OR IGNORE INTO package_completions ${COMPLETION_ROW};
  END`,
];

const COMPLETION_TRIGGERS_POSTGRES = [
  `CREATE FUNCTION packages_completed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO package_completions ${COMPLETION_ROW}
      ON CONFLICT (package_id) DO NOTHING;
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER packages_completed_update AFTER UPDATE OF status ON packages
    FOR EACH ROW WHEN (NEW.status = 'Completed' AND OLD.status IS DISTINCT FROM 'Completed')
    EXECUTE FUNCTION packages_completed()`,
  `CREATE TRIGGER packages_completed_insert AFTER INSERT ON packages
    FOR EACH ROW WHEN (NEW.status = 'Completed') EXECUTE FUNCTION packages_completed()`,
];

/** Packages that were Completed before this migration are completed now. */
const COMPLETION_BACKFILL = [
  `INSERT INTO package_completions (package_id, tenant_id, status, created_on, attempts)
    SELECT id, tenant_id, 'Pending', COALESCE(completed_on, updated_on), 0 FROM packages WHERE status = 'Completed'`,
];

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "tenants and credentials",
    statements: [
      `CREATE TABLE tenants (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created_on TEXT NOT NULL
      )`,
      `CREATE TABLE personal_access_tokens (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        label TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        token_prefix TEXT NOT NULL,
        scopes TEXT NOT NULL,
        created_on TEXT NOT NULL,
        revoked_on TEXT
      )`,
      `CREATE INDEX personal_access_tokens_tenant ON personal_access_tokens (tenant_id, created_on)`,
      `CREATE TABLE oauth_clients (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        label TEXT NOT NULL,
        secret_hash TEXT NOT NULL,
        scopes TEXT NOT NULL,
        created_on TEXT NOT NULL,
        revoked_on TEXT
      )`,
      `CREATE TABLE access_tokens (
        token_hash TEXT PRIMARY KEY,
        client_id TEXT NOT NULL REFERENCES oauth_clients(id),
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        scopes TEXT NOT NULL,
        created_on TEXT NOT NULL,
        expires_on TEXT NOT NULL
      )`,
      `CREATE INDEX access_tokens_expiry ON access_tokens (expires_on)`,
    ],
  },
  {
    version: 2,
    name: "signing groups and members",
    statements: {
      sqlite: [
        // seq (the rowid) keys the search index; a VACUUM may renumber an implicit rowid, never this one.
        `CREATE TABLE signing_groups (
          seq INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          tenant_id TEXT NOT NULL REFERENCES tenants(id),
          name TEXT NOT NULL,
          name_lower TEXT NOT NULL,
          description TEXT,
          description_lower TEXT NOT NULL,
          search_text TEXT NOT NULL,
          member_count INTEGER NOT NULL,
          created_on TEXT NOT NULL,
          updated_on TEXT NOT NULL
        )`,
        // seq orders a group's members oldest first.
        `CREATE TABLE signing_group_members (
          seq INTEGER PRIMARY KEY,
          group_id TEXT NOT NULL REFERENCES signing_groups(id) ON DELETE CASCADE,
          email TEXT NOT NULL,
          email_lower TEXT NOT NULL,
          name TEXT,
          added_on TEXT NOT NULL
        )`,
        ...SIGNING_GROUP_INDEXES,
        // Substring search: an FTS5 trigram index of search_text (see storage/signing-groups.ts), kept in
        // step by triggers.
        `CREATE VIRTUAL TABLE signing_groups_search USING fts5(
          search_text, content='signing_groups', content_rowid='seq', tokenize='trigram case_sensitive 1'
        )`,
        `CREATE TRIGGER signing_groups_search_insert AFTER INSERT ON signing_groups BEGIN
          INSERT INTO signing_groups_search (rowid, search_text) VALUES (new.seq, new.search_text);
        END`,
        `CREATE TRIGGER signing_groups_search_delete AFTER DELETE ON signing_groups BEGIN
          INSERT INTO signing_groups_search (signing_groups_search, rowid, search_text)
          VALUES ('delete', old.seq, old.search_text);
        END`,
        `CREATE TRIGGER signing_groups_search_update AFTER UPDATE OF search_text ON signing_groups BEGIN
          INSERT INTO signing_groups_search (signing_groups_search, rowid, search_text)
          VALUES ('delete', old.seq, old.search_text);
          INSERT INTO signing_groups_search (rowid, search_text) VALUES (new.seq, new.search_text);
        END`,
      ],
      postgres: [
        // pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: the database owner may create it.
        `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
        `CREATE TABLE signing_groups (
          id TEXT ${PG_BYTEWISE} PRIMARY KEY,
          tenant_id TEXT NOT NULL REFERENCES tenants(id),
          name TEXT NOT NULL,
          name_lower TEXT ${PG_BYTEWISE} NOT NULL,
          description TEXT,
          description_lower TEXT ${PG_BYTEWISE} NOT NULL,
          search_text TEXT ${PG_BYTEWISE} NOT NULL,
          member_count INTEGER NOT NULL,
          created_on TEXT ${PG_BYTEWISE} NOT NULL,
          updated_on TEXT ${PG_BYTEWISE} NOT NULL
        )`,
        `CREATE TABLE signing_group_members (
          seq BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
          group_id TEXT ${PG_BYTEWISE} NOT NULL REFERENCES signing_groups(id) ON DELETE CASCADE,
          email TEXT NOT NULL,
          email_lower TEXT ${PG_BYTEWISE} NOT NULL,
          name TEXT,
          added_on TEXT NOT NULL
        )`,
        ...SIGNING_GROUP_INDEXES,
        // Substring search: a trigram GIN index of search_text.
        `CREATE INDEX signing_groups_search ON signing_groups USING gin (search_text gin_trgm_ops)`,
      ],
    },
  },
  {
    version: 3,
    name: "signing-group search of 1 and 2 characters",
    // A search that short has no trigram to look up. signing_group_chars answers it instead (see
    // shortSearchRows in storage/signing-groups.ts): the count is a range of its primary key.
    statements: {
      sqlite: [
        // WITHOUT ROWID: the primary key is the table, so a row is stored once.
        `CREATE TABLE signing_group_chars (
          tenant_id TEXT NOT NULL,
          lead TEXT NOT NULL,
          group_seq INTEGER NOT NULL,
          chunk INTEGER NOT NULL,
          next TEXT NOT NULL,
          PRIMARY KEY (tenant_id, lead, group_seq, chunk)
        ) WITHOUT ROWID`,
      ],
      postgres: [
        // A search that most groups match rechecks most groups' search_text. Over about 2 KB (some 50
        // members) PostgreSQL compresses it, and decompressing took most of that time (bench: 38 ms
        // against 14 ms for the count of 'contoso.com'); rows up to a page now stay uncompressed, and
        // the rows there are rewritten so. Larger ones (hundreds of members) are compressed as before.
        `ALTER TABLE signing_groups SET (toast_tuple_target = 8160)`,
        `UPDATE signing_groups SET search_text = search_text || ''`,
        // A compact key for those rows (the id is 36 characters); existing groups are numbered too.
        `ALTER TABLE signing_groups ADD COLUMN seq BIGINT GENERATED BY DEFAULT AS IDENTITY`,
        `CREATE UNIQUE INDEX signing_groups_seq ON signing_groups (seq)`,
        // next is in the index too, so that a search counts and filters by an index-only scan (the
        // heap holds a group's rows together, so a lead's rows would be one per page).
        `CREATE TABLE signing_group_chars (
          tenant_id TEXT ${PG_BYTEWISE} NOT NULL,
          lead TEXT ${PG_BYTEWISE} NOT NULL,
          group_seq BIGINT NOT NULL,
          chunk INTEGER NOT NULL,
          next TEXT ${PG_BYTEWISE} NOT NULL,
          PRIMARY KEY (tenant_id, lead, group_seq, chunk) INCLUDE (next)
        )`,
      ],
    },
    backfill: backfillShortSearch,
  },
  {
    version: 4,
    name: "add-in telemetry",
    statements: [
      // Raw events, kept so that a question the daily aggregates cannot answer can still be asked.
      `CREATE TABLE telemetry_events (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        install_id TEXT NOT NULL,
        name TEXT NOT NULL,
        subject TEXT NOT NULL,
        error_code TEXT NOT NULL,
        duration_ms INTEGER,
        props TEXT NOT NULL,
        host TEXT NOT NULL,
        platform TEXT NOT NULL,
        host_version TEXT NOT NULL,
        addin_version TEXT NOT NULL,
        occurred_on TEXT NOT NULL,
        received_on TEXT NOT NULL,
        batch_index INTEGER NOT NULL
      )`,
      `CREATE INDEX telemetry_events_tenant ON telemetry_events (tenant_id, received_on)`,
      // Counted as batches arrive, so the admin report reads a few rows per day, not every event.
      `CREATE TABLE telemetry_daily (
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        day TEXT NOT NULL,
        name TEXT NOT NULL,
        subject TEXT NOT NULL,
        error_code TEXT NOT NULL,
        events BIGINT NOT NULL,
        duration_count BIGINT NOT NULL,
        duration_sum BIGINT NOT NULL,
        duration_max BIGINT NOT NULL,
        PRIMARY KEY (tenant_id, day, name, subject, error_code)
      )`,
      // No row: telemetry is on (the default of a new tenant).
      `CREATE TABLE telemetry_tenant_settings (
        tenant_id TEXT PRIMARY KEY REFERENCES tenants(id),
        enabled INTEGER NOT NULL,
        updated_on TEXT NOT NULL
      )`,
    ],
  },
  {
    version: 5,
    name: "signing-group search with each domain once",
    // A search without '@' lies within one part of an email (local part or domain), so it matches the
    // same groups in a text that holds each distinct domain once (see splitSearchText in
    // storage/signing-groups.ts). A common domain, which nearly every group holds many times, then
    // costs one trigram position per group, not one per member: FTS5's phrase match reads all of them.
    // Contentless, written by the storage module (the text is derived in JS), deleted by rowid.
    statements: {
      sqlite: [
        `CREATE VIRTUAL TABLE signing_groups_search_split USING fts5(
          search_text, content='', contentless_delete=1, tokenize='trigram case_sensitive 1'
        )`,
      ],
      // A column beside search_text, with its own trigram index: the recheck of a common domain's
      // matches reads shorter text, which holds the domains first.
      postgres: [
        `ALTER TABLE signing_groups ADD COLUMN search_split TEXT ${PG_BYTEWISE}`,
        `CREATE INDEX signing_groups_search_split ON signing_groups USING gin (search_split gin_trgm_ops)`,
        // The sort orders' indexes also hold seq, which a short search tests each group's row by (see
        // SigningGroupStore.list): a deep page then walks the index alone. (SQLite's hold the rowid, seq.)
        ...SORT_INDEXES.flatMap(([name, columns]) => [
          `DROP INDEX ${name}`,
          `CREATE INDEX ${name} ON signing_groups (${columns}) INCLUDE (seq)`,
        ]),
      ],
    },
    backfill: backfillSplitSearch,
  },
  {
    version: 6,
    name: "signing-group search of domains",
    // A domain that nearly every group holds (the tenant's own) still cost a trigram match and a recheck
    // of every group's text, over 20 ms for 10,000 groups. A group's distinct domains are a short row of
    // signing_group_domains instead, and in the split text each email's domain is the tenant's number
    // for it (see splitSearchText, domainText and domainMatch in storage/signing-groups.ts); the
    // tenant's domain names tell whether a search needs to read those rows at all.
    statements: {
      sqlite: [
        `CREATE TABLE signing_group_domains (
          tenant_id TEXT NOT NULL,
          group_seq INTEGER NOT NULL,
          domains TEXT NOT NULL,
          PRIMARY KEY (tenant_id, group_seq)
        ) WITHOUT ROWID`,
        // ord: the domain's number in the split text (see splitSearchText), never reused.
        `CREATE TABLE signing_group_domain_names (
          ord INTEGER PRIMARY KEY,
          tenant_id TEXT NOT NULL,
          domain TEXT NOT NULL,
          UNIQUE (tenant_id, domain)
        )`,
        // Each group's tenant by its rowid, narrow: FTS5's hits are checked against it (a row of
        // signing_groups itself, which holds search_text, is wide: a page or more each).
        `CREATE INDEX signing_groups_tenants ON signing_groups (seq, tenant_id)`,
      ],
      postgres: [
        // Not in the index (INCLUDE): a group of many members in as many domains would outgrow an
        // index entry. The rows are narrow, so the tenant's are a few pages.
        `CREATE TABLE signing_group_domains (
          tenant_id TEXT ${PG_BYTEWISE} NOT NULL,
          group_seq BIGINT NOT NULL,
          domains TEXT ${PG_BYTEWISE} NOT NULL,
          PRIMARY KEY (tenant_id, group_seq)
        )`,
        `CREATE TABLE signing_group_domain_names (
          ord BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
          tenant_id TEXT ${PG_BYTEWISE} NOT NULL,
          domain TEXT ${PG_BYTEWISE} NOT NULL,
          UNIQUE (tenant_id, domain)
        )`,
        // A search across '@' with a short local end (1 or 2 characters, '0@contoso.com'), which no
        // trigram narrows, reads these short rows (see endingsText; SQLite's FTS5 index answers it).
        `CREATE TABLE signing_group_endings (
          tenant_id TEXT ${PG_BYTEWISE} NOT NULL,
          group_seq BIGINT NOT NULL,
          endings TEXT ${PG_BYTEWISE} NOT NULL,
          PRIMARY KEY (tenant_id, group_seq)
        )`,
        // search_text now serves only searches with more than one '@' or fitting very many domains;
        // the searches of common text recheck search_split instead, and read every row of a tenant
        // that holds it. So search_text moves out of the row, uncompressed (migration 3 kept it in, for
        // domains), and the rows, a third as wide, take a third of the pages to read.
        `ALTER TABLE signing_groups SET (toast_tuple_target = 2032)`,
        `ALTER TABLE signing_groups ALTER COLUMN search_text SET STORAGE EXTERNAL`,
        `ALTER TABLE signing_groups ALTER COLUMN search_split SET STORAGE MAIN`,
        `UPDATE signing_groups SET search_text = search_text || ''`,
      ],
    },
    backfill: backfillDomainSearch,
  },
  {
    version: 7,
    name: "signing-group search across punctuation on PostgreSQL",
    // pg_trgm takes no trigram across punctuation, so 'liam.smith' was looked up by 'liam' and 'smith'
    // alone and rechecked nearly every group; search_split now holds punctuation as capital letters
    // (see TRIGRAM_PUNCTUATION in storage/signing-groups.ts). SQLite's FTS5 trigrams span punctuation.
    statements: { sqlite: [], postgres: [] },
    backfill: backfillTrigramWords,
  },
  {
    version: 8,
    name: "rate-limit counters shared by service instances",
    statements: [
      // One row per budget and fixed window: failed sign-ins per client id and per address, telemetry
      // batches per credential. In the database so that every instance counts against one budget.
      `CREATE TABLE rate_limit_windows (
        bucket TEXT NOT NULL,
        window_start TEXT NOT NULL,
        hits INTEGER NOT NULL,
        PRIMARY KEY (bucket, window_start)
      )`,
      `CREATE INDEX rate_limit_windows_start ON rate_limit_windows (window_start)`,
    ],
  },
  {
    version: 9,
    name: "signing-group members by address",
    // resolveSigningGroups looks addresses up across groups; the unique index of migration 2 leads with
    // group_id and serves only lookups within one group. Members carry no tenant: the lookup joins each
    // membership to its group (by its unique id) and keeps the tenant's, so group_id sits in the index
    // too and the join reads no member row.
    statements: [
      `CREATE INDEX signing_group_members_by_email ON signing_group_members (email_lower, group_id)`,
    ],
  },
  {
    version: 10,
    name: "packages, signers, group snapshots, annotations, documents, audit trail, outbox",
    statements: [
      // A package's counters (documents, signers, completed signers) are read with every list page,
      // so they are kept on the row by the writes that change them, not counted per read.
      `CREATE TABLE packages (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        name TEXT NOT NULL,
        name_lower TEXT NOT NULL,
        status TEXT NOT NULL,
        created_on TEXT NOT NULL,
        updated_on TEXT NOT NULL,
        sent_on TEXT,
        completed_on TEXT,
        enforce_signing_order INTEGER NOT NULL,
        expiration_date TEXT,
        scheduled_send_on TEXT,
        email_subject TEXT,
        email_message TEXT,
        is_archived INTEGER NOT NULL,
        voided_reason TEXT,
        source_kind TEXT,
        source_conversation_id TEXT,
        source_internet_message_id TEXT,
        source_subject TEXT,
        reminders_enabled INTEGER NOT NULL,
        reminder_first_after_days INTEGER,
        reminder_every_days INTEGER,
        document_count INTEGER NOT NULL,
        signer_count INTEGER NOT NULL,
        completed_signer_count INTEGER NOT NULL
      )`,
      // One index per sort order of the list (created_on first: the default), each ending in id.
      `CREATE INDEX packages_by_created ON packages (tenant_id, created_on, id)`,
      `CREATE INDEX packages_by_updated ON packages (tenant_id, updated_on, id)`,
      `CREATE INDEX packages_by_sent ON packages (tenant_id, sent_on, id)`,
      `CREATE INDEX packages_by_name ON packages (tenant_id, name_lower, id)`,
      // "Which packages came from this thread / this mail": the add-in's question, an index each.
      `CREATE INDEX packages_by_conversation ON packages (tenant_id, source_conversation_id, created_on)`,
      `CREATE INDEX packages_by_message ON packages (tenant_id, source_internet_message_id, created_on)`,
      // The scheduler's two questions, across tenants: what is due to send, what has expired.
      `CREATE INDEX packages_scheduled ON packages (scheduled_send_on) WHERE status = 'Scheduled'`,
      `CREATE INDEX packages_expiring ON packages (expiration_date) WHERE expiration_date IS NOT NULL AND status IN ('Sent', 'Viewed', 'InProgress')`,
      `CREATE TABLE package_signers (
        id TEXT PRIMARY KEY,
        package_id TEXT NOT NULL REFERENCES packages(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        email TEXT,
        email_lower TEXT,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        routing_order INTEGER NOT NULL,
        status TEXT NOT NULL,
        auth_method TEXT NOT NULL,
        access_code_hash TEXT,
        client_user_id TEXT,
        role_name TEXT,
        signing_group_id TEXT,
        viewed_on TEXT,
        completed_on TEXT,
        created_on TEXT NOT NULL,
        declined_on TEXT,
        decline_reason TEXT,
        reminders_sent_count INTEGER NOT NULL,
        last_reminder_sent_on TEXT,
        completed_by TEXT
      )`,
      `CREATE INDEX package_signers_by_package ON package_signers (package_id, routing_order, seq)`,
      // One email per package among person signers (contract §6.3), also when two adds race.
      `CREATE UNIQUE INDEX package_signers_email ON package_signers (package_id, email_lower) WHERE email_lower IS NOT NULL`,
      // The members of a group slot as they were when the package was sent: later changes to the
      // group never reach here.
      `CREATE TABLE package_signer_members (
        signer_id TEXT NOT NULL REFERENCES package_signers(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        email TEXT NOT NULL,
        email_lower TEXT NOT NULL,
        name TEXT,
        PRIMARY KEY (signer_id, email_lower)
      )`,
      // Documents: the columns of DocumentApiResponse; the bytes live in the blob store by sha256.
      `CREATE TABLE package_documents (
        id TEXT PRIMARY KEY,
        package_id TEXT NOT NULL REFERENCES packages(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        file_name TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        page_count INTEGER NOT NULL,
        pages TEXT NOT NULL,
        order_index INTEGER NOT NULL,
        created_on TEXT NOT NULL,
        detected_tag_count INTEGER NOT NULL
      )`,
      `CREATE INDEX package_documents_by_package ON package_documents (package_id, order_index)`,
      `CREATE TABLE package_annotations (
        id TEXT PRIMARY KEY,
        package_id TEXT NOT NULL REFERENCES packages(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        document_id TEXT NOT NULL REFERENCES package_documents(id) ON DELETE CASCADE,
        signer_id TEXT NOT NULL REFERENCES package_signers(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        page INTEGER NOT NULL,
        x DOUBLE PRECISION NOT NULL,
        y DOUBLE PRECISION NOT NULL,
        width DOUBLE PRECISION NOT NULL,
        height DOUBLE PRECISION NOT NULL,
        required INTEGER NOT NULL,
        label TEXT,
        group_name TEXT,
        options TEXT,
        value TEXT,
        source TEXT NOT NULL,
        is_completed INTEGER NOT NULL,
        completed_on TEXT,
        created_on TEXT NOT NULL
      )`,
      `CREATE INDEX package_annotations_by_package ON package_annotations (package_id, seq)`,
      `CREATE INDEX package_annotations_by_signer ON package_annotations (signer_id)`,
      `CREATE INDEX package_annotations_by_document ON package_annotations (document_id)`,
      // The audit trail: seq is unique per package, so two writers can never fork the hash chain.
      `CREATE TABLE package_audit_events (
        id TEXT PRIMARY KEY,
        package_id TEXT NOT NULL,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        seq INTEGER NOT NULL,
        at TEXT NOT NULL,
        action TEXT NOT NULL,
        actor_type TEXT NOT NULL,
        actor_email TEXT,
        actor_name TEXT,
        ip TEXT,
        details TEXT NOT NULL,
        hash TEXT NOT NULL,
        previous_hash TEXT,
        UNIQUE (package_id, seq)
      )`,
      // Notifications, written in the transaction of the change that causes them; delivered later.
      `CREATE TABLE outbox (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        package_id TEXT NOT NULL,
        signer_id TEXT,
        kind TEXT NOT NULL,
        email TEXT NOT NULL,
        name TEXT,
        created_on TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        next_attempt_on TEXT,
        delivered_on TEXT,
        last_error TEXT
      )`,
      `CREATE INDEX outbox_by_package ON outbox (package_id, created_on)`,
      `CREATE INDEX outbox_pending ON outbox (next_attempt_on) WHERE status = 'Pending'`,
    ],
  },
  {
    version: 11,
    name: "package counts by tenant, status and archive flag",
    // Every list page answers totalCount. Counting 100,000 rows on each page is too slow, and one
    // counter row per tenant would make every package write of a tenant queue (and deadlock) behind
    // the others. So triggers append +1/-1 rows, which never conflict, and the scheduler folds them
    // into one row per key every tick (PackageStore.compactCounts): a count sums a handful of rows.
    statements: {
      sqlite: [
        ...THREAD_INDEXES,
        `CREATE TABLE package_count_deltas (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          tenant_id TEXT NOT NULL,
          status TEXT NOT NULL,
          is_archived INTEGER NOT NULL,
          n INTEGER NOT NULL
        )`,
        `CREATE INDEX package_count_deltas_by_key ON package_count_deltas (tenant_id, is_archived, status, n)`,
        `INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
          SELECT tenant_id, status, is_archived, COUNT(*) FROM packages GROUP BY tenant_id, status, is_archived`,
        `CREATE TRIGGER packages_counted_insert AFTER INSERT ON packages BEGIN
          INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
            VALUES (NEW.tenant_id, NEW.status, NEW.is_archived, 1);
        END`,
        `CREATE TRIGGER packages_counted_delete AFTER DELETE ON packages BEGIN
          INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
            VALUES (OLD.tenant_id, OLD.status, OLD.is_archived, -1);
        END`,
        `CREATE TRIGGER packages_counted_update AFTER UPDATE OF status, is_archived ON packages
          WHEN OLD.status IS NOT NEW.status OR OLD.is_archived IS NOT NEW.is_archived BEGIN
          INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
            VALUES (OLD.tenant_id, OLD.status, OLD.is_archived, -1), (NEW.tenant_id, NEW.status, NEW.is_archived, 1);
        END`,
      ],
      postgres: [
        ...THREAD_INDEXES,
        `CREATE TABLE package_count_deltas (
          seq BIGSERIAL PRIMARY KEY,
          tenant_id TEXT NOT NULL,
          status TEXT NOT NULL,
          is_archived INTEGER NOT NULL,
          n BIGINT NOT NULL
        )`,
        `CREATE INDEX package_count_deltas_by_key ON package_count_deltas (tenant_id, is_archived, status, n)`,
        `INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
          SELECT tenant_id, status, is_archived, COUNT(*) FROM packages GROUP BY tenant_id, status, is_archived`,
        `CREATE FUNCTION packages_counted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') THEN
            INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
              VALUES (OLD.tenant_id, OLD.status, OLD.is_archived, -1);
          END IF;
          IF TG_OP IN ('UPDATE', 'INSERT') THEN
            INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
              VALUES (NEW.tenant_id, NEW.status, NEW.is_archived, 1);
          END IF;
          RETURN NULL;
        END
        $$`,
        `CREATE TRIGGER packages_counted AFTER INSERT OR DELETE ON packages
          FOR EACH ROW EXECUTE FUNCTION packages_counted()`,
        `CREATE TRIGGER packages_counted_update AFTER UPDATE OF status, is_archived ON packages
          FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.is_archived IS DISTINCT FROM NEW.is_archived)
          EXECUTE FUNCTION packages_counted()`,
      ],
    },
  },
  {
    version: 12,
    name: "documents: converted PDF, detected tags, upload sessions, blob garbage",
    statements: [
      // PNG and JPEG are kept as sent (download) and as the one-page PDF made of them (download-pdf);
      // for a PDF both are the same blob.
      `ALTER TABLE package_documents ADD COLUMN pdf_sha256 TEXT`,
      `UPDATE package_documents SET pdf_sha256 = sha256`,
      // The tags found at upload (JSON), answered by detected-tags without reading the PDF again.
      `ALTER TABLE package_documents ADD COLUMN detected_tags TEXT`,
      `CREATE INDEX package_documents_by_sha256 ON package_documents (sha256)`,
      `CREATE INDEX package_documents_by_pdf_sha256 ON package_documents (pdf_sha256)`,
      `CREATE TABLE upload_sessions (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        package_id TEXT NOT NULL REFERENCES packages(id) ON DELETE CASCADE,
        file_name TEXT NOT NULL,
        name TEXT,
        content_type TEXT NOT NULL,
        size BIGINT NOT NULL,
        sha256 TEXT,
        block_size INTEGER NOT NULL,
        block_count INTEGER NOT NULL,
        created_on TEXT NOT NULL,
        expires_on TEXT NOT NULL
      )`,
      `CREATE INDEX upload_sessions_by_package ON upload_sessions (package_id)`,
      `CREATE INDEX upload_sessions_expiring ON upload_sessions (expires_on)`,
      // Each staged block is a blob of its own (so that any service instance can take the next block
      // or the commit, whatever the blob store); the row says which block it is.
      `CREATE TABLE upload_blocks (
        session_id TEXT NOT NULL REFERENCES upload_sessions(id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        size INTEGER NOT NULL,
        PRIMARY KEY (session_id, n)
      )`,
      `CREATE INDEX upload_blocks_by_sha256 ON upload_blocks (sha256)`,
      // Blobs that may have lost their last reference (a deleted document, a finished upload, a write
      // that crashed before its row). Blobs are shared by hash, so the collector deletes one only
      // when nothing refers to it any more, and only after a grace period (an upload of the same
      // bytes may be on its way to referring to it).
      `CREATE TABLE blob_garbage (
        sha256 TEXT PRIMARY KEY,
        queued_on TEXT NOT NULL
      )`,
    ],
  },
  {
    version: 13,
    name: "download links",
    statements: [
      // Links of contract §6.2 (`{ url, expiresOn }`, 5 minutes, no credential). Keyed by the token's
      // SHA-256: the token is 256 random bits, so one hash suffices, and the table holds no usable token.
      // size is the blob's length, so that an answer carries Content-Length without asking the blob store.
      `CREATE TABLE download_links (
        token_hash TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        blob_sha256 TEXT NOT NULL,
        file_name TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size BIGINT NOT NULL,
        created_on TEXT NOT NULL,
        expires_on TEXT NOT NULL
      )`,
      // The scheduler deletes expired links by this index.
      `CREATE INDEX download_links_expiring ON download_links (expires_on)`,
    ],
  },
  {
    version: 14,
    name: "outbox delivery: due rows with expired leases, listing newest first",
    statements: [
      // The claim takes Pending rows that are due and Sending rows whose lease ran out (a sender died
      // mid-send): one partial index over both, small because delivered rows leave it.
      `DROP INDEX outbox_pending`,
      `CREATE INDEX outbox_due ON outbox (next_attempt_on) WHERE status IN ('Pending', 'Sending')`,
      // `admin outbox`, newest first, of all tenants or of one, without sorting the whole table.
      `CREATE INDEX outbox_by_created ON outbox (created_on, id)`,
      `CREATE INDEX outbox_by_tenant ON outbox (tenant_id, created_on, id)`,
    ],
  },
  {
    version: 15,
    name: "documents: size of the PDF made of an image",
    statements: [
      // download-pdf answers Content-Length: for an image the PDF made of it has its own size.
      `ALTER TABLE package_documents ADD COLUMN pdf_size BIGINT`,
      `UPDATE package_documents SET pdf_size = size WHERE pdf_sha256 = sha256 OR pdf_sha256 IS NULL`,
    ],
  },
  {
    version: 16,
    name: "signing: sender, signing links, per-person values and attachments, reminders, service keys",
    statements: [
      // Who sent the package: the decline notice (and later the completion mail) goes there.
      `ALTER TABLE packages ADD COLUMN sender_email TEXT`,
      `ALTER TABLE packages ADD COLUMN sender_name TEXT`,
      // When the signer was last invited (Invitation, Reassigned, resend) and when the scheduler
      // reminds them next; the partial index holds only signers who have a reminder coming.
      `ALTER TABLE package_signers ADD COLUMN notified_on TEXT`,
      `ALTER TABLE package_signers ADD COLUMN next_reminder_on TEXT`,
      `CREATE INDEX package_signers_reminders_due ON package_signers (next_reminder_on)
        WHERE next_reminder_on IS NOT NULL`,
      // What a notification says beyond its kind (who declined and why, who completed a slot): JSON.
      `ALTER TABLE outbox ADD COLUMN details TEXT`,
      // Secrets the service makes for itself on first start and shares between its instances through
      // the database (the HMAC key of signing links and access-code grants).
      `CREATE TABLE service_keys (
        name TEXT PRIMARY KEY,
        secret TEXT NOT NULL,
        created_on TEXT NOT NULL
      )`,
      // One row per link of one person to one signer slot. A mail's link has the id of its outbox
      // row; the token is that id with an HMAC (domain/signing-links.ts), so no token is stored.
      // signer_id has no foreign key: reassign gives the slot a new signer id and moves the links.
      `CREATE TABLE signing_links (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        package_id TEXT NOT NULL REFERENCES packages(id) ON DELETE CASCADE,
        signer_id TEXT NOT NULL,
        email TEXT NOT NULL,
        email_lower TEXT NOT NULL,
        name TEXT,
        created_on TEXT NOT NULL,
        expires_on TEXT,
        return_url TEXT
      )`,
      `CREATE INDEX signing_links_by_signer ON signing_links (signer_id)`,
      // Values a person types as they go, kept per person (each member of a group slot has their
      // own) until they finish: then the finisher's are written to package_annotations.
      `CREATE TABLE signing_values (
        annotation_id TEXT NOT NULL REFERENCES package_annotations(id) ON DELETE CASCADE,
        email_lower TEXT NOT NULL,
        package_id TEXT NOT NULL,
        value TEXT NOT NULL,
        updated_on TEXT NOT NULL,
        PRIMARY KEY (annotation_id, email_lower)
      )`,
      `CREATE INDEX signing_values_by_package ON signing_values (package_id)`,
      // Files attached to Attachment fields; the bytes are blobs (kept while a row refers to them).
      `CREATE TABLE signing_attachments (
        annotation_id TEXT NOT NULL REFERENCES package_annotations(id) ON DELETE CASCADE,
        email_lower TEXT NOT NULL,
        package_id TEXT NOT NULL,
        file_name TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size BIGINT NOT NULL,
        sha256 TEXT NOT NULL,
        created_on TEXT NOT NULL,
        PRIMARY KEY (annotation_id, email_lower)
      )`,
      `CREATE INDEX signing_attachments_by_sha256 ON signing_attachments (sha256)`,
      `CREATE INDEX signing_attachments_by_package ON signing_attachments (package_id)`,
    ],
    // Invitations queued before this migration get their links too.
    backfill: async (tx) => {
      const rows = await tx.all<{
        id: string;
        tenant_id: string;
        package_id: string;
        signer_id: string;
        email: string;
        name: string | null;
        created_on: string;
      }>(
        `SELECT o.id, o.tenant_id, o.package_id, o.signer_id, o.email, o.name, o.created_on FROM outbox o
         JOIN packages p ON p.id = o.package_id
         WHERE o.signer_id IS NOT NULL AND o.kind IN ('Invitation', 'Reminder', 'Reassigned')`,
      );
      for (const r of rows) {
        await tx.run(
          `INSERT INTO signing_links (id, tenant_id, package_id, signer_id, email, email_lower, name, created_on)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          [r.id, r.tenant_id, r.package_id, r.signer_id, r.email, caseKey(r.email), r.name, r.created_on],
        );
      }
    },
  },
  {
    version: 17,
    name: "completion: a row per Completed package, its sealed files",
    statements: {
      sqlite: [...COMPLETION_TABLES, ...COMPLETION_TRIGGERS_SQLITE, ...COMPLETION_BACKFILL],
      postgres: [...COMPLETION_TABLES, ...COMPLETION_TRIGGERS_POSTGRES, ...COMPLETION_BACKFILL],
    },
  },
  // ---- Issue 19 (branch catalogue): share links, templates, bulk send. Versions 18 and up; 16 and 17
  // were taken by branches written at the same time (migrate() applies by version, so gaps are fine).
  {
    version: 18,
    name: "share links",
    statements: [
      // Contract §7: a package's signed documents, evidence or certificate for whoever holds the link,
      // until it expires or is used up. Only the token's SHA-256 is kept.
      `CREATE TABLE share_links (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        package_id TEXT NOT NULL REFERENCES packages(id) ON DELETE CASCADE,
        document_id TEXT REFERENCES package_documents(id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL UNIQUE,
        scope TEXT NOT NULL,
        created_on TEXT NOT NULL,
        expires_on TEXT NOT NULL,
        max_uses INTEGER,
        use_count INTEGER NOT NULL,
        last_used_on TEXT,
        revoked_on TEXT
      )`,
      // The list, newest first, of a tenant or of one of its packages.
      `CREATE INDEX share_links_by_tenant ON share_links (tenant_id, created_on, id)`,
      `CREATE INDEX share_links_by_package ON share_links (package_id, created_on, id)`,
    ],
  },
  // ---- Issue 19 (branch catalogue): templates.
  {
    version: 19,
    name: "templates and their roles",
    statements: [
      // Contract §7: a template is a package's shape without people: roles are its signer slots.
      `CREATE TABLE templates (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        name TEXT NOT NULL,
        description TEXT,
        created_on TEXT NOT NULL,
        updated_on TEXT NOT NULL
      )`,
      `CREATE INDEX templates_by_tenant ON templates (tenant_id, created_on, id)`,
      `CREATE TABLE template_roles (
        id TEXT PRIMARY KEY,
        template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        name TEXT NOT NULL,
        name_lower TEXT NOT NULL,
        routing_order INTEGER NOT NULL,
        type TEXT NOT NULL,
        created_on TEXT NOT NULL
      )`,
      // A role's name is unique within its template (any case): \`use\` fills roles by id, people read names.
      `CREATE UNIQUE INDEX template_roles_name ON template_roles (template_id, name_lower)`,
    ],
  },
  // ---- Issue 19 (branch template-docs): a template's documents, uploads and annotations.
  {
    version: 20,
    name: "template documents, uploads and annotations",
    statements: [
      // The columns of package_documents (the same store reads both); the bytes are blobs shared by
      // hash with packages' documents, so the blob collector counts these too (isReferenced).
      `CREATE TABLE template_documents (
        id TEXT PRIMARY KEY,
        template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        file_name TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size BIGINT NOT NULL,
        sha256 TEXT NOT NULL,
        pdf_sha256 TEXT,
        pdf_size BIGINT,
        page_count INTEGER NOT NULL,
        pages TEXT NOT NULL,
        order_index INTEGER NOT NULL,
        created_on TEXT NOT NULL,
        detected_tag_count INTEGER NOT NULL,
        detected_tags TEXT
      )`,
      `CREATE INDEX template_documents_by_template ON template_documents (template_id, order_index)`,
      `CREATE INDEX template_documents_by_sha256 ON template_documents (sha256)`,
      `CREATE INDEX template_documents_by_pdf_sha256 ON template_documents (pdf_sha256)`,
      // A document whose tag detection failed (the reader stopped, or ran out of its memory) is
      // kept with its pages; this row says why until a retry succeeds.
      `CREATE TABLE template_document_failures (
        document_id TEXT PRIMARY KEY REFERENCES template_documents(id) ON DELETE CASCADE,
        error TEXT NOT NULL,
        failed_on TEXT NOT NULL
      )`,
      `CREATE TABLE template_upload_sessions (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
        file_name TEXT NOT NULL,
        name TEXT,
        content_type TEXT NOT NULL,
        size BIGINT NOT NULL,
        sha256 TEXT,
        block_size INTEGER NOT NULL,
        block_count INTEGER NOT NULL,
        created_on TEXT NOT NULL,
        expires_on TEXT NOT NULL
      )`,
      `CREATE INDEX template_upload_sessions_by_template ON template_upload_sessions (template_id)`,
      `CREATE INDEX template_upload_sessions_expiring ON template_upload_sessions (expires_on)`,
      `CREATE TABLE template_upload_blocks (
        session_id TEXT NOT NULL REFERENCES template_upload_sessions(id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        size INTEGER NOT NULL,
        PRIMARY KEY (session_id, n)
      )`,
      `CREATE INDEX template_upload_blocks_by_sha256 ON template_upload_blocks (sha256)`,
      // As package_annotations, tied to a role; removing the role or the document removes them.
      `CREATE TABLE template_annotations (
        id TEXT PRIMARY KEY,
        template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        document_id TEXT NOT NULL REFERENCES template_documents(id) ON DELETE CASCADE,
        role_id TEXT NOT NULL REFERENCES template_roles(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        page INTEGER NOT NULL,
        x DOUBLE PRECISION NOT NULL,
        y DOUBLE PRECISION NOT NULL,
        width DOUBLE PRECISION NOT NULL,
        height DOUBLE PRECISION NOT NULL,
        required INTEGER NOT NULL,
        label TEXT,
        group_name TEXT,
        options TEXT,
        value TEXT,
        source TEXT NOT NULL,
        is_completed INTEGER NOT NULL,
        completed_on TEXT,
        created_on TEXT NOT NULL
      )`,
      `CREATE INDEX template_annotations_by_template ON template_annotations (template_id, seq)`,
      `CREATE INDEX template_annotations_by_role ON template_annotations (role_id)`,
      `CREATE INDEX template_annotations_by_document ON template_annotations (document_id)`,
    ],
  },
  // ---- Issue 19 (branch bulk-send): bulk send jobs from a template.
  {
    version: 21,
    name: "bulk send jobs and their rows",
    statements: [
      // A job (contract §7): the template, the request's name, who asked (the audit actor of each
      // package it makes) and its state. Its counts are the rows' (bulk_send_rows), never stored twice.
      `CREATE TABLE bulk_send_jobs (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        template_id TEXT NOT NULL,
        name TEXT,
        status TEXT NOT NULL,
        actor TEXT NOT NULL,
        created_on TEXT NOT NULL,
        updated_on TEXT NOT NULL,
        completed_on TEXT
      )`,
      `CREATE INDEX bulk_send_jobs_by_tenant ON bulk_send_jobs (tenant_id, created_on, id)`,
      // The scheduler's question: which jobs have work (Queued or Running), least recently worked first.
      `CREATE INDEX bulk_send_jobs_open ON bulk_send_jobs (status, updated_on)`,
      // One row of the request. Pending becomes Sent (with its package, in the transaction that makes
      // the package: never twice) or Failed (with the error); retry-failed makes Failed Pending again.
      `CREATE TABLE bulk_send_rows (
        job_id TEXT NOT NULL REFERENCES bulk_send_jobs(id) ON DELETE CASCADE,
        row_number INTEGER NOT NULL,
        fill TEXT NOT NULL,
        status TEXT NOT NULL,
        package_id TEXT,
        error TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        updated_on TEXT NOT NULL,
        PRIMARY KEY (job_id, row_number)
      )`,
      `CREATE INDEX bulk_send_rows_by_status ON bulk_send_rows (job_id, status, row_number)`,
    ],
  },
  // ---- Issue 15 follow-up (branch upload-races): a commit claims its upload session first.
  {
    version: 22,
    name: "upload sessions: a commit's claim",
    statements: [
      // Set by the commit that works on the session (a token of its own and when it claimed it);
      // other commits, aborts and blocks of the session answer 404 meanwhile. A commit that fails
      // clears it; a claim older than a bound (a process killed mid-commit) counts as none.
      `ALTER TABLE upload_sessions ADD COLUMN commit_claim TEXT`,
      `ALTER TABLE upload_sessions ADD COLUMN commit_claimed_on TEXT`,
      `ALTER TABLE template_upload_sessions ADD COLUMN commit_claim TEXT`,
      `ALTER TABLE template_upload_sessions ADD COLUMN commit_claimed_on TEXT`,
    ],
  },
  // ---- Issue 15 follow-up: on S3, a restarted service removes at once the orphans of its own crash.
  {
    version: 23,
    name: "blob garbage: which service instances queued each blob",
    statements: [
      // A blob queued for collection names the instance (its data directory's id) that queued it,
      // once each. A service starting again collects at once the unreferenced blobs that only it
      // had queued: none of its own uploads is under way then, and one queued by another instance as
      // well (an upload of the same bytes elsewhere) keeps its grace period. queued_on is when this
      // instance last queued it: if the entry's own is later, something queued it since (a version
      // without this table, during an upgrade), and it keeps its grace period too. Rows go with
      // their blob_garbage entry.
      `CREATE TABLE blob_garbage_queuers (
        sha256 TEXT NOT NULL,
        instance TEXT NOT NULL,
        queued_on TEXT NOT NULL,
        PRIMARY KEY (sha256, instance)
      )`,
    ],
  },
  // ---- Issue 16 follow-up (branch sign16): versions 30 and up, clear of the catalogue's.
  {
    version: 30,
    name: "signing links: origins that may frame a signing-url link's page",
    statements: [
      // Contract §6.3 allowedOrigins: a JSON array of origins, null for none (every mail's link).
      // GET /sign/{token} answers frame-ancestors with them; without, 'none'.
      `ALTER TABLE signing_links ADD COLUMN allowed_origins TEXT`,
    ],
  },
  // ---- Issue 18 (branch status18): the Status view's "All packages" lists the user's own packages.
  // Version 31 (30 went to the signing links' origins; 19 and up to the catalogue branch).
  {
    version: 31,
    name: "packages by sender",
    statements: [
      // A copy lowercased in JS (as name_lower), so the filter is an equality on both databases.
      `ALTER TABLE packages ADD COLUMN sender_email_lower TEXT`,
      // The sender's packages in the list's default order straight from the index (as a thread's).
      `CREATE INDEX packages_by_sender ON packages (tenant_id, sender_email_lower, created_on, id)`,
    ],
    backfill: async (tx) => {
      const rows = await tx.all<{ id: string; sender_email: string }>(
        `SELECT id, sender_email FROM packages WHERE sender_email IS NOT NULL`,
      );
      for (const row of rows) {
        await tx.run(`UPDATE packages SET sender_email_lower = ? WHERE id = ?`, [
          row.sender_email.toLowerCase(),
          row.id,
        ]);
      }
    },
  },
  // ---- Issue 27 (branch probe-a): version 40, clear of the versions other branches take.
  {
    version: 40,
    name: "audit trail heads: a cut-off tail shows",
    statements: [
      // The seq and hash of each package's last audit event, written in the transaction that appends
      // it (AuditStore.insert). The hash chain shows a changed or removed event in the middle; only
      // this shows events removed from the end. Rows stay with the events (a deleted package's too).
      `CREATE TABLE package_audit_heads (
        package_id TEXT PRIMARY KEY,
        seq INTEGER NOT NULL,
        hash TEXT NOT NULL
      )`,
      // Existing trails are anchored at the event they end with now.
      `INSERT INTO package_audit_heads (package_id, seq, hash)
       SELECT e.package_id, e.seq, e.hash FROM package_audit_events e
       WHERE e.seq = (SELECT MAX(m.seq) FROM package_audit_events m WHERE m.package_id = e.package_id)`,
    ],
  },
  {
    version: 41,
    name: "download links: what each one serves",
    statements: [
      // The package and the row a link serves (source: Document, SignedDocument, Attachment or
      // Package, source_id the document's or the annotation's id): once that is deleted the link
      // serves nothing (DownloadLinkStore.findActive). Links made before have none; they expire.
      `ALTER TABLE download_links ADD COLUMN package_id TEXT`,
      `ALTER TABLE download_links ADD COLUMN source TEXT`,
      `ALTER TABLE download_links ADD COLUMN source_id TEXT`,
    ],
  },
];

const LOCK_ID = 5_172_026;

export class SchemaTooNewError extends Error {}

/** Applies pending migrations in one transaction each; answers the versions it applied. */
export async function migrate(
  driver: SqlDriver,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  await driver.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_on TEXT NOT NULL
  )`);
  const known = Math.max(0, ...migrations.map((m) => m.version));
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    const done = await driver.transaction(async (tx) => {
      // Two services starting on one PostgreSQL database must not both migrate.
      if (driver.dialect === "postgres") await tx.run("SELECT pg_advisory_xact_lock(?)", [LOCK_ID]);
      const row = await tx.get<{ latest: number | null }>(
        "SELECT MAX(version) AS latest FROM schema_migrations",
      );
      const latest = row?.latest ?? 0;
      if (latest > known) {
        throw new SchemaTooNewError(
          `the database schema is at version ${latest}, newer than this service knows (${known}); run a newer release`,
        );
      }
      // By version, not by the highest one: migrations written in parallel land with gaps (4 before
      // 3), and a database that ran the later one first must still get the earlier one.
      const done = await tx.get("SELECT version FROM schema_migrations WHERE version = ?", [
        migration.version,
      ]);
      if (done) return false;
      const statements = Array.isArray(migration.statements)
        ? migration.statements
        : migration.statements[driver.dialect];
      for (const statement of statements) await tx.run(statement);
      await migration.backfill?.(tx, driver.dialect);
      await tx.run("INSERT INTO schema_migrations (version, name, applied_on) VALUES (?, ?, ?)", [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
