/**
 * Budgets of requests per fixed one-minute window, counted in the database (storage/rate-limits.ts)
 * so that every service instance on one database spends the same budget. Keys are hashed before
 * they are stored: a budget may be keyed on an address or a client id, which the table need not hold.
 */
import { createHash } from "node:crypto";
import { ApiError } from "../errors";
import type { Storage } from "../storage";

const WINDOW_MS = 60_000;
/** Windows older than this are pruned whenever a new window opens. */
const KEEP_MS = 60 * 60_000;

export interface Budget {
  /** What is counted, for the bucket's name ("auth-failures", "telemetry"). */
  name: string;
  /** Hits allowed in one window; the next is refused until the window ends. */
  max: number;
}

export interface Verdict {
  allowed: boolean;
  /** Seconds until the window ends (at least 1): the Retry-After of a refusal. */
  retryAfterSeconds: number;
}

function bucketOf(budget: Budget, key: string): string {
  return `${budget.name}:${createHash("sha256").update(key).digest("base64url")}`;
}

function windowAt(nowMs: number): { start: string; retryAfterSeconds: number } {
  const startMs = nowMs - (nowMs % WINDOW_MS);
  return {
    start: new Date(startMs).toISOString(),
    retryAfterSeconds: Math.max(1, Math.ceil((startMs + WINDOW_MS - nowMs) / 1000)),
  };
}

/** The limiters' clock: Date.now, unless a test moved it (setRateLimitClockForTest). */
let clock: () => number = Date.now;

/**
 * Sets (or, with null, restores) the limiters' clock; for tests only: a test that counts hits up to
 * a budget moves it to the start of a fresh window instead of waiting for one
 * (test/service/harness.ts, inFreshRateWindow).
 */
export function setRateLimitClockForTest(next: (() => number) | null): void {
  clock = next ?? Date.now;
}

export class RateLimiter {
  /**
   * Counts of current windows as this instance last read or spent them (keyed on the budget's name and
   * the key as given), for checks that may be a moment old (`check`'s maxAgeMs).
   */
  private readonly seen = new Map<string, { startMs: number; count: number; readAt: number }>();

  constructor(private readonly storage: Storage) {}

  private remember(budget: Budget, key: string, startMs: number, count: number, readAt: number): void {
    // Only a cache: dropped whole when large (a flood of addresses), read again when needed.
    if (this.seen.size >= 10_000) this.seen.clear();
    const name = `${budget.name}\0${key}`;
    // A read that raced a spend may answer the count before it: counts of a window only grow.
    const known = this.seen.get(name);
    const most = known && known.startMs === startMs ? Math.max(known.count, count) : count;
    this.seen.set(name, { startMs, count: most, readAt });
  }

  /** Spends one hit of the key's budget: allowed while the window's count stays within `max`. */
  async take(budget: Budget, key: string): Promise<Verdict> {
    const nowMs = clock();
    const window = windowAt(nowMs);
    const hits = await this.storage.rateLimits.hit(bucketOf(budget, key), window.start);
    this.remember(budget, key, nowMs - (nowMs % WINDOW_MS), hits, nowMs);
    if (hits === 1) await this.storage.rateLimits.prune(new Date(nowMs - KEEP_MS).toISOString());
    return { allowed: hits <= budget.max, retryAfterSeconds: window.retryAfterSeconds };
  }

  /**
   * Hits of the key's budget within the last `spanMs` (whole one-minute windows, the current one
   * included), and the seconds until the oldest of them leaves the span: a sliding budget longer than
   * one window (5 wrong access codes in 15 minutes).
   */
  async recent(
    budget: Budget,
    key: string,
    spanMs: number,
  ): Promise<{ count: number; retryAfterSeconds: number }> {
    const nowMs = clock();
    const since = windowAt(nowMs - spanMs + WINDOW_MS).start;
    const { count, oldest } = await this.storage.rateLimits.sumSince(bucketOf(budget, key), since);
    const leavesMs = oldest === null ? nowMs : Date.parse(oldest) + spanMs;
    return { count, retryAfterSeconds: Math.max(1, Math.ceil((leavesMs - nowMs) / 1000)) };
  }

  /**
   * Whether any of the keys has spent its budget in this window, without spending. With `maxAgeMs`, a
   * count this instance read or spent within that time answers without asking the database: this
   * instance's own spending is always known at once, other instances' within maxAgeMs (a spent budget
   * stays spent to the window's end, so only "allowed" can be that old).
   */
  async check(budget: Budget, keys: readonly string[], maxAgeMs = 0): Promise<Verdict> {
    const nowMs = clock();
    const startMs = nowMs - (nowMs % WINDOW_MS);
    const retryAfterSeconds = Math.max(1, Math.ceil((startMs + WINDOW_MS - nowMs) / 1000));
    let windowStart: string | undefined;
    for (const key of keys) {
      let count = this.knownCount(budget, key, startMs, nowMs, maxAgeMs);
      if (count === undefined) {
        windowStart ??= new Date(startMs).toISOString();
        count = await this.storage.rateLimits.count(bucketOf(budget, key), windowStart);
        if (maxAgeMs > 0) this.remember(budget, key, startMs, count, nowMs);
      }
      if (count >= budget.max) return { allowed: false, retryAfterSeconds };
    }
    return { allowed: true, retryAfterSeconds };
  }

  /**
   * `check`'s verdict at once when this instance knows every key's count as `check` would use it;
   * undefined when the database must be asked. Lets a request skip the promises of a check.
   */
  checkKnown(budget: Budget, keys: readonly string[], maxAgeMs: number): Verdict | undefined {
    const nowMs = clock();
    const startMs = nowMs - (nowMs % WINDOW_MS);
    const retryAfterSeconds = Math.max(1, Math.ceil((startMs + WINDOW_MS - nowMs) / 1000));
    for (const key of keys) {
      const count = this.knownCount(budget, key, startMs, nowMs, maxAgeMs);
      if (count === undefined) return undefined;
      if (count >= budget.max) return { allowed: false, retryAfterSeconds };
    }
    return { allowed: true, retryAfterSeconds };
  }

  /** A key's count in the window starting at startMs as last read or spent, if within maxAgeMs (or spent). */
  private knownCount(
    budget: Budget,
    key: string,
    startMs: number,
    nowMs: number,
    maxAgeMs: number,
  ): number | undefined {
    if (maxAgeMs <= 0) return undefined;
    const known = this.seen.get(`${budget.name}\0${key}`);
    return known &&
      known.startMs === startMs &&
      (known.count >= budget.max || nowMs - known.readAt < maxAgeMs)
      ? known.count
      : undefined;
  }

  /** Spends one hit of each key's budget (a failed sign-in counts against its client and its address). */
  async spend(budget: Budget, keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.take(budget, key);
  }
}

/** The 429 of contract §3, with Retry-After. */
export function rateLimitedError(detail: string, retryAfterSeconds: number): ApiError {
  return new ApiError(429, "rate_limited", `${detail} Try again in ${retryAfterSeconds} s.`, undefined, {
    "Retry-After": String(retryAfterSeconds),
  });
}
