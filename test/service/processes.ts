import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { ensureServiceBuild, SERVICE_BUILD_DIR } from "../../scripts/build-service";
import { closeAtEnd } from "./closed-at-end";

export const ROOT = path.resolve(__dirname, "../..");

/**
 * Every child this module spawned that has not exited yet. A test that fails or times out between
 * spawning and stopping its service (or a start that gives up) would leave the process running
 * under the next tests and past the file, and keep the Jest worker alive: each is registered with
 * closed-at-end.ts, which stops it after the test (or file) that spawned it; stopSpawned stops all.
 */
const running = new Map<ChildProcess, () => Promise<void>>();

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
async function stop(child: ChildProcess, exited: Promise<void>, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Registers the child; answers its close (stops it once, whoever asks first). */
function track(child: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  const close = closeAtEnd(() => stop(child, exited));
  running.set(child, close);
  // Exited by itself or stopped by its test: nothing left to close.
  void exited.then(() => {
    running.delete(child);
    return close();
  });
  return close;
}

/** Stops every child still running (SIGTERM, then SIGKILL after 5 s); resolves once all have exited. */
export async function stopSpawned(): Promise<void> {
  await Promise.all([...running.values()].map((close) => close()));
}

let built: Promise<unknown> | null = null;

/**
 * The compiled service (build/service/, as `npm run service` runs it), built now if a source changed
 * since the last build: once per test file's module registry, a second or so; starting it then takes
 * a fraction of what tsx's compiling at every start took. Two workers building at once each write
 * whole files by rename (scripts/build-service.ts).
 */
function compiled(entry: "main" | "admin"): Promise<string[]> {
  built ??= ensureServiceBuild();
  return built.then(() => ["--enable-source-maps", path.join(SERVICE_BUILD_DIR, `${entry}.js`)]);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs the compiled service as its own process, the way `npm run service` does, and waits until it listens. */
export async function spawnService(env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, await compiled("main"), {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  track(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  // Generous: two services starting at once on a loaded 2-core CI machine compile and migrate slowly
  // (seen: no output at all within 60 s with two suites and two CPU hogs beside it).
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await exited;
      throw new Error(`service did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url, output: () => output, exited };
}

/** Runs `npm run admin -- ...` (without npm's own start-up) and answers its exit code and output. */
export async function runAdmin(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const command = [...(await compiled("admin")), ...args];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, command, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    track(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

export interface DevIdpProcess {
  issuer: string;
  jwksUri: string;
  audience: string;
  clientId: string;
  scopes: string[];
  /** The provider's own address (the issuer may be another's, with --issuer). */
  url: string;
  stop(): Promise<void>;
}

/** Runs the local identity provider (src/dev-idp/main.ts) as its own process and answers what it printed. */
export async function spawnDevIdp(
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<DevIdpProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/dev-idp/main.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const close = track(child);
  let output = "";
  child.stderr!.on("data", (d) => (output += d));
  const facts = await new Promise<Omit<DevIdpProcess, "url" | "stop">>((resolve, reject) => {
    let line = "";
    child.stdout!.on("data", (d: Buffer) => {
      line += d.toString("utf8");
      const end = line.indexOf("\n");
      if (end >= 0) resolve(JSON.parse(line.slice(0, end)) as Omit<DevIdpProcess, "url" | "stop">);
    });
    child.once("exit", (code) => reject(new Error(`the identity provider exited (${code}): ${output}`)));
  });
  return { ...facts, url: new URL(facts.jwksUri).origin, stop: close };
}
