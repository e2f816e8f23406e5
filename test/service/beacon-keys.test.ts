import { BEACON_KEY_TTL_SECONDS, beaconKeys } from "../../src/service/domain/beacon-keys";

const TENANT = "3f2c1b0a-9e8d-4c7b-a6f5-e4d3c2b1a098";

describe("beacon keys", () => {
  const keys = beaconKeys("secret");
  const now = new Date("2026-11-23T10:00:00Z");

  test("name their tenant until they expire", () => {
    const key = keys.issue(TENANT, now);
    expect(keys.verify(key, now)).toBe(TENANT);
    expect(keys.verify(key, new Date(now.getTime() + (BEACON_KEY_TTL_SECONDS - 1) * 1000))).toBe(TENANT);
    expect(keys.verify(key, new Date(now.getTime() + BEACON_KEY_TTL_SECONDS * 1000))).toBeNull();
  });

  test("are refused when changed, malformed or made with another secret", () => {
    const key = keys.issue(TENANT, now);
    const [tenant, expires, signature] = key.split(".");
    expect(keys.verify(`${tenant}.${Number(expires) + 3600}.${signature}`, now)).toBeNull();
    expect(keys.verify(`${"0".repeat(36)}.${expires}.${signature}`, now)).toBeNull();
    expect(keys.verify("not a key", now)).toBeNull();
    // The signature's last character carries 2 unused bits: another spelling of the same bytes is refused too.
    const last = signature!.slice(-1);
    expect("AEIMQUYcgkosw048").toContain(last);
    const twin = String.fromCharCode(last.charCodeAt(0) + 1);
    expect(keys.verify(`${tenant}.${expires}.${signature!.slice(0, -1)}${twin}`, now)).toBeNull();
    expect(beaconKeys("another").verify(key, now)).toBeNull();
    expect(beaconKeys(null).verify(key, now)).toBeNull();
  });
});
