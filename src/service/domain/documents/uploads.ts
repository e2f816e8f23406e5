// Chunked uploads (contract §6.2), for any owner: a session of fixed-size blocks, opened, read,
// aborted, and the claim rules that stageBlock (stage-block.ts) and commitUpload (commit-upload.ts)
// share: a session a commit holds answers 404 as a finished one does. The owner comes first;
// callers bind it once (documentsOf, documents-of.ts).
import { MAX_DOCUMENT_BYTES } from "../../../pdf/limits";
import { ApiError, notFound, type FieldError } from "../../errors";
import type { Storage, UploadSessionRecord } from "../../storage";
import { checkText, parseId, throwIfAny, type Stores } from "../package-rules";
import { newId } from "../tokens";
import {
  checkLimits,
  effectiveContentType,
  FILE_NAME_LENGTH,
  fileNameOf,
  requireAcceptedType,
  tooLarge,
} from "./checks";
import type { DocumentContext } from "./context";
import type { DocumentOwner, Owned } from "./owner";

/** Staged blocks are this size, all but the last (contract §6.2). */
export const UPLOAD_BLOCK_SIZE = 4 * 1024 * 1024;
/** An upload session lives this long (contract §6.2). */
export const UPLOAD_TTL_MS = 24 * 3600 * 1000;
/**
 * A commit's claim on its upload session counts this long, far longer than a commit takes: an older
 * claim was left by a process that died mid-commit (a single machine's start clears its own).
 */
export const COMMIT_CLAIM_MS = 10 * 60 * 1000;

/** UploadSessionResponse of contract §6.2. */
export function uploadApi(u: UploadSessionRecord, received: number[]) {
  return {
    id: u.id,
    fileName: u.fileName,
    contentType: u.contentType,
    size: u.size,
    blockSize: u.blockSize,
    blockCount: u.blockCount,
    receivedBlocks: received,
    status: "Open" as const,
    createdOn: u.createdOn,
    expiresOn: u.expiresOn,
  };
}

export interface InitiateUploadInput {
  fileName: string;
  name?: string | null;
  contentType: string;
  size: number;
  sha256?: string | null;
}

/** Opens a chunked upload: checked as a document is, and against the owner's limits. */
export async function initiateUpload<O extends Owned>(
  owner: DocumentOwner<O>,
  storage: Storage,
  tenantId: string,
  ownerId: string,
  input: InitiateUploadInput,
  now = new Date(),
) {
  const errors: FieldError[] = [];
  const fileName = fileNameOf(input.fileName, "fileName", errors);
  const name =
    input.name === undefined || input.name === null
      ? null
      : checkText(input.name, "name", errors, { max: FILE_NAME_LENGTH });
  if (!Number.isSafeInteger(input.size) || input.size < 1) {
    errors.push({ field: "size", message: "size must be the file's length in bytes, at least 1." });
  }
  let sha256: string | null = null;
  if (input.sha256 !== undefined && input.sha256 !== null && input.sha256.trim() !== "") {
    sha256 = input.sha256.trim().toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(sha256)) {
      errors.push({ field: "sha256", message: "sha256 must be 64 hexadecimal digits." });
    }
  }
  throwIfAny(errors);
  const contentType = effectiveContentType(input.contentType, fileName);
  requireAcceptedType(contentType);
  if (input.size > MAX_DOCUMENT_BYTES) {
    throw tooLarge(`The document is ${input.size} bytes; the most is ${MAX_DOCUMENT_BYTES} bytes (50 MB).`);
  }
  return storage.transaction(async (s) => {
    const o = await owner.find(s, tenantId, ownerId, true);
    owner.writable(o, "upload a document");
    await checkLimits(owner, s, o, input.size);
    const session: UploadSessionRecord = {
      id: newId(),
      tenantId,
      packageId: o.id,
      fileName,
      name,
      contentType,
      size: input.size,
      sha256,
      blockSize: UPLOAD_BLOCK_SIZE,
      blockCount: Math.ceil(input.size / UPLOAD_BLOCK_SIZE),
      createdOn: now.toISOString(),
      expiresOn: new Date(now.getTime() + UPLOAD_TTL_MS).toISOString(),
    };
    await owner.uploads(s).insert(session);
    return uploadApi(session, []);
  });
}

/** The session and the blocks it has. */
export async function getUpload<O extends Owned>(
  owner: DocumentOwner<O>,
  storage: Storage,
  tenantId: string,
  ownerId: string,
  id: string,
  now = new Date(),
) {
  const o = await owner.find(storage, tenantId, ownerId, false);
  const session = await requireUpload(owner, storage, o, id, now);
  return uploadApi(
    session,
    (await owner.uploads(storage).blocks(session.id)).map((b) => b.n),
  );
}

/** The length block n of a session must have: blockSize, except the last. */
export function blockLength(
  session: Pick<UploadSessionRecord, "size" | "blockSize" | "blockCount">,
  n: number,
) {
  return n === session.blockCount - 1
    ? session.size - session.blockSize * (session.blockCount - 1)
    : session.blockSize;
}

/** Drops the session and its blocks (their blobs become garbage). */
export async function abortUpload<O extends Owned>(
  owner: DocumentOwner<O>,
  ctx: Pick<DocumentContext, "storage" | "staging">,
  tenantId: string,
  ownerId: string,
  id: string,
  now = new Date(),
) {
  const session = await ctx.storage.transaction(async (s) => {
    const o = await owner.find(s, tenantId, ownerId, false);
    const session = await requireUpload(owner, s, o, id, now);
    // Only an open session: one a commit claimed meanwhile is that commit's (404, as after it).
    const blobs = await owner.uploads(s).delete(session.id, { staleBefore: claimsStaleBefore() });
    if (blobs === null) throw beingCommitted(owner, o, id);
    await s.blobGarbage.queue(blobs, now.toISOString());
    return session;
  });
  await ctx.staging?.remove(session.id);
}

/** The owner's open session by its id text, or 404 (also while a commit holds it). */
export async function requireUpload<O extends Owned>(
  owner: DocumentOwner<O>,
  s: Stores,
  o: O,
  idText: string,
  now: Date,
): Promise<UploadSessionRecord> {
  const id = parseId(idText);
  const session = id ? await owner.uploads(s).get(o.id, id) : null;
  // An expired session is gone, whether or not the scheduler has swept it yet.
  if (!session || session.expiresOn <= now.toISOString())
    throw notFound(`Upload ${idText} of ${owner.noun} ${o.id}`);
  if (session.claimedOn && session.claimedOn > claimsStaleBefore()) throw beingCommitted(owner, o, idText);
  return session;
}

/** Claims made before this are stale (their commit's process died): see COMMIT_CLAIM_MS. */
export function claimsStaleBefore(): string {
  return new Date(Date.now() - COMMIT_CLAIM_MS).toISOString();
}

/**
 * A session a commit is at work on answers as a finished one does (contract §6.2: 404 after commit
 * or abort), saying so: if the commit fails, the session is open again.
 */
export function beingCommitted<O extends Owned>(owner: DocumentOwner<O>, o: O, idText: string): ApiError {
  return new ApiError(
    404,
    "not_found",
    `Upload ${idText} of ${owner.noun} ${o.id} is being committed (or was committed or aborted); if that commit fails, the upload is open again.`,
  );
}
