import type { ServiceConfig } from "../config";
import type { SqlDriver, SqlExecutor, TransactionOptions } from "./driver";
import { migrate } from "./migrations";
import { PostgresDriver } from "./postgres-driver";
import { SqliteDriver } from "./sqlite-driver";
import { CredentialStore } from "./credentials";
import { SigningGroupStore } from "./signing-groups";
import { RateLimitStore } from "./rate-limits";
import { TelemetryStore } from "./telemetry";
import { PackageStore } from "./packages";
import { SignerStore } from "./signers";
import { AnnotationStore } from "./annotations";
import { BlobGarbageStore, DocumentStore, UploadStore } from "./documents";
import { AuditStore } from "./audit";
import { OutboxStore } from "./outbox";
import { DownloadLinkStore } from "./download-links";
import { CompletionStore } from "./completions";
import { ServiceKeyStore, SigningLinkStore, SigningValueStore } from "./signing";
import { ShareLinkStore } from "./share-links";
import { TemplateStore } from "./templates";
import { BulkSendStore } from "./bulk-send";
import { TEMPLATE_TABLES } from "./owned-tables";
import { OperationsStore } from "./operations";

export { UniqueViolationError } from "./driver";
export type { Dialect } from "./driver";
export type * from "./credentials";
export type * from "./signing-groups";
export type * from "./telemetry";
export type * from "./packages";
export type * from "./signers";
export type * from "./annotations";
export type * from "./audit";
export type * from "./outbox";
export type * from "./documents";
export type * from "./download-links";
export type * from "./completions";
export type * from "./signing";
export type * from "./share-links";
export type * from "./templates";
export type * from "./bulk-send";
export type * from "./operations";
export type { OwnedTables } from "./owned-tables";

/** The one door to the database: the rest of the service calls these stores and never writes SQL. */
export class Storage {
  readonly credentials: CredentialStore;
  readonly signingGroups: SigningGroupStore;
  readonly telemetry: TelemetryStore;
  readonly rateLimits: RateLimitStore;
  readonly packages: PackageStore;
  readonly signers: SignerStore;
  readonly annotations: AnnotationStore;
  readonly audit: AuditStore;
  readonly outbox: OutboxStore;
  readonly documents: DocumentStore;
  readonly uploads: UploadStore;
  readonly blobGarbage: BlobGarbageStore;
  readonly downloadLinks: DownloadLinkStore;
  readonly completions: CompletionStore;
  readonly serviceKeys: ServiceKeyStore;
  readonly signingLinks: SigningLinkStore;
  readonly signingValues: SigningValueStore;
  readonly shareLinks: ShareLinkStore;
  readonly templates: TemplateStore;
  readonly bulkSend: BulkSendStore;
  /** A template's documents, uploads and annotations (tied to roles): the package stores on other tables. */
  readonly templateDocuments: DocumentStore;
  readonly templateUploads: UploadStore;
  readonly templateAnnotations: AnnotationStore;
  /** Counts across tenants for the service's metrics. */
  readonly operations: OperationsStore;

  constructor(
    private readonly driver: SqlDriver,
    executor: SqlExecutor = driver,
    /** What a transaction's stores share with the storage they come from. */
    private readonly shared: { blobInstance: string | null } = { blobInstance: null },
  ) {
    this.credentials = new CredentialStore(executor);
    this.signingGroups = new SigningGroupStore(executor, driver.dialect);
    this.telemetry = new TelemetryStore(executor);
    this.rateLimits = new RateLimitStore(executor);
    this.packages = new PackageStore(executor, driver.dialect);
    this.signers = new SignerStore(executor);
    this.annotations = new AnnotationStore(executor);
    this.audit = new AuditStore(executor);
    this.outbox = new OutboxStore(executor, driver.dialect);
    this.documents = new DocumentStore(executor);
    this.uploads = new UploadStore(executor);
    this.blobGarbage = new BlobGarbageStore(executor, () => this.shared.blobInstance);
    this.downloadLinks = new DownloadLinkStore(executor);
    this.completions = new CompletionStore(executor, driver.dialect);
    this.serviceKeys = new ServiceKeyStore(executor);
    this.signingLinks = new SigningLinkStore(executor);
    this.signingValues = new SigningValueStore(executor);
    this.shareLinks = new ShareLinkStore(executor);
    this.templates = new TemplateStore(executor, driver.dialect);
    this.bulkSend = new BulkSendStore(executor, driver.dialect);
    this.templateDocuments = new DocumentStore(executor, TEMPLATE_TABLES);
    this.templateUploads = new UploadStore(executor, TEMPLATE_TABLES);
    this.templateAnnotations = new AnnotationStore(executor, TEMPLATE_TABLES);
    this.operations = new OperationsStore(executor);
  }

  get dialect() {
    return this.driver.dialect;
  }

  /**
   * Runs fn with stores bound to one transaction: all of its writes land, or none. Durable unless
   * `options.durable` is false (see TransactionOptions).
   */
  transaction<T>(
    fn: (stores: Omit<Storage, "transaction" | "close">) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T> {
    return this.driver.transaction((tx) => fn(new Storage(this.driver, tx, this.shared)), options);
  }

  /**
   * Names the service instance whose queued blobs these stores record (BlobGarbageStore), from now
   * on; null for none.
   */
  setBlobInstance(instance: string | null): void {
    this.shared.blobInstance = instance;
  }

  get blobInstance(): string | null {
    return this.shared.blobInstance;
  }

  /**
   * The housekeeping a long-lived database gets on its own (PostgreSQL's autovacuum; SQLite's
   * `PRAGMA optimize`): dead rows reclaimed, planner statistics refreshed. For after a bulk load, such
   * as a benchmark's seeding, which would otherwise measure a database no deployment has for long.
   */
  async optimize(): Promise<void> {
    if (this.driver.dialect === "postgres") await this.driver.exec("VACUUM ANALYZE");
    else await this.driver.exec("PRAGMA optimize=0x10002");
  }

  async ping(): Promise<void> {
    await this.driver.get("SELECT 1 AS ok");
  }

  close(): Promise<void> {
    return this.driver.close();
  }
}

export interface StorageOptions {
  dataDir: string;
  databaseUrl: string | null;
}

export async function openStorage(options: Pick<ServiceConfig, "dataDir" | "databaseUrl">): Promise<Storage> {
  const driver: SqlDriver = options.databaseUrl
    ? await PostgresDriver.open(options.databaseUrl)
    : SqliteDriver.open(options.dataDir);
  try {
    await migrate(driver);
  } catch (error) {
    await driver.close();
    throw error;
  }
  return new Storage(driver);
}
