/**
 * Credentials verified in the last few seconds, kept in memory so that a client's every request does
 * not hash its token and look it up (or check a JWT's signature) again. A revocation, an expiry or a
 * disabled tenant therefore takes effect within `ttlMs` on each instance (the admin command and other
 * instances change the database, which this process does not watch). Only accepted credentials are
 * kept: a refused one is checked, and counted against its address's budget, every time.
 */
import { hash } from "node:crypto";
import type { Authenticator, Principal } from "./authenticate";

export interface CredentialCacheOptions {
  /** How long a verified credential is trusted without asking again; 0 turns the cache off. */
  ttlMs: number;
  /** Entries kept at most (the oldest go first): bounds the memory a flood of tokens may take. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  expiresAt: number;
  /** The verification, settled or still under way: concurrent first requests verify once. */
  principal: Promise<Principal | null>;
  /** The principal once the verification accepted the credential (knownBearer answers it at once). */
  verified?: Principal;
}

export function cachingAuthenticator(inner: Authenticator, options: CredentialCacheOptions): Authenticator {
  const { ttlMs, maxEntries = 10_000, now = Date.now } = options;
  if (ttlMs <= 0) return inner;
  const entries = new Map<string, Entry>();

  function cached(key: string, verify: () => Promise<Principal | null>): Promise<Principal | null> {
    const at = now();
    const entry = entries.get(key);
    if (entry && entry.expiresAt > at) return entry.principal;
    if (entry) entries.delete(key);
    const principal = verify();
    const fresh: Entry = { expiresAt: at + ttlMs, principal };
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, fresh);
    // A refusal (or a failure to verify) is never kept.
    principal.then(
      (verified) => {
        if (verified) fresh.verified = verified;
      },
      () => {
        if (entries.get(key) === fresh) entries.delete(key);
      },
    );
    return principal;
  }

  /** What `cached` would answer for the key at once, when that is an accepted credential. */
  function known(key: string): Principal | undefined {
    const entry = entries.get(key);
    return entry && entry.expiresAt > now() ? entry.verified : undefined;
  }

  // The key is a hash: the map holds no token as sent. Bearer and X-API-KEY are kept apart, since the
  // second accepts personal access tokens only.
  const keyOf = (how: string, token: string) => `${how}:${hash("sha256", token, "base64url")}`;

  return {
    bearer: (token) => cached(keyOf("b", token), () => inner.bearer(token)) as Promise<Principal>,
    personalAccessToken: (token) => cached(keyOf("k", token), () => inner.personalAccessToken(token)),
    knownBearer: (token) => known(keyOf("b", token)),
  };
}
