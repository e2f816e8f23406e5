import dns from "node:dns";
import https from "node:https";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { isPublicAddress } from "../../src/service/net/address-policy";
import {
  SafeFetchError,
  safeFetch,
  safeFetchBytes,
  type SafeFetchOptions,
} from "../../src/service/net/safe-fetch";
import { selfSignedCert, type TestCert } from "./tls-cert";

// Names the tests resolve themselves (no real DNS): "public" names answer the allowed test
// server's address, "internal" ones another loopback address the test policy refuses.
const ALLOWED = "127.0.0.1";
const REFUSED = "127.0.0.2";

interface Server {
  port: number;
  hits: string[];
  close(): Promise<void>;
}

let cert: TestCert;
beforeAll(() => {
  cert = selfSignedCert(["public.test", "internal.test", "rebind.test"], [ALLOWED, REFUSED]);
});

function start(
  address: string,
  handler: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void,
): Promise<Server> {
  const hits: string[] = [];
  const server = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
    hits.push(req.url ?? "");
    handler(req, res);
  });
  return new Promise((resolve) => {
    server.listen(0, address, () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        hits,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

/** A resolver for the test names; anything else fails like an unknown name. */
function testLookup(answers: Record<string, () => string>): typeof dns.lookup {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    const answer = answers[hostname];
    if (!answer)
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }));
    const address = answer();
    if (options.all) return callback(null, [{ address, family: 4 }]);
    callback(null, address, 4);
  }) as unknown as typeof dns.lookup;
}

/** The test escape hatch: only the allowed test server counts as public. */
function testOptions(extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions {
  return {
    ca: cert.cert,
    addressPolicy: (address) => address === ALLOWED,
    lookup: testLookup({ "public.test": () => ALLOWED, "internal.test": () => REFUSED }),
    ...extra,
  };
}

async function refusal(p: Promise<unknown>): Promise<SafeFetchError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254", // AWS, GCP, Azure metadata
    "169.254.0.1",
    "100.64.0.1", // CGNAT
    "100.100.100.200", // Alibaba metadata (CGNAT range)
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd00:ec2::254", // AWS IPv6 metadata
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "64:ff9b::a9fe:a9fe", // NAT64 of 169.254.169.254
    "2002:c0a8:0101::1", // 6to4 of 192.168.1.1
    "::ffff:0:a9fe:a9fe", // IPv4-translated (::ffff:0:0:0/96) 169.254.169.254
    "::ffff:0:169.254.169.254",
    "::ffff:0:7f00:1",
    "64:ff9b::10.0.0.1",
    "64:ff9b:1::a9fe:a9fe", // local-use NAT64 (64:ff9b:1::/48)
    "64:ff9b:1:a9fe:a9:fe00::", // the same, RFC 6052's /48 layout
    "2001:0:4136:e378:8000:63bf:f5ff:fffe", // Teredo, client 10.0.0.1
    "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo, client 192.0.2.45
    "FE80::1",
    "0:0:0:0:0:FFFF:0A00:0001",
    "ff02::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "93.184.215.14",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001::200e",
    "64:ff9b::8.8.8.8", // NAT64 of a public address
    "::ffff:0:808:808",
    "2002:808:808::1", // 6to4 of 8.8.8.8
  ])("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  // Every IPv4 range the policy refuses, and every way an IPv6 address can carry an IPv4 one.
  const REFUSED_V4: [number, number][] = [
    [0x00000000, 8],
    [0x0a000000, 8],
    [0x64400000, 10],
    [0x7f000000, 8],
    [0xa9fe0000, 16],
    [0xac100000, 12],
    [0xc0a80000, 16],
    [0xe0000000, 4],
    [0xf0000000, 4],
  ];
  const refusedV4 = fc
    .tuple(fc.constantFrom(...REFUSED_V4), fc.nat())
    .map(([[net, prefix], host]) => (net | (host & (2 ** (32 - prefix) - 1))) >>> 0);
  const publicV4 = fc.nat({ max: 0xffffffff }).filter((n) => isPublicAddress(dotted(n)));
  const group = fc.nat({ max: 0xffff });
  function dotted(n: number) {
    return [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff].join(".");
  }
  /** The eight groups of each embedding of IPv4 `n` (free groups drawn from `free`). */
  function embeddings(n: number, free: number[]): [string, number[]][] {
    const hi = n >>> 16;
    const lo = n & 0xffff;
    return [
      ["mapped", [0, 0, 0, 0, 0, 0xffff, hi, lo]],
      ["translated", [0, 0, 0, 0, 0xffff, 0, hi, lo]],
      ["nat64", [0x64, 0xff9b, 0, 0, 0, 0, hi, lo]],
      ["nat64 local /96", [0x64, 0xff9b, 1, 0, 0, 0, hi, lo]],
      ["nat64 local /48", [0x64, 0xff9b, 1, hi, lo >> 8, (lo & 0xff) << 8, 0, 0]],
      ["6to4", [0x2002, hi, lo, free[0]!, free[1]!, free[2]!, free[3]!, free[4]!]],
      ["teredo", [0x2001, 0, free[0]!, free[1]!, free[2]!, free[3]!, hi ^ 0xffff, lo ^ 0xffff]],
      ["compatible", [0, 0, 0, 0, 0, 0, hi, lo]],
    ];
  }
  /** The ways of writing the same eight groups: full, zero-padded, compressed, dotted tail, upper. */
  function spellings(groups: number[]): string[] {
    const hex = groups.map((g) => g.toString(16));
    const full = hex.join(":");
    const padded = hex.map((g) => g.padStart(4, "0")).join(":");
    const compressed = new URL(`http://[${full}]/`).hostname.slice(1, -1);
    const dottedTail = `${hex.slice(0, 6).join(":")}:${dotted(((groups[6]! << 16) | groups[7]!) >>> 0)}`;
    return [full, padded, compressed, dottedTail, full.toUpperCase(), `${full}%eth0`];
  }

  it("refuses a refused IPv4 address however an IPv6 address carries it (property)", () => {
    fc.assert(
      fc.property(refusedV4, fc.array(group, { minLength: 5, maxLength: 5 }), (n, free) => {
        expect(isPublicAddress(dotted(n))).toBe(false);
        for (const [kind, groups] of embeddings(n, free)) {
          for (const spelling of spellings(groups)) {
            expect({ kind, spelling, public: isPublicAddress(spelling) }).toEqual({
              kind,
              spelling,
              public: false,
            });
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("allows a public IPv4 address carried by NAT64, mapping, translation or 6to4; never by a tunnel it cannot judge (property)", () => {
    fc.assert(
      fc.property(publicV4, fc.array(group, { minLength: 5, maxLength: 5 }), (n, free) => {
        const allowedKinds = ["mapped", "translated", "nat64", "6to4"];
        for (const [kind, groups] of embeddings(n, free)) {
          for (const spelling of spellings(groups)) {
            const expected = allowedKinds.includes(kind);
            expect({ kind, spelling, public: isPublicAddress(spelling) }).toEqual({
              kind,
              spelling,
              public: expected,
            });
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("answers the same for every spelling of an IPv6 address (property)", () => {
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), (groups) => {
        const answers = new Set(spellings(groups).map((s) => isPublicAddress(s)));
        expect(answers.size).toBe(1);
      }),
      { numRuns: 500 },
    );
  });
});

describe("safeFetch", () => {
  let allowed: Server;
  let internal: Server;
  beforeEach(async () => {
    internal = await start(REFUSED, (_req, res) => res.end("secret"));
  });
  afterEach(async () => {
    await allowed?.close();
    await internal.close();
  });

  it("fetches an https URL on an allowed address, following a redirect", async () => {
    allowed = await start(ALLOWED, (req, res) => {
      if (req.url === "/start") {
        res.writeHead(302, { location: "/doc.pdf" });
        return res.end();
      }
      res.writeHead(200, {
        "content-type": "application/pdf",
        "content-disposition": 'attachment; filename="a.pdf"',
      });
      res.end("%PDF-1.7 hello");
    });
    const result = await safeFetchBytes(`https://public.test:${allowed.port}/start`, testOptions());
    expect(Buffer.from(result.bytes).toString()).toBe("%PDF-1.7 hello");
    expect(result).toMatchObject({
      url: `https://public.test:${allowed.port}/doc.pdf`,
      status: 200,
      contentType: "application/pdf",
      contentDisposition: 'attachment; filename="a.pdf"',
    });
    expect(allowed.hits).toEqual(["/start", "/doc.pdf"]);
  });

  it("refuses plain http and URLs with credentials without connecting", async () => {
    allowed = await start(ALLOWED, (_req, res) => res.end("x"));
    expect((await refusal(safeFetch(`http://public.test:${allowed.port}/`, testOptions()))).code).toBe(
      "url_not_allowed",
    );
    expect((await refusal(safeFetch(`https://u:p@public.test:${allowed.port}/`, testOptions()))).code).toBe(
      "url_not_allowed",
    );
    expect((await refusal(safeFetch("file:///etc/passwd", testOptions()))).code).toBe("url_not_allowed");
    expect(allowed.hits).toEqual([]);
  });

  it("refuses loopback by default: an IP literal, and a name resolving to loopback", async () => {
    allowed = await start(ALLOWED, (_req, res) => res.end("x"));
    // The production policy (no addressPolicy given).
    const literal = await refusal(safeFetch(`https://127.0.0.1:${allowed.port}/`, { ca: cert.cert }));
    expect(literal.code).toBe("address_not_allowed");
    const named = await refusal(
      safeFetch(`https://public.test:${allowed.port}/`, {
        ca: cert.cert,
        lookup: testLookup({ "public.test": () => ALLOWED }),
      }),
    );
    expect(named.code).toBe("address_not_allowed");
    expect((await refusal(safeFetch(`https://[::1]:${allowed.port}/`, { ca: cert.cert }))).code).toBe(
      "address_not_allowed",
    );
    expect(allowed.hits).toEqual([]);
  });

  it("refuses a redirect to a refused address, by literal or by name", async () => {
    allowed = await start(ALLOWED, (req, res) => {
      const target =
        req.url === "/to-literal"
          ? `https://${REFUSED}:${internal.port}/secret`
          : `https://internal.test:${internal.port}/secret`;
      res.writeHead(307, { location: target });
      res.end();
    });
    for (const path of ["/to-literal", "/to-name"]) {
      const error = await refusal(safeFetch(`https://public.test:${allowed.port}${path}`, testOptions()));
      expect(error.code).toBe("address_not_allowed");
    }
    expect(allowed.hits).toEqual(["/to-literal", "/to-name"]);
    expect(internal.hits).toEqual([]);
  });

  it("refuses a redirect to plain http", async () => {
    allowed = await start(ALLOWED, (_req, res) => {
      res.writeHead(301, { location: `http://public.test:${allowed.port}/` });
      res.end();
    });
    expect((await refusal(safeFetch(`https://public.test:${allowed.port}/`, testOptions()))).code).toBe(
      "url_not_allowed",
    );
  });

  it("checks the address of every connection (DNS rebinding: the second answer is private)", async () => {
    let lookups = 0;
    allowed = await start(ALLOWED, (_req, res) => {
      res.writeHead(302, { location: `https://rebind.test:${internal.port}/secret` });
      res.end();
    });
    const options = testOptions({
      lookup: testLookup({ "rebind.test": () => (++lookups === 1 ? ALLOWED : REFUSED) }),
    });
    const error = await refusal(safeFetch(`https://rebind.test:${allowed.port}/`, options));
    expect(error.code).toBe("address_not_allowed");
    expect(lookups).toBe(2);
    expect(allowed.hits).toEqual(["/"]);
    expect(internal.hits).toEqual([]);
  });

  it("refuses a name with any refused address among its answers", async () => {
    allowed = await start(ALLOWED, (_req, res) => res.end("x"));
    const mixed = ((_h: string, options: dns.LookupOptions, cb: (...args: unknown[]) => void) => {
      const list = [
        { address: ALLOWED, family: 4 },
        { address: REFUSED, family: 4 },
      ];
      if (options.all) cb(null, list);
      else cb(null, ALLOWED, 4);
    }) as unknown as typeof dns.lookup;
    const error = await refusal(
      safeFetch(`https://public.test:${allowed.port}/`, testOptions({ lookup: mixed })),
    );
    expect(error.code).toBe("address_not_allowed");
    expect(allowed.hits).toEqual([]);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    allowed = await start(ALLOWED, (_req, res) => {
      res.writeHead(200, { "content-length": String(2 * 1024 * 1024) });
      res.write(Buffer.alloc(1024));
    });
    const error = await refusal(
      safeFetch(`https://public.test:${allowed.port}/`, testOptions({ maxBytes: 1024 * 1024 })),
    );
    expect(error.code).toBe("too_large");
  });

  it("stops a body without Content-Length as soon as it passes the limit", async () => {
    let sent = 0;
    allowed = await start(ALLOWED, (_req, res) => {
      res.writeHead(200, { "content-type": "application/pdf" }); // chunked, no length
      const chunk = Buffer.alloc(64 * 1024, 1);
      const pump = () => {
        while (sent < 20 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once("drain", pump);
        }
        res.end();
      };
      pump();
    });
    const error = await refusal(
      safeFetchBytes(`https://public.test:${allowed.port}/`, testOptions({ maxBytes: 1024 * 1024 })),
    );
    expect(error.code).toBe("too_large");
    expect(sent).toBeLessThan(20 * 1024 * 1024);
  });

  it("gives up at the time limit: a server that never answers, and one that stalls mid-body", async () => {
    allowed = await start(ALLOWED, (req, res) => {
      if (req.url === "/stall") {
        res.writeHead(200, { "content-length": "1000" });
        res.write("partial");
      }
      // "/silent": never answers
    });
    const silent = await refusal(
      safeFetch(`https://public.test:${allowed.port}/silent`, testOptions({ timeoutMs: 300 })),
    );
    expect(silent.code).toBe("timeout");
    const stalled = await refusal(
      safeFetchBytes(`https://public.test:${allowed.port}/stall`, testOptions({ timeoutMs: 300 })),
    );
    // Both ended by the limit (code "timeout"); without it neither would end before the test's deadline.
    expect(stalled.code).toBe("timeout");
  });

  it("stops after too many redirects and reports error statuses", async () => {
    allowed = await start(ALLOWED, (req, res) => {
      if (req.url === "/missing") {
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(302, { location: "/again" });
      res.end();
    });
    expect((await refusal(safeFetch(`https://public.test:${allowed.port}/`, testOptions()))).code).toBe(
      "too_many_redirects",
    );
    expect(allowed.hits).toHaveLength(6);
    const missing = await refusal(safeFetch(`https://public.test:${allowed.port}/missing`, testOptions()));
    expect(missing).toMatchObject({ code: "http_error", status: 404 });
  });

  it("refuses a name that does not resolve exactly as one that resolves to a refused address", async () => {
    // Otherwise the answers would tell which internal names exist.
    allowed = await start(ALLOWED, (_req, res) => res.end("x"));
    const answers = testLookup({ "public.test": () => ALLOWED, "internal.test": () => REFUSED });
    const options = testOptions({ lookup: answers });
    const nowhere = await refusal(safeFetch(`https://nowhere.test:${allowed.port}/`, options));
    const internal = await refusal(safeFetch(`https://internal.test:${allowed.port}/`, options));
    const shape = (e: SafeFetchError, name: string) => ({
      code: e.code,
      message: e.message.replace(name, "NAME"),
    });
    expect(shape(nowhere, "nowhere.test")).toEqual(shape(internal, "internal.test"));
    expect(nowhere).toMatchObject({
      code: "address_not_allowed",
      message: "nowhere.test cannot be reached from here.",
    });
    expect(allowed.hits).toEqual([]);
  });

  it("reports an untrusted certificate as a network error", async () => {
    allowed = await start(ALLOWED, (_req, res) => res.end("x"));
    const { ca: _ca, ...untrusted } = testOptions();
    expect((await refusal(safeFetch(`https://public.test:${allowed.port}/`, untrusted))).code).toBe(
      "network_error",
    );
  });
});
