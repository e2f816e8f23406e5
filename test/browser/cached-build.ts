/**
 * A build the browser tests share (the pane's, the signing page's), made once for the sources it
 * comes from, into node_modules/.cache/<name>/<hash of those sources>, never into dist/: so no test
 * runs on yesterday's build, and a developer's own dist/ is left alone.
 *
 * Jest's workers are separate processes: the first that needs the build takes a lock directory and
 * builds; the others wait for the finished directory, which appears whole (built aside, renamed in).
 * A lock whose owner process is gone, or older than any build takes, is stale and taken over. A later
 * run reuses the build only while every input hashes the same.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { inputsHash } from "../inputs-hash";
import { signalGroup } from "./process-group";

export const ROOT = path.resolve(__dirname, "../..");

/** What a build is and how it is made. */
export interface BuildRecipe {
  /** Its folder under node_modules/.cache, and its name in messages. */
  name: string;
  /** Files and folders (from the checkout's root) that go into it; a change to any makes a new one. */
  inputs: string[];
  /** Set for the build (and hashed with the inputs). */
  env: Record<string, string>;
  /**
   * Node's arguments that build into `out`, run from the root in a process group of its own, with
   * `out` also in the environment variable `outEnv` when there is one.
   */
  args(out: string): string[];
  outEnv?: string;
  /** A file (in the build) whose absence means the build failed. */
  proof: string;
}

/** Longer than a build takes on a loaded machine: a lock this old is left over, whoever holds it. */
const STALE_LOCK_MS = 15 * 60_000;
/** Builds of other sources not used for this long are removed when a new one is made. */
const PRUNE_AFTER_MS = 60 * 60_000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A lock is stale when its owner has died, or when it is older than any build. */
function staleLock(lock: string): boolean {
  try {
    const age = Date.now() - fs.statSync(lock).mtimeMs;
    if (age > STALE_LOCK_MS) return true;
    const owner = Number(fs.readFileSync(path.join(lock, "owner"), "utf8"));
    return Number.isInteger(owner) && owner > 0 && !alive(owner);
  } catch {
    // No owner file yet: the owner writes it right after taking the lock, unless it died in between.
    try {
      return Date.now() - fs.statSync(lock).mtimeMs > 30_000;
    } catch {
      return false; // the lock went away: try again
    }
  }
}

function prune(cache: string, keep: string): void {
  for (const name of fs.readdirSync(cache)) {
    if (name.startsWith(keep)) continue;
    const full = path.join(cache, name);
    try {
      if (Date.now() - fs.statSync(full).mtimeMs > PRUNE_AFTER_MS)
        fs.rmSync(full, { recursive: true, force: true });
    } catch {
      // another run removed it
    }
  }
}

export interface CachedBuild {
  /** The directory of the finished build. */
  ready: Promise<string>;
  /** Stops waiting, and stops this process's build if it is running (its lock released). */
  abandon(): Promise<void>;
}

/** Finds, waits for or makes the build of today's sources. */
export function cachedBuild(recipe: BuildRecipe, timeoutMs: number): CachedBuild {
  let abandoned = false;
  let child: ChildProcess | undefined;
  const killChild = (): void => signalGroup(child, "SIGKILL");

  async function build(dir: string): Promise<void> {
    const aside = `${dir}.tmp-${process.pid}`;
    fs.rmSync(aside, { recursive: true, force: true });
    const env: NodeJS.ProcessEnv = { ...process.env, ...recipe.env };
    if (recipe.outEnv) env[recipe.outEnv] = aside;
    delete env.WEBPACK_SERVE;
    // Its own process group, so that esbuild's helper goes with it when it is killed.
    child = spawn(process.execPath, recipe.args(aside), {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    process.once("exit", killChild); // a worker that dies must not leave webpack running
    const code = await new Promise<number | null>((resolve) => {
      child!.once("error", () => resolve(null));
      child!.once("exit", (c) => resolve(c));
    });
    process.removeListener("exit", killChild);
    if (code !== 0 || !fs.existsSync(path.join(aside, recipe.proof))) {
      fs.rmSync(aside, { recursive: true, force: true });
      throw new Error(`The ${recipe.name} build failed (exit ${code}). Its output:\n${output}`);
    }
    try {
      fs.renameSync(aside, dir);
    } catch (error) {
      // Someone else's build of the same sources got there first (a stale lock taken twice): use it.
      fs.rmSync(aside, { recursive: true, force: true });
      if (!fs.existsSync(dir)) throw error;
    }
  }

  const ready = (async (): Promise<string> => {
    const cache = path.join(ROOT, "node_modules", ".cache", recipe.name);
    const dir = path.join(cache, inputsHash(ROOT, recipe.inputs, JSON.stringify(recipe.env)));
    const lock = `${dir}.lock`;
    fs.mkdirSync(cache, { recursive: true });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (abandoned) throw new Error(`The ${recipe.name} build was abandoned.`);
      if (fs.existsSync(dir)) {
        const now = new Date();
        fs.utimesSync(dir, now, now); // in use: not pruned
        return dir;
      }
      let owner = false;
      try {
        fs.mkdirSync(lock);
        owner = true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      if (owner) {
        try {
          fs.writeFileSync(path.join(lock, "owner"), String(process.pid));
          if (!fs.existsSync(dir)) await build(dir);
          prune(cache, path.basename(dir));
        } finally {
          fs.rmSync(lock, { recursive: true, force: true });
        }
        continue;
      }
      if (staleLock(lock)) {
        fs.rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(`The ${recipe.name} build (${lock}) did not finish within ${timeoutMs / 1000} s.`);
      }
      await sleep(250);
    }
  })();
  ready.catch(() => undefined); // awaited by the caller; never an unhandled rejection

  return {
    ready,
    abandon: async () => {
      abandoned = true;
      killChild();
      await ready.catch(() => undefined);
    },
  };
}
