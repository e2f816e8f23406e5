import { generateKeyPair, SignJWT } from "jose";
import { exchangeClientCredentials } from "../../src/service/domain/credentials";
import { answeredWithin } from "./answered-within";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";
import { startJwksServer } from "./jwks-server";

/**
 * The services here trust a verified credential for 1 s (SIGN_AUTH_CACHE_SECONDS), not the default 5:
 * a revocation is still seen through the cache, without each revocation test waiting 5 s for it
 * (credential-cache.test.ts holds the cache to its time). The deadline leaves a loaded machine room.
 */
const CACHE_SECONDS = "1";
const REVOKED_WITHIN_MS = 20_000;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function tokenRequest(
  service: TestService,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${service.url}/connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: form(fields),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe.each(BACKENDS)("personal access tokens and OAuth clients on %s", (backend) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_AUTH_CACHE_SECONDS: CACHE_SECONDS });
  });
  afterAll(() => service.close());

  const me = (headers: Record<string, string>) => fetch(`${service.url}/api/v1/me`, { headers });

  test("a missing credential is 401 with a Bearer challenge", async () => {
    const response = await me({});
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer /);
    await expectProblem(response, 401, "unauthorized");
  });

  test.each([
    ["garbage", "Bearer not-a-token"],
    ["an unknown PAT", "Bearer sfo_pat_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
    ["an unknown access token", "Bearer sfo_at_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
    ["a JWT with no external issuer configured", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln"],
    ["the wrong scheme", "Basic dXNlcjpwYXNz"],
  ])("%s is 401 invalid", async (_name, authorization) => {
    const response = await me({ authorization });
    expect(response.headers.get("www-authenticate")).toMatch(
      /^Bearer realm="sign", error="invalid_(token|request)"/,
    );
    await expectProblem(response, 401, "unauthorized");
  });

  test("a PAT works as Bearer and is stored only as a hash", async () => {
    const token = await service.token("acme");
    expect(token).toMatch(/^sfo_pat_[\w-]{43}$/);
    const response = await me({ authorization: `Bearer ${token}` });
    expect(response.status).toBe(200);
    const listed = await service.storage.credentials.listPersonalAccessTokens(null);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(listed.some((t) => token.startsWith(t.tokenPrefix))).toBe(true);
  });

  test("a revoked PAT is refused", async () => {
    const token = await service.token("revoking");
    const [record] = (await service.storage.credentials.listPersonalAccessTokens(null)).filter(
      (t) => t.tenantName === "revoking",
    );
    expect((await me({ authorization: `Bearer ${token}` })).status).toBe(200);
    expect(
      await service.storage.credentials.revokePersonalAccessToken(record!.id, new Date().toISOString()),
    ).toBe(true);
    // Within the credential cache's time (credential-cache.test.ts), not necessarily at once.
    const refused = await answeredWithin(
      () => me({ authorization: `Bearer ${token}` }),
      401,
      REVOKED_WITHIN_MS,
    );
    const body = await expectProblem(refused, 401, "unauthorized");
    expect(body.detail).toMatch(/revoked/);
  });

  test("X-API-KEY: a PAT is accepted on tag operations, refused elsewhere; a legacy key is legacy_api_key", async () => {
    const token = await service.token("keys");
    const types = (headers: Record<string, string>) => fetch(`${service.url}/api/v1/tags/types`, { headers });
    expect((await types({ "x-api-key": token })).status).toBe(200);
    const legacy = await expectProblem(
      await types({ "x-api-key": "0123456789abcdef" }),
      401,
      "legacy_api_key",
    );
    expect(legacy.detail).toMatch(/personal access token/);
    expect(legacy.detail).toMatch(/\/connect\/token/);
    await expectProblem(await me({ "x-api-key": token }), 401, "unauthorized");
    await expectProblem(await me({ "x-api-key": "legacy-static-key" }), 401, "legacy_api_key");
  });

  test("a credential without the scope an operation needs is 403 insufficient_scope naming it", async () => {
    const token = await service.token("narrow", ["sign.package.read"]);
    const response = await service.call("GET", "/api/v1/signing-groups", { token });
    const body = await expectProblem(response, 403, "insufficient_scope");
    expect(body.detail).toContain("sign.signinggroup.read");
    expect(response.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
  });

  test("client credentials: Basic or form fields give a 1-hour Bearer token that works", async () => {
    const client = await service.client("oauth", ["sign.package.read", "sign.signinggroup.read"]);
    const basic = Buffer.from(
      `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
    ).toString("base64");
    for (const [fields, headers] of [
      [{ grant_type: "client_credentials" }, { authorization: `Basic ${basic}` }],
      [
        { grant_type: "client_credentials", client_id: client.clientId, client_secret: client.clientSecret },
        {},
      ],
    ] as const) {
      const answer = await tokenRequest(service, fields, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.body).toEqual({
        access_token: expect.stringMatching(/^sfo_at_/),
        token_type: "Bearer",
        expires_in: 3600,
        scope: "sign.package.read sign.signinggroup.read",
      });
      const whoami = await me({ authorization: `Bearer ${answer.body.access_token as string}` });
      expect(await whoami.json()).toMatchObject({
        tenantName: "oauth",
        credentialKind: "client_credentials",
        subject: client.clientId,
      });
    }
  });

  test("scope narrows the client's scopes; a scope it lacks is invalid_scope", async () => {
    const client = await service.client("narrowing", ["sign.package.read", "sign.package.send"]);
    const auth = {
      client_id: client.clientId,
      client_secret: client.clientSecret,
      grant_type: "client_credentials",
    };
    const narrowed = await tokenRequest(service, { ...auth, scope: "sign.package.send" });
    expect(narrowed.body.scope).toBe("sign.package.send");
    const whoami = await me({ authorization: `Bearer ${narrowed.body.access_token as string}` });
    expect(((await whoami.json()) as { scopes: string[] }).scopes).toEqual(["sign.package.send"]);
    const refused = await tokenRequest(service, { ...auth, scope: "sign.template.read" });
    expect(refused).toMatchObject({ status: 400, body: { error: "invalid_scope" } });
  });

  test("a wrong client secret or unknown client is 401 invalid_client", async () => {
    const client = await service.client("wrong-secret");
    const wrong = await tokenRequest(service, {
      grant_type: "client_credentials",
      client_id: client.clientId,
      client_secret: "nope",
    });
    expect(wrong).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Basic/);
    const unknown = await tokenRequest(service, {
      grant_type: "client_credentials",
      client_id: "x",
      client_secret: "y",
    });
    expect(unknown).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    const none = await tokenRequest(service, { grant_type: "client_credentials" });
    expect(none).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });

  test.each([
    "password",
    "authorization_code",
    "refresh_token",
    "implicit",
    "urn:ietf:params:oauth:grant-type:jwt-bearer",
    "urn:ietf:params:oauth:grant-type:device_code",
  ])("grant type %s is unsupported_grant_type", async (grant) => {
    const client = await service.client("grants");
    const answer = await tokenRequest(service, {
      grant_type: grant,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
    expect(answer).toMatchObject({ status: 400, body: { error: "unsupported_grant_type" } });
  });

  test("a token request without grant_type, or with two client authentications, is invalid_request", async () => {
    const client = await service.client("requests");
    expect(
      await tokenRequest(service, { client_id: client.clientId, client_secret: client.clientSecret }),
    ).toMatchObject({
      status: 400,
      body: { error: "invalid_request" },
    });
    const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64");
    const both = await tokenRequest(
      service,
      { grant_type: "client_credentials", client_id: client.clientId, client_secret: client.clientSecret },
      { authorization: `Basic ${basic}` },
    );
    expect(both).toMatchObject({ status: 400, body: { error: "invalid_request" } });
  });

  test("an expired access token is refused", async () => {
    const client = await service.client("expiry");
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    const old = await exchangeClientCredentials(
      service.storage,
      { clientId: client.clientId, clientSecret: client.clientSecret, scope: undefined },
      twoHoursAgo,
    );
    const body = await expectProblem(
      await me({ authorization: `Bearer ${old.access_token}` }),
      401,
      "unauthorized",
    );
    expect(body.detail).toMatch(/expired/);
  });

  test("revoking a client ends its access tokens", async () => {
    const client = await service.client("revoke-client");
    const answer = await tokenRequest(service, {
      grant_type: "client_credentials",
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
    const bearer = { authorization: `Bearer ${answer.body.access_token as string}` };
    expect((await me(bearer)).status).toBe(200);
    await service.storage.credentials.revokeOAuthClient(client.clientId, new Date().toISOString());
    await expectProblem(await answeredWithin(() => me(bearer), 401, REVOKED_WITHIN_MS), 401, "unauthorized");
  });
});

describe.each(BACKENDS)("tokens of an external OpenID Connect issuer on %s", (backend) => {
  const issuer = "https://login.example.test/tenant-guid/v2.0";
  const audience = "api://sign-for-outlook";
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;
  let otherKeys: Awaited<ReturnType<typeof generateKeyPair>>;
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  let service: TestService;

  beforeAll(async () => {
    keys = await generateKeyPair("RS256");
    otherKeys = await generateKeyPair("RS256");
    jwks = await startJwksServer(keys.publicKey);
    service = await startTestService(backend, {
      OIDC_ISSUER: issuer,
      OIDC_AUDIENCE: audience,
      OIDC_JWKS_URI: jwks.url,
      OIDC_TENANT_CLAIM: "tid",
      OIDC_CLOCK_SKEW_SECONDS: "60",
    });
  });
  afterAll(async () => {
    await service.close();
    await jwks.close();
  });

  function sign(
    claims: Record<string, unknown>,
    options: { key?: CryptoKey; kid?: string; iss?: string; aud?: string; exp?: number; iat?: number } = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: options.kid ?? "k1" })
      .setIssuer(options.iss ?? issuer)
      .setAudience(options.aud ?? audience)
      .setSubject("user-object-id")
      .setIssuedAt(options.iat ?? now)
      .setExpirationTime(options.exp ?? now + 600)
      .sign(options.key ?? (keys.privateKey as CryptoKey));
  }

  const me = (token: string) => service.call("GET", "/api/v1/me", { token });

  test("a valid token names the tenant from the configured claim and grants its scopes", async () => {
    const token = await sign({
      tid: "contoso-tid",
      scp: "sign.package.read sign.signinggroup.read unrelated.scope",
    });
    const response = await me(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      tenantId: expect.any(String),
      tenantName: "contoso-tid",
      credentialKind: "external",
      scopes: ["sign.package.read", "sign.signinggroup.read"],
      subject: "user-object-id",
    });
  });

  test("app roles grant scopes too", async () => {
    const response = await me(await sign({ tid: "contoso-tid", roles: ["sign.template.read"] }));
    expect(((await response.json()) as { scopes: string[] }).scopes).toEqual(["sign.template.read"]);
  });

  test.each([
    ["wrong issuer", { iss: "https://evil.example/v2.0" }],
    ["wrong audience", { aud: "api://someone-else" }],
  ])("a token with the %s is refused", async (_name, options) => {
    await expectProblem(await me(await sign({ tid: "contoso-tid" }, options)), 401, "unauthorized");
  });

  test("a token signed by another key is refused", async () => {
    const forged = await sign({ tid: "contoso-tid" }, { key: otherKeys.privateKey as CryptoKey });
    await expectProblem(await me(forged), 401, "unauthorized");
  });

  test("expiry allows the configured clock skew, no more", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await me(await sign({ tid: "contoso-tid" }, { exp: now - 30, iat: now - 600 }))).status).toBe(
      200,
    );
    const body = await expectProblem(
      await me(await sign({ tid: "contoso-tid" }, { exp: now - 120, iat: now - 600 })),
      401,
      "unauthorized",
    );
    expect(body.detail).toMatch(/expired/);
  });

  test("a token without the tenant claim is refused, saying so", async () => {
    const body = await expectProblem(await me(await sign({ scp: "sign.package.read" })), 401, "unauthorized");
    expect(body.detail).toContain('"tid"');
  });
});
