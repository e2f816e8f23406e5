// Which IP addresses the service may connect to when it fetches a URL a user gave it (import-url):
// public unicast only. Everything that reaches this machine, its network or a cloud's metadata
// service is refused: loopback, private (RFC 1918), CGNAT (100.64/10, where Alibaba's metadata
// lives), link-local (169.254/16 holds AWS/GCP/Azure metadata; fe80::/10), unique-local
// (fc00::/7, incl. AWS's fd00:ec2::254), multicast, and reserved or documentation ranges. An IPv6
// address that carries an IPv4 one (mapped, translated, well-known NAT64, 6to4) is judged by
// the IPv4 address it carries; whole tunnel prefixes whose far end we cannot judge are refused.
import { BlockList, isIP } from "node:net";

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches localhost on Linux
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 96], // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d, which nothing routes
  ["100::", 64], // discard
  // Teredo: the client's IPv4 is the last 32 bits XOR 0xffffffff and its server's is bits 32-63;
  // either may be private, and a relay decides where it goes, so none is allowed.
  ["2001::", 32],
  ["2001:db8::", 32], // documentation
  // Local-use NAT64 (RFC 8215): a translator of the operator's own network, where the IPv4 part
  // may sit at any of RFC 6052's positions; never a public destination.
  ["64:ff9b:1::", 48],
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed by some)
  ["ff00::", 8], // multicast
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv6");
}

/** The IPv4 address an IPv6 address carries (mapped, translated, NAT64, 6to4), if any. */
function embeddedIPv4(groups: number[]): string | null {
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zero = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  const last = v4(groups[6]!, groups[7]!);
  if (zero(0, 5) && groups[5] === 0xffff) return last; // IPv4-mapped ::ffff:0:0/96
  if (zero(0, 4) && groups[4] === 0xffff && groups[5] === 0) return last; // IPv4-translated ::ffff:0:0:0/96
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zero(2, 6)) return last; // NAT64 64:ff9b::/96
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!); // 6to4 2002::/16
  return null;
}

function expandIPv6(address: string): number[] | null {
  let text = address.split("%")[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const h = head ? head.split(":") : [];
  const t = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const missing = 8 - h.length - t.length;
  if (tail === undefined ? h.length !== 8 : missing < 0) return null;
  const groups = [...h, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...t].map((g) =>
    parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** Whether `address` (an IP literal) is a public unicast address we may connect to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !BLOCKED.check(address, "ipv4");
  const groups = expandIPv6(address.toLowerCase());
  // An IPv6 literal we cannot read group by group is refused rather than guessed at.
  if (!groups) return false;
  const canonical = groups.map((g) => g.toString(16)).join(":");
  if (BLOCKED.check(canonical, "ipv6")) return false;
  const v4 = embeddedIPv4(groups);
  return v4 === null || isPublicAddress(v4);
}

/** Decides whether the service may connect to an address; tests may pass their own. */
export type AddressPolicy = (address: string) => boolean;
