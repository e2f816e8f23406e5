// Stages one block of a chunked upload (contract §6.2), for any owner. On local files the block is
// written into the session's file at its place; on S3 it becomes a blob of its own, queued as garbage
// before it is put. The owner comes first; callers bind it once (documentsOf, documents-of.ts).
import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { spoolToFile } from "../../blobs/spool";
import { BlockLengthError, SessionFrozenError } from "../../blobs/staging";
import { BlobIntegrityError, BlobTooLargeError, type BlobSource } from "../../blobs/types";
import { validationFailed } from "../../errors";
import type { UploadSessionRecord } from "../../storage";
import type { DocumentContext } from "./context";
import type { DocumentOwner, Owned } from "./owner";
import { beingCommitted, blockLength, claimsStaleBefore, requireUpload, uploadApi } from "./uploads";

/** Stores block `blockText` of the session (again replaces it); answers the session. */
export async function stageBlock<O extends Owned>(
  owner: DocumentOwner<O>,
  ctx: DocumentContext,
  tenantId: string,
  ownerId: string,
  id: string,
  blockText: string,
  body: BlobSource,
  now = new Date(),
) {
  let o: O;
  let session: UploadSessionRecord;
  let leave: (() => void) | undefined;
  try {
    o = await owner.find(ctx.storage, tenantId, ownerId, false);
    session = await requireUpload(owner, ctx.storage, o, id, now);
    // On local files, counted until its row is recorded or refused: a commit waits for it before
    // it claims the session, or (once it began) refuses it here, before any byte is written.
    leave = ctx.staging?.enter(session.id);
  } catch (error) {
    drain(body);
    throw error instanceof SessionFrozenError ? beingCommitted(owner, o!, id) : error;
  }
  try {
    return await stageClaimable(owner, ctx, o, id, session, blockText, body, now);
  } finally {
    leave?.();
  }
}

/** stageBlock once the session is found (and, on local files, its request counted). */
async function stageClaimable<O extends Owned>(
  owner: DocumentOwner<O>,
  ctx: DocumentContext,
  o: O,
  id: string,
  session: UploadSessionRecord,
  blockText: string,
  body: BlobSource,
  now: Date,
) {
  const n = /^\d{1,9}$/.test(blockText) ? Number(blockText) : -1;
  if (n < 0 || n >= session.blockCount) {
    drain(body);
    throw validationFailed([
      {
        field: "block",
        message: `Block ${blockText.slice(0, 20)} does not exist: this upload has blocks 0 to ${session.blockCount - 1}.`,
      },
    ]);
  }
  const expected = blockLength(session, n);
  const wrongLength = () => {
    const message = `Block ${n} must be exactly ${expected} bytes${n === session.blockCount - 1 ? " (the last block)" : ""}.`;
    return validationFailed([{ field: "block", message }], message);
  };
  let stored: { sha256: string; size: number };
  if (ctx.staging) {
    // Local files: straight into the session's file, at the block's place.
    try {
      stored = {
        sha256: await ctx.staging.write(session.id, n, n * session.blockSize, expected, body),
        size: expected,
      };
    } catch (error) {
      if (error instanceof BlockLengthError) throw wrongLength();
      throw error;
    }
  } else {
    // Spooled first so that its hash is known and queued before the blob exists: a crash between
    // the put and the row then leaves a blob the collector removes.
    await fs.mkdir(ctx.workDir, { recursive: true });
    const work = path.join(ctx.workDir, `${randomUUID()}.block`);
    try {
      try {
        stored = await spoolToFile(body, work, { maxBytes: expected, expectedSize: expected });
      } catch (error) {
        if (error instanceof BlobTooLargeError || error instanceof BlobIntegrityError) throw wrongLength();
        throw error;
      }
      await ctx.storage.blobGarbage.queue([stored.sha256], now.toISOString());
      await ctx.blobs.putFile(work, stored);
    } finally {
      await fs.rm(work, { force: true });
    }
  }
  // Not durable: the commit flushes the session's file and then records the document durably (these
  // rows with it). A crash before that may forget this row as it may lose the bytes; either way the
  // block is asked for again, and on S3 its blob, queued before the put, is collected.
  return ctx.storage.transaction(
    async (s) => {
      const current = await requireUpload(owner, s, o, id, now);
      // Held until this transaction ends: a commit claims it before or after, never in between
      // (it would not see this block, acknowledged all the same).
      if (!(await owner.uploads(s).holdOpen(current.id, claimsStaleBefore())))
        throw beingCommitted(owner, o, id);
      const replaced = await owner
        .uploads(s)
        .putBlock(current.id, { n, sha256: stored.sha256, size: stored.size });
      // The block's blob is referenced now; one it replaced may not be (checksums of blocks in a
      // session file are no blobs: the queue ignores them).
      await s.blobGarbage.queue([stored.sha256, ...(replaced ? [replaced] : [])], now.toISOString());
      return uploadApi(
        current,
        (await owner.uploads(s).blocks(current.id)).map((b) => b.n),
      );
    },
    { durable: false },
  );
}

/** Reads and discards a request body we refuse, so that the connection stays usable. */
function drain(body: BlobSource): void {
  if (body instanceof Readable) body.resume();
}
