// Benchmark of bulk send (issue 19): a 1,000-row job from a template of two roles and one document,
// every row a package made and sent (signers, the document, its fields, two invitations queued) by
// the service's scheduler, from the request to the job Completed; packages per second.
// Run: node --import tsx test/bench/bulk-send.bench.ts [--backend sqlite|postgres] [--rows N] [--runs N]
// Prints figures with the load average and the service's CPU time; asserts nothing.
import os from "node:os";
import { buildApp } from "../../src/service/app";
import { loadConfig } from "../../src/service/config";
import { createPersonalAccessToken } from "../../src/service/domain/credentials";
import { openStorage } from "../../src/service/storage";
import { freshPlace } from "../service/harness";
import {
  addTemplateDocument,
  caller,
  finished,
  rowsFor,
  T,
  templateWithRoles,
} from "../service/bulk-send.helpers";

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const BACKEND = option("backend", "sqlite") as "sqlite" | "postgres";
const ROWS = Number(option("rows", "1000"));
const RUNS = Math.max(1, Number(option("runs", "3")));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (BACKEND === "postgres" && !process.env.TEST_DATABASE_URL) {
    throw new Error("--backend postgres needs TEST_DATABASE_URL (a server where databases may be created)");
  }
  const place = await freshPlace(BACKEND);
  // A tick a minute: the request wakes the scheduler, so the job starts at once, as it does in service.
  const config = loadConfig({
    SIGN_DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl ?? "",
    LOG_LEVEL: "warn",
    SIGN_SCHEDULER_INTERVAL_MS: "60000",
  });
  const storage = await openStorage(config);
  const app = await buildApp({ storage, config });
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const token = (await createPersonalAccessToken(storage, { tenant: "bench", scopes: [] })).token;
    const call = caller(url, token);
    const roles = await templateWithRoles(call, "Bench offer");
    await addTemplateDocument(call, url, token, roles.template.id);
    console.log(`bulk send of ${ROWS} rows on ${BACKEND}, ${RUNS} runs (${os.cpus().length} cores)`);
    const rates: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const load = os.loadavg()[0]!;
      const cpu = process.cpuUsage();
      const start = performance.now();
      const started = await call("POST", `${T}/${roles.template.id}/bulk-send`, {
        rows: rowsFor(roles, ROWS, `run${run}`),
      });
      if (started.status !== 202)
        throw new Error(`bulk-send: ${started.status} ${JSON.stringify(started.body)}`);
      const accepted = performance.now() - start;
      // Polled lightly (the summary, 10 times a second), so as not to take the service's time.
      for (;;) {
        const list = await call<{ items: { id: string; status: string }[] }>(
          "GET",
          `/api/v1/bulk-send-jobs?templateId=${roles.template.id}&pageSize=1`,
        );
        if (list.body.items[0]!.status.startsWith("Completed")) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const job = await finished(call, started.body.id, 600_000);
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpu);
      if (job.succeeded !== ROWS)
        throw new Error(`run ${run}: ${job.succeeded} of ${ROWS} sent: ${job.status}`);
      const rate = ROWS / (ms / 1000);
      rates.push(rate);
      console.log(
        `run ${run}: ${rate.toFixed(1)} packages/s (${(ms / 1000).toFixed(2)} s; request answered in ` +
          `${accepted.toFixed(0)} ms; CPU ${((used.user + used.system) / 1000).toFixed(0)} ms; ` +
          `load average ${load.toFixed(1)} -> ${os.loadavg()[0]!.toFixed(1)})`,
      );
    }
    console.log(`median ${median(rates).toFixed(1)} packages/s on ${BACKEND}`);
  } finally {
    await app.close();
    await storage.close();
    await place.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
