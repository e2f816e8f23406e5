// Test-only knobs of the completion step, read from the environment at each use. Neither is for
// operators (docs/configuration.md lists them as such): they let a test kill a service process while it completes a
// package and see the next process resume (test/service/completion-resume.test.ts).
//
// - SIGN_TEST_COMPLETION_LEASE_MS: the lease a claim holds (default COMPLETION_LEASE_MS, 2 minutes),
//   so that a killed worker's claim runs out in seconds.
// - SIGN_TEST_COMPLETION_PAUSE_AFTER=<kind>: after recording its first file of that kind (Document,
//   Certificate, AuditTrail, Zip), the worker waits ten minutes, time enough to be killed.
import { setTimeout as sleep } from "node:timers/promises";

export function testLeaseMs(fallback: number): number {
  const raw = Number(process.env.SIGN_TEST_COMPLETION_LEASE_MS);
  return Number.isInteger(raw) && raw > 0 ? raw : fallback;
}

export async function pauseAfterRecordForTest(kind: string): Promise<void> {
  if (process.env.SIGN_TEST_COMPLETION_PAUSE_AFTER !== kind) return;
  await sleep(600_000);
}
