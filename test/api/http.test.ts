/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * The fetch wrapper against a real local HTTP server (Node's own fetch, no mocks).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ApiError } from "../../src/api/errors";
import { backoffDelay, createHttpClient, joinUrl, parseRetryAfter, type RetryInfo } from "../../src/api/http";
import { createPatTokenSource } from "../../src/auth";

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

interface Hit {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
}

let server: Server;
let base: string;
let handler: Handler;
let hits: Hit[];

beforeEach(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      hits.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body, at: Date.now() });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

// A new server (so a new origin, with no pooled connections) for every test: some leave requests hanging.
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  hits = [];
  handler = (_req, res) => json(res, 200, { ok: true });
});

function json(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(value));
}

function problem(status: number, code: string, detail: string, extra: Record<string, unknown> = {}) {
  return {
    type: `https://sign.example.com/problems/${code}`,
    title: "Problem",
    status,
    detail,
    code,
    traceId: "00-trace-abc",
    ...extra,
  };
}

/** A client with fast retries, so the tests measure behaviour and not waiting. */
function client(extra: Partial<Parameters<typeof createHttpClient>[0]> = {}) {
  const retries: RetryInfo[] = [];
  const http = createHttpClient({
    baseUrl: base,
    retryBaseDelayMs: 5,
    retryMaxDelayMs: 20,
    timeoutMs: 2000,
    onRetry: (info) => retries.push(info),
    ...extra,
  });
  return { http, retries };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("expected the request to fail");
}

describe("requests", () => {
  it("joins the base URL, sends the bearer token and query, parses JSON", async () => {
    handler = (req, res) => json(res, 200, { tenantName: "Contoso", path: req.url });
    const tokens = createPatTokenSource(null);
    tokens.setToken("  sfo_pat_123  ");
    const http = createHttpClient({ baseUrl: `${base}/`, tokenSource: tokens });
    const data = await http.get<{ tenantName: string }>("/api/v1/me", {
      query: { a: 1, b: ["x", "y"], c: null },
    });
    expect(data).toEqual({ tenantName: "Contoso", path: "/api/v1/me?a=1&b=x&b=y" });
    expect(hits[0]?.headers.authorization).toBe("Bearer sfo_pat_123");
    expect(hits[0]?.headers.accept).toBe("application/json");
  });

  it("keeps a path prefix of the base URL and sends JSON bodies", async () => {
    handler = (_req, res, body) => json(res, 201, { echoed: JSON.parse(body) }, { Location: "/x/1" });
    const http = createHttpClient({ baseUrl: `${base}/prefix` });
    const response = await http.send<{ echoed: unknown }>("POST", "api/v1/things", { body: { name: "n" } });
    expect(hits[0]?.url).toBe("/prefix/api/v1/things");
    expect(hits[0]?.headers["content-type"]).toBe("application/json");
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe("/x/1");
    expect(response.data).toEqual({ echoed: { name: "n" } });
  });

  it("sends no Authorization header without a token, and answers 204 with undefined", async () => {
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    const http = createHttpClient({ baseUrl: base, tokenSource: createPatTokenSource(null) });
    await expect(http.delete("/api/v1/x")).resolves.toBeUndefined();
    expect(hits[0]?.headers.authorization).toBeUndefined();
  });

  it("answers a 304 to a request with If-None-Match as a response, without a body; otherwise an error", async () => {
    handler = (req, res) => {
      if (req.headers["if-none-match"] === '"v1"') {
        res.writeHead(304, { ETag: '"v1"' });
        res.end();
      } else res.writeHead(304).end();
    };
    const http = createHttpClient({ baseUrl: base, maxRetries: 0 });
    const response = await http.send("GET", "/api/v1/packages", { headers: { "If-None-Match": '"v1"' } });
    expect(response).toMatchObject({ status: 304, data: undefined });
    expect(response.headers.get("etag")).toBe('"v1"');
    await expect(http.get("/api/v1/packages")).rejects.toBeInstanceOf(ApiError);
  });
});

describe("retries", () => {
  it("retries network errors of idempotent methods with backoff, then reports the URL", async () => {
    handler = (req) => req.socket.destroy();
    const { http, retries } = client({ maxRetries: 2 });
    const error = await failure(http.get("/api/v1/me"));
    expect(hits).toHaveLength(3);
    expect(retries.map((r) => r.reason)).toEqual(["network", "network"]);
    expect(error.kind).toBe("network");
    expect(error.code).toBe("network_error");
    expect(error.status).toBe(0);
    expect(error.message).toBe(
      `The service could not be reached at ${base}; check the service URL in Settings.`,
    );
  });

  it("does not retry a network error of a POST", async () => {
    handler = (req) => req.socket.destroy();
    const { http, retries } = client({ maxRetries: 3 });
    const error = await failure(http.post("/api/v1/packages", { a: 1 }));
    expect(hits).toHaveLength(1);
    expect(retries).toHaveLength(0);
    expect(error.kind).toBe("network");
  });

  it("reports a refused connection as unreachable", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const http = createHttpClient({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 });
    const error = await failure(http.get("/api/v1/me"));
    expect(error.message).toContain(`http://127.0.0.1:${port}; check the service URL in Settings.`);
  });

  it("retries 503 for GET until it succeeds", async () => {
    handler = (_req, res) =>
      hits.length < 3 ? json(res, 503, problem(503, "unavailable", "Down")) : json(res, 200, { fine: 1 });
    const { http, retries } = client({ maxRetries: 3 });
    await expect(http.get("/x")).resolves.toEqual({ fine: 1 });
    expect(hits).toHaveLength(3);
    expect(retries.map((r) => r.status)).toEqual([503, 503]);
  });

  it("gives up on 503 after maxRetries and reports the service's answer", async () => {
    handler = (_req, res) =>
      json(res, 503, problem(503, "service_unavailable", "The database is restarting"));
    const { http } = client({ maxRetries: 2 });
    const error = await failure(http.get("/x"));
    expect(hits).toHaveLength(3);
    expect(error.status).toBe(503);
    expect(error.message).toBe("The database is restarting. Try again in a moment.");
    expect(error.traceId).toBe("00-trace-abc");
  });

  it("does not retry 503 for a POST", async () => {
    handler = (_req, res) => json(res, 503, problem(503, "service_unavailable", "Down"));
    const { http } = client({ maxRetries: 3 });
    await failure(http.post("/x", {}));
    expect(hits).toHaveLength(1);
  });

  it("retries 429 for every method, POST included", async () => {
    handler = (_req, res) =>
      hits.length < 2 ? json(res, 429, problem(429, "rate_limited", "Slow down")) : json(res, 200, {});
    const { http, retries } = client();
    await http.post("/x", { a: 1 });
    expect(hits).toHaveLength(2);
    expect(hits[1]?.body).toBe('{"a":1}');
    expect(retries[0]?.status).toBe(429);
  });

  it("honours Retry-After in seconds", async () => {
    handler = (_req, res) =>
      hits.length < 2
        ? json(res, 429, problem(429, "rate_limited", "Slow down"), { "Retry-After": "1" })
        : json(res, 200, {});
    const { http, retries } = client({ retryBaseDelayMs: 1, retryMaxDelayMs: 1 });
    await http.get("/x");
    expect(retries[0]?.delayMs).toBe(1000);
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("honours Retry-After as an HTTP-date", async () => {
    handler = (_req, res) =>
      hits.length < 2
        ? json(res, 503, problem(503, "service_unavailable", "Busy"), {
            "Retry-After": new Date(Date.now() + 2000).toUTCString(),
          })
        : json(res, 200, {});
    const { http, retries } = client({ retryBaseDelayMs: 1, retryMaxDelayMs: 1 });
    await http.get("/x");
    // HTTP-dates have whole seconds: the wait is between 1 and 2 s.
    expect(retries[0]!.delayMs).toBeGreaterThan(900);
    expect(retries[0]!.delayMs).toBeLessThanOrEqual(2000);
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(900);
  });

  it("does not wait for a Retry-After beyond the limit, and says when to try again", async () => {
    handler = (_req, res) =>
      json(res, 429, problem(429, "rate_limited", "Too many requests"), { "Retry-After": "120" });
    const { http } = client({ maxRetryAfterMs: 10_000 });
    // Waiting the 120 s would outlast the test's deadline; one hit says it never retried.
    const error = await failure(http.get("/x"));
    expect(hits).toHaveLength(1);
    expect(error.code).toBe("rate_limited");
    expect(error.retryAfterSeconds).toBe(120);
    expect(error.message).toBe("Too many requests. Try again in 120 seconds.");
  });

  it("does not retry other errors", async () => {
    handler = (_req, res) => json(res, 500, problem(500, "internal_error", "Boom"));
    const { http } = client();
    await failure(http.get("/x"));
    expect(hits).toHaveLength(1);
  });
});

describe("timeouts and cancellation", () => {
  it("times out an attempt that gets no answer", async () => {
    handler = () => undefined; // never answers
    const { http } = client({ timeoutMs: 150, maxRetries: 0 });
    // Without the time-out this never ends (the test's deadline); its kind and message say which limit.
    const error = await failure(http.post("/x", {}));
    expect(error.kind).toBe("timeout");
    expect(error.code).toBe("timeout");
    expect(error.message).toBe(
      `The service at ${base} did not answer within 0.2 seconds. Try again; if it keeps happening, check the service URL in Settings.`,
    );
  });

  it("retries a timed-out GET", async () => {
    handler = (_req, res) => (hits.length < 2 ? undefined : json(res, 200, { late: true }));
    const { http, retries } = client({ timeoutMs: 150 });
    await expect(http.get("/x")).resolves.toEqual({ late: true });
    expect(retries.map((r) => r.reason)).toEqual(["timeout"]);
  });

  it("times out a body that never finishes", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"partial":');
    };
    const { http } = client({ timeoutMs: 150, maxRetries: 0 });
    expect((await failure(http.get("/x"))).kind).toBe("timeout");
  });

  it("cancels a request in flight", async () => {
    const controller = new AbortController();
    // Cancelled once the server has the request (never answered): in flight, whatever the machine's load.
    handler = () => controller.abort();
    const { http } = client({ timeoutMs: 5000 });
    const error = await failure(http.get("/x", { signal: controller.signal }));
    expect(error.kind).toBe("cancelled");
    expect(error.message).toBe("The request was cancelled.");
    expect(hits).toHaveLength(1);
  });

  it("cancels while waiting to retry", async () => {
    handler = (_req, res) =>
      json(res, 503, problem(503, "service_unavailable", "Busy"), { "Retry-After": "10" });
    const { http } = client();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    // Uncancelled, the client would retry after 10 s: a second hit, and no "cancelled".
    const error = await failure(http.get("/x", { signal: controller.signal }));
    expect(error.kind).toBe("cancelled");
    expect(hits).toHaveLength(1);
  });

  it("sends nothing when already cancelled", async () => {
    const { http } = client();
    const controller = new AbortController();
    controller.abort();
    expect((await failure(http.get("/x", { signal: controller.signal }))).kind).toBe("cancelled");
    expect(hits).toHaveLength(0);
  });
});

describe("error mapping", () => {
  it("turns a SignErrorResponse into a typed ApiError with field errors", async () => {
    handler = (_req, res) =>
      json(
        res,
        400,
        problem(400, "validation_failed", "The request is not valid", {
          errors: [{ field: "name", message: "Name must not be blank" }],
        }),
      );
    const error = await failure(client().http.post("/api/v1/signing-groups", { name: "" }));
    expect(error).toMatchObject({
      kind: "http",
      status: 400,
      code: "validation_failed",
      detail: "The request is not valid",
      traceId: "00-trace-abc",
      errors: [{ field: "name", message: "Name must not be blank" }],
      method: "POST",
      url: `${base}/api/v1/signing-groups`,
      message: "The request is not valid.",
    });
  });

  it("tells a user who is not signed in to sign in", async () => {
    handler = (_req, res) =>
      json(res, 401, problem(401, "unauthorized", "The access token is missing or not valid"), {
        "WWW-Authenticate": 'Bearer error="invalid_token"',
      });
    const error = await failure(client().http.get("/api/v1/me"));
    expect(error.code).toBe("unauthorized");
    expect(error.message).toBe("The access token is missing or not valid. Sign in again in Settings.");
  });

  it("names the missing scope", async () => {
    handler = (_req, res) =>
      json(res, 403, problem(403, "insufficient_scope", "This needs the scope sign.package.send"));
    const error = await failure(client().http.post("/x", {}));
    expect(error.message).toBe(
      "This needs the scope sign.package.send. Ask your administrator for a token that has this permission.",
    );
  });

  it("describes an error answer that is not a SignErrorResponse", async () => {
    handler = (_req, res) => {
      res.writeHead(502, { "Content-Type": "text/html" });
      res.end("<html>Bad gateway</html>");
    };
    const error = await failure(client().http.post("/x", {}));
    expect(error).toMatchObject({ kind: "http", status: 502, code: "internal_error", traceId: null });
    expect(error.message).toBe(
      "The service is not reachable right now. Try again in a moment; if it keeps happening, contact support with the reference below.",
    );
  });

  it("rejects a success answer that is not JSON", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<html>Welcome to nginx</html>");
    };
    const error = await failure(client().http.get("/api/v1/me"));
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toContain("could not be read (HTTP 200)");
  });

  it("reports a service URL that is not a URL without sending anything", async () => {
    const http = createHttpClient({ baseUrl: "sign example" });
    const error = await failure(http.get("/api/v1/me"));
    expect(error.kind).toBe("configuration");
    expect(error.message).toContain('"sign example" is not a web address');
  });
});

describe("helpers", () => {
  it("parses Retry-After", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Tue, 31 Dec 2024 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("-1", now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("backs off exponentially with jitter, capped", () => {
    expect(backoffDelay(1, 100, 10_000, () => 0)).toBe(50);
    expect(backoffDelay(1, 100, 10_000, () => 1)).toBe(100);
    expect(backoffDelay(3, 100, 10_000, () => 1)).toBe(400);
    expect(backoffDelay(20, 100, 1000, () => 0.5)).toBe(750);
  });

  it("joins URLs", () => {
    expect(joinUrl("https://h/p/", "/api/v1/me")).toBe("https://h/p/api/v1/me");
    expect(joinUrl("https://h", "api")).toBe("https://h/api");
    expect(() => joinUrl("ftp://h", "x")).toThrow(TypeError);
  });
});
