// Bulk packages for the benchmarks that need a large tenant (packages.bench, status.bench): rows
// written straight through storage, 2,000 a transaction, as a tenant that has sent for years would
// hold them. One place for a package's fields, so that a new column is added here once.
import { newId } from "../../src/service/domain/tokens";
import type { PackageFields, Storage } from "../../src/service/storage";

const STATUSES = ["Draft", "Sent", "Completed", "Voided", "Sent", "Completed"] as const;

export interface SeedOptions {
  tenantId: string;
  count: number;
  /** Packages spread over this many mail threads (`thread-N` conversation ids). */
  threads: number;
  /** The benchmark's fixed-seed generator (seeded-random.ts). */
  next: () => number;
  /** A share of Completed packages archived (0 to 1; default none). */
  archivedShare?: number;
}

/** Inserts `count` packages for the tenant, five minutes apart from 1 January 2024. */
export async function seedPackages(
  storage: Storage,
  { tenantId, count, threads, next, archivedShare = 0 }: SeedOptions,
): Promise<void> {
  const start = Date.UTC(2024, 0, 1);
  for (let first = 0; first < count; first += 2_000) {
    await storage.transaction(async (s) => {
      for (let i = first; i < Math.min(count, first + 2_000); i++) {
        const at = new Date(start + i * 300_000).toISOString();
        const status = STATUSES[Math.floor(next() * STATUSES.length)]!;
        const fields: PackageFields = {
          name: `Agreement ${i}`,
          status,
          updatedOn: at,
          sentOn: status === "Draft" ? null : at,
          completedOn: status === "Completed" ? at : null,
          enforceSigningOrder: false,
          expirationDate: null,
          scheduledSendOn: null,
          emailSubject: null,
          emailMessage: null,
          isArchived: status === "Completed" && archivedShare > 0 && next() < archivedShare,
          voidedReason: status === "Voided" ? "Superseded" : null,
          source: {
            kind: "outlook",
            conversationId: `thread-${Math.floor(next() * threads)}`,
            internetMessageId: `<m${i}@contoso.com>`,
            subject: `Agreement ${i}`,
          },
          reminders: { enabled: false, firstAfterDays: null, everyDays: null },
          senderEmail: null,
          senderName: null,
        };
        await s.packages.insert(newId(), tenantId, at, fields);
      }
    });
  }
  // What the scheduler does every tick: fold the counts' +1/-1 rows (migration 11).
  await storage.transaction((s) => s.packages.compactCounts());
}
