// Uploads one document through a chunked upload session, resuming an earlier try's session or
// finding the commit whose answer was lost.
import { isNotFound } from "../../../api/errors";
import type { ApiClient } from "../../../api/client";
import type { DocumentProgress } from "../draft";
import type { DocumentResponse, UploadSession } from "./responses";
import type { SubmitEvent } from "./stage";

const BLOCK_TIMEOUT_MS = 120_000;
/** Blocks of an upload sent at a time (as chunked upload clients do). */
export const BLOCKS_AT_ONCE = 3;

export interface UploadInput {
  docKey: string;
  fileName: string;
  bytes: Uint8Array;
  sha256: string;
  /** The session (or document) an earlier try made of these very bytes. */
  known: DocumentProgress | null;
  keep(progress: DocumentProgress): void;
  onEvent(event: SubmitEvent): void;
  /** Documents of this send already accounted for (a lost commit answer is found by its hash). */
  claimed: ReadonlySet<string>;
}

/**
 * Uploads `bytes` through a chunked upload session, resuming the session of an earlier try when
 * the service still has it (only the blocks it lacks are sent).
 */
export async function uploadDocument(api: ApiClient, id: string, u: UploadInput): Promise<DocumentResponse> {
  const total = u.bytes.length;
  let session: UploadSession | null = null;
  let resumed = false;
  if (u.known?.uploadId) {
    try {
      session = await api.request("GET", "/api/v1/packages/{id}/uploads/{uploadId}", {
        path: { id, uploadId: u.known.uploadId },
      });
      resumed = true;
    } catch (error) {
      if (!isNotFound(error)) throw error;
      // Gone: committed by a try whose answer was lost, or expired. A document with these bytes
      // that no other document of this send claims is that commit.
      const found = await committedEarlier(api, id, u);
      if (found) return found;
    }
  }
  if (!session) {
    session = await api.request("POST", "/api/v1/packages/{id}/uploads", {
      path: { id },
      body: { fileName: u.fileName, contentType: "application/pdf", size: total, sha256: u.sha256 },
    });
    u.keep({ sha256: u.sha256, uploadId: session.id, documentId: null });
  }
  const received = new Set(session.receivedBlocks);
  const blockLength = (n: number) => Math.min(session!.blockSize, total - n * session!.blockSize);
  let sent = [...received].reduce((sum, n) => sum + blockLength(n), 0);
  u.onEvent({ kind: "upload", docKey: u.docKey, sent, total, resumed });
  // BLOCKS_AT_ONCE blocks in flight: one request's turn (the service's reply, the next request's
  // start) no longer leaves the connection idle. After a failure no block is started; those in
  // flight finish (the service keeps them), and the next try sends the rest.
  const missing = Array.from({ length: session.blockCount }, (_, n) => n).filter((n) => !received.has(n));
  let failure: { error: unknown } | null = null;
  const sender = async () => {
    for (let n = missing.shift(); n !== undefined && !failure; n = missing.shift()) {
      const start = n * session!.blockSize;
      try {
        await api.request("PUT", "/api/v1/packages/{id}/uploads/{uploadId}/blocks/{block}", {
          path: { id, uploadId: session!.id, block: String(n) },
          raw: {
            bytes: u.bytes.subarray(start, start + blockLength(n)),
            contentType: "application/octet-stream",
          },
          timeoutMs: BLOCK_TIMEOUT_MS,
        });
      } catch (error) {
        failure ??= { error };
        return;
      }
      sent += blockLength(n);
      u.onEvent({ kind: "upload", docKey: u.docKey, sent, total, resumed });
    }
  };
  await Promise.all(Array.from({ length: Math.min(BLOCKS_AT_ONCE, missing.length) }, sender));
  if (failure) throw (failure as { error: unknown }).error;
  let document: DocumentResponse;
  try {
    document = await api.request("POST", "/api/v1/packages/{id}/uploads/{uploadId}/commit", {
      path: { id, uploadId: session.id },
      timeoutMs: BLOCK_TIMEOUT_MS,
    });
  } catch (error) {
    const found = isNotFound(error) ? await committedEarlier(api, id, u) : null;
    if (!found) throw error;
    document = found;
  }
  u.keep({ sha256: u.sha256, uploadId: null, documentId: document.id });
  return document;
}

async function committedEarlier(
  api: ApiClient,
  id: string,
  u: UploadInput,
): Promise<DocumentResponse | null> {
  const list = await api.request("GET", "/api/v1/packages/{id}/documents", { path: { id } });
  const found = list.items.find((d) => d.sha256 === u.sha256 && !u.claimed.has(d.id)) ?? null;
  if (found) u.keep({ sha256: u.sha256, uploadId: null, documentId: found.id });
  return found;
}
