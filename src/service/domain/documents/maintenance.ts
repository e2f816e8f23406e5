// Housekeeping, run by the scheduler and at start: expired uploads, claims and staged files left by a
// crash, and blobs queued as garbage that nothing refers to any more. Blobs are shared by hash, so a
// queued blob is deleted only when no row refers to it, inside the transaction that takes its entry.
import { promises as fs } from "node:fs";
import type { UploadStaging } from "../../blobs/staging";
import type { BlobStore } from "../../blobs/types";
import type { Storage } from "../../storage";
import type { Stores } from "../package-rules";

/** A blob queued as garbage is deleted no sooner than this (an upload of the same bytes may be under way). */
export const BLOB_GRACE_MS = 3600 * 1000;

/**
 * Deletes upload sessions past their expiry; their blocks become garbage, their staged files go.
 * Answers how many.
 */
export async function expireUploads(
  storage: Storage,
  now = new Date(),
  staging: UploadStaging | null = null,
): Promise<number> {
  let count = 0;
  // Packages' uploads and templates' alike.
  for (const uploads of [(s: Stores) => s.uploads, (s: Stores) => s.templateUploads]) {
    // A read first: most ticks have nothing to do and need no write lock.
    if ((await uploads(storage).expired(now.toISOString(), 1)).length === 0) continue;
    const sessions = await storage.transaction(async (s) => {
      const sessions = await uploads(s).expired(now.toISOString(), 100);
      for (const session of sessions) {
        await s.blobGarbage.queue((await uploads(s).delete(session.id)) ?? [], now.toISOString());
      }
      return sessions;
    });
    for (const session of sessions) await staging?.remove(session.id);
    count = Math.max(count, sessions.length);
  }
  return count;
}

/**
 * At start: the claims of commits that a crash or a stop cut off go, so that their sessions can be
 * committed or aborted at once rather than after COMMIT_CLAIM_MS: the claims this instance made
 * (`instance`, on a shared blob store), or every claim (null: local files, one machine). Answers how
 * many.
 */
export async function releaseCommitClaims(storage: Storage, instance: string | null): Promise<number> {
  return (
    (await storage.uploads.releaseClaims(instance)) + (await storage.templateUploads.releaseClaims(instance))
  );
}

/**
 * Removes staged files whose session is gone (a deleted package, a crash between recording a
 * session's end and removing its file). At start `minAgeMs` is 0; while running, an hour, since a
 * block may be written just as its session ends.
 */
export async function sweepStagedFiles(storage: Storage, staging: UploadStaging, minAgeMs: number) {
  return staging.sweep(
    async (id) => (await storage.uploads.exists(id)) || storage.templateUploads.exists(id),
    minAgeMs,
  );
}

/**
 * Deletes queued blobs whose grace period is over and that nothing refers to any more; answers how
 * many were deleted. With `graceMs` 0 (at start, one machine) every unreferenced queued blob goes.
 */
export async function collectBlobGarbage(
  storage: Storage,
  blobs: BlobStore,
  now = new Date(),
  graceMs = BLOB_GRACE_MS,
): Promise<number> {
  const due = await storage.blobGarbage.due(new Date(now.getTime() - graceMs).toISOString(), 200);
  let deleted = 0;
  for (const entry of due) {
    if (await takeAndDelete(storage, blobs, entry)) deleted++;
  }
  return deleted;
}

/**
 * Takes a queued blob's entry (unless it was queued again since `queuedOn`: false) and, when nothing
 * refers to the blob, deletes it (true; "kept" when something does). The blob is deleted inside the
 * transaction that took its entry: an upload of the same bytes queues the blob again before it
 * puts it, and that write waits for this transaction, so it never finds the blob still there, skips
 * putting it and then refers to a blob deleted after all. A failed delete rolls the take back.
 */
async function takeAndDelete(
  storage: Storage,
  blobs: BlobStore,
  entry: { sha256: string; queuedOn: string },
): Promise<boolean | "kept"> {
  return storage.transaction(async (s) => {
    if (!(await s.blobGarbage.take(entry.sha256, entry.queuedOn))) return false; // queued again meanwhile
    if (await s.blobGarbage.isReferenced(entry.sha256)) return "kept";
    await blobs.delete(entry.sha256);
    return true;
  });
}

/**
 * At start, on a shared blob store (S3): deletes at once the queued blobs that nothing refers to and
 * that only this instance queued (its crash cut off the uploads they were for; none of its own is
 * under way yet). A blob another instance also queued keeps its grace period: an upload of the same
 * bytes there may be about to refer to it. Answers how many were deleted.
 */
export async function collectOwnBlobGarbage(storage: Storage, blobs: BlobStore, instance: string) {
  let deleted = 0;
  for (let round = 0; round < 10_000; round++) {
    const mine = await storage.blobGarbage.queuedOnlyBy(instance, 200);
    let taken = 0;
    for (const entry of mine) {
      const outcome = await takeAndDelete(storage, blobs, entry);
      if (outcome !== false) taken++;
      if (outcome === true) deleted++;
    }
    // Entries queued again meanwhile (by another instance) are not taken: they stay for the collector.
    if (mine.length < 200 || taken === 0) break;
  }
  return deleted;
}

/** At start: work files of uploads cut off by a crash or a stop are removed. */
export async function clearWorkDir(workDir: string): Promise<void> {
  await fs.rm(workDir, { recursive: true, force: true });
  await fs.mkdir(workDir, { recursive: true });
}
