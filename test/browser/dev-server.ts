/**
 * The add-in's webpack dev server as a child process of its own process group (so esbuild's helper
 * goes with it), for browser tests and benchmarks (as test/browser/workbench.test.ts starts it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { signalGroup } from "./process-group";

const ROOT = path.resolve(__dirname, "../..");

// ---------------------------------------------------------------------------------------------------
// The dev server, as a child process of its own process group (so esbuild's helper goes with it).

export interface DevServer {
  child: ChildProcess;
  output(): string;
  /** The dev server's origin, once it listens and has compiled the pages. */
  ready: Promise<string>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** GET, accepting the self-signed development certificate when the dev server serves https. */
function getStatus(url: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const get = url.startsWith("https:") ? https.get : http.get;
    const request = get(url, { rejectUnauthorized: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("timeout", () => request.destroy(new Error(`no answer from ${url} in ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

/**
 * Starts `webpack serve --mode development` on `port`. `env` adds to (or overrides) the dev server's
 * environment: by default no development session (the test signs the pane in itself) and the Entra
 * settings of the calling process.
 */
export function startDevServer(port: number, timeoutMs: number, env: NodeJS.ProcessEnv = {}): DevServer {
  const child = spawn(
    process.execPath,
    ["node_modules/webpack-cli/bin/cli.js", "serve", "--mode", "development"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ADDIN_PORT: String(port),
        NODE_ENV: "development",
        // No development session: the test signs the pane in itself.
        SIGN_WORKBENCH_SESSION: path.join(os.tmpdir(), `sign-status-session-${process.pid}-none.json`),
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (sig: NodeJS.Signals): void => signalGroup(child, sig);

  const ready = (async (): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    const fail = (why: string): never => {
      throw new Error(`The add-in dev server ${why}. Its output:\n${output}`);
    };
    let origin: string | undefined;
    while (!origin) {
      if (child.exitCode !== null || child.signalCode !== null) fail("exited before listening");
      if (Date.now() > deadline) fail(`did not listen within ${timeoutMs / 1000} s`);
      origin = /add-in dev server: (https?:\/\/localhost:\d+)/.exec(output)?.[1];
      if (!origin) await new Promise((r) => setTimeout(r, 100));
    }
    // webpack-dev-middleware holds requests until the first compile is done.
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) fail("exited while compiling");
      const left = deadline - Date.now();
      if (left <= 0) fail(`did not compile the pages within ${timeoutMs / 1000} s`);
      try {
        const status = await getStatus(`${origin}/workbench.html`, left);
        if (status === 200) return origin;
        fail(`answered HTTP ${status} for /workbench.html`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith("The add-in dev server")) throw error;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  })();
  ready.catch(() => undefined); // awaited by beforeAll; never an unhandled rejection

  return {
    child,
    output: () => output,
    ready,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      signal("SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((r) => (timer = setTimeout(() => r(false), 5000))),
      ]);
      clearTimeout(timer);
      if (!stopped) {
        signal("SIGKILL");
        await exited;
      }
    },
  };
}

/**
 * A process "exit" listener that kills the dev server's process group if it still runs: a test file
 * that dies before its afterAll must not leave webpack serving.
 */
export function killOnExit(server: () => DevServer | undefined): () => void {
  return () => signalGroup(server()?.child, "SIGKILL");
}
