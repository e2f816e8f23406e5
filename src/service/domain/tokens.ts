import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

/** Recognisable prefixes let secret scanners find leaked credentials and tell the kinds apart. */
export const PAT_PREFIX = "sfo_pat_";
export const ACCESS_TOKEN_PREFIX = "sfo_at_";
export const CLIENT_ID_PREFIX = "sfo_client_";

/** The credentials are 256-bit random, so one SHA-256 is enough: nothing to brute-force. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function secretMatches(secret: string, hash: string): boolean {
  const a = Buffer.from(hashSecret(secret), "hex");
  const b = Buffer.from(hash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

const random = () => randomBytes(32).toString("base64url");

export function newPersonalAccessToken(): string {
  return PAT_PREFIX + random();
}

export function newAccessToken(): string {
  return ACCESS_TOKEN_PREFIX + random();
}

export function newClientId(): string {
  return CLIENT_ID_PREFIX + randomBytes(12).toString("hex");
}

export function newClientSecret(): string {
  return random();
}

export function newId(): string {
  return randomUUID();
}

/** What list-tokens shows of a token: enough to recognise it, useless to an attacker. */
export function displayPrefix(token: string): string {
  return token.slice(0, PAT_PREFIX.length + 6);
}

export const looksLikePersonalAccessToken = (value: string) => value.startsWith(PAT_PREFIX);
export const looksLikeAccessToken = (value: string) => value.startsWith(ACCESS_TOKEN_PREFIX);
export const looksLikeJwt = (value: string) => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(value);
