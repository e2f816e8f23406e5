import type { ChildProcess } from "node:child_process";

/**
 * Sends `sig` to a child started with `detached: true` and everything it started (its process
 * group: webpack's esbuild helper goes with webpack), if it still runs.
 */
export function signalGroup(child: ChildProcess | undefined, sig: NodeJS.Signals): void {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, sig);
  } catch {
    // already gone
  }
}
