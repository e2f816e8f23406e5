// Time bounds of a chunked upload's requests (contract §6.2), and their test-only seams.
// On local files a block request is counted before its body is read, and a commit waits for the
// counted ones to end (staging.freeze), so that a block acknowledged is in the document. A client
// whose connection half-dies mid-block would make that wait, and the upload, last for ever (the
// service sets no request timeout: a 4 MiB block on a slow link may take minutes). Two bounds:
// - a block request whose body sends no byte for BLOCK_IDLE_MS is cut off (its socket closed): the
//   block is not stored, and the commits it held go on. Idle, not total: a slow link that keeps
//   sending is never cut.
// - a commit waits at most COMMIT_WAIT_MS for block requests under way; then it gives up, answers
//   400 invalid_state with Retry-After, and leaves the upload open (the block in progress is not part of it).
// The seams let a test in the service's own process shorten both and hold a commit once it has
// claimed its upload. No environment variable reaches them; Jest gives each test file a module
// registry of its own, so one file's seams never reach another's service.

/** How long a commit waits for block requests of its upload under way. */
export const COMMIT_WAIT_MS = 30_000;
/** How long a block request's body may send nothing before the request is cut off. */
export const BLOCK_IDLE_MS = 20_000;

export interface UploadSeams {
  commitWaitMs?: number;
  blockIdleMs?: number;
  /** Awaited by a commit right after it claimed its upload (to hold it there). */
  afterClaim?: () => Promise<void>;
}

let seams: UploadSeams = {};

export function commitWaitMs(): number {
  return seams.commitWaitMs ?? COMMIT_WAIT_MS;
}

export function blockIdleMs(): number {
  return seams.blockIdleMs ?? BLOCK_IDLE_MS;
}

/** What a commit awaits once it has claimed its upload: nothing, unless a test set it. */
export async function afterCommitClaim(): Promise<void> {
  await seams.afterClaim?.();
}

/** Sets (or, with null, clears) the seams; for tests only. */
export function setUploadSeamsForTest(next: UploadSeams | null): void {
  seams = next ?? {};
}
