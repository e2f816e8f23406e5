import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pg from "pg";
import { buildApp } from "../../src/service/app";
import { loadConfig, type ServiceConfig } from "../../src/service/config";
import { createOAuthClient, createPersonalAccessToken } from "../../src/service/domain/credentials";
import { setRateLimitClockForTest } from "../../src/service/domain/rate-limits";
import { openStorage, type Storage } from "../../src/service/storage";
import { awaitedAtEnd, closeAtEnd } from "./closed-at-end";
import { fillDataDir, postgresTemplate } from "./place-template";

export type Backend = "sqlite" | "postgres";

/**
 * The service tests run on the embedded database always, and on PostgreSQL as well when
 * TEST_DATABASE_URL names a server where the test may create databases (.ci/run sets it).
 */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface Place {
  dataDir: string;
  databaseUrl: string | null;
  /** Removes the data directory or drops the database. */
  dispose(): Promise<void>;
}

/** A fresh, empty place for a service's data: a temporary directory, or a new PostgreSQL database. */
export function freshPlace(backend: Backend): Promise<Place> {
  return newPlace(backend, false);
}

/**
 * A place as a deployment's first start leaves it: the database migrated and the seal identity
 * made, copied from a template made once (place-template.ts). Where startTestService starts.
 */
export function deployedPlace(backend: Backend): Promise<Place> {
  return newPlace(backend, true);
}

async function newPlace(backend: Backend, deployed: boolean): Promise<Place> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sfo-test-"));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  try {
    if (deployed) await fillDataDir(dataDir, backend === "sqlite");
  } catch (error) {
    await removeDir();
    throw error;
  }
  if (backend === "sqlite") return { dataDir, databaseUrl: null, dispose: removeDir };
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `sfo_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = deployed ? ` TEMPLATE ${await postgresTemplate(admin, adminUrl)}` : "";
    await admin.query(`CREATE DATABASE ${name}${template}`);
  } catch (error) {
    await removeDir();
    throw error;
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    dispose: async () => {
      await removeDir();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestService {
  url: string;
  /** Where its data lives: pass it to startTestService to run a second instance on the same data. */
  place: Place;
  storage: Storage;
  config: ServiceConfig;
  /** Every log line the service wrote, parsed. */
  logs: Record<string, unknown>[];
  /** A personal access token of that tenant (created if new); every scope unless some are named. */
  token(tenant: string, scopes?: string[]): Promise<string>;
  client(tenant: string, scopes?: string[]): Promise<{ clientId: string; clientSecret: string }>;
  /** fetch against the service with an optional bearer token; JSON bodies are sent as application/json. */
  call(
    method: string,
    route: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Closes the service (the second call does nothing); the file's end closes it if no test did. */
  close(): Promise<void>;
}

/**
 * A service on a new place as a first start leaves it (deployedPlace), or on `shared` (another
 * instance's place: two instances on one database, as a deployment with several runs them; closing
 * this one leaves the place alone).
 * Closed at the end of the test file if the file has not closed it (closed-at-end.ts).
 */
export function startTestService(
  backend: Backend,
  env: NodeJS.ProcessEnv = {},
  shared?: Place,
  /** Settings no environment variable sets (devRoutes, as `npm start` turns them on). */
  overrides: Partial<ServiceConfig> = {},
): Promise<TestService> {
  return awaitedAtEnd(start(backend, env, shared, overrides));
}

async function start(
  backend: Backend,
  env: NodeJS.ProcessEnv,
  shared: Place | undefined,
  overrides: Partial<ServiceConfig>,
): Promise<TestService> {
  const place = shared ?? (await deployedPlace(backend));
  // What is open so far, undone in reverse should a later step fail: a start that fails half-way
  // leaves no database, pool or server behind.
  const undo: (() => Promise<void>)[] = shared ? [] : [() => place.dispose()];
  const undoAll = async () => {
    for (const step of undo.reverse()) await step().catch(() => undefined);
  };
  let storage: Storage;
  let config: ServiceConfig;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const logs: Record<string, unknown>[] = [];
  try {
    config = {
      ...loadConfig({
        ...env,
        SIGN_DATA_DIR: place.dataDir,
        DATABASE_URL: place.databaseUrl ?? "",
        LOG_LEVEL: env.LOG_LEVEL ?? "info",
      }),
      ...overrides,
    };
    storage = await openStorage(config);
    undo.push(() => storage.close());
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n")) if (line.trim()) logs.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp({ storage, config, logStream });
    undo.push(() => app.close());
    await app.listen({ port: 0, host: "127.0.0.1" });
  } catch (error) {
    await undoAll();
    throw error;
  }
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const close = closeAtEnd(async () => {
    const closing = app.close();
    // Fastify waits for requests in flight; one whose client went quiet (a body never read, a test
    // that timed out mid-request) would hold the close, and the file, for ever.
    const timer = setTimeout(() => app.server.closeAllConnections(), 5_000);
    try {
      await closing;
    } finally {
      clearTimeout(timer);
    }
    await storage.close();
    if (!shared) await place.dispose();
  });
  return {
    url,
    place,
    storage,
    config,
    logs,
    token: async (tenant, scopes = []) =>
      (await createPersonalAccessToken(storage, { tenant, scopes })).token,
    client: async (tenant, scopes = []) => createOAuthClient(storage, { tenant, scopes }),
    call: (method, route, options = {}) => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.body !== undefined) {
        body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
        headers["content-type"] ??= "application/json";
      }
      return fetch(url + route, { method, headers, body });
    },
    close,
  };
}

/** How far inFreshRateWindow has moved the limiters' clock in this file. */
let rateClockOffset = 0;

/**
 * Rate budgets count in fixed one-minute windows: a test that counts hits up to a budget moves the
 * clock of this process's limiters (every service the file started in it) to half a second into a
 * window none has counted in yet, so that its hits are not split across two windows on a slow
 * machine, and without waiting up to a minute for the next. The clock stays moved for the rest of the
 * file (its own module registry: the next file starts on the real clock); it only ever moves forward.
 */
export function inFreshRateWindow(): void {
  const now = Date.now() + rateClockOffset;
  rateClockOffset += 60_000 - (now % 60_000) + 500;
  setRateLimitClockForTest(() => Date.now() + rateClockOffset);
}

/** The shape every error answer must have (contract §3). */
export async function expectProblem(response: Response, status: number, code: string) {
  const body = (await response.json()) as Record<string, unknown>;
  expect({ status: response.status, code: body.code }).toEqual({ status, code });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(body).toMatchObject({
    status,
    code,
    type: expect.any(String),
    title: expect.any(String),
    detail: expect.any(String),
  });
  expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return body as { detail: string; traceId: string; errors?: { field: string; message: string }[] };
}
