// Probes and metrics for operators (issue 31; docs/operations.md): GET /healthz, GET /readyz (503
// while the database or blob store is unreachable, and while draining after a stop began), GET
// /metrics in Prometheus' text format, on the service's port only with SIGN_METRICS_TOKEN, or on
// SIGN_METRICS_PORT. No metric label may carry a tenant's id, a person's address or a token.
import { randomUUID } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { buildApp } from "../../src/service/app";
import { loadConfig } from "../../src/service/config";
import { startService } from "../../src/service/server";
import { openStorage } from "../../src/service/storage";
import { closeAtEnd } from "./closed-at-end";
import { BACKENDS, expectProblem, freshPlace, startTestService, type TestService } from "./harness";
import { spawnService } from "./processes";

const METRICS_TOKEN = "metrics-token-0123456789abcdef";

/** Every label value of every sample in a Prometheus text exposition. */
function labelValues(text: string): string[] {
  const values: string[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const labels = /^[a-zA-Z_:][\w:]*\{(.*)\}\s/.exec(line)?.[1];
    if (!labels) continue;
    for (const m of labels.matchAll(/\w+="((?:[^"\\]|\\.)*)"/g)) values.push(m[1]!);
  }
  return values;
}

/** The value of the first sample of `name` whose labels include `labels` (e.g. 'state="pending"'). */
function sample(text: string, name: string, labels = ""): number | null {
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (!/^[\s{]/.test(rest) || (labels && !rest.includes(labels))) continue;
    return Number(rest.trim().split(/\s+/).pop());
  }
  return null;
}

async function until(condition: () => Promise<boolean>, what: string, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited ${seconds} s for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(BACKENDS)("health and metrics on %s", (backend) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_METRICS_TOKEN: METRICS_TOKEN });
  });
  afterAll(() => service.close());

  const metrics = (token: string | null = METRICS_TOKEN) =>
    service.call("GET", "/metrics", token ? { token } : {});

  test("GET /healthz answers 200 and GET /readyz 200 with its checks, neither cached", async () => {
    const health = await service.call("GET", "/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(health.headers.get("cache-control")).toBe("no-store");
    const ready = await service.call("GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", blobStore: "ok" } });
    expect(ready.headers.get("cache-control")).toBe("no-store");
  });

  test("GET /metrics needs SIGN_METRICS_TOKEN as a bearer token", async () => {
    await expectProblem(await metrics(null), 401, "unauthorized");
    await expectProblem(await metrics("metrics-token-but-not-the-right-one"), 401, "unauthorized");
    // A tenant's credential is not the metrics token either.
    await expectProblem(await metrics(await service.token("metrics-tenant")), 401, "unauthorized");
    const ok = await metrics();
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    await ok.text();
  });

  test("the named series are there, request durations by route pattern, and no label holds a tenant's data", async () => {
    const tenant = `metrics-tenant-${randomUUID().slice(0, 8)}`;
    const token = await service.token(tenant);
    const tenantId = (await service.storage.credentials.findTenantByName(tenant))!.id;
    const email = `someone.${randomUUID().slice(0, 8)}@contoso.example`;
    const created = await service.call("POST", "/api/v1/signing-groups", {
      token,
      body: { name: `Group of ${email}` },
    });
    expect(created.status).toBe(201);
    const group = (await created.json()) as { id: string };
    expect((await service.call("GET", `/api/v1/signing-groups/${group.id}`, { token })).status).toBe(200);
    expect((await service.call("GET", `/api/v1/signing-groups/${randomUUID()}`, { token })).status).toBe(404);
    expect((await service.call("GET", `/no/such/${email}`, { token })).status).toBe(404);
    // A mail waiting in the outbox for an hour, to a person of this tenant.
    await service.storage.outbox.insert({
      id: randomUUID(),
      tenantId,
      packageId: randomUUID(),
      signerId: null,
      kind: "Completed",
      email,
      name: "Someone",
      createdOn: new Date(Date.now() - 3600_000).toISOString(),
    });

    const response = await metrics();
    const text = await response.text();
    for (const name of [
      "sign_http_request_duration_seconds_bucket",
      "sign_outbox_messages",
      "sign_outbox_oldest_pending_age_seconds",
      "sign_scheduler_lag_seconds",
      "sign_completions_waiting",
      "sign_uploads_in_progress",
      "sign_build_info",
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
    ])
      expect({ name, present: sample(text, name) !== null }).toEqual({ name, present: true });
    expect(sample(text, "sign_outbox_messages", 'state="pending"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "sign_outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(3599);
    expect(
      sample(
        text,
        "sign_http_request_duration_seconds_count",
        'route="/api/v1/signing-groups/:id",method="GET",status_code="404"',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        "sign_http_request_duration_seconds_count",
        'route="(unmatched)",method="GET",status_code="404"',
      ),
    ).toBeGreaterThanOrEqual(1);

    const values = labelValues(text);
    expect(values.length).toBeGreaterThan(10);
    const secrets = [tenantId, tenant, email, token, METRICS_TOKEN, group.id, "contoso"];
    expect(values.filter((v) => secrets.some((s) => v.includes(s)))).toEqual([]);
    expect(text).not.toContain(email);
    expect(text).not.toContain(tenantId);
    // Every route label is a registered pattern or the unmatched one, never a URL as asked.
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]!);
    expect(routes.filter((r) => r !== "(unmatched)" && !r.startsWith("/"))).toEqual([]);
    expect(routes.some((r) => r.includes("/no/such"))).toBe(false);
  });

  test("the probes and /metrics are not in the tenant API's OpenAPI document", async () => {
    const doc = (await (await service.call("GET", "/openapi/tenant-api.json")).json()) as {
      paths: Record<string, unknown>;
    };
    for (const route of ["/healthz", "/readyz", "/metrics"])
      expect(Object.keys(doc.paths)).not.toContain(route);
  });

  test("GET /readyz answers 503 while the database is unreachable, and while the blob store is", async () => {
    const place = await freshPlace(backend);
    const config = loadConfig({
      SIGN_DATA_DIR: place.dataDir,
      DATABASE_URL: place.databaseUrl ?? "",
      LOG_LEVEL: "silent",
      SIGN_SCHEDULER_INTERVAL_MS: "0",
    });
    const storage = await openStorage(config);
    const app = await buildApp({ storage, config });
    let storageOpen = true;
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const get = async (route: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${route}`);
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const close = closeAtEnd(async () => {
      await app.close();
      if (storageOpen) await storage.close();
      await place.dispose();
    });
    try {
      expect((await get("/readyz")).status).toBe(200);
      // The blob store's directory replaced by a file: nothing can be written there.
      const blobs = path.join(place.dataDir, "blobs");
      rmSync(blobs, { recursive: true, force: true });
      writeFileSync(blobs, "not a directory");
      expect(await get("/readyz")).toEqual({
        status: 503,
        body: { status: "unavailable", checks: { database: "ok", blobStore: "unreachable" } },
      });
      rmSync(blobs, { force: true });
      expect((await get("/readyz")).status).toBe(200);

      storageOpen = false;
      await storage.close();
      expect(await get("/readyz")).toEqual({
        status: 503,
        body: { status: "unavailable", checks: { database: "unreachable", blobStore: "ok" } },
      });
      // The process is alive all the same.
      expect((await get("/healthz")).status).toBe(200);
    } finally {
      await close();
    }
  });

  test("a stop drains: /readyz answers 503 for SIGN_DRAIN_SECONDS while requests are still served, then the service stops", async () => {
    const place = await freshPlace(backend);
    const running = await startService(
      loadConfig({
        SIGN_DATA_DIR: place.dataDir,
        DATABASE_URL: place.databaseUrl ?? "",
        LOG_LEVEL: "silent",
        PORT: "0",
        HOST: "127.0.0.1",
        SIGN_DRAIN_SECONDS: "3",
        SIGN_METRICS_PORT: "0",
      }),
    );
    const close = closeAtEnd(async () => {
      await running.stop();
      await place.dispose();
    });
    try {
      expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
      // The metrics listener needs no token when SIGN_METRICS_TOKEN is unset; the service's port
      // then does not serve /metrics at all.
      const scraped = await fetch(`${running.metricsUrl}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain("sign_http_request_duration_seconds");
      expect((await fetch(`${running.metricsUrl}/readyz`)).status).toBe(404);
      await expectProblem(await fetch(`${running.url}/metrics`), 404, "not_found");

      const stopped = running.stop();
      const draining = await fetch(`${running.url}/readyz`);
      expect(draining.status).toBe(503);
      expect(((await draining.json()) as { status: string }).status).toBe("draining");
      // Still answered, each answer ending its connection: a keep-alive client moves elsewhere.
      const served = await fetch(`${running.url}/healthz`);
      expect(served.status).toBe(200);
      expect(served.headers.get("connection")).toBe("close");
      await stopped;
      await expect(fetch(`${running.url}/healthz`)).rejects.toThrow();
    } finally {
      await close();
    }
  });
});

test("the compiled service drains on SIGTERM: /readyz 503, still answering, then it exits 0", async () => {
  const place = await freshPlace("sqlite");
  try {
    const running = await spawnService({ SIGN_DATA_DIR: place.dataDir, SIGN_DRAIN_SECONDS: "3" });
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
    running.child.kill("SIGTERM");
    await until(async () => (await fetch(`${running.url}/readyz`)).status === 503, "/readyz to answer 503");
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    expect(await running.exited).toEqual({ code: 0, signal: null });
  } finally {
    await place.dispose();
  }
}, 300_000);
