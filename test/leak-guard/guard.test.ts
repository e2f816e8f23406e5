// The leak guard (test/leak-guard, docs/testing.md) on fixture files that each leak one kind of
// resource, run by Jest in a child process as `npx jest` would run them: a file that leaks fails,
// naming what it leaked; LEAK_GUARD=off lets it pass; LEAK_GUARD_TRACE=1 names the line that made it.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const FIXTURES = path.join(__dirname, "fixtures");

interface FileResult {
  file: string;
  status: "passed" | "failed";
  message: string;
  /** Statuses of the file's tests: a leak fails the file, not the tests, which still report. */
  tests: string[];
}

/** Runs Jest on the fixtures matching `pattern` with `env`; answers each file's status and message. */
async function runFixtures(pattern: string, env: Record<string, string> = {}): Promise<FileResult[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "leak-guard-"));
  const outputFile = path.join(dir, "results.json");
  try {
    const child = spawn(
      process.execPath,
      [
        "node_modules/jest/bin/jest.js",
        "--config",
        "test/leak-guard/fixtures/jest.config.js",
        "--ci",
        // The leaking fixtures keep their worker alive: that is the point; do not wait for it.
        "--forceExit",
        "--json",
        `--outputFile=${outputFile}`,
        pattern,
      ],
      {
        cwd: ROOT,
        env: { ...process.env, LEAK_GUARD: "", LEAK_GUARD_TRACE: "", ...env },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    let report: {
      testResults: {
        name: string;
        status: FileResult["status"];
        message: string;
        assertionResults: { status: string }[];
      }[];
    };
    try {
      report = JSON.parse(readFileSync(outputFile, "utf8"));
    } catch {
      throw new Error(`jest exited with ${code} and no report:\n${stderr}`);
    }
    return report.testResults
      .map((r) => ({
        file: path.basename(r.name),
        status: r.status,
        message: r.message,
        tests: r.assertionResults.map((a) => a.status),
      }))
      .sort((a, b) => a.file.localeCompare(b.file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Several Jest start-ups with TypeScript and jsdom on a busy machine.
jest.setTimeout(180_000);

test("a file that leaves a server, socket, child process, worker thread or timer open fails, naming the kind; clean files pass", async () => {
  const results = await runFixtures("fixture");
  // A file with the wrong status is shown with its message, so that a failure says why.
  const expected: Record<string, FileResult["status"]> = {
    "clean.fixture.ts": "passed",
    "jsdom-leaks-server.fixture.ts": "failed",
    "jsdom-window-timer.fixture.ts": "passed",
    "leaks-child.fixture.ts": "failed",
    "leaks-module-timer.fixture.ts": "failed",
    "leaks-server.fixture.ts": "failed",
    "leaks-socket.fixture.ts": "failed",
    "leaks-timer.fixture.ts": "failed",
    "leaks-worker.fixture.ts": "failed",
    "start-outlives-hook.fixture.ts": "failed",
    "test-times-out.fixture.ts": "failed",
  };
  expect(results.filter((r) => expected[r.file] !== r.status)).toEqual([]);
  expect(results.map(({ file, status }) => ({ file, status }))).toEqual([
    { file: "clean.fixture.ts", status: "passed" },
    { file: "jsdom-leaks-server.fixture.ts", status: "failed" },
    { file: "jsdom-window-timer.fixture.ts", status: "passed" },
    { file: "leaks-child.fixture.ts", status: "failed" },
    { file: "leaks-module-timer.fixture.ts", status: "failed" },
    { file: "leaks-server.fixture.ts", status: "failed" },
    { file: "leaks-socket.fixture.ts", status: "failed" },
    { file: "leaks-timer.fixture.ts", status: "failed" },
    { file: "leaks-worker.fixture.ts", status: "failed" },
    { file: "start-outlives-hook.fixture.ts", status: "failed" },
    { file: "test-times-out.fixture.ts", status: "failed" },
  ]);
  const message = (file: string) => results.find((r) => r.file === file)!.message;
  expect(message("leaks-server.fixture.ts")).toMatch(
    /Leak guard: test\/leak-guard\/fixtures\/leaks-server\.fixture\.ts left 1 server open/,
  );
  expect(message("jsdom-leaks-server.fixture.ts")).toMatch(/left 1 server open/);
  expect(message("leaks-socket.fixture.ts")).toMatch(/left 2 sockets open/); // both ends of the connection
  expect(message("leaks-child.fixture.ts")).toMatch(/left 1 child process open/);
  expect(message("leaks-timer.fixture.ts")).toMatch(/left 1 timer open/);
  expect(message("leaks-module-timer.fixture.ts")).toMatch(/left 1 timer open/);
  expect(message("leaks-worker.fixture.ts")).toMatch(/left 1 worker thread open/);
  for (const { message: text } of results) expect(text).not.toMatch(/LEAK_GUARD_TRACE: |created\n/);
  // A leak fails the file, not its tests: they passed and are reported as such.
  const leaking = results.filter((r) => !/^(start-outlives-hook|test-times-out)\./.test(r.file));
  expect(leaking.map((r) => r.tests)).toEqual(leaking.map(() => ["passed"]));
  // A server still starting when its beforeAll timed out is closed at the file's end by
  // closed-at-end.ts: the timeout is the file's only failure.
  expect(message("start-outlives-hook.fixture.ts")).toMatch(/Exceeded timeout of 200 ms for a hook/);
  expect(message("start-outlives-hook.fixture.ts")).not.toMatch(/Leak guard/);
  // A test that times out holding a server: closed after that test, before the next one runs.
  const timedOut = results.find((r) => r.file === "test-times-out.fixture.ts")!;
  expect(timedOut.tests).toEqual(["failed", "passed"]);
  expect(timedOut.message).toMatch(/Exceeded timeout of 200 ms for a test/);
  expect(timedOut.message).not.toMatch(/Leak guard/);
});

test("LEAK_GUARD=off turns the guard off", async () => {
  const results = await runFixtures("fixtures/leaks-(server|timer)", { LEAK_GUARD: "off" });
  expect(results.map(({ file, status }) => ({ file, status }))).toEqual([
    { file: "leaks-server.fixture.ts", status: "passed" },
    { file: "leaks-timer.fixture.ts", status: "passed" },
  ]);
});

test("LEAK_GUARD_TRACE=1 shows the line that created each leaked resource", async () => {
  const results = await runFixtures("fixtures/leaks-(server|timer|child)", { LEAK_GUARD_TRACE: "1" });
  expect(results.map((r) => r.status)).toEqual(["failed", "failed", "failed"]);
  const [child, server, timer] = results.map((r) => r.message);
  const line = (file: string, text: string) =>
    readFileSync(path.join(FIXTURES, file), "utf8")
      .split("\n")
      .findIndex((l) => l.includes(text)) + 1;
  expect(child).toContain(`child process (PROCESSWRAP) created`);
  expect(child).toContain(
    `test/leak-guard/fixtures/leaks-child.fixture.ts:${line("leaks-child.fixture.ts", "spawn(")}:`,
  );
  // listen opens the server after a tick: the trace goes up to the code that called it.
  expect(server).toContain(`server (TCPSERVERWRAP) created`);
  expect(server).toContain(
    `test/leak-guard/fixtures/leaks-server.fixture.ts:${line("leaks-server.fixture.ts", "listen(")}:`,
  );
  expect(timer).toContain(`timer (Timeout) created`);
  expect(timer).toContain(
    `test/leak-guard/fixtures/leaks-timer.fixture.ts:${line("leaks-timer.fixture.ts", "setTimeout(")}:`,
  );
});

test("every test file runs in a leak-guard environment", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require("../../jest.config.js") as { testEnvironment: string };
  expect(config.testEnvironment).toBe("<rootDir>/test/leak-guard/node-environment.js");
  const allowed = ["./test/leak-guard/node-environment.js", "./test/leak-guard/jsdom-environment.js"];
  const offenders: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.(test|fixture)\.tsx?$/.test(entry.name)) {
        const pragma = /@jest-environment\s+(\S+)/.exec(readFileSync(full, "utf8"))?.[1];
        if (pragma !== undefined && !allowed.includes(pragma))
          offenders.push(`${path.relative(ROOT, full)}: ${pragma}`);
      }
    }
  };
  visit(path.join(ROOT, "test"));
  expect(offenders).toEqual([]);
});
