// `npm start` under a process manager (issue 27.8): a SIGTERM to any of its processes (npm, or the
// node process running start-dev.ts) stops everything it started, the service and the add-in dev
// server, and frees their ports. Before, a SIGTERM to npm stopped npm and its shell and left both
// servers running. Each run has its own ports and data, and the file its own signing-page build (the
// first run makes it, the second finds it up to date), so it can run beside other suites (and `npm
// start` itself).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { closeAtEnd } from "./closed-at-end";
import { freePort, ROOT } from "./processes";

/** The process's parent and state from /proc, or null once it is gone (a zombie counts as gone). */
function procStat(pid: number): { ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid …": comm may hold spaces and parentheses; the rest follows the last ")".
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return state === "Z" || state === "X" ? null : { ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** Every live process below `root`, found by walking /proc's parent links. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat) parents.set(Number(entry), stat.ppid);
  }
  const found: number[] = [];
  let frontier = [root];
  while (frontier.length) {
    const next = [...parents].filter(([, ppid]) => frontier.includes(ppid)).map(([pid]) => pid);
    found.push(...next);
    frontier = next;
  }
  return found;
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return "";
  }
}

/** Whether something accepts connections on the port (either loopback address: the dev server listens on "localhost"). */
async function listening(port: number): Promise<boolean> {
  const tryHost = (host: string) =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect({ host, port });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
  return (await tryHost("127.0.0.1")) || (await tryHost("::1"));
}

async function until(what: () => Promise<boolean> | boolean, seconds: number, describe: () => string) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting ${seconds} s: ${describe()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface NpmStart {
  npm: ChildProcess;
  servicePort: number;
  addinPort: number;
  output: () => string;
}

// The file's signing-page build: `npm start` builds it only when it is stale.
const signingDir = mkdtempSync(path.join(os.tmpdir(), "npm-start-signing-"));
afterAll(() => rmSync(signingDir, { recursive: true, force: true }));

/**
 * `npm start` in its own process group, with its own ports and directories. Waits until both servers
 * answer and the pane is compiled ("Sign for Outlook is running."), or with `compiled: false` only
 * until both listen, the dev server still compiling the pane.
 */
async function npmStart({ compiled = true } = {}): Promise<NpmStart> {
  const [servicePort, addinPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(os.tmpdir(), "npm-start-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(servicePort),
    ADDIN_PORT: String(addinPort),
    HOST: "127.0.0.1",
    SIGN_DATA_DIR: path.join(dir, "data"),
    SIGN_SIGNING_BUILD_DIR: signingDir,
    SIGN_SIGNING_PAGE_DIR: signingDir,
  };
  delete env.DATABASE_URL;
  // Its own process group, as under a process manager, so that the net below can reach all of it.
  const npm = spawn("npm", ["start"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  npm.stdout!.on("data", (d) => (output += d));
  npm.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => npm.once("exit", () => resolve()));
  // Whatever the test does, nothing it started outlives it.
  closeAtEnd(async () => {
    try {
      process.kill(-npm.pid!, "SIGKILL");
    } catch {
      // the group is gone already
    }
    if (npm.exitCode === null && npm.signalCode === null) await exited;
    rmSync(dir, { recursive: true, force: true });
  });
  // Generous: the signing page is built first, then the dev server compiles, on a loaded machine.
  await until(
    async () => {
      if (npm.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      return (
        (!compiled || output.includes("Sign for Outlook is running.")) &&
        (await listening(servicePort)) &&
        (await listening(addinPort))
      );
    },
    300,
    () => output,
  );
  return { npm, servicePort, addinPort, output: () => output };
}

/** Sends SIGTERM to `target` and expects every process of the run gone and both ports free. */
async function expectAllStopped(run: NpmStart, target: number) {
  const pids = [run.npm.pid!, ...descendants(run.npm.pid!)];
  process.kill(target, "SIGTERM");
  await until(
    async () =>
      pids.every((pid) => procStat(pid) === null) &&
      !(await listening(run.servicePort)) &&
      !(await listening(run.addinPort)),
    60,
    () =>
      `still running: ${pids
        .filter((pid) => procStat(pid))
        .map((pid) => `${pid} ${commandLine(pid)}`)
        .join("; ")}\n${run.output()}`,
  );
}

describe("npm start stops everything it started, whichever of its processes gets SIGTERM", () => {
  test("SIGTERM to npm", async () => {
    const run = await npmStart();
    const below = descendants(run.npm.pid!);
    // The dev server (its process calls itself "webpack") runs below npm too: it is among what must stop.
    expect(below.some((pid) => commandLine(pid).includes("webpack"))).toBe(true);
    await expectAllStopped(run, run.npm.pid!);
  }, 420_000);

  // While the dev server still compiles the pane, when an impatient developer stops it. (The
  // compile is also most of a run's work: the file's second run does not wait for it.)
  test("SIGTERM to the node process running start-dev.js (the compiled service), the pane still compiling", async () => {
    const run = await npmStart({ compiled: false });
    const node = descendants(run.npm.pid!).find((pid) => commandLine(pid).includes("start-dev.js"));
    expect(node).toBeDefined();
    // No shell stays between npm and node (the start script execs node), so no shell can be
    // signalled alone and leave node behind.
    expect(procStat(node!)!.ppid).toBe(run.npm.pid);
    await expectAllStopped(run, node!);
  }, 420_000);
});
