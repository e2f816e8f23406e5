/**
 * Beacon keys: navigator.sendBeacon cannot send an Authorization header, so the add-in's last-resort
 * telemetry (a pane closing in a browser without keepalive fetch) authenticates with a key the service
 * handed out in its previous 202. A key lets its holder post telemetry for one tenant for an hour, and
 * nothing else; it is an HMAC, so the service keeps no state for it.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const BEACON_KEY_TTL_SECONDS = 3600;

export interface BeaconKeys {
  issue(tenantId: string, now?: Date): string;
  /** The key's tenant, or null when the key is malformed, forged or expired. */
  verify(key: string, now?: Date): string | null;
}

export function beaconKeys(secret: string | null): BeaconKeys {
  const key = secret ?? randomBytes(32).toString("hex");
  const sign = (payload: string) => createHmac("sha256", key).update(`telemetry-beacon:${payload}`).digest();
  return {
    issue(tenantId, now = new Date()) {
      const payload = `${tenantId}.${Math.floor(now.getTime() / 1000) + BEACON_KEY_TTL_SECONDS}`;
      return `${payload}.${sign(payload).toString("base64url")}`;
    },
    verify(value, now = new Date()) {
      const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([\w-]{43})$/.exec(value);
      if (!match) return null;
      const [, tenantId, expires, signature] = match;
      // Compared as text: two base64url spellings can decode to the same bytes, only one is ours.
      const expected = Buffer.from(sign(`${tenantId}.${expires}`).toString("base64url"));
      const given = Buffer.from(signature!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return Number(expires) > now.getTime() / 1000 ? tenantId! : null;
    },
  };
}
