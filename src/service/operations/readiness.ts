// Whether this instance should be sent traffic (GET /readyz): it is not stopping, and what every
// request needs answers now, the database and the blob store.
import type { BlobStore } from "../blobs";
import type { Storage } from "../storage";

/** A check that has not answered within this long counts as failed: a probe must not hang. */
const CHECK_TIMEOUT_MS = 2_000;

export type CheckResult = "ok" | "unreachable";

export interface ReadinessReport {
  ready: boolean;
  status: "ready" | "draining" | "unavailable";
  checks: { database: CheckResult; blobStore: CheckResult };
}

async function check(probe: () => Promise<void>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return "ok";
  } catch {
    return "unreachable";
  } finally {
    clearTimeout(timer);
  }
}

export class Readiness {
  private draining = false;

  constructor(
    private readonly storage: Storage,
    private readonly blobs: BlobStore,
  ) {}

  /** From now on the instance reports itself not ready (a stop has begun); requests are still served. */
  startDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async report(): Promise<ReadinessReport> {
    const [database, blobStore] = await Promise.all([
      check(() => this.storage.ping()),
      check(() => this.blobs.ping()),
    ]);
    const checks = { database, blobStore };
    if (this.draining) return { ready: false, status: "draining", checks };
    const ready = database === "ok" && blobStore === "ok";
    return { ready, status: ready ? "ready" : "unavailable", checks };
  }
}
