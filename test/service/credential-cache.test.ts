// Verified credentials are trusted for SIGN_AUTH_CACHE_SECONDS without being looked up again:
// a revocation takes effect within that time (not later), refusals are never kept, and what a cached
// credential may do (its scopes, its tenant) is what it could do when it was verified.
import type { Authenticator, Principal } from "../../src/service/domain/authenticate";
import { InvalidCredentialError } from "../../src/service/domain/authenticate";
import { cachingAuthenticator } from "../../src/service/domain/credential-cache";
import { answeredWithin } from "./answered-within";
import { BACKENDS, expectProblem, startTestService } from "./harness";

const principalOf = (credential: string): Principal => ({
  tenantId: "t",
  tenantName: "t",
  kind: "personal_access_token",
  scopes: [],
  subject: null,
  credential,
  who: { name: credential, email: null },
});

/** An authenticator that counts its lookups and accepts the tokens in `valid`. */
function countingAuthenticator(valid: Set<string>) {
  const lookups: string[] = [];
  const inner: Authenticator = {
    bearer: async (token) => {
      lookups.push(token);
      await new Promise((resolve) => setImmediate(resolve));
      if (!valid.has(token)) throw new InvalidCredentialError("refused");
      return principalOf(token);
    },
    personalAccessToken: async (token) => {
      lookups.push(token);
      return valid.has(token) ? principalOf(token) : null;
    },
  };
  return { inner, lookups };
}

describe("cachingAuthenticator", () => {
  test("a verified token is looked up once within the time, again after it", async () => {
    let now = 1_000;
    const { inner, lookups } = countingAuthenticator(new Set(["a"]));
    const cached = cachingAuthenticator(inner, { ttlMs: 5_000, now: () => now });
    // Concurrent first requests share one lookup.
    const first = await Promise.all([cached.bearer("a"), cached.bearer("a"), cached.bearer("a")]);
    expect(first.map((p) => p.credential)).toEqual(["a", "a", "a"]);
    now += 4_999;
    await cached.bearer("a");
    expect(lookups).toEqual(["a"]);
    now += 1;
    await cached.bearer("a");
    expect(lookups).toEqual(["a", "a"]);
  });

  test("a refused token is looked up every time; Bearer and X-API-KEY are kept apart", async () => {
    const valid = new Set<string>();
    const { inner, lookups } = countingAuthenticator(valid);
    const cached = cachingAuthenticator(inner, { ttlMs: 5_000 });
    await expect(cached.bearer("b")).rejects.toThrow(InvalidCredentialError);
    await expect(cached.bearer("b")).rejects.toThrow(InvalidCredentialError);
    expect(lookups).toEqual(["b", "b"]);
    valid.add("b");
    expect((await cached.bearer("b")).credential).toBe("b");
    expect((await cached.personalAccessToken("b"))?.credential).toBe("b");
    expect(lookups).toEqual(["b", "b", "b", "b"]);
  });

  test("knownBearer answers at once only a verified bearer token within the time", async () => {
    let now = 1_000;
    const { inner, lookups } = countingAuthenticator(new Set(["a"]));
    const cached = cachingAuthenticator(inner, { ttlMs: 5_000, now: () => now });
    expect(cached.knownBearer!("a")).toBeUndefined();
    const verifying = cached.bearer("a");
    // Still being verified: not known yet.
    expect(cached.knownBearer!("a")).toBeUndefined();
    await verifying;
    expect(cached.knownBearer!("a")?.credential).toBe("a");
    // Refused, or verified as an X-API-KEY only: never known as a bearer token.
    await expect(cached.bearer("b")).rejects.toThrow(InvalidCredentialError);
    expect(cached.knownBearer!("b")).toBeUndefined();
    await cached.personalAccessToken("a");
    now += 4_999;
    expect(cached.knownBearer!("a")?.credential).toBe("a");
    now += 1;
    expect(cached.knownBearer!("a")).toBeUndefined();
    expect(lookups).toEqual(["a", "b", "a"]);
  });

  test("holds at most maxEntries tokens, the oldest going first; ttl 0 caches nothing", async () => {
    const { inner, lookups } = countingAuthenticator(new Set(["a", "b", "c"]));
    const cached = cachingAuthenticator(inner, { ttlMs: 60_000, maxEntries: 2 });
    for (const token of ["a", "b", "c", "c", "a"]) await cached.bearer(token);
    expect(lookups).toEqual(["a", "b", "c", "a"]);
    const uncached = countingAuthenticator(new Set(["a"]));
    const off = cachingAuthenticator(uncached.inner, { ttlMs: 0 });
    await off.bearer("a");
    await off.bearer("a");
    expect(uncached.lookups).toEqual(["a", "a"]);
  });
});

describe.each(BACKENDS)("the credential cache in the service on %s", (backend) => {
  const CACHE_SECONDS = 2;

  test("a revoked PAT is refused within the cache time (plus a margin for a loaded machine)", async () => {
    const service = await startTestService(backend, {
      SIGN_AUTH_CACHE_SECONDS: String(CACHE_SECONDS),
    });
    try {
      const token = await service.token("revoked-soon");
      const me = () => service.call("GET", "/api/v1/me", { token });
      expect((await me()).status).toBe(200);
      expect((await me()).status).toBe(200);
      const [record] = (await service.storage.credentials.listPersonalAccessTokens(null)).filter(
        (t) => t.tenantName === "revoked-soon",
      );
      await service.storage.credentials.revokePersonalAccessToken(record!.id, new Date().toISOString());
      const refused = await answeredWithin(me, 401, CACHE_SECONDS * 1000 + 20_000);
      const body = await expectProblem(refused, 401, "unauthorized");
      expect(body.detail).toMatch(/revoked/);
      // And it stays refused: the refusal is not cached as anything else.
      await expectProblem(await me(), 401, "unauthorized");
    } finally {
      await service.close();
    }
  });

  test("within the cache time a verified PAT is not looked up again; with 0 every request is", async () => {
    const cachedService = await startTestService(backend, { SIGN_AUTH_CACHE_SECONDS: "60" });
    const uncachedService = await startTestService(backend, { SIGN_AUTH_CACHE_SECONDS: "0" });
    try {
      for (const [service, afterRevoking] of [
        [cachedService, 200],
        [uncachedService, 401],
      ] as const) {
        const token = await service.token("looked-up");
        const me = () => service.call("GET", "/api/v1/me", { token });
        expect((await me()).status).toBe(200);
        const [record] = await service.storage.credentials.listPersonalAccessTokens(null);
        await service.storage.credentials.revokePersonalAccessToken(record!.id, new Date().toISOString());
        expect((await me()).status).toBe(afterRevoking);
      }
    } finally {
      await uncachedService.close();
      await cachedService.close();
    }
  });

  test("a cached credential keeps to its scopes and its tenant", async () => {
    const service = await startTestService(backend, { SIGN_AUTH_CACHE_SECONDS: "60" });
    try {
      const reader = await service.token("own", ["sign.signinggroup.read"]);
      const writer = await service.token("other", ["sign.signinggroup.write", "sign.signinggroup.read"]);
      const created = await service.call("POST", "/api/v1/signing-groups", {
        token: writer,
        body: { name: "Other's group" },
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      for (let i = 0; i < 3; i++) {
        await expectProblem(
          await service.call("POST", "/api/v1/signing-groups", { token: reader, body: { name: "x" } }),
          403,
          "insufficient_scope",
        );
        expect((await service.call("GET", `/api/v1/signing-groups/${id}`, { token: reader })).status).toBe(
          404,
        );
        expect((await service.call("GET", `/api/v1/signing-groups/${id}`, { token: writer })).status).toBe(
          200,
        );
      }
    } finally {
      await service.close();
    }
  });
});
