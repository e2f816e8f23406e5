// Benchmark of the service's start (issue 31): from spawning the process to its first HTTP answer, for
// the compiled service (build/service/main.js, what `npm run service` runs) and, in the same run, a
// bare Fastify 5 process answering one route; both the median of N starts, taken in turns so that
// the machine's load weighs on both alike. The goal: the service within 500 ms on a quiet machine and
// within 3 times the bare process.
// Run: node --import tsx test/bench/startup.bench.ts [--runs N] [--backend sqlite|postgres] [--tsx] [--before DIR]
//   --tsx          also times the service run from its TypeScript through tsx (as before issue 31)
//   --before DIR   also times another build of the service in the same turns: DIR holds its main.js
//                  (e.g. made by scripts/build-service.ts's buildService(DIR) from an earlier commit)
// Builds the service first when it is stale. Each service start uses one data directory, made
// (migrated, its seal certificate made) by a start before the timed ones, as a deployment's is.
// Prints figures with the load average; asserts nothing.
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { ensureServiceBuild, SERVICE_BUILD_DIR } from "../../scripts/build-service";
import { freshPlace } from "../service/harness";
import { freePort, ROOT } from "../service/processes";

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const RUNS = Math.max(1, Number(option("runs", "9")));
const BACKEND = option("backend", "sqlite") as "sqlite" | "postgres";
const WITH_TSX = process.argv.includes("--tsx");
const BEFORE = option("before", "");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A bare Fastify 5 process: one route, nothing else, as small a start as Fastify has. */
const BARE_FASTIFY = `
const app = require("fastify")();
app.get("/healthz", async () => ({ status: "ok" }));
app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
`;

interface Command {
  label: string;
  args: string[];
  env: Record<string, string>;
}

/** Milliseconds from spawn to the first HTTP answer (any status) on GET /healthz. */
async function timeStart(command: Command): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, command.args, {
    cwd: ROOT,
    env: { ...process.env, ...command.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.label} exited early:\n${stderr}`);
      try {
        await fetch(`http://127.0.0.1:${port}/healthz`);
        return performance.now() - started;
      } catch {
        // not listening yet: connection refused comes back at once, so poll often
      }
      if (Date.now() > deadline) throw new Error(`${command.label} did not answer within 120 s:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill("SIGKILL");
    await exited;
  }
}

async function main() {
  if (BACKEND === "postgres" && !process.env.TEST_DATABASE_URL) {
    throw new Error("--backend postgres needs TEST_DATABASE_URL (a server where databases may be created)");
  }
  const built = await ensureServiceBuild();
  console.log(`service build ${built ? "made" : "up to date"}: ${path.relative(ROOT, SERVICE_BUILD_DIR)}/`);
  const place = await freshPlace(BACKEND);
  const serviceEnv = {
    SIGN_DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl ?? "",
  };
  const commands: Command[] = [
    { label: "bare Fastify", args: ["-e", BARE_FASTIFY], env: {} },
    {
      label: "service (compiled)",
      args: ["--enable-source-maps", path.join(SERVICE_BUILD_DIR, "main.js")],
      env: serviceEnv,
    },
    ...(WITH_TSX
      ? [{ label: "service (tsx)", args: ["--import", "tsx", "src/service/main.ts"], env: serviceEnv }]
      : []),
    ...(BEFORE
      ? [
          {
            label: "service (before)",
            args: ["--enable-source-maps", path.resolve(BEFORE, "main.js")],
            env: serviceEnv,
          },
        ]
      : []),
  ];
  // The first start migrates the database and makes the seal certificate: not what is measured.
  await timeStart(commands[1]!);
  console.log(`start to first answer, ${BACKEND}, ${RUNS} runs each (${os.cpus().length} cores)`);
  const times = new Map<string, number[]>(commands.map((c) => [c.label, []]));
  const loads: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    loads.push(os.loadavg()[0]!);
    for (const command of commands) times.get(command.label)!.push(await timeStart(command));
  }
  const bare = median(times.get("bare Fastify")!);
  for (const command of commands) {
    const all = times.get(command.label)!;
    const m = median(all);
    console.log(
      `  ${command.label.padEnd(20)} median ${m.toFixed(0).padStart(5)} ms` +
        `  (min ${Math.min(...all).toFixed(0)}, max ${Math.max(...all).toFixed(0)})` +
        (command.label === "bare Fastify" ? "" : `  ${(m / bare).toFixed(2)}× bare Fastify`),
    );
  }
  console.log(
    `  load average during the runs: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  );
  await place.dispose();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
