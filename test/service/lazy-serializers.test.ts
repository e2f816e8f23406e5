/**
 * @jest-environment ./test/leak-guard/node-environment.js
 */
// Response serializers are compiled when a route first answers (src/service/lazy-serializers.ts):
// here every one of them is compiled, so that a response schema fast-json-stringify cannot compile
// fails the tests instead of a first request in production.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../../src/service/app";
import { loadConfig } from "../../src/service/config";
import { lazySerializers } from "../../src/service/lazy-serializers";
import { openStorage } from "../../src/service/storage";

test("every route's response serializer compiles", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sfo-test-"));
  const config = loadConfig({ SIGN_DATA_DIR: dataDir, LOG_LEVEL: "silent", SIGN_SCHEDULER_INTERVAL_MS: "0" });
  const storage = await openStorage(config);
  try {
    const app = await buildApp({ storage, config });
    try {
      // Hundreds of routes, each with several statuses.
      expect(app.compileAllSerializers()).toBeGreaterThan(500);
      // Validators too are compiled at first use (src/service/validation.ts): all of them here.
      expect(app.compileAllValidators()).toBeGreaterThan(100);
    } finally {
      await app.close();
    }
  } finally {
    await storage.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);

test("a schema that cannot be compiled fails when its route answers, and each time after; the others serialize", () => {
  const { factory, compileAll } = lazySerializers();
  const compile = factory({}, {});
  const broken = compile({
    schema: { type: "object", properties: { a: { $ref: "#/definitions/missing" } } },
    method: "GET",
    url: "/x",
    httpStatus: "200",
  } as never);
  const good = compile({
    schema: { type: "object", properties: { a: { type: "string" } } },
    method: "GET",
    url: "/y",
    httpStatus: "200",
  } as never);
  expect(good({ a: "b", c: 1 })).toBe('{"a":"b"}');
  expect(() => broken({ a: 1 })).toThrow();
  expect(() => broken({ a: 1 })).toThrow();
  expect(() => compileAll()).toThrow();
});
