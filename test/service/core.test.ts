import { Validator } from "@seriousme/openapi-schema-validator";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";

describe.each(BACKENDS)("service core on %s", (backend) => {
  let service: TestService;
  let token: string;
  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_BODY_LIMIT_BYTES: "4096" });
    token = await service.token("core");
  });
  afterAll(() => service.close());

  const parse = (body: unknown, headers: Record<string, string> = {}) =>
    service.call("POST", "/api/v1/tags/parse", { token, body, headers });

  test("unknown routes answer 404 not_found as SignErrorResponse", async () => {
    const body = await expectProblem(
      await service.call("GET", "/api/v1/nothing-here", { token }),
      404,
      "not_found",
    );
    expect(body.detail).toContain("/api/v1/nothing-here");
  });

  test("JSON is accepted as application/json, text/json and application/*+json", async () => {
    for (const type of [
      "application/json",
      "application/json; charset=utf-8",
      "text/json",
      "application/vnd.sign+json",
    ]) {
      const response = await parse({ tag: "{{sig:1:req}}" }, { "content-type": type });
      expect({ type, status: response.status }).toEqual({ type, status: 200 });
    }
  });

  test("an empty JSON body counts as no body: fine on DELETE, a named validation error where a body is needed", async () => {
    const groups = await service.call("POST", "/api/v1/signing-groups", {
      token,
      body: { name: "Empty body" },
    });
    const { id } = (await groups.json()) as { id: string };
    const deleted = await service.call("DELETE", `/api/v1/signing-groups/${id}`, {
      token,
      headers: { "content-type": "application/json" },
    });
    expect(deleted.status).toBe(204);
    const empty = await service.call("POST", "/api/v1/tags/parse", {
      token,
      headers: { "content-type": "application/json" },
    });
    await expectProblem(empty, 400, "validation_failed");
  });

  test("other content types get 415 unsupported_media_type", async () => {
    for (const type of [
      "text/plain",
      "application/xml",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const response = await parse("tag={{sig:1}}", { "content-type": type });
      await expectProblem(response, 415, "unsupported_media_type");
    }
  });

  test("malformed JSON gets 400 validation_failed", async () => {
    const body = await expectProblem(await parse('{"tag": '), 400, "validation_failed");
    expect(body.detail).toMatch(/not valid JSON/);
  });

  test("a body over the limit gets 413 payload_too_large", async () => {
    await expectProblem(await parse({ tag: "x".repeat(5000) }), 413, "payload_too_large");
  });

  test("schema validation failures name the field", async () => {
    const body = await expectProblem(await parse({ format: "Platform" }), 400, "validation_failed");
    expect(body.errors).toEqual([{ field: "tag", message: "tag is required." }]);
    const typed = await expectProblem(await parse({ tag: 5 }), 400, "validation_failed");
    expect(typed.errors?.[0]).toEqual({ field: "tag", message: "tag must be string." });
  });

  test("the traceId of an error answer is the one in the request's log lines", async () => {
    const body = await expectProblem(await service.call("GET", "/api/v1/me"), 401, "unauthorized");
    const lines = service.logs.filter((line) => line.traceId === body.traceId);
    expect(lines.map((l) => l.msg)).toEqual(["request refused", "request completed"]);
    // One access line a request: method, route, status and duration together (request-log.ts).
    expect(lines[1]).toMatchObject({
      req: { method: "GET", url: "/api/v1/me" },
      res: { statusCode: 401 },
      responseTime: expect.any(Number),
    });
  });

  test("a W3C traceparent sets the traceId", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const response = await service.call("GET", "/api/v1/me", {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(response.headers.get("x-trace-id")).toBe(traceId);
    expect(((await response.json()) as { traceId: string }).traceId).toBe(traceId);
  });

  test("an uncaught exception answers 500 internal_error without a stack, and is logged with it", async () => {
    // A database that went away is a failure no client input can cause: the handler throws.
    const broken = await startTestService(backend);
    const brokenToken = await broken.token("t");
    const original = broken.storage.credentials.findActivePersonalAccessToken.bind(
      broken.storage.credentials,
    );
    broken.storage.credentials.findActivePersonalAccessToken = async () => {
      throw new Error("disk on fire at /secret/path.ts:12");
    };
    try {
      const response = await broken.call("GET", "/api/v1/me", { token: brokenToken });
      const body = await expectProblem(response, 500, "internal_error");
      expect(JSON.stringify(body)).not.toContain("disk on fire");
      const logged = broken.logs.find((l) => l.traceId === body.traceId && l.level === 50) as {
        err?: { stack?: string };
      };
      expect(logged?.err?.stack).toContain("disk on fire");
    } finally {
      broken.storage.credentials.findActivePersonalAccessToken = original;
      await broken.close();
    }
  });

  test("CORS lets the add-in's origin call the API and read the trace id", async () => {
    const response = await fetch(`${service.url}/api/v1/me`, {
      method: "OPTIONS",
      headers: {
        origin: "https://localhost:3000",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://localhost:3000");
    const other = await fetch(`${service.url}/api/v1/me`, { headers: { origin: "https://evil.example" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  test.each(["PUT", "PATCH", "DELETE", "POST"])(
    "CORS preflight allows %s (the add-in edits and deletes)",
    async (method) => {
      const response = await fetch(
        `${service.url}/api/v1/signing-groups/00000000-0000-4000-8000-000000000000`,
        {
          method: "OPTIONS",
          headers: {
            origin: "https://localhost:3000",
            "access-control-request-method": method,
            "access-control-request-headers": "authorization,content-type",
          },
        },
      );
      expect(response.status).toBeLessThan(300);
      expect(response.headers.get("access-control-allow-methods")?.split(/\s*,\s*/)).toContain(method);
    },
  );

  test("GET /api/v1/me tells the tenant, credential kind and scopes", async () => {
    const narrow = await service.token("me-tenant", ["sign.package.read", "sign.signinggroup.read"]);
    const response = await service.call("GET", "/api/v1/me", { token: narrow });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      tenantId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      tenantName: "me-tenant",
      credentialKind: "personal_access_token",
      scopes: ["sign.package.read", "sign.signinggroup.read"],
      subject: null,
    });
  });

  test("the OpenAPI document is valid OpenAPI 3 with the security schemes and model names", async () => {
    const response = await fetch(`${service.url}/openapi/tenant-api.json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      components: {
        securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
        schemas: Record<string, unknown>;
      };
      paths: Record<string, Record<string, { operationId?: string; security?: Record<string, string[]>[] }>>;
    };
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-API-KEY",
    });
    expect(doc.components.securitySchemes.Bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["SignErrorResponse", "MeApiResponse", "TagBuildResponse"]),
    );
    expect(doc.paths["/api/v1/me"]?.get?.operationId).toBe("apiV1MeGet");
    expect(doc.paths["/api/v1/me"]?.get?.security).not.toContainEqual({ ApiKey: [] });
    expect(doc.paths["/api/v1/tags/build"]?.get?.security).toContainEqual({ ApiKey: [] });
    expect(JSON.stringify(doc)).not.toMatch(/"def-\d+"/);
  });

  test("/health answers while the database is reachable", async () => {
    const response = await fetch(`${service.url}/health`);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});
