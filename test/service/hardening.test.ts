/**
 * Issue 13's defects, over HTTP on both databases: failed authentications limited per client id and
 * address (in the database, so across instances), error shapes of requests refused before routing,
 * RFC 6749 answers of the token endpoint, NUL and lone surrogates refused everywhere (fuzzed), and
 * the security headers.
 */
import fc from "fast-check";
import { request as httpRequest } from "node:http";
import { BACKENDS, inFreshRateWindow, expectProblem, startTestService, type TestService } from "./harness";

/** An RFC 6749 §5.2 error answer of the token endpoint. */
async function expectTokenError(response: Response, status: number, error: string) {
  expect({ status: response.status, type: response.headers.get("content-type") }).toEqual({
    status,
    type: expect.stringMatching(/^application\/json/),
  });
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toEqual({ error, error_description: expect.any(String) });
  return body as { error: string; error_description: string };
}

/** A raw request whose URL or headers fetch would refuse or rewrite. */
function rawRequest(
  url: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      { host: target.hostname, port: target.port, path, method: "GET", headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe.each(BACKENDS)("issue 13 hardening on %s", (backend) => {
  let service: TestService;
  let token: string;
  let groupId: string;

  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_AUTH_FAILURES_PER_MIN: "5" });
    token = await service.token("Hardening");
    const created = await service.call("POST", "/api/v1/signing-groups", {
      token,
      body: { name: "Fuzzed", members: [{ email: "a@x.com" }] },
    });
    groupId = ((await created.json()) as { id: string }).id;
  });
  afterAll(() => service.close());

  const tokenRequest = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${service.url}/connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(form).toString(),
    });

  describe("failed authentications are limited per client id and per address, across instances", () => {
    test("wrong client secrets: 401 up to the budget, then 429 rate_limited with Retry-After, even for the right secret", async () => {
      // Its own place: the address budget of this test must not leak into the others.
      const own = await startTestService(backend, { SIGN_AUTH_FAILURES_PER_MIN: "5" });
      const second = await startTestService(backend, { SIGN_AUTH_FAILURES_PER_MIN: "5" }, own.place);
      try {
        const { clientId, clientSecret } = await own.client("Guessed");
        const grant = (secret: string, target: TestService) =>
          fetch(`${target.url}/connect/token`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              grant_type: "client_credentials",
              client_id: clientId,
              client_secret: secret,
            }).toString(),
          });
        inFreshRateWindow();
        // Failures on either instance count against one budget.
        for (let i = 0; i < 5; i++) {
          await expectTokenError(await grant(`wrong-${i}`, i % 2 ? second : own), 401, "invalid_client");
        }
        const refused = await grant(clientSecret, own);
        const retryAfter = Number(refused.headers.get("retry-after"));
        const body = await expectTokenError(refused, 429, "rate_limited");
        expect(body.error_description).toMatch(/Too many failed client authentications/);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        await expectTokenError(await grant(clientSecret, second), 429, "rate_limited");
        // The address is spent too: a bearer token from it is not even looked at.
        const pat = await own.token("Guessed");
        await expectProblem(await own.call("GET", "/api/v1/me", { token: pat }), 429, "rate_limited");
      } finally {
        await second.close();
        await own.close();
      }
    });

    test("wrong bearer tokens: 401 up to the budget, then 429 for every credential from that address", async () => {
      const own = await startTestService(backend, { SIGN_AUTH_FAILURES_PER_MIN: "5" });
      try {
        const good = await own.token("Tokens");
        inFreshRateWindow();
        // A request without any credential guesses nothing and is not counted.
        for (let i = 0; i < 3; i++)
          await expectProblem(await own.call("GET", "/api/v1/me"), 401, "unauthorized");
        expect((await own.call("GET", "/api/v1/me", { token: good })).status).toBe(200);
        for (let i = 0; i < 5; i++) {
          await expectProblem(
            await own.call("GET", "/api/v1/me", { token: `${good.slice(0, -4)}x${i}yz` }),
            401,
            "unauthorized",
          );
        }
        const refused = await own.call("GET", "/api/v1/me", { token: good });
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        const body = await expectProblem(refused, 429, "rate_limited");
        expect(body.detail).toMatch(/Too many failed authentications from this address/);
      } finally {
        await own.close();
      }
    });
  });

  describe("errors of requests refused before routing keep the documented shape and X-Trace-Id", () => {
    test("a malformed percent-escape in the path is 400 validation_failed", async () => {
      for (const path of ["/api/v1/signing-groups/%zz", "/api/v1/signing-groups/%E0%A4%A"]) {
        const response = await service.call("GET", path, { token });
        const traceId = response.headers.get("x-trace-id");
        const body = await expectProblem(response, 400, "validation_failed");
        expect(body.traceId).toBe(traceId);
        expect(body.detail).toMatch(/malformed %-escape/);
      }
    });

    test("headers or a URL over 16 KB are 431 in the documented shape", async () => {
      for (const [path, headers] of [
        ["/api/v1/me", { "x-filler": "a".repeat(17 * 1024) }],
        [`/api/v1/signing-groups?search=${"b".repeat(17 * 1024)}`, {}],
      ] as const) {
        const response = await rawRequest(service.url, path, {
          ...headers,
          authorization: `Bearer ${token}`,
        });
        expect(response.status).toBe(431);
        expect(response.headers["content-type"]).toMatch(/^application\/json/);
        const body = JSON.parse(response.body) as Record<string, unknown>;
        expect(body).toMatchObject({
          status: 431,
          code: "payload_too_large",
          detail: expect.stringMatching(/16 KB/),
        });
        expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
        expect(response.headers["x-trace-id"]).toBe(body.traceId);
      }
    });

    test("the token endpoint answers its 413, 415, malformed-body 400 and wrong method in RFC 6749's shape", async () => {
      const big = await tokenRequest({ grant_type: "client_credentials", filler: "x".repeat(20_000) });
      await expectTokenError(big, 413, "invalid_request");
      const xml = await fetch(`${service.url}/connect/token`, {
        method: "POST",
        headers: { "content-type": "application/xml" },
        body: "<grant/>",
      });
      expect((await expectTokenError(xml, 415, "invalid_request")).error_description).toMatch(
        /x-www-form-urlencoded/,
      );
      const json = await fetch(`${service.url}/connect/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      });
      await expectTokenError(json, 400, "invalid_request");
      for (const method of ["GET", "PUT", "DELETE"]) {
        const wrong = await fetch(`${service.url}/connect/token`, { method });
        expect(wrong.headers.get("allow")).toBe("POST");
        await expectTokenError(wrong, 405, "invalid_request");
      }
    });
  });

  describe("NUL and unpaired surrogates are refused before any query, on every route", () => {
    test("the reported cases", async () => {
      await expectTokenError(
        await tokenRequest({ grant_type: "client_credentials", client_id: "\u0000", client_secret: "s" }),
        400,
        "invalid_request",
      );
      const basic = Buffer.from("%00:secret").toString("base64");
      await expectTokenError(
        await tokenRequest({ grant_type: "client_credentials" }, { authorization: `Basic ${basic}` }),
        400,
        "invalid_request",
      );
      const body = await expectProblem(
        await service.call("DELETE", `/api/v1/signing-groups/${groupId}/members/a%00%40x.com`, { token }),
        400,
        "validation_failed",
      );
      expect(body.errors).toEqual([{ field: "email", message: expect.stringMatching(/NUL/) }]);
      const members = await service.call("GET", `/api/v1/signing-groups/${groupId}/members`, { token });
      expect(((await members.json()) as unknown[]).length).toBe(1);
    });

    const bad = fc
      .tuple(
        fc.string({ maxLength: 12 }),
        fc.constantFrom("\u0000", "\uD800", "\uDBFF", "\uDC00", "\uDFFF"),
        fc.string({ maxLength: 12 }),
      )
      .map(([a, poison, b]) => a + poison + b);
    // Query strings and forms are bytes: a lone surrogate cannot be sent there (a client sends U+FFFD,
    // and invalid UTF-8 is read as U+FFFD), so those places are fuzzed with NUL.
    const nul = fc
      .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
      .map(([a, b]) => `${a}\u0000${b}`);
    /** %-escapes of a string: UTF-8 where it is valid, the WTF-8 bytes of a lone surrogate otherwise. */
    const escape = (text: string) =>
      [...text]
        .map((ch) => {
          const code = ch.charCodeAt(0);
          if (code >= 0xd800 && code <= 0xdfff && ch.length === 1) {
            return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
              .map((b) => `%${b.toString(16).toUpperCase()}`)
              .join("");
          }
          return encodeURIComponent(ch);
        })
        .join("");

    type Probe = (text: string) => Promise<Response>;
    const probes: [string, Probe, fc.Arbitrary<string>?][] = [
      [
        "list search",
        (t) => service.call("GET", `/api/v1/signing-groups?search=${escape(t)}`, { token }),
        nul,
      ],
      ["group id", (t) => service.call("GET", `/api/v1/signing-groups/${escape(t)}`, { token })],
      [
        "member email in the path",
        (t) => service.call("DELETE", `/api/v1/signing-groups/${groupId}/members/${escape(t)}`, { token }),
      ],
      ["group name", (t) => service.call("POST", "/api/v1/signing-groups", { token, body: { name: t } })],
      [
        "member email in a create",
        (t) =>
          service.call("POST", "/api/v1/signing-groups", {
            token,
            body: { name: "n", members: [{ email: t }] },
          }),
      ],
      [
        "member name",
        (t) =>
          service.call("POST", `/api/v1/signing-groups/${groupId}/members`, {
            token,
            body: { email: "b@x.com", name: t },
          }),
      ],
      [
        "description",
        (t) => service.call("PUT", `/api/v1/signing-groups/${groupId}`, { token, body: { description: t } }),
      ],
      [
        "bulk-delete id",
        (t) => service.call("POST", "/api/v1/signing-groups/bulk-delete", { token, body: { ids: [t] } }),
      ],
      [
        "a key of a body",
        (t) => service.call("POST", "/api/v1/tags/parse", { token, body: { tag: "{{sig:1}}", [t]: 1 } }),
      ],
      ["tag to parse", (t) => service.call("POST", "/api/v1/tags/parse", { token, body: { tag: t } })],
      [
        "tag build label",
        (t) => service.call("GET", `/api/v1/tags/build?type=Text&signer=1&label=${escape(t)}`, { token }),
        nul,
      ],
      [
        "telemetry error code",
        (t) =>
          service.call("POST", "/api/v1/telemetry/outlook", {
            token,
            body: {
              client: {},
              events: [
                {
                  name: "unexpected_error",
                  at: new Date().toISOString(),
                  props: { source: "render", errorCode: t },
                },
              ],
            },
          }),
      ],
    ];

    test.each(probes)("%s: 400 validation_failed, never 500", async (_name, probe, texts = bad) => {
      await fc.assert(
        fc.asyncProperty(texts, async (text) => {
          const response = await probe(text);
          await expectProblem(response, 400, "validation_failed");
        }),
        { numRuns: 15 },
      );
    });

    test("token endpoint: client id or secret, in the form or in Basic: 400 invalid_request, never 500", async () => {
      await fc.assert(
        fc.asyncProperty(nul, fc.boolean(), fc.boolean(), async (text, inBasic, asId) => {
          const response = inBasic
            ? await tokenRequest(
                { grant_type: "client_credentials" },
                {
                  authorization: `Basic ${Buffer.from(asId ? `${escape(text)}:s` : `id:${escape(text)}`).toString("base64")}`,
                },
              )
            : await tokenRequest({
                grant_type: "client_credentials",
                client_id: asId ? text : "id",
                client_secret: asId ? "s" : text,
              });
          expect(response.status).toBe(400);
          await expectTokenError(response, 400, "invalid_request");
        }),
        { numRuns: 25 },
      );
    });
  });

  describe("security headers", () => {
    test("every answer says nosniff; authenticated answers are not stored", async () => {
      const me = await service.call("GET", "/api/v1/me", { token });
      expect(me.headers.get("x-content-type-options")).toBe("nosniff");
      expect(me.headers.get("cache-control")).toBe("no-store");
      const refused = await service.call("GET", "/api/v1/me", { token: "nope" });
      expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
      expect(refused.headers.get("cache-control")).toBe("no-store");
      const health = await service.call("GET", "/health");
      expect(health.headers.get("x-content-type-options")).toBe("nosniff");
      expect(health.headers.get("cache-control")).toBeNull();
    });

    test("HTML pages carry a strict Content-Security-Policy", async () => {
      const page = await service.call("GET", "/");
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      const csp = page.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/default-src 'none'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(await page.text()).toContain("/openapi/tenant-api.json");
    });
  });
});
