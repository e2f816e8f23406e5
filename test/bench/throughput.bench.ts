// Throughput of three cheap authenticated operations of the real service against a bare Fastify 5
// route answering the same JSON body (the authorization header checked for presence only), in one run.
// Run: node --import tsx test/bench/throughput.bench.ts [--seconds S] [--rounds N] [--connections C]
//        [--log-level LEVEL] [--cpu-prof DIR] [--before DIR] [--only group|me|tags[,…]] [--together]
// The service runs as `npm run service` runs it (the compiled build/service/main.js, built first when
// stale; its own process, SQLite in a new data dir, the default log level unless --log-level), the
// bare server in a process of its own; autocannon loads each from
// this process. Each round measures every endpoint on both servers, alternating which goes first; the
// ratio printed is the median of the rounds' ratios, since the machine's load changes between runs.
// Besides requests per second it prints requests per CPU second of each server process (from
// /proc/PID/stat): on a machine other work loads, that ratio moves far less than the throughput's.
// --before DIR also runs another build of the service on the same data, measured in the same rounds: a
// change's before and after in one run. DIR is a build directory (holding main.js, e.g. one made by
// scripts/build-service.ts's buildService(dir) from the commit before) or a checkout whose
// build/service/main.js is up to date (e.g. /work/main after `npm run build:service` there).
// --cpu-prof DIR starts the service and the bare server under `node --cpu-prof` and writes their
// profiles into DIR/service and DIR/bare at the end (summarise them with
// test/bench/cpu-profile-top.ts).
// --together loads the servers at the same time instead of in turn (see main()): on a busy shared
// machine its requests per CPU second move far less between runs (identical builds within about 5%).
// --only measures some of the three endpoints (group, me, tags), e.g. to profile one route alone.
// Prints figures only; it asserts nothing, since they depend on the machine.
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { existsSync } from "node:fs";
import { ensureServiceBuild, SERVICE_BUILD_DIR } from "../../scripts/build-service";

const ROOT = path.resolve(__dirname, "../..");

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

interface Endpoint {
  /** What --only calls it. */
  key: string;
  name: string;
  method: "GET" | "POST";
  path: string;
  /** The bare server's route pattern. */
  route: string;
  body?: string;
}

// ---- the bare server (this file run with --bare-server) ----

async function bareServer(): Promise<void> {
  const { default: Fastify } = await import("fastify");
  const bodies = JSON.parse(process.env.BARE_BODIES!) as {
    method: "GET" | "POST";
    route: string;
    body: unknown;
  }[];
  const app = Fastify();
  for (const { method, route, body } of bodies) {
    app.route({
      method,
      url: route,
      handler: async (request, reply) => {
        if (request.headers.authorization === undefined)
          return reply.code(401).send({ error: "unauthorized" });
        return body;
      },
    });
  }
  await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
  process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
}

// ---- the benchmark ----

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

interface Server {
  name: string;
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

async function spawnServer(
  name: string,
  args: string[],
  env: Record<string, string>,
  cwd = ROOT,
): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    // The service's request log goes nowhere, as to a log collector that keeps up; errors are shown.
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (d) => (errors += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited early:\n${errors}`);
    try {
      await fetch(`${url}/health`);
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${name} did not start:\n${errors}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    name,
    child,
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** CPU seconds the process has used (user and system), from /proc/PID/stat. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function load(server: Server, endpoint: Endpoint, token: string, seconds: number, connections: number) {
  const result = await autocannon({
    url: `${server.url}${endpoint.path}`,
    method: endpoint.method,
    connections,
    duration: seconds,
    headers: {
      authorization: `Bearer ${token}`,
      ...(endpoint.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: endpoint.body,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    console.warn(`  ${server.name} ${endpoint.name}: ${failed} of ${result.requests.total} requests failed`);
  }
  return { rps: result.requests.average, requests: result.requests.total };
}

async function main() {
  const seconds = Number(option("seconds", "5"));
  const rounds = Number(option("rounds", "3"));
  const connections = Number(option("connections", "50"));
  const logLevel = option("log-level", "");
  const profileDir = option("cpu-prof", "");
  const beforeRoot = option("before", "");
  // Every server loaded at the same time, each by its own autocannon: the machine's load, which
  // changes from second to second on a shared machine, is then the same for all of them. Requests
  // per CPU second are the figures to read (requests per second then share the cores).
  const together = process.argv.includes("--together");

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sfo-throughput-"));
  const servers: Server[] = [];
  try {
    // The credential and the group, made through the domain code as `npm run admin` and the API do.
    const { loadConfig } = await import("../../src/service/config");
    const { openStorage } = await import("../../src/service/storage");
    const { createPersonalAccessToken } = await import("../../src/service/domain/credentials");
    const { createSigningGroup } = await import("../../src/service/domain/signing-groups");
    const storage = await openStorage(loadConfig({ SIGN_DATA_DIR: dataDir }));
    const { token, tenantId } = await createPersonalAccessToken(storage, {
      tenant: "bench",
      scopes: ["sign.signinggroup.read"],
      label: "throughput bench",
    });
    const group = await createSigningGroup(storage, tenantId, {
      name: "Legal approvers EMEA",
      description: "Signs the legal department's agreements",
      members: Array.from({ length: 25 }, (_, i) => ({
        email: `person${i}@contoso.com`,
        name: `Person ${i}`,
      })),
    });
    await storage.close();

    const only = option("only", "group,me,tags").split(",");
    const all: Endpoint[] = [
      {
        key: "group",
        name: "GET /api/v1/signing-groups/{id}",
        method: "GET",
        path: `/api/v1/signing-groups/${group.id}`,
        route: "/api/v1/signing-groups/:id",
      },
      { key: "me", name: "GET /api/v1/me", method: "GET", path: "/api/v1/me", route: "/api/v1/me" },
      {
        key: "tags",
        name: "POST /api/v1/tags/validate",
        method: "POST",
        path: "/api/v1/tags/validate",
        route: "/api/v1/tags/validate",
        body: JSON.stringify({ tag: "{{*Signature_1:signer1:required:label(Buyer)}}" }),
      },
    ];
    const endpoints = all.filter((e) => only.includes(e.key));

    // Both servers are profiled alike, so that what the service pays beyond the bare route shows.
    const profiled = (name: string) =>
      profileDir ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(profileDir, name)] : [];
    await ensureServiceBuild();
    const serviceArgs = [
      ...profiled("service"),
      "--enable-source-maps",
      path.join(SERVICE_BUILD_DIR, "main.js"),
    ];
    const service = await spawnServer("service", serviceArgs, {
      SIGN_DATA_DIR: dataDir,
      ...(logLevel ? { LOG_LEVEL: logLevel } : {}),
    });
    servers.push(service);

    // The bare server answers exactly what the service answered.
    const bodies = [];
    for (const endpoint of endpoints) {
      const response = await fetch(`${service.url}${endpoint.path}`, {
        method: endpoint.method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: endpoint.body,
      });
      if (response.status !== 200)
        throw new Error(`${endpoint.name}: ${response.status} ${await response.text()}`);
      bodies.push({ method: endpoint.method, route: endpoint.route, body: await response.json() });
    }
    const bare = await spawnServer(
      "bare",
      [...profiled("bare"), "--import", "tsx", __filename, "--bare-server"],
      {
        BARE_BODIES: JSON.stringify(bodies),
      },
    );
    servers.push(bare);
    const measured = [bare, service];
    if (beforeRoot) {
      const beforeMain = existsSync(path.join(beforeRoot, "main.js"))
        ? path.resolve(beforeRoot, "main.js")
        : path.resolve(beforeRoot, "build", "service", "main.js");
      const before = await spawnServer(
        "before",
        ["--enable-source-maps", beforeMain],
        { SIGN_DATA_DIR: dataDir, ...(logLevel ? { LOG_LEVEL: logLevel } : {}) },
        path.dirname(path.dirname(path.dirname(beforeMain))),
      );
      servers.push(before);
      measured.push(before);
    }

    console.log(
      `${connections} connections, ${seconds} s per run, ${rounds} rounds; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    // Warm-up: the service compiles each route's serializer at its first answer, and V8 optimises.
    for (const endpoint of endpoints) {
      for (const server of measured) await load(server, endpoint, token, 2, connections);
    }
    type Figures = { rps: number[]; perCpuSecond: number[] };
    const figures = new Map<string, Map<Server, Figures>>(
      endpoints.map((e) => [e.name, new Map(measured.map((m) => [m, { rps: [], perCpuSecond: [] }]))]),
    );
    for (let round = 0; round < rounds; round++) {
      for (const endpoint of endpoints) {
        // Each server goes first in turn, so that a change of the machine's load is shared out.
        const order = measured.map((_, i) => measured[(i + round) % measured.length]!);
        const record = (server: Server, rps: number, requests: number, cpu: number) => {
          const f = figures.get(endpoint.name)!.get(server)!;
          f.rps.push(rps);
          f.perCpuSecond.push(requests / Math.max(cpu, 0.01));
        };
        if (together) {
          const cpuBefore = order.map((server) => cpuSeconds(server.child.pid!));
          const results = await Promise.all(
            order.map((server) => load(server, endpoint, token, seconds, connections)),
          );
          order.forEach((server, i) =>
            record(
              server,
              results[i]!.rps,
              results[i]!.requests,
              cpuSeconds(server.child.pid!) - cpuBefore[i]!,
            ),
          );
        } else {
          for (const server of order) {
            const cpuBefore = cpuSeconds(server.child.pid!);
            const { rps, requests } = await load(server, endpoint, token, seconds, connections);
            record(server, rps, requests, cpuSeconds(server.child.pid!) - cpuBefore);
          }
        }
      }
    }

    const pct = (r: number) => `${(r * 100).toFixed(0)}%`;
    for (const server of measured.filter((m) => m !== bare)) {
      console.log(
        `\n${server.name}: ${"req/s".padStart(8)} ${"bare".padStart(7)}  ratio (rounds)          ${"req/CPU s".padStart(
          10,
        )} ${"bare".padStart(7)}  ratio`,
      );
      for (const endpoint of endpoints) {
        const f = figures.get(endpoint.name)!.get(server)!;
        const b = figures.get(endpoint.name)!.get(bare)!;
        const ratios = f.rps.map((s, i) => s / b.rps[i]!);
        const cpuRatios = f.perCpuSecond.map((s, i) => s / b.perCpuSecond[i]!);
        console.log(
          `${endpoint.name.padEnd(32)} ${median(f.rps).toFixed(0).padStart(6)} ${median(b.rps)
            .toFixed(0)
            .padStart(7)}  ${pct(median(ratios)).padStart(4)} (${ratios.map(pct).join(", ")})`.padEnd(78) +
            ` ${median(f.perCpuSecond).toFixed(0).padStart(7)} ${median(b.perCpuSecond)
              .toFixed(0)
              .padStart(7)}  ${pct(median(cpuRatios))}`,
        );
      }
    }
    console.log(
      `\nRSS after load: ${measured
        .map((m) => `${m.name} ${rssMb(m.child.pid!).toFixed(0)} MB`)
        .join(", ")}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (profileDir)
      console.log(`profiles of the service and the bare server written to ${path.resolve(profileDir)}`);
  }
}

if (process.argv.includes("--bare-server")) {
  bareServer().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
