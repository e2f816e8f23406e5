/**
 * The service's OpenID Connect path with tokens from a real OpenID provider (oidc-provider, run by
 * src/dev-idp as `SIGN_DEV_IDP=1 npm start` runs it): what it accepts, and what it refuses with words
 * an administrator can act on. Entra itself cannot be reached from here; the provider issues the
 * same kind of tokens (RS256 JWTs with tid, oid, scp, name, preferred_username).
 */
import { createPublicKey, createHmac } from "node:crypto";
import { spawnDevIdp, type DevIdpProcess } from "../service/processes";
import { BACKENDS, startTestService, type TestService } from "../service/harness";
import { claimsOf, REDIRECT_URI, signInAt } from "./idp-sign-in";

jest.setTimeout(300_000);

let idp: DevIdpProcess;
/** Another provider claiming the same issuer, with a signing key of its own. */
let impostor: DevIdpProcess;
/** One token per person, signed in once for the file (a sign-in is a few HTTP round trips). */
const tokens = new Map<string, string>();

async function tokenOf(user: string): Promise<string> {
  if (!tokens.has(user)) tokens.set(user, (await signInAt(idp, user)).access_token);
  return tokens.get(user)!;
}

async function control(path: string, form: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(new URL(path, idp.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response;
}

function oidcEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    OIDC_ISSUER: idp.issuer,
    OIDC_AUDIENCE: idp.audience,
    OIDC_JWKS_URI: idp.jwksUri,
    // Enough refusals in one file from one address without the guessing brake answering 429.
    SIGN_AUTH_FAILURES_PER_MIN: "1000",
    // Every request verifies its token here (what is tried is verification, not the cache): a
    // disabled tenant is then refused at once rather than within the cache's seconds.
    SIGN_AUTH_CACHE_SECONDS: "0",
    ...overrides,
  };
}

async function refusal(service: TestService, token: string): Promise<string> {
  const response = await service.call("GET", "/api/v1/me", { token });
  const body = (await response.json()) as { detail?: string; code?: string };
  expect(response.status).toBe(401);
  expect(body.code).toBe("unauthorized");
  expect(response.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
  return body.detail ?? "";
}

/** A token with another header and signature over the same claims. */
function forged(token: string, header: Record<string, unknown>, sign: (input: string) => string): string {
  const input = `${Buffer.from(JSON.stringify(header)).toString("base64url")}.${token.split(".")[1]}`;
  return `${input}.${sign(input)}`;
}

beforeAll(async () => {
  idp = await spawnDevIdp(["--redirect-uri", REDIRECT_URI]);
  impostor = await spawnDevIdp(["--redirect-uri", REDIRECT_URI, "--issuer", idp.issuer]);
});

afterAll(async () => {
  await impostor?.stop();
  await idp?.stop();
});

async function jwksFetches(): Promise<number> {
  return ((await (await fetch(new URL("/dev/jwks-fetches", idp.url))).json()) as { count: number }).count;
}

describe.each(BACKENDS)("tokens of a real OpenID provider (%s)", (backend) => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(backend, oidcEnv({ OIDC_JWKS_COOLDOWN_SECONDS: "1" }));
  });
  afterAll(() => service?.close());

  it("accepts a person's token: the tenant of a new tid is made on first use", async () => {
    const token = await tokenOf("megan-bowen");
    const me = await service.call("GET", "/api/v1/me", { token });
    expect(me.status).toBe(200);
    const body = (await me.json()) as {
      tenantName: string;
      credentialKind: string;
      scopes: string[];
      subject: string;
    };
    expect(body).toMatchObject({
      tenantName: claimsOf(token).tid,
      credentialKind: "external",
      subject: "megan-bowen",
    });
    expect(body.scopes).toContain("sign.signinggroup.write");
  });

  it("two people of one tenant see the same signing groups; another tenant's person does not", async () => {
    const created = await service.call("POST", "/api/v1/signing-groups", {
      token: await tokenOf("megan-bowen"),
      body: { name: `Contoso legal ${backend}`, members: [{ email: "legal@contoso.example" }] },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const byAlex = await service.call("GET", `/api/v1/signing-groups/${id}`, {
      token: await tokenOf("alex-wilber"),
    });
    expect(byAlex.status).toBe(200);
    const byLynne = await service.call("GET", `/api/v1/signing-groups/${id}`, {
      token: await tokenOf("lynne-robbins"),
    });
    expect(byLynne.status).toBe(404);
  });

  it("refuses an expired token and one not valid yet, saying which and what to check", async () => {
    try {
      await control("/dev/clock", { offsetSeconds: String(-2 * 3600) });
      const old = (await signInAt(idp, "megan-bowen")).access_token;
      expect(await refusal(service, old)).toMatch(/has expired/);
      await control("/dev/clock", { offsetSeconds: String(3600) });
      const early = (await signInAt(idp, "megan-bowen")).access_token;
      expect(await refusal(service, early)).toMatch(/not valid yet.*clocks/);
    } finally {
      await control("/dev/clock", { offsetSeconds: "0" });
    }
  });

  it('refuses alg "none" and an HMAC token keyed with the provider\'s public key', async () => {
    const token = await tokenOf("megan-bowen");
    const kid = (JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()) as { kid: string })
      .kid;
    const none = forged(token, { alg: "none", typ: "JWT" }, () => "");
    expect(await refusal(service, none)).toMatch(/algorithm this service does not accept \(alg "none"\)/);

    // The classic confusion: the public key (which anyone can fetch) used as an HMAC secret.
    const { keys } = (await (await fetch(idp.jwksUri)).json()) as { keys: Array<Record<string, unknown>> };
    const pem = createPublicKey({ key: keys.find((k) => k.kid === kid)!, format: "jwk" }).export({
      type: "spki",
      format: "pem",
    });
    const hmac = forged(token, { alg: "HS256", typ: "JWT", kid }, (input) =>
      createHmac("sha256", pem).update(input).digest("base64url"),
    );
    expect(await refusal(service, hmac)).toMatch(/alg "HS256"/);
  });

  it("accepts tokens signed with the provider's new key after it rotates (the key set is fetched again)", async () => {
    const signedBefore = (await signInAt(idp, "alex-wilber")).access_token;
    expect((await service.call("GET", "/api/v1/me", { token: signedBefore })).status).toBe(200);
    const { kid } = (await (await control("/dev/rotate-keys")).json()) as { kid: string };
    // The provider keeps publishing the key before this one only: tokens kept from earlier are dropped.
    tokens.clear();
    const fresh = (await signInAt(idp, "alex-wilber")).access_token;
    expect(JSON.parse(Buffer.from(fresh.split(".")[0]!, "base64url").toString())).toMatchObject({ kid });
    // The service fetched the key set moments ago: within its cooldown (1 s here) it does not fetch
    // again, so the first tries may be refused; the deadline is generous for a loaded machine.
    const deadline = Date.now() + 60_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await service.call("GET", "/api/v1/me", { token: fresh })).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    // A token of the old key, still published, is still good.
    expect((await service.call("GET", "/api/v1/me", { token: signedBefore })).status).toBe(200);
  });

  it("refuses a key the provider does not publish, after fetching its key set again", async () => {
    const foreign = (await signInAt(impostor, "megan-bowen")).access_token;
    expect(claimsOf(foreign).iss).toBe(idp.issuer);
    // Tried until the service has fetched the key set again (its cooldown here is 1 s): still refused.
    const before = await jwksFetches();
    const deadline = Date.now() + 60_000;
    let message = "";
    while (Date.now() < deadline) {
      message = await refusal(service, foreign);
      if ((await jwksFetches()) > before) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await jwksFetches()).toBeGreaterThan(before);
    expect(message).toMatch(
      /key \(kid "[^"]+"\) that the identity provider does not publish at OIDC_JWKS_URI/,
    );
  });

  it("refuses a token of a disabled tenant, and accepts it again once enabled", async () => {
    const token = await tokenOf("lynne-robbins");
    const tid = claimsOf(token).tid as string;
    expect((await service.call("GET", "/api/v1/me", { token })).status).toBe(200);
    expect(await service.storage.credentials.setTenantDisabled(tid, new Date().toISOString())).toBe(true);
    expect(await refusal(service, token)).toMatch(/tenant "9f4e2d7a-fabrikam[^"]*" has been disabled/);
    // A personal access token of that tenant is refused alike.
    const pat = await service.token(tid);
    expect(await refusal(service, pat)).toMatch(/has been disabled/);
    expect(await service.storage.credentials.setTenantDisabled(tid, null)).toBe(true);
    expect((await service.call("GET", "/api/v1/me", { token })).status).toBe(200);
  });
});

describe("settings that do not match the provider's tokens (sqlite)", () => {
  it("wrong audience or wrong issuer: refused, naming the setting to check", async () => {
    const token = await tokenOf("megan-bowen");
    const wrongAudience = await startTestService("sqlite", oidcEnv({ OIDC_AUDIENCE: "api://someone-else" }));
    try {
      expect(await refusal(wrongAudience, token)).toMatch(
        /another audience \(aud "api:\/\/sign-for-outlook"\).*"api:\/\/someone-else" \(OIDC_AUDIENCE\)/,
      );
    } finally {
      await wrongAudience.close();
    }
    const wrongIssuer = await startTestService(
      "sqlite",
      oidcEnv({ OIDC_ISSUER: "https://login.example.test/another-tenant/v2.0" }),
    );
    try {
      expect(await refusal(wrongIssuer, token)).toMatch(/another issuer .*\(OIDC_ISSUER\)/);
    } finally {
      await wrongIssuer.close();
    }
  });

  it("unknown keys make the service fetch the key set at most once a minute", async () => {
    const service = await startTestService("sqlite", oidcEnv());
    try {
      const foreign = (await signInAt(impostor, "megan-bowen")).access_token;
      const fetches = jwksFetches;
      const before = await fetches();
      expect((await service.call("GET", "/api/v1/me", { token: await tokenOf("megan-bowen") })).status).toBe(
        200,
      );
      const afterFirst = await fetches();
      expect(afterFirst).toBe(before + 1);
      for (let i = 0; i < 5; i++) {
        expect(await refusal(service, foreign)).toMatch(
          /key \(kid "[^"]+"\) that the identity provider does not publish/,
        );
      }
      // Within the default cooldown of a minute, unknown kids do not make the service fetch again.
      expect(await fetches()).toBe(afterFirst);
    } finally {
      await service.close();
    }
  });
});
