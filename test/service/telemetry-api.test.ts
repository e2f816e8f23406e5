/**
 * POST /api/v1/telemetry/outlook and GET /api/v1/outlook-addin/manifest-fingerprint over HTTP against
 * the real service: validation (schema, sizes, the privacy rules), storage and daily aggregates, the
 * tenant switch, the admin report, rate limiting per credential.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { manifestFingerprint } from "../../src/manifest/fingerprint";
import { BACKENDS, inFreshRateWindow, expectProblem, startTestService, type TestService } from "./harness";

const ROOT = path.resolve(__dirname, "../..");
const ROUTE = "/api/v1/telemetry/outlook";
const INSTALL = "6f1c2f8e-3a4b-4c5d-9e8f-0a1b2c3d4e5f";
const CLIENT = {
  installId: INSTALL,
  host: "OutlookWebApp",
  platform: "OfficeOnline",
  hostVersion: "16.0.17531.20000",
  addinVersion: "1.0.0.0",
};
// An hour ago, whenever the test runs: the service refuses events older than its retention.
const AT = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000).toISOString();
const DAY_MS = 86_400_000;

const event = (name: string, props: Record<string, unknown>) => ({ name, at: AT, props });
const batch = (...events: unknown[]) => ({ client: CLIENT, events });

const VALID_EVENTS = [
  event("pane_opened", { loadMs: 850, view: "tags", mode: "read" }),
  event("view_shown", { view: "settings" }),
  event("action_started", { action: "settings.sign_in" }),
  event("action_succeeded", { action: "settings.sign_in", durationMs: 120 }),
  event("action_failed", { action: "tags.insert", durationMs: 40, errorCode: "outlook_error", status: 0 }),
  event("unexpected_error", { source: "window_error", errorCode: "type_error" }),
];

describe.each(BACKENDS)("add-in telemetry API on %s", (backend) => {
  let service: TestService;
  let token: string;

  beforeAll(async () => {
    service = await startTestService(backend);
    token = await service.token("Contoso", ["sign.package.read"]);
  });
  afterAll(() => service.close());

  const post = (body: unknown, options: { token?: string; headers?: Record<string, string> } = {}) =>
    service.call("POST", ROUTE, { token, body, ...options });
  const tenantId = async (name: string) => (await service.storage.credentials.findTenantByName(name))!.id;

  test("a valid batch is answered 202 and stored for the caller's tenant", async () => {
    const response = await post(batch(...VALID_EVENTS));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      accepted: VALID_EVENTS.length,
      telemetryEnabled: true,
      beaconKey: expect.any(String),
    });

    const stored = await service.storage.telemetry.events(await tenantId("Contoso"));
    expect(stored.map((e) => [e.name, e.subject, e.errorCode, e.durationMs])).toEqual([
      ["pane_opened", "tags", "", 850],
      ["view_shown", "settings", "", null],
      ["action_started", "settings.sign_in", "", null],
      ["action_succeeded", "settings.sign_in", "", 120],
      ["action_failed", "tags.insert", "outlook_error", 40],
      ["unexpected_error", "window_error", "type_error", null],
    ]);
    expect(stored[4]).toMatchObject({
      installId: INSTALL,
      host: "OutlookWebApp",
      platform: "OfficeOnline",
      hostVersion: "16.0.17531.20000",
      addinVersion: "1.0.0.0",
      occurredOn: AT,
      props: { action: "tags.insert", durationMs: 40, errorCode: "outlook_error", status: 0 },
    });
  });

  test("any credential will do; none is 401", async () => {
    const narrow = await service.token("Contoso", ["sign.template.read"]);
    expect((await post(batch(VALID_EVENTS[1]), { token: narrow })).status).toBe(202);
    await expectProblem(await post(batch(VALID_EVENTS[1]), { token: "" }), 401, "unauthorized");
  });

  test.each<readonly [string, unknown, string]>([
    ["an unknown event name", batch(event("mail_read", { view: "tags" })), "events[0].name"],
    [
      "a property the event does not have",
      batch(event("view_shown", { view: "tags", email: "a@b.c" })),
      "events[0].props.email",
    ],
    [
      "a property of another event",
      batch(event("view_shown", { view: "tags", durationMs: 5 })),
      "events[0].props.durationMs",
    ],
    [
      "free text as an error code",
      batch(event("unexpected_error", { source: "render", errorCode: "Cannot read Megan Bowen" })),
      "events[0].props.errorCode",
    ],
    [
      "a view that does not exist",
      batch(event("view_shown", { view: "Master services agreement" })),
      "events[0].props.view",
    ],
    [
      "an action that does not exist",
      batch(event("action_started", { action: "groups.megan_bowen" })),
      "events[0].props.action",
    ],
    [
      "a duration as text",
      batch(event("action_succeeded", { action: "tags.copy", durationMs: "12" })),
      "events[0].props.durationMs",
    ],
    [
      "a fractional duration",
      batch(event("action_succeeded", { action: "tags.copy", durationMs: 1.5 })),
      "events[0].props.durationMs",
    ],
    [
      "a negative duration",
      batch(event("action_succeeded", { action: "tags.copy", durationMs: -1 })),
      "events[0].props.durationMs",
    ],
    [
      "a missing property",
      batch(event("action_succeeded", { action: "tags.copy" })),
      "events[0].props.durationMs",
    ],
    [
      "a field beside the event's",
      batch({ ...event("view_shown", { view: "tags" }), subject: "NDA" }),
      "events[0].subject",
    ],
    ["a bad time", batch({ name: "view_shown", at: "yesterday", props: { view: "tags" } }), "events[0].at"],
    [
      "a time more than a day ahead",
      batch({
        ...event("view_shown", { view: "tags" }),
        // Worked out when the file loads, which may be minutes before the test runs on a busy machine.
        at: new Date(Date.now() + DAY_MS + 6 * 3_600_000).toISOString(),
      }),
      "events[0].at",
    ],
    [
      "a time older than the 90 days telemetry is kept",
      batch({
        ...event("view_shown", { view: "tags" }),
        at: new Date(Date.now() - 91 * DAY_MS).toISOString(),
      }),
      "events[0].at",
    ],
    [
      "a code-shaped error code that is not in the catalogue's list",
      batch(event("unexpected_error", { source: "render", errorCode: "john_smith_at_contoso_dot_com" })),
      "events[0].props.errorCode",
    ],
    ...["constructor", "toString", "__proto__", "valueOf", "hasOwnProperty"].map(
      (name) => [`an event named ${name}`, batch(event(name, { view: "tags" })), "events[0].name"] as const,
    ),
    ["a field beside the batch's", { ...batch(VALID_EVENTS[1]), user: "megan.bowen@contoso.com" }, "user"],
    [
      "a field in the client",
      batch(VALID_EVENTS[1]) && { client: { ...CLIENT, user: "Megan" }, events: [VALID_EVENTS[1]] },
      "client.user",
    ],
    [
      "a non-UUID install id",
      { client: { ...CLIENT, installId: "megan.bowen@contoso.com" }, events: [VALID_EVENTS[1]] },
      "client.installId",
    ],
    [
      "a version with words",
      { client: { ...CLIENT, hostVersion: "Megan's Outlook" }, events: [VALID_EVENTS[1]] },
      "client.hostVersion",
    ],
    [
      "an unknown host",
      { client: { ...CLIENT, host: "Thunderbird" }, events: [VALID_EVENTS[1]] },
      "client.host",
    ],
    ["no events", batch(), "events"],
    ["more than 50 events", batch(...Array.from({ length: 51 }, () => VALID_EVENTS[1])), "events"],
    ["no client", { events: [VALID_EVENTS[1]] }, "client"],
  ])("%s is refused with validation_failed naming the field", async (_what, body, field) => {
    const problem = await expectProblem(await post(body), 400, "validation_failed");
    expect(problem.errors?.map((e) => e.field)).toContain(field);
  });

  test("a refused batch stores nothing of it", async () => {
    const other = await service.token("Refused");
    await post(batch(VALID_EVENTS[1], event("view_shown", { view: "tags", name: "Megan Bowen" })), {
      token: other,
    });
    expect(await service.storage.telemetry.events(await tenantId("Refused"))).toEqual([]);
  });

  test("a body over 64 KB is 413, malformed JSON 400, another media type 415", async () => {
    const big = batch(...VALID_EVENTS);
    (big as Record<string, unknown>).padding = "x".repeat(70 * 1024);
    await expectProblem(await post(big), 413, "payload_too_large");
    await expectProblem(await post("{not json"), 400, "validation_failed");
    await expectProblem(
      await post(JSON.stringify(batch(VALID_EVENTS[1])), { headers: { "content-type": "text/plain" } }),
      415,
      "unsupported_media_type",
    );
  });

  test("daily aggregates count events by kind and sum their durations", async () => {
    const t = await service.token("Fabrikam");
    const id = await tenantId("Fabrikam");
    const ok = (ms: number) => event("action_succeeded", { action: "tags.copy", durationMs: ms });
    const failed = event("action_failed", {
      action: "tags.copy",
      durationMs: 30,
      errorCode: "network_error",
    });
    expect((await post(batch(ok(100), ok(300), failed), { token: t })).status).toBe(202);
    expect((await post(batch(ok(200), event("view_shown", { view: "tags" })), { token: t })).status).toBe(
      202,
    );

    const today = new Date().toISOString().slice(0, 10);
    expect(await service.storage.telemetry.daily(id, today)).toEqual([
      expect.objectContaining({
        day: today,
        name: "action_failed",
        subject: "tags.copy",
        errorCode: "network_error",
        events: 1,
        durationSumMs: 30,
      }),
      {
        day: today,
        name: "action_succeeded",
        subject: "tags.copy",
        errorCode: "",
        events: 3,
        durationCount: 3,
        durationSumMs: 600,
        durationMaxMs: 300,
      },
      expect.objectContaining({ name: "view_shown", subject: "tags", events: 1, durationCount: 0 }),
    ]);

    // The admin command reads the same data (the service running or not).
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "src/service/admin.ts", "telemetry", "--tenant", "Fabrikam", "--days", "7"],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          SIGN_DATA_DIR: service.config.dataDir,
          DATABASE_URL: service.config.databaseUrl ?? "",
        },
      },
    );
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toMatch(
      /^Telemetry of tenant Fabrikam since \d{4}-\d{2}-\d{2} \(UTC\); telemetry is on\.$/,
    );
    expect(lines.slice(1)).toEqual([
      "day\tevent\tsubject\terror\tcount\tavg_ms\tmax_ms",
      `${today}\taction_failed\ttags.copy\tnetwork_error\t1\t30\t30`,
      `${today}\taction_succeeded\ttags.copy\t-\t3\t200\t300`,
      `${today}\tview_shown\ttags\t-\t1\t-\t-`,
    ]);
  });

  test("pruning deletes old raw events and keeps the daily aggregates", async () => {
    const t = await service.token("Pruned");
    const id = await tenantId("Pruned");
    expect((await post(batch(VALID_EVENTS[1], VALID_EVENTS[2]), { token: t })).status).toBe(202);
    const today = new Date().toISOString().slice(0, 10);
    const before = await service.storage.telemetry.daily(id, today);
    // "before" one second into the future: everything received so far is old.
    const removed = await service.storage.telemetry.pruneEvents(new Date(Date.now() + 1000).toISOString());
    expect(removed).toBeGreaterThanOrEqual(2);
    expect(await service.storage.telemetry.events(id)).toEqual([]);
    expect(await service.storage.telemetry.daily(id, today)).toEqual(before);
  });

  test("a tenant with telemetry off gets 202, telemetryEnabled false, and nothing is stored", async () => {
    const t = await service.token("Quiet");
    const id = await tenantId("Quiet");
    await service.storage.telemetry.setEnabled(id, false, new Date().toISOString());
    const response = await post(batch(...VALID_EVENTS), { token: t });
    expect(response.status).toBe(202);
    // No beacon key either: nothing more is to be sent.
    expect(await response.json()).toEqual({ accepted: 0, telemetryEnabled: false });
    expect(await service.storage.telemetry.events(id)).toEqual([]);

    await service.storage.telemetry.setEnabled(id, true, new Date().toISOString());
    expect(await (await post(batch(VALID_EVENTS[1]), { token: t })).json()).toEqual({
      accepted: 1,
      telemetryEnabled: true,
      beaconKey: expect.any(String),
    });
  });

  test("a beacon (text/plain, no credential) is taken with the beacon key of an earlier 202", async () => {
    const t = await service.token("Beaconing");
    const id = await tenantId("Beaconing");
    const { beaconKey } = (await (await post(batch(VALID_EVENTS[1]), { token: t })).json()) as {
      beaconKey: string;
    };
    const beacon = (body: unknown) =>
      service.call("POST", `${ROUTE}/beacon`, {
        body: JSON.stringify(body),
        headers: { "content-type": "text/plain;charset=UTF-8" },
      });
    const response = await beacon({ beaconKey, ...batch(VALID_EVENTS[2], VALID_EVENTS[3]) });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 2, telemetryEnabled: true });
    expect((await service.storage.telemetry.events(id)).map((e) => e.name)).toEqual([
      "view_shown",
      "action_started",
      "action_succeeded",
    ]);

    // The key is the only credential a beacon has, and it must be one the service made.
    const signatureAt = beaconKey.lastIndexOf(".") + 1;
    const forged =
      beaconKey.slice(0, signatureAt) +
      (beaconKey[signatureAt] === "A" ? "B" : "A") +
      beaconKey.slice(signatureAt + 1);
    await expectProblem(await beacon({ beaconKey: forged, ...batch(VALID_EVENTS[1]) }), 401, "unauthorized");
    await expectProblem(await beacon(batch(VALID_EVENTS[1])), 401, "unauthorized");
    const otherTenant = beaconKey.replace(/^[0-9a-f-]{36}/, "0".repeat(36));
    await expectProblem(
      await beacon({ beaconKey: otherTenant, ...batch(VALID_EVENTS[1]) }),
      401,
      "unauthorized",
    );
    // Checked like any batch.
    const problem = await expectProblem(
      await beacon({ beaconKey, ...batch(event("view_shown", { view: "tags", subject: "NDA" })) }),
      400,
      "validation_failed",
    );
    expect(problem.errors?.map((e) => e.field)).toContain("events[0].props.subject");
    for (const name of ["constructor", "__proto__", "toString"]) {
      const inherited = await expectProblem(
        await beacon({ beaconKey, ...batch(event(name, { view: "tags" })) }),
        400,
        "validation_failed",
      );
      expect(inherited.errors?.map((e) => e.field)).toContain("events[0].name");
    }
    await expectProblem(
      await service.call("POST", `${ROUTE}/beacon`, {
        body: "{not json",
        headers: { "content-type": "text/plain" },
      }),
      400,
      "validation_failed",
    );
    expect((await service.storage.telemetry.events(id)).length).toBe(3);
  });

  test("the manifest fingerprint is that of the manifest the service serves", async () => {
    const response = await service.call("GET", "/api/v1/outlook-addin/manifest-fingerprint", { token });
    expect(response.status).toBe(200);
    const expected = manifestFingerprint(readFileSync(path.join(ROOT, "manifest.xml"), "utf8"));
    expect(await response.json()).toEqual(expected);
    expect(expected).toMatchObject({
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      version: "1.0.0.0",
    });
    await expectProblem(
      await service.call("GET", "/api/v1/outlook-addin/manifest-fingerprint"),
      401,
      "unauthorized",
    );
  });

  test("the OpenAPI document describes both operations", async () => {
    const doc = (await (await service.call("GET", "/openapi/tenant-api.json")).json()) as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { additionalProperties?: boolean }> };
    };
    expect(doc.paths[ROUTE]!.post!.operationId).toBe("apiV1TelemetryOutlookPost");
    expect(Object.keys(doc.paths[ROUTE]!.post!.responses)).toEqual(
      expect.arrayContaining(["202", "400", "401", "413", "415", "429"]),
    );
    expect(doc.paths["/api/v1/outlook-addin/manifest-fingerprint"]!.get!.operationId).toBe(
      "apiV1OutlookAddinManifestFingerprintGet",
    );
    expect(doc.components.schemas.TelemetryBatchApiRequest!.additionalProperties).toBe(false);
  });
});

describe.each(BACKENDS)("telemetry rate limit and manifest settings on %s", (backend) => {
  let service: TestService;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "sfo-manifest-"));
    service = await startTestService(backend, {
      SIGN_TELEMETRY_PER_MIN: "3",
      SIGN_ADDIN_MANIFEST: path.join(dir, "manifest.xml"),
    });
  });
  afterAll(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a flood from one credential gets 429 rate_limited with Retry-After; another credential is unaffected", async () => {
    const flooder = await service.token("Contoso");
    const other = await service.token("Contoso");
    const body = batch(VALID_EVENTS[1]);
    inFreshRateWindow();
    for (let i = 0; i < 3; i++) {
      expect((await service.call("POST", ROUTE, { token: flooder, body })).status).toBe(202);
    }
    const refused = await service.call("POST", ROUTE, { token: flooder, body });
    const retryAfter = refused.headers.get("retry-after");
    const problem = await expectProblem(refused, 429, "rate_limited");
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(problem.detail).toMatch(/Too many telemetry batches/);
    expect((await service.call("POST", ROUTE, { token: other, body })).status).toBe(202);
    // Only what was accepted was stored.
    const id = (await service.storage.credentials.findTenantByName("Contoso"))!.id;
    expect(await service.storage.telemetry.events(id)).toHaveLength(4);
  });

  test("the budget is the credential's, however its header is written", async () => {
    const token = await service.token("Fabrikam");
    const body = batch(VALID_EVENTS[1]);
    const answers = [];
    inFreshRateWindow();
    for (const authorization of [
      `Bearer ${token}`,
      `bearer ${token}`,
      `BEARER ${token}`,
      `Bearer   ${token}  `,
    ]) {
      answers.push((await service.call("POST", ROUTE, { body, headers: { authorization } })).status);
    }
    expect(answers).toEqual([202, 202, 202, 429]);
  });

  test("the budget is counted in the database: a second service instance on the same data spends the same budget", async () => {
    const token = await service.token("Northwind");
    const body = batch(VALID_EVENTS[1]);
    const second = await startTestService(backend, { SIGN_TELEMETRY_PER_MIN: "3" }, service.place);
    try {
      const statuses = [];
      inFreshRateWindow();
      for (const target of [service, second, service, second]) {
        statuses.push((await target.call("POST", ROUTE, { token, body })).status);
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
    } finally {
      await second.close();
    }
  });

  test("the fingerprint follows the manifest file, and no file is 404", async () => {
    const token = await service.token("Contoso");
    const get = () => service.call("GET", "/api/v1/outlook-addin/manifest-fingerprint", { token });
    await expectProblem(await get(), 404, "not_found");

    const xml = readFileSync(path.join(ROOT, "manifest.xml"), "utf8");
    writeFileSync(path.join(dir, "manifest.xml"), xml);
    expect(await (await get()).json()).toEqual(manifestFingerprint(xml));

    const newer = xml.replace("<Version>1.0.0.0</Version>", "<Version>1.0.1.0</Version>\n\n");
    writeFileSync(path.join(dir, "manifest.xml"), newer);
    const answer = (await (await get()).json()) as { fingerprint: string; version: string };
    expect(answer.version).toBe("1.0.1.0");
    expect(answer.fingerprint).not.toBe(manifestFingerprint(xml).fingerprint);
  });
});
