// Benchmark of the Groups view's recipient resolution (issue 13: the first time at most 100 ms in 1-2
// requests, the watermark and one resolveSigningGroups; 200 ms when the pane reopens): one tenant with
// 2,000 groups of 25 members, a message with 50 recipients, resolved over HTTP against the running
// service by the task pane's own membership index.
// Run: node --import tsx test/bench/recipient-groups.bench.ts [--backend sqlite|postgres] [--runs N]
// Prints timings, ratios to GET /api/v1/me and request counts; asserts nothing.
import { createHttpClient } from "../../src/api/http";
import { createSigningGroupsApi } from "../../src/api/signing-groups";
import { buildApp } from "../../src/service/app";
import { loadConfig } from "../../src/service/config";
import { createPersonalAccessToken } from "../../src/service/domain/credentials";
import { caseKey } from "../../src/service/domain/signing-groups";
import { newId } from "../../src/service/domain/tokens";
import { openStorage, type NewSigningGroupMember } from "../../src/service/storage";
import { createMembershipIndex } from "../../src/taskpane/groups/membership-index";
import { freshPlace } from "../service/harness";
import { seededRandom } from "./seeded-random";

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const BACKEND = option("backend", "sqlite");
const RUNS = Math.max(3, Number(option("runs", "15")));
const GROUPS = 2_000;
const MEMBERS = 25;
const PEOPLE = 10_000; // each person in ~5 groups
const RECIPIENTS = 50;

const { next } = seededRandom(20261123);
const email = (n: number) => `person${n}@${["contoso.com", "fabrikam.com", "northwind.example"][n % 3]}`;

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (BACKEND !== "sqlite" && BACKEND !== "postgres") throw new Error(`--backend must be sqlite or postgres`);
  if (BACKEND === "postgres" && !process.env.TEST_DATABASE_URL) {
    throw new Error('--backend postgres needs TEST_DATABASE_URL (eval "$(scripts/start-test-postgres.sh)")');
  }
  // A new temporary directory, or a new database on the TEST_DATABASE_URL server; both gone afterwards.
  const place = await freshPlace(BACKEND);
  const config = loadConfig({
    SIGN_DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl ?? "",
    LOG_LEVEL: "warn",
  });
  const storage = await openStorage(config);
  const app = await buildApp({ storage, config });
  try {
    const { token, tenantId } = await createPersonalAccessToken(storage, { tenant: "bench", scopes: [] });
    const day = Date.UTC(2025, 0, 1);
    for (let first = 0; first < GROUPS; first += 250) {
      await storage.transaction(async (s) => {
        for (let i = first; i < first + 250; i++) {
          const seen = new Set<number>();
          const members: NewSigningGroupMember[] = [];
          const createdOn = new Date(day + i * 60_000).toISOString();
          while (members.length < MEMBERS) {
            const n = Math.floor(next() * PEOPLE);
            if (seen.has(n)) continue;
            seen.add(n);
            members.push({ email: email(n), emailKey: caseKey(email(n)), name: null, addedOn: createdOn });
          }
          const name = `Group ${i}`;
          await s.signingGroups.insertGroup(
            {
              id: newId(),
              tenantId,
              name,
              nameKey: caseKey(name),
              description: null,
              descriptionKey: "",
              createdOn,
            },
            members,
          );
        }
      });
    }
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const http = createHttpClient({
      baseUrl,
      tokenSource: { getToken: async () => token, signOut: () => undefined },
    });
    const api = createSigningGroupsApi(http);
    // 45 people who are in groups and 5 who are in none.
    const recipients = [
      ...Array.from({ length: RECIPIENTS - 5 }, (_, i) => email(i * 97)),
      ...Array.from({ length: 5 }, (_, i) => `outsider${i}@example.org`),
    ];

    const me: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await http.get("/api/v1/me");
      me.push(performance.now() - t);
    }

    const first: number[] = [];
    const reopen: number[] = [];
    let firstRequests = 0;
    let reopenRequests = 0;
    let found = 0;
    for (let run = 0; run < RUNS; run++) {
      const kept = memoryStorage();
      const open = () => createMembershipIndex({ api, storage: kept, storageKey: "bench", scope: "bench" });
      const cold = open();
      let t = performance.now();
      const groups = await cold.resolve(recipients);
      first.push(performance.now() - t);
      firstRequests = cold.requests;
      found = [...groups.values()].reduce((n, g) => n + g.length, 0);
      const warm = open(); // the pane opened again: a new index over the same session storage
      t = performance.now();
      await warm.resolve(recipients);
      reopen.push(performance.now() - t);
      reopenRequests = warm.requests;
    }

    const baseline = median(me);
    console.log(
      `backend: ${BACKEND}; ${GROUPS} groups x ${MEMBERS} members; ${RECIPIENTS} recipients (${found} memberships found); ${RUNS} runs`,
    );
    console.log(`baseline GET /api/v1/me: median ${baseline.toFixed(2)} ms`);
    for (const [label, times, requests, target] of [
      ["first time (empty cache)", first, firstRequests, 100],
      ["pane reopened (session cache)", reopen, reopenRequests, 200],
    ] as const) {
      const m = median(times);
      console.log(
        `${label.padEnd(32)} median ${m.toFixed(1).padStart(7)} ms  max ${Math.max(...times)
          .toFixed(1)
          .padStart(
            7,
          )} ms  ${(m / baseline).toFixed(0).padStart(4)}x /me  ${String(requests).padStart(4)} HTTP requests  target <= ${target} ms`,
      );
    }
  } finally {
    await app.close();
    await storage.close();
    await place.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
