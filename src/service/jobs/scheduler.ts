// node:timers, not the global: under a browser-like global (jsdom tests) the global answers a number.
import { clearInterval, clearTimeout, setImmediate, setInterval, setTimeout } from "node:timers";
import type { FastifyBaseLogger } from "fastify";
import { SYSTEM } from "../domain/audit";
import { expirePackages, sendDuePackages } from "../domain/packages";
import type { BlobStore } from "../blobs";
import { collectBlobGarbage, expireUploads, sweepStagedFiles } from "../domain/documents/maintenance";
import type { UploadStaging } from "../blobs/staging";
import { purgeExpiredLinks } from "../domain/download-links";
import type { Storage } from "../storage";
import { deliverDueNotifications, OUTBOX_BATCH } from "../domain/outbox";
import type { SmtpConfig } from "../mail/smtp-url";
import { createMailer, SEND_TIMEOUT_MS } from "../mail/transport";
import { completeDuePackage, type SealKeeper } from "../domain/completion";
import { sendDueReminders } from "../domain/signing";
import type { SigningLinks } from "../domain/signing-links";
import { runBulkSendJobs } from "../domain/bulk-send";

/**
 * The service's one background loop: sends Scheduled packages that are due, expires sent ones past
 * their expirationDate, queues the reminders that are due, works bulk send jobs' rows (a slice a tick, the
 * tick run again at once while rows remain), folds the package counts (migration 11), drops expired uploads, collects
 * unreferenced blobs, completes Completed packages (domain/completion/job.ts) and, when SMTP is configured, delivers the outbox's due notifications (without
 * it they stay Pending). Each step claims its rows in its
 * own transaction (FOR UPDATE SKIP LOCKED on PostgreSQL; SQLite's writer lock), so two service
 * processes on one database never do one twice.
 * State lives only in the database, so a restart simply picks up where the last tick stopped.
 */
/** How long a tick works bulk send rows before the other steps get their turn. */
const BULK_SEND_SLICE_MS = 2_000;

export interface SchedulerOptions {
  storage: Storage;
  blobs: BlobStore;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** Where the outbox's notifications go; without it they stay Pending. */
  smtp?: SmtpConfig | null;
  /** Signers' links, for the mails that carry them. */
  links?: SigningLinks | null;
  /** The Completed mail attaches the signed PDFs up to this total (config.mailAttachMaxBytes). */
  mailAttachMaxBytes?: number;
  /** The seal for completing packages; without it Completed packages wait. */
  completion?: { seal: SealKeeper } | null;
  /** Staged upload files, swept when their session went. */
  staging?: UploadStaging | null;
}

export interface Scheduler {
  /**
   * Begins the stop (no new work starts; mail not yet started goes back to the outbox at once) and
   * resolves once the tick in flight has ended: the mail being sent finishes and is recorded, within
   * STOP_GRACE_MS, after which it is cut off. Every call answers the same promise.
   */
  stop(): Promise<void>;
  wake(): void;
  /** How the loop keeps up, for GET /metrics. */
  status(): SchedulerStatus;
}

export interface SchedulerStatus {
  /**
   * Seconds the loop is behind: how long ago a tick was due (intervalMs after the last one began)
   * without one having begun. 0 while it keeps time; it grows while a tick runs long (an SMTP
   * outage, a large bulk send) or the event loop is blocked.
   */
  lagSeconds: number;
  /** How long the last finished tick took, in seconds; null before the first has finished. */
  lastTickSeconds: number | null;
}

/**
 * How long a stop waits for the mail being sent: as long as one send may take (its own timeout), so
 * that a send is cut off only when it would have failed anyway.
 */
export const STOP_GRACE_MS = SEND_TIMEOUT_MS;

export function startScheduler({
  storage,
  blobs,
  intervalMs,
  log,
  smtp = null,
  links = null,
  mailAttachMaxBytes,
  completion = null,
  staging = null,
}: SchedulerOptions): Scheduler {
  let running: Promise<void> | null = null;
  // A tick asked for while one runs (wake, or bulk send rows left over): run one more right after.
  let again = false;
  let sweptStagingAt = Date.now();
  let stopped = false;
  const mailer = smtp ? createMailer(smtp) : null;
  // Says where mail goes (never the password: `display` has none), or that it goes nowhere.
  if (smtp) log.info({ smtp: smtp.display }, "delivering notifications by SMTP");
  else log.info("SMTP_URL is not set: notifications stay Pending in the outbox (npm run admin -- outbox)");
  // Stopping: no new mail starts and the claimed rows not started go back at once (`stopping`); the
  // mail in flight finishes, its server's answer recorded, unless the stop waits longer than a send
  // may take (`cutOff`, STOP_GRACE_MS): then it is cut off and left to the retry.
  const stopping = new AbortController();
  const cutOff = new AbortController();
  const deliver = async () => {
    const report = await deliverDueNotifications(storage, mailer!, {
      stopping: stopping.signal,
      signal: cutOff.signal,
      links,
      publicUrl: links?.publicBase(),
      blobs,
      ...(mailAttachMaxBytes === undefined ? {} : { attachMaxBytes: mailAttachMaxBytes }),
    });
    for (const p of report.problems) {
      log.warn(
        { outboxId: p.id, packageId: p.packageId, error: p.error },
        p.final ? "notification not delivered; given up" : "notification not delivered; will retry",
      );
    }
    if (report.claimed > 0) {
      const { claimed, delivered, retried, failed, released } = report;
      log.info({ claimed, delivered, retried, failed, released }, "outbox batch sent");
    }
    // Another batch only when this one was full and the server took what it was given; while it
    // fails, once a tick is enough.
    return report.claimed >= OUTBOX_BATCH && report.retried === 0 && report.released === 0;
  };
  const complete = async () => {
    const report = await completeDuePackage({ storage, blobs, seal: completion!.seal });
    if (!report) return false;
    if (report.outcome === "done")
      log.info({ packageId: report.packageId, made: report.made }, "package completed: documents sealed");
    else if (report.outcome === "lease-lost")
      log.warn({ packageId: report.packageId }, "completion lease lost; another worker goes on");
    else
      log.error(
        { packageId: report.packageId, error: report.error },
        report.outcome === "failed" ? "completion failed; given up" : "completion failed; will retry",
      );
    return true;
  };
  const tick = async () => {
    try {
      // Drain: a step handles a batch; repeat while batches come back full.
      while (!stopped && (await sendDuePackages(storage, SYSTEM)) >= 20);
      while (!stopped && (await expirePackages(storage, SYSTEM)) >= 50);
      // Reminders due by each package's settings (they become outbox rows like any notification).
      while (!stopped && (await sendDueReminders(storage, SYSTEM)) >= 50);
      // Bulk send: a slice of rows, so that the steps below (mail) are not held up by a 1,000-row job.
      if (!stopped) {
        const bulk = await runBulkSendJobs(storage, {
          budgetMs: BULK_SEND_SLICE_MS,
          stopped: () => stopped,
          log: (err, job, row) =>
            log.error({ err, bulkSendJobId: job.id, row }, "bulk send row failed; will retry"),
        });
        if (bulk.sent + bulk.failed > 0 || bulk.finished > 0) {
          log.info(
            { sent: bulk.sent, failed: bulk.failed, jobsFinished: bulk.finished },
            "bulk send rows done",
          );
        }
        if (bulk.more) again = true;
      }
      // Fold the package counts' +1/-1 rows, so that a list's totalCount sums a handful of rows.
      if (!stopped && (await storage.packages.countsNeedFolding())) {
        await storage.transaction((s) => s.packages.compactCounts());
      }
      // Upload sessions past their 24 hours, then blobs nothing refers to any more.
      while (!stopped && (await expireUploads(storage, new Date(), staging)) >= 100);
      // Staged files whose session went with its package: looked for once an hour.
      if (!stopped && staging && Date.now() - sweptStagingAt > 3600_000) {
        sweptStagingAt = Date.now();
        await sweepStagedFiles(storage, staging, 3600_000);
      }
      while (!stopped && (await collectBlobGarbage(storage, blobs)) >= 200);
      if (!stopped) await purgeExpiredLinks(storage);
      // Completed packages: values drawn in, sealed, certificate and zip, the sender's mail.
      while (!stopped && completion && (await complete()));
      // Last: sending mail is the slow step, and the others must not wait behind an SMTP outage.
      while (!stopped && mailer && (await deliver()));
    } catch (error) {
      log.error({ err: error }, "scheduler tick failed; retrying at the next tick");
    }
  };
  // performance.now(): lag is measured on a clock no wall-clock change moves.
  let lastTickStarted = performance.now();
  let lastTickSeconds: number | null = null;
  const start = () => {
    const began = performance.now();
    lastTickStarted = began;
    running = tick().finally(() => {
      lastTickSeconds = (performance.now() - began) / 1000;
      running = null;
      if (again && !stopped) {
        again = false;
        // After the I/O that waits (requests): on SQLite a tick never leaves the event loop's turn.
        setImmediate(() => {
          if (!running && !stopped) start();
        });
      }
    });
  };
  let stopDone: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running || stopped) return;
    start();
  }, intervalMs);
  // Never keeps the process alive on its own.
  timer.unref();
  return {
    status: () => ({
      lagSeconds: Math.max(0, (performance.now() - lastTickStarted - intervalMs) / 1000),
      lastTickSeconds,
    }),
    wake() {
      if (stopped) return;
      if (running) again = true;
      // Once the waker's answer is on its way.
      else
        setImmediate(() => {
          if (stopped) return;
          if (running) again = true;
          else start();
        });
    },
    stop: () =>
      (stopDone ??= (async () => {
        stopped = true;
        clearInterval(timer);
        stopping.abort();
        const grace = setTimeout(() => cutOff.abort(), STOP_GRACE_MS);
        try {
          await running;
        } finally {
          clearTimeout(grace);
          mailer?.close();
        }
      })()),
  };
}
