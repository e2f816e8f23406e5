// node:timers, not the global: under a browser-like global (jsdom tests) the global answers a number.
import { clearInterval, setInterval } from "node:timers";
import type { FastifyBaseLogger } from "fastify";
import { SYSTEM } from "../domain/audit";
import { expirePackages, sendDuePackages } from "../domain/packages";
import type { BlobStore } from "../blobs";
import { collectBlobGarbage, expireUploads } from "../domain/documents";
import type { Storage } from "../storage";

/**
 * The service's one background loop: sends Scheduled packages that are due, expires sent ones past
 * their expirationDate, folds the package counts (migration 11), drops expired uploads and collects
 * unreferenced blobs. Each step claims its rows in its
 * own transaction (FOR UPDATE SKIP LOCKED on PostgreSQL; SQLite's writer lock), so two service
 * processes on one database never do one twice.
 * State lives only in the database, so a restart simply picks up where the last tick stopped.
 */
export function startScheduler(
  storage: Storage,
  blobs: BlobStore,
  intervalMs: number,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = async () => {
    try {
      // Drain: a step handles a batch; repeat while batches come back full.
      while (!stopped && (await sendDuePackages(storage, SYSTEM)) >= 20);
      while (!stopped && (await expirePackages(storage, SYSTEM)) >= 50);
      // Fold the package counts' +1/-1 rows, so that a list's totalCount sums a handful of rows.
      if (!stopped) await storage.transaction((s) => s.packages.compactCounts());
      // Upload sessions past their 24 hours, then blobs nothing refers to any more.
      while (!stopped && (await expireUploads(storage)) >= 100);
      while (!stopped && (await collectBlobGarbage(storage, blobs)) >= 200);
    } catch (error) {
      log.error({ err: error }, "scheduler tick failed; retrying at the next tick");
    }
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = tick().finally(() => {
      running = null;
    });
  }, intervalMs);
  // Never keeps the process alive on its own.
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
