// Delivery of the outbox (contract §6.5): notifications written as Pending rows in the transaction of
// the change that causes them are sent by mail here, from the scheduler's loop.
//
// Claim, lease, send, record — each row goes through these steps:
// 1. Claim, in one short transaction: up to `limit` due rows become Sending, with a lease
//    (next_attempt_on = now + 5 min) and the attempt counted (OutboxStore.claimDue: FOR UPDATE SKIP
//    LOCKED on PostgreSQL, the writer lock on SQLite). Two service processes never claim one row.
// 2. Send, outside any transaction (SMTP is slow; no lock is held while waiting for it).
// 3. Record the outcome, only if the row is still under this sender's lease: Delivered; or Pending
//    again after a backoff of 1, 2, 4 … minutes (at most an hour); or Failed after a permanent
//    refusal (5xx) or the 10th attempt.
// Stopping (SIGTERM, app.close()): no new send starts; the rows claimed but not started are released
// at once (due again for the next process, no lease to wait out); the send in flight finishes — the
// server's answer is awaited and recorded — within the send's timeout. Only a send cut off by the
// hard abort (`signal`) is left for a retry, and the server may have taken it.
// A sender killed between 1 and 3 leaves its rows Sending; they become due again when their lease
// runs out. A mail accepted just before such a crash is then sent a second time: delivery is at
// least once — never lost — and both copies carry the same Message-ID (the row's id). SMTP has no
// way to ask whether a server already took a message, so this cannot be closed; the window is kept
// to the time between the server's 250 and the Delivered write, which starts in the same turn of the
// event loop as the reply arrives (nothing is awaited in between but promise callbacks). docs/outbox.md.

import { performance } from "node:perf_hooks";
import type { Storage, ClaimedOutboxRecord, OutboxRecord, PackageRecord } from "../storage";
import { NOTIFICATION_KIND_HEADER, PACKAGE_ID_HEADER } from "../../shared/notification-headers";
import type { BlobStore } from "../blobs";
import { DEFAULT_MAIL_ATTACH_MAX_BYTES } from "../config";
import { composeNotification, headerText, type CompletedMailParts } from "../mail/messages";
import { signingLinkFor } from "../mail/signing-link";
import { COMPLETED_MAIL_LINK_TTL_SECONDS, packageZipLink } from "./completion";
import { SYSTEM } from "./audit";
import { mintShareLink, SHARE_LIMITS } from "./share-links";
import type { SigningLinks } from "./signing-links";
import {
  MailSendError,
  SEND_TIMEOUT_MS,
  type MailAttachment,
  type Mailer,
  type OutgoingMail,
} from "../mail/transport";

/** Rows claimed at once: what one sender sends in a batch. */
export const OUTBOX_BATCH = 20;
/** How long a claimed row stays reserved for its sender. */
export const LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** The wait after failed attempt number `attempts` (1, 2, …): 1 minute, doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export interface DeliveryReport {
  claimed: number;
  delivered: number;
  /** Failed for now, due again later. */
  retried: number;
  /** Given up. */
  failed: number;
  /** Claimed but not tried (the batch stopped): due again at once. */
  released: number;
  /** What went wrong, per row (no addresses, no password): for the log. */
  problems: { id: string; packageId: string; error: string; final: boolean }[];
}

export interface DeliveryOptions {
  /** The time of the claim; later times in the batch move on from it with the real clock. */
  now?: Date;
  limit?: number;
  /**
   * Aborted when the service begins to stop: no further send starts, and the rows not yet started
   * are released at once; the send in flight goes on to its answer (bounded by the send timeout).
   */
  stopping?: AbortSignal;
  /**
   * Aborted when the service will wait no longer: the send in flight is cut off (due again at once;
   * the server may have taken it) and the rest released. Implies `stopping`.
   */
  signal?: AbortSignal;
  /** The service's address as mail readers reach it (SIGN_PUBLIC_URL): links in mails start with it. */
  publicUrl?: string;
  /** Makes the signers' links; without it a mail says that the link follows. */
  links?: SigningLinks | null;
  /** Where the sealed documents are: a Completed mail attaches them. Without it, it links to them. */
  blobs?: BlobStore | null;
  /** The largest total of signed PDFs a Completed mail attaches (SIGN_MAIL_ATTACH_MAX_BYTES). */
  attachMaxBytes?: number;
}

/**
 * Claims and sends one batch of due notifications. Safe to run in several processes at once: each
 * row is sent by the one that claimed it.
 */
export async function deliverDueNotifications(
  storage: Storage,
  mailer: Mailer,
  {
    now = new Date(),
    limit = OUTBOX_BATCH,
    stopping,
    signal,
    links = null,
    publicUrl = links?.publicBase() ?? "",
    blobs = null,
    attachMaxBytes = DEFAULT_MAIL_ATTACH_MAX_BYTES,
  }: DeliveryOptions = {},
): Promise<DeliveryReport> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const clock = () => new Date(now.getTime() + elapsed()).toISOString();
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();

  const { rows, packages } = await storage.transaction(async (s) => {
    const rows = await s.outbox.claimDue(now.toISOString(), lease, limit);
    // Read with the claim, so that the mail says what the package says now (a void's reason).
    const packages = new Map<string, PackageRecord | null>();
    for (const r of rows) {
      if (!packages.has(r.packageId))
        packages.set(r.packageId, await s.packages.get(r.tenantId, r.packageId));
    }
    return { rows, packages };
  });

  const report: DeliveryReport = {
    claimed: rows.length,
    delivered: 0,
    retried: 0,
    failed: 0,
    released: 0,
    problems: [],
  };
  let stopBatch = false;
  const stopped = () => stopping?.aborted || signal?.aborted;
  // Rows not started yet. On a stop they are released at once, while the send in flight goes on.
  const waiting = [...rows];
  let releasing: Promise<void> | null = null;
  const releaseWaiting = () =>
    (releasing ??= (async () => {
      for (let row = waiting.shift(); row; row = waiting.shift()) {
        if (await storage.outbox.release(row.id, row.lease)) report.released++;
      }
    })());
  const onStop = () => {
    // Awaited below; a failure here must not be an unhandled rejection meanwhile.
    releaseWaiting().catch(() => undefined);
  };
  stopping?.addEventListener("abort", onStop);
  signal?.addEventListener("abort", onStop);
  try {
    for (let row = waiting.shift(); row; row = waiting.shift()) {
      // Each send must end well inside the lease, or another sender could claim the row and send it too.
      if (stopBatch || stopped() || elapsed() > LEASE_MS - 2 * SEND_TIMEOUT_MS) {
        waiting.unshift(row);
        break;
      }
      await deliverOne(row);
    }
  } finally {
    stopping?.removeEventListener("abort", onStop);
    signal?.removeEventListener("abort", onStop);
    // Also after a failed write: the rows not tried need not wait for their lease.
    await releaseWaiting();
  }
  return report;

  async function deliverOne(row: ClaimedOutboxRecord) {
    // Only rows whose senders died mid-send get here (a failed attempt stops at MAX_ATTEMPTS): a mail
    // that kills its sender must not be claimed for ever.
    if (row.attempts > MAX_ATTEMPTS) {
      await fail(row, `gave up: claimed ${row.attempts} times, and each sender stopped before an answer`);
      return;
    }
    const pkg = packages.get(row.packageId) ?? null;
    if (!pkg) {
      await fail(row, "the package no longer exists");
      return;
    }
    let mail: OutgoingMail;
    try {
      if (row.kind === "Completed") {
        const made = await completedMail(row, pkg);
        if (typeof made === "string") {
          await fail(row, made);
          return;
        }
        mail = made;
      } else {
        mail = messageFor(row, pkg, signingLinkFor(row, links));
      }
    } catch (error) {
      await retryLater(row, new MailSendError(String(error), false, false));
      return;
    }
    // The stop came while this mail was being made: it has not started, so it is released too.
    if (stopped()) {
      if (await storage.outbox.release(row.id, row.lease)) report.released++;
      return;
    }
    let sent: boolean;
    try {
      // Only the hard abort cuts a send off; a stop lets it finish (see DeliveryOptions).
      await mailer.send(mail, signal);
      sent = true;
    } catch (error) {
      sent = false;
      const problem = error instanceof MailSendError ? error : new MailSendError(String(error), false, false);
      if (signal?.aborted) {
        // Cut off mid-send: due again at once (the server may have taken it: at least once).
        await storage.outbox.markRetry(row.id, row.lease, null, "interrupted: the service stopped");
        report.retried++;
      } else if (problem.permanent || row.attempts >= MAX_ATTEMPTS) {
        await fail(
          row,
          problem.permanent ? problem.message : `gave up after ${row.attempts} attempts: ${problem.message}`,
        );
      } else {
        await retryLater(row, problem);
      }
      // The server is unreachable or refuses us: the next mails would fail alike, only slower.
      if (problem.affectsAll) stopBatch = true;
    }
    if (sent) {
      // Written in the same turn of the event loop as the server's 250 arrived: the time in which a
      // crash would make this mail go out twice is this write's alone.
      await storage.outbox.markDelivered(row.id, row.lease, clock());
      report.delivered++;
    }
  }

  /**
   * A Completed mail, made when it is sent: the row holds no bytes and no link. Its documents are the
   * package's sealed files (package_completion_files, written before the row and never changed; the
   * blob collector keeps what they refer to), read again at each attempt, so a retry attaches the same
   * files. Small enough (attachMaxBytes), they are attached; otherwise a signer gets a share link to
   * the zip that lasts (SHARE_LIMITS.expiresInDaysMax), minted now because only its hash is stored.
   * The sender keeps their day's link to the zip. A string is why it can never be sent.
   */
  async function completedMail(row: ClaimedOutboxRecord, pkg: PackageRecord): Promise<OutgoingMail | string> {
    const forSender = row.signerId === null;
    const plan = await completedMailPlan(storage, pkg.id, blobs ? attachMaxBytes : -1);
    if (!plan) return "the package's signed documents do not exist";
    const attachments: MailAttachment[] = [];
    for (const file of plan.attach) {
      attachments.push({
        filename: file.filename,
        contentType: "application/pdf",
        content: await readBlob(blobs!, file.sha256),
      });
    }
    let link: string | null = null;
    let linkExpiresOn: string | null = null;
    const base = publicUrl.replace(/\/+$/, "");
    if (forSender) {
      // The sender's link to the zip is minted now, for a day from the moment the mail goes out
      // (only its hash is stored, so the outbox row cannot hold it).
      const zip = await packageZipLink(storage, pkg, COMPLETED_MAIL_LINK_TTL_SECONDS);
      if (!zip) return "the package's zip does not exist";
      link = base + zip.url;
    } else if (attachments.length === 0) {
      const shared = await mintShareLink(
        storage,
        pkg.tenantId,
        pkg.id,
        { scope: "AllSignedDocuments", expiresInDays: SHARE_LIMITS.expiresInDaysMax },
        SYSTEM,
      );
      link = base + shared.url;
      linkExpiresOn = shared.expiresOn;
    }
    const mail = messageFor(row, pkg, link, {
      forSender,
      attached: attachments.map((a) => a.filename),
      linkExpiresOn,
    });
    return attachments.length ? { ...mail, attachments } : mail;
  }

  async function retryLater(row: ClaimedOutboxRecord, problem: MailSendError) {
    const next = new Date(Date.parse(clock()) + retryDelayMs(row.attempts)).toISOString();
    await storage.outbox.markRetry(row.id, row.lease, next, problem.message);
    report.retried++;
    report.problems.push({ id: row.id, packageId: row.packageId, error: problem.message, final: false });
  }

  async function fail(row: ClaimedOutboxRecord, error: string) {
    await storage.outbox.markFailed(row.id, row.lease, error);
    report.failed++;
    report.problems.push({ id: row.id, packageId: row.packageId, error, final: true });
  }
}

/**
 * The person's name for the greeting and the To header, on one line; none when it is just their
 * address again (a signer added without a name is named by their address).
 */
function personName(row: OutboxRecord): string | null {
  const name = row.name ? headerText(row.name) : "";
  return name && name.toLowerCase() !== row.email.toLowerCase() ? name : null;
}

/**
 * What a Completed mail carries: the package's sealed PDFs, in the documents' order, when they total
 * at most `attachMaxBytes` (none when it is negative); null when they are not all made.
 */
export async function completedMailPlan(
  storage: Pick<Storage, "completions" | "documents">,
  packageId: string,
  attachMaxBytes: number,
): Promise<{ attach: { filename: string; sha256: string }[] } | null> {
  const files = (await storage.completions.files(packageId)).filter((f) => f.kind === "Document");
  const documents = await storage.documents.list(packageId);
  const ordered = documents.map((doc) => ({ doc, file: files.find((f) => f.documentId === doc.id) }));
  if (ordered.length === 0 || ordered.some((d) => !d.file)) return null;
  const total = ordered.reduce((sum, d) => sum + d.file!.size, 0);
  if (total > attachMaxBytes) return { attach: [] };
  return {
    attach: ordered.map((d) => ({ filename: signedFileName(d.doc.fileName), sha256: d.file!.sha256 })),
  };
}

/** "lease.pdf" → "lease (signed).pdf", as the download-signed link names it. */
function signedFileName(fileName: string): string {
  return `${fileName.replace(/\.[^.]*$/, "") || "document"} (signed).pdf`;
}

async function readBlob(blobs: BlobStore, sha256: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.get(sha256))
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/** The mail of one row: its kind's words, the package's subject and message, the person's name and link. */
export function messageFor(
  row: OutboxRecord,
  pkg: PackageRecord,
  link: string | null,
  completed: CompletedMailParts | null = null,
): OutgoingMail {
  const name = personName(row);
  const content = composeNotification({
    kind: row.kind,
    recipientName: name,
    packageName: pkg.name,
    emailSubject: pkg.emailSubject,
    emailMessage: pkg.emailMessage,
    voidedReason: pkg.voidedReason,
    details: row.details ?? null,
    link: row.kind === "Voided" ? null : link,
    sender: { name: pkg.senderName, email: pkg.senderEmail },
    completed:
      row.kind === "Completed"
        ? (completed ?? { forSender: row.signerId === null, attached: [], linkExpiresOn: null })
        : null,
  });
  return {
    id: row.id,
    to: { name, address: headerText(row.email) },
    ...content,
    // So that the sender's Outlook, reading one of these, shows its package (task pane, Status view).
    headers: { [PACKAGE_ID_HEADER]: pkg.id, [NOTIFICATION_KIND_HEADER]: headerText(row.kind) },
  };
}
