// A bulk send job survives kill -9 of the service mid-job: after a restart the job goes on and every
// row is sent exactly once (one package a row, one invitation per person), on both databases.
import { createPersonalAccessToken } from "../../src/service/domain/credentials";
import { openStorage } from "../../src/service/storage";
import { BACKENDS, freshPlace, type Place } from "./harness";
import { spawnService } from "./processes";
import {
  addTemplateDocument,
  caller,
  finished,
  JOBS,
  rowsFor,
  T,
  templateDocumentsBuilt,
  templateWithRoles,
  type Json,
} from "./bulk-send.helpers";

/** Packages made from a template can be sent only once templates have documents (another branch). */
const withDocuments = templateDocumentsBuilt() ? test : test.skip;

const ROWS = 1_000;

describe.each(BACKENDS)("bulk send across a crash on %s", (backend) => {
  let place: Place;
  beforeAll(async () => {
    place = await freshPlace(backend);
  });
  afterAll(() => place.dispose());

  withDocuments(
    "kill -9 mid-job, restart: every row sent exactly once",
    async () => {
      const env = {
        SIGN_DATA_DIR: place.dataDir,
        DATABASE_URL: place.databaseUrl ?? "",
        SIGN_SCHEDULER_INTERVAL_MS: "100",
      };
      const storage = await openStorage({ dataDir: place.dataDir, databaseUrl: place.databaseUrl });
      const token = (await createPersonalAccessToken(storage, { tenant: "crash", scopes: [] })).token;
      await storage.close();

      const service = await spawnService(env);
      let jobId: string;
      let atKill: Json;
      try {
        const call = caller(service.url, token);
        const roles = await templateWithRoles(call, "Crash");
        await addTemplateDocument(call, service.url, token, roles.template.id);
        const started = await call("POST", `${T}/${roles.template.id}/bulk-send`, {
          rows: rowsFor(roles, ROWS, "crash"),
        });
        expect(started.status).toBe(202);
        jobId = started.body.id;
        // Killed once some rows are sent and many are not.
        const deadline = Date.now() + 120_000;
        for (;;) {
          atKill = (await call("GET", `${JOBS}/${jobId}`)).body;
          if (atKill.succeeded >= 20) break;
          if (Date.now() > deadline) throw new Error(`no rows sent in 120 s: ${JSON.stringify(atKill)}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      } finally {
        service.child.kill("SIGKILL");
      }
      expect(await service.exited).toEqual({ code: null, signal: "SIGKILL" });
      expect(atKill.pending).toBeGreaterThan(0);

      // The restart's first tick a little later: its rows' work must not slow the start itself past
      // spawnService's patience on a loaded machine (no request wakes the scheduler this time).
      const restarted = await spawnService({ ...env, SIGN_SCHEDULER_INTERVAL_MS: "3000" });
      let job: Json;
      let packageCount: number;
      try {
        const call = caller(restarted.url, token);
        job = await finished(call, jobId, 240_000);
        packageCount = (await call<{ totalCount: number }>("GET", "/api/v1/packages?pageSize=1")).body
          .totalCount;
      } finally {
        restarted.child.kill("SIGTERM");
        await restarted.exited;
      }
      expect(job).toMatchObject({ status: "Completed", total: ROWS, succeeded: ROWS, failed: 0, pending: 0 });
      const items = job.items as Json[];
      expect(items.map((i) => i.row)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
      expect(new Set(items.map((i) => i.packageId)).size).toBe(ROWS);
      // No package beyond the rows' (a row made twice would leave a second one).
      expect(packageCount).toBe(ROWS);

      // One invitation to each person of each row: none lost, none twice.
      const check = await openStorage({ dataDir: place.dataDir, databaseUrl: place.databaseUrl });
      try {
        const outbox = await check.outbox.list({ tenantId: null, status: null, limit: 10 * ROWS });
        const invitations = outbox.filter((o) => o.kind === "Invitation");
        expect(invitations).toHaveLength(2 * ROWS);
        const perPerson = new Map<string, number>();
        for (const o of invitations) perPerson.set(o.email, (perPerson.get(o.email) ?? 0) + 1);
        expect(perPerson.size).toBe(2 * ROWS);
        expect([...perPerson.values()].every((n) => n === 1)).toBe(true);
        expect(new Set(invitations.map((o) => o.packageId))).toEqual(new Set(items.map((i) => i.packageId)));
      } finally {
        await check.close();
      }
    },
    480_000,
  );
});
