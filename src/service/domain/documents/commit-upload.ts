// Commits a chunked upload (contract §6.2), for any owner: the commit claims the session, checks
// its blocks are all there, and stores their bytes as one document (intake.ts) whose transaction also
// ends the session. The owner comes first; callers bind it once (documentsOf, documents-of.ts).
import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { FreezeTimeoutError } from "../../blobs/staging";
import { BlobIntegrityError } from "../../blobs/types";
import { ApiError, notFound, validationFailed } from "../../errors";
import type { UploadSessionRecord } from "../../storage";
import type { AuditContext } from "../audit";
import type { Stores } from "../package-rules";
import { afterCommitClaim, blockIdleMs, commitWaitMs } from "../upload-bounds";
import { documentError, type IncomingDocument } from "./checks";
import type { DocumentContext } from "./context";
import { storeDocument } from "./intake";
import type { DocumentOwner, Owned } from "./owner";
import { beingCommitted, claimsStaleBefore, requireUpload } from "./uploads";

/** Joins the session's blocks into a document of its owner; answers the document. */
export async function commitUpload<O extends Owned>(
  owner: DocumentOwner<O>,
  ctx: DocumentContext,
  tenantId: string,
  ownerId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
) {
  const o = await owner.find(ctx.storage, tenantId, ownerId, false);
  const session = await requireUpload(owner, ctx.storage, o, id, now);
  // The commit claims the session first: of commits, aborts and blocks that overlap, exactly one
  // gets it (the others answer 404), so one document is made of the blocks as they are now. The
  // claim is given back if the commit fails, to try again or abort. On local files the session's
  // file is frozen before: block requests under way end first (acknowledged, they are in the
  // document), later ones are refused before they write.
  const staging = ctx.staging;
  if (staging) {
    try {
      await staging.freeze(session.id, commitWaitMs());
    } catch (error) {
      throw error instanceof FreezeTimeoutError ? blockStillArriving(owner, o, id, error.waitedMs) : error;
    }
  }
  try {
    // Named by the instance that claims (its blob instance on a shared store), which a new start
    // of it releases (releaseCommitClaims).
    const token = `${ctx.storage.blobInstance ?? "local"}:${randomUUID()}`;
    const uploads = owner.uploads(ctx.storage);
    if (!(await uploads.claim(session.id, token, new Date().toISOString(), claimsStaleBefore())))
      throw beingCommitted(owner, o, id);
    try {
      await afterCommitClaim();
      return await commitClaimed(owner, ctx, tenantId, ownerId, o, id, session, token, context);
    } catch (error) {
      await uploads.release(session.id, token).catch(() => undefined);
      // The session's file went (the session expired meanwhile): as gone as the session.
      throw isMissingFile(error) ? notFound(`Upload ${id} of ${owner.noun} ${o.id}`) : error;
    }
  } finally {
    staging?.thaw(session.id);
  }
}

/** A commit once the session is claimed by `token` (commitUpload gives the claim back if this fails). */
async function commitClaimed<O extends Owned>(
  owner: DocumentOwner<O>,
  ctx: DocumentContext,
  tenantId: string,
  ownerId: string,
  o: O,
  id: string,
  session: UploadSessionRecord,
  token: string,
  context: AuditContext,
) {
  // Read after the claim: no block can be added or replaced now.
  const blocks = await owner.uploads(ctx.storage).blocks(session.id);
  const have = new Set(blocks.map((b) => b.n));
  const missing = Array.from({ length: session.blockCount }, (_, n) => n).filter((n) => !have.has(n));
  if (missing.length) {
    const shown =
      missing.slice(0, 20).join(", ") + (missing.length > 20 ? ` and ${missing.length - 20} more` : "");
    const message = `Block${missing.length === 1 ? "" : "s"} ${shown} ${missing.length === 1 ? "is" : "are"} missing.`;
    throw validationFailed([{ field: "blocks", message }], message);
  }
  const incoming: IncomingDocument = {
    fileName: session.fileName,
    name: session.name,
    contentType: session.contentType,
    expectedSize: session.size,
    expectedSha256: session.sha256,
  };
  // The session ends in the document's own transaction: a commit is recorded once or not at all.
  // Its row must still be there and claimed by this commit (not aborted, expired, or taken by
  // another commit after this one's claim went stale), else nothing is recorded.
  const endSession = async (s: Stores) => {
    const blobs = await owner.uploads(s).delete(session.id, { claim: token });
    if (blobs === null) throw notFound(`Upload ${id} of ${owner.noun} ${o.id}`);
    await s.blobGarbage.queue(blobs, new Date().toISOString());
  };
  if (!ctx.staging) {
    const blobs = ctx.blobs;
    async function* concatenated() {
      for (const block of blocks) yield* (await blobs.get(block.sha256)) as AsyncIterable<Uint8Array>;
    }
    return storeDocument(
      owner,
      ctx,
      tenantId,
      ownerId,
      concatenated(),
      incoming,
      context,
      undefined,
      endSession,
    );
  }

  const staging = ctx.staging;
  const verified = await staging.verify(session.id, blocks, session.blockSize, session.size);
  if ("lost" in verified) {
    // Acknowledged blocks whose bytes did not reach the disk before a machine crash.
    await ctx.storage.transaction((s) => owner.uploads(s).dropBlocks(session.id, verified.lost));
    staging.forget(session.id);
    const shown = verified.lost.slice(0, 20).join(", ");
    const message = `Block${verified.lost.length === 1 ? "" : "s"} ${shown} must be sent again: the service lost ${verified.lost.length === 1 ? "it" : "them"}.`;
    throw validationFailed([{ field: "blocks", message }], message);
  }
  const integrity =
    verified.size !== session.size
      ? new BlobIntegrityError("size", session.size, verified.size)
      : session.sha256 && verified.sha256 !== session.sha256
        ? new BlobIntegrityError("sha256", session.sha256, verified.sha256)
        : null;
  if (integrity) throw documentError(integrity);
  // The file's fsync goes on while storeDocument reads the PDF (in the reader's thread); it is
  // awaited before the file goes into the blob store and its document is recorded.
  const synced = staging.sync(session.id);
  synced.catch(() => undefined); // awaited in storeDocument, or below if it fails before that
  let document;
  try {
    // A second name for the file in the work directory, which storeDocument consumes (moves into
    // the blob store): the session's own name stays until its end is recorded.
    await fs.mkdir(ctx.workDir, { recursive: true });
    const work = path.join(ctx.workDir, `${randomUUID()}.upload`);
    await fs.link(staging.fileOf(session.id), work);
    document = await storeDocument(
      owner,
      ctx,
      tenantId,
      ownerId,
      { file: work, spooled: verified, synced },
      incoming,
      context,
      undefined,
      endSession,
    );
  } finally {
    // Not left running past the request when the document was refused before it waited for it.
    await synced.catch(() => undefined);
  }
  // The session's name for the file goes after the answer: the document is recorded (its bytes are
  // the blob's name for the same file), and a name left by a crash is swept at the next start.
  staging.remove(session.id).catch(() => undefined);
  return document;
}

/**
 * A commit gave up waiting for a block request of its upload (a client that stalled mid-body): the
 * upload stays open, without that block. 400 invalid_state, as the contract answers a state that
 * refuses the request (§3), with Retry-After the bound after which the stalled request is cut off (BLOCK_IDLE_MS).
 */
function blockStillArriving<O extends Owned>(
  owner: DocumentOwner<O>,
  o: O,
  idText: string,
  waitedMs: number,
): ApiError {
  return new ApiError(
    400,
    "invalid_state",
    `Upload ${idText} of ${owner.noun} ${o.id} cannot be committed now: a request sending one of its blocks did not end within ${Math.ceil(waitedMs / 1000)} s. The upload is still open and that block is not part of it: commit again later, sending again any block its status does not list.`,
    undefined,
    { "Retry-After": String(Math.ceil(blockIdleMs() / 1000)) },
  );
}

function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === "ENOENT";
}
