// Benchmark of packages (issue 14): a tenant with 100,000 packages from 20,000 mail threads. Over
// HTTP against the running service: listing one conversation's packages (target: median <= 5 ms),
// the first page of all packages (<= 10 ms), and sending a package of 10 signers, one of them a
// signing group of 1,000 members (<= 200 ms).
// Run: node --import tsx test/bench/packages.bench.ts [--backend sqlite|postgres] [--runs N] [--packages N] [--keep]
// Prints medians, maxima and ratios to GET /api/v1/me; asserts nothing.
import { buildApp } from "../../src/service/app";
import { loadConfig } from "../../src/service/config";
import { createPersonalAccessToken } from "../../src/service/domain/credentials";
import { caseKey } from "../../src/service/domain/signing-groups";
import { newId } from "../../src/service/domain/tokens";
import { openStorage, type NewSigningGroupMember } from "../../src/service/storage";
import { freshPlace } from "../service/harness";
import { seedPackages } from "./seed-packages";
import { seededRandom } from "./seeded-random";

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const BACKEND = option("backend", "sqlite");
const RUNS = Math.max(3, Number(option("runs", "51")));
const PACKAGES = Number(option("packages", "100000"));
const THREADS = Math.max(1, Math.floor(PACKAGES / 5));
const GROUP_MEMBERS = 1_000;
const KEEP = process.argv.includes("--keep");
const SEND_RUNS = Math.max(3, Math.min(RUNS, 9));

const { next } = seededRandom(20261125);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (BACKEND !== "sqlite" && BACKEND !== "postgres") throw new Error(`--backend must be sqlite or postgres`);
  if (BACKEND === "postgres" && !process.env.TEST_DATABASE_URL) {
    throw new Error('--backend postgres needs TEST_DATABASE_URL (eval "$(scripts/start-test-postgres.sh)")');
  }
  const place = await freshPlace(BACKEND);
  const config = loadConfig({
    SIGN_DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl ?? "",
    LOG_LEVEL: "warn",
    SIGN_SCHEDULER_INTERVAL_MS: "0",
  });
  const storage = await openStorage(config);
  const app = await buildApp({ storage, config });
  try {
    const { token, tenantId } = await createPersonalAccessToken(storage, { tenant: "bench", scopes: [] });
    // A second tenant with as many packages, so that the tenant filter has work to do.
    const other = await createPersonalAccessToken(storage, { tenant: "bench-other", scopes: [] });

    const seedStart = performance.now();
    for (const tenant of [tenantId, other.tenantId]) {
      await seedPackages(storage, {
        tenantId: tenant,
        count: PACKAGES,
        threads: THREADS,
        next,
        archivedShare: 0.3,
      });
    }
    // What the database's own housekeeping does soon after a bulk load.
    await storage.optimize();
    const seedSeconds = (performance.now() - seedStart) / 1000;

    // The group of 1,000 members a package's signer slot will name.
    const groupId = newId();
    await storage.transaction(async (s) => {
      const members: NewSigningGroupMember[] = Array.from({ length: GROUP_MEMBERS }, (_, i) => ({
        email: `member${i}@contoso.com`,
        emailKey: caseKey(`member${i}@contoso.com`),
        name: `Member ${i}`,
        addedOn: new Date().toISOString(),
      }));
      await s.signingGroups.insertGroup(
        {
          id: groupId,
          tenantId,
          name: "Legal",
          nameKey: caseKey("Legal"),
          description: null,
          descriptionKey: "",
          createdOn: new Date().toISOString(),
        },
        members,
      );
    });

    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(baseUrl + route, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
      return text ? (JSON.parse(text) as Record<string, unknown>) : null;
    };
    const time = async (fn: () => Promise<unknown>) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };

    for (let i = 0; i < 20; i++) await call("GET", "/api/v1/me"); // warm up
    const me: number[] = [];
    for (let i = 0; i < RUNS; i++) me.push(await time(() => call("GET", "/api/v1/me")));

    const conversation: number[] = [];
    let found = 0;
    for (let i = 0; i < RUNS; i++) {
      const thread = `thread-${Math.floor(next() * THREADS)}`;
      conversation.push(
        await time(async () => {
          const page = await call("GET", `/api/v1/packages?conversationId=${thread}`);
          found += (page!.items as unknown[]).length;
        }),
      );
    }
    const firstPage: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      firstPage.push(
        await time(async () => {
          total = (await call("GET", "/api/v1/packages"))!.totalCount as number;
        }),
      );
    }

    // Sending: 9 people and the group, each with a signature field on a one-page document.
    const send: number[] = [];
    let notified = 0;
    for (let run = 0; run < SEND_RUNS; run++) {
      const pkg = (await call("POST", "/api/v1/packages", { name: `Send ${run}` }))!;
      const documentId = newId();
      await storage.transaction(async (s) => {
        await s.documents.insert({
          id: documentId,
          packageId: pkg.id as string,
          name: "msa.pdf",
          fileName: "msa.pdf",
          contentType: "application/pdf",
          size: 1000,
          sha256: "0".repeat(64),
          pageCount: 1,
          pages: [{ width: 612, height: 792 }],
          order: 1,
          createdOn: new Date().toISOString(),
          detectedTagCount: 0,
        });
        await s.packages.refreshCounts(pkg.id as string);
      });
      const signers = (await call("POST", `/api/v1/packages/${pkg.id}/signers/bulk`, {
        signers: [
          ...Array.from({ length: 9 }, (_, i) => ({ email: `signer${i}@fabrikam.com`, routingOrder: 1 })),
          { signingGroupId: groupId, routingOrder: 1 },
        ],
      })) as unknown as { id: string }[];
      await call("POST", `/api/v1/packages/${pkg.id}/annotations/bulk`, {
        annotations: signers.map((x, i) => ({
          documentId,
          signerId: x.id,
          type: "Signature",
          page: 1,
          x: 72,
          y: 40 + i * 60,
        })),
      });
      send.push(await time(() => call("POST", `/api/v1/packages/${pkg.id}/send`)));
      const impact = (await call("GET", `/api/v1/packages/${pkg.id}/signers`))!.items as {
        groupMembers: unknown[] | null;
      }[];
      notified = impact.reduce((n, x) => n + (x.groupMembers ? x.groupMembers.length : 1), 0);
    }

    const baseline = median(me);
    console.log(
      `backend: ${BACKEND}; ${PACKAGES} packages in ${THREADS} threads for the tenant (and as many for another), seeded in ${seedSeconds.toFixed(0)} s; ${RUNS} runs`,
    );
    console.log(`baseline GET /api/v1/me: median ${baseline.toFixed(2)} ms`);
    for (const [label, times, target, note] of [
      ["one conversation's packages", conversation, 5, `${(found / RUNS).toFixed(1)} packages a thread`],
      ["first page of all packages", firstPage, 10, `totalCount ${total}`],
      ["send: 10 signers, a group of 1,000", send, 200, `${notified} people notified, ${SEND_RUNS} packages`],
    ] as const) {
      const m = median(times);
      console.log(
        `${label.padEnd(36)} median ${m.toFixed(1).padStart(6)} ms  max ${Math.max(...times)
          .toFixed(1)
          .padStart(6)} ms  ${(m / baseline).toFixed(1).padStart(5)}x /me  target <= ${target} ms  (${note})`,
      );
    }
  } finally {
    await app.close();
    await storage.close();
    if (KEEP) console.log(`kept: ${place.databaseUrl ?? place.dataDir}`);
    else await place.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
