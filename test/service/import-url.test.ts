// import-url (contract §6.2): through HTTP every refusal of an address that is not public, proven
// against local https servers that are never contacted; and, with the fetch's test seams (a test CA
// and a resolver where "public.test" is one of those servers), a document fetched and stored.
import dns from "node:dns";
import https from "node:https";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { openBlobStore } from "../../src/service/blobs";
import { importDocument, importedFileName } from "../../src/service/domain/documents/import-url";
import { PdfReader } from "../../src/service/pdf-reader";
import { isPublicAddress } from "../../src/service/net/address-policy";
import type { SafeFetchOptions } from "../../src/service/net/safe-fetch";
import { setImportFetchSeamsForTest } from "../../src/service/net/test-hooks";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";
import { selfSignedCert, type TestCert } from "./tls-cert";

const P = "/api/v1/packages";

async function pdfWithTag() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText("{{sig:1}}", { x: 72, y: 100, size: 12, font });
  return doc.save();
}

describe.each(BACKENDS)("import-url on %s", (backend) => {
  let service: TestService;
  let token: string;
  let cert: TestCert;
  let server: https.Server;
  let port: number;
  const hits: string[] = [];
  /** Every TCP connection the local server accepted (a leak to 0.0.0.0 or ::ffff:127.0.0.1 lands here). */
  const connections: string[] = [];
  const stalled: import("node:http").ServerResponse[] = [];
  let pdf: Uint8Array;

  beforeAll(async () => {
    pdf = await pdfWithTag();
    cert = selfSignedCert(["public.test", "internal.test"], ["127.0.0.1"]);
    server = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
      hits.push(req.url ?? "");
      if (req.url === "/lease.pdf") {
        res.writeHead(200, {
          "content-type": "application/pdf",
          "content-disposition": `attachment; filename="x.pdf"; filename*=UTF-8''Mietvertr%C3%A4g.pdf`,
        });
        res.end(pdf);
      } else if (req.url === "/to-internal") {
        res.writeHead(302, { location: `https://internal.test:${port}/lease.pdf` });
        res.end();
      } else if (req.url?.startsWith("/redirect?to=")) {
        res.writeHead(302, { location: decodeURIComponent(req.url.slice("/redirect?to=".length)) });
        res.end();
      } else if (req.url === "/page.html") {
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<html></html>");
      } else if (req.url === "/huge.pdf") {
        res.writeHead(200, { "content-type": "application/pdf" });
        res.write("%PDF-1.7\n");
        const chunk = Buffer.alloc(1024 * 1024);
        let sent = 0;
        const more = () => {
          while (sent < 60 && res.write(chunk)) sent++;
          if (sent < 60) res.once("drain", more);
          else res.end();
        };
        more();
      } else if (req.url === "/stall-headers") {
        // Connected, TLS done, the request read: no answer ever comes.
        stalled.push(res);
      } else if (req.url === "/stall-body") {
        // Headers and a first part of the body, then nothing.
        res.writeHead(200, { "content-type": "application/pdf", "content-length": "100000" });
        res.write("%PDF-1.7\n");
        stalled.push(res);
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    server.on("connection", (socket: net.Socket) => connections.push(socket.remoteAddress ?? "?"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await service.token("import");
  }, 120_000); // a fresh database on a loaded machine may take past jest's 30 s
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await service.close();
  });

  const draft = async () =>
    ((await (await service.call("POST", P, { token, body: { name: "Imported" } })).json()) as { id: string })
      .id;

  test("refuses http, credentials, and every address that is not public, without contacting it", async () => {
    const id = await draft();
    for (const url of [
      `http://127.0.0.1:${port}/lease.pdf`,
      `https://user:pw@127.0.0.1:${port}/lease.pdf`,
      `https://127.0.0.1:${port}/lease.pdf`,
      `https://localhost:${port}/lease.pdf`,
      `https://[::1]:${port}/lease.pdf`,
      `https://10.1.2.3/lease.pdf`,
      `https://192.168.0.1/lease.pdf`,
      `https://169.254.169.254/latest/meta-data/`,
      `https://[fd00::1]/lease.pdf`,
      `https://0.0.0.0:${port}/lease.pdf`,
      "not a url",
    ]) {
      const response = await service.call("POST", `${P}/${id}/documents/import-url`, {
        token,
        body: { url },
      });
      const problem = await expectProblem(response, 400, "validation_failed");
      expect(problem.errors![0]).toMatchObject({ field: "url" });
    }
    expect(hits).toEqual([]);
    const list = await service.call("GET", `${P}/${id}/documents`, { token });
    expect(((await list.json()) as { items: unknown[] }).items).toEqual([]);
  });

  test("with a public server: stored under the server's file name; a redirect inward, HTML and 60 MB refused", async () => {
    const id = await draft();
    const ctx = {
      storage: service.storage,
      blobs: openBlobStore(service.config),
      workDir: path.join(service.config.dataDir, "work"),
      pdfReader: new PdfReader(),
      staging: null,
    };
    const lookup = ((
      hostname: string,
      options: dns.LookupOptions,
      callback: (...args: unknown[]) => void,
    ) => {
      const address =
        hostname === "public.test" ? "127.0.0.1" : hostname === "internal.test" ? "127.0.0.2" : null;
      if (!address) return callback(Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" }));
      if (options.all) return callback(null, [{ address, family: 4 }]);
      callback(null, address, 4);
    }) as unknown as typeof dns.lookup;
    const seams: SafeFetchOptions = { ca: cert.cert, lookup, addressPolicy: (a) => a === "127.0.0.1" };
    const me = (await (await service.call("GET", "/api/v1/me", { token })).json()) as { tenantId: string };
    const principal = { tenantId: me.tenantId };
    const who = { actor: { type: "User" as const, email: null, name: "test" }, ip: "127.0.0.1" };
    const doc = await importDocument(
      ctx,
      principal.tenantId,
      id,
      { url: `https://public.test:${port}/lease.pdf` },
      who,
      seams,
    );
    expect(doc).toMatchObject({
      fileName: "Mietverträg.pdf",
      contentType: "application/pdf",
      pageCount: 1,
      detectedTagCount: 1,
    });
    const refused = (url: string) =>
      importDocument(ctx, principal.tenantId, id, { url }, who, seams).then(
        () => null,
        (e: unknown) => e as { status: number; code: string },
      );
    expect(await refused(`https://public.test:${port}/to-internal`)).toMatchObject({
      status: 400,
      code: "validation_failed",
    });
    expect(await refused(`https://public.test:${port}/page.html`)).toMatchObject({
      status: 415,
      code: "unsupported_media_type",
    });
    expect(await refused(`https://public.test:${port}/huge.pdf`)).toMatchObject({
      status: 413,
      code: "payload_too_large",
    });
    expect(await refused(`https://public.test:${port}/missing.pdf`)).toMatchObject({
      status: 400,
      code: "validation_failed",
    });
    await ctx.pdfReader.close();
  });

  test("through the route: a server that stalls (before its headers, or mid-body) is refused at the limit with validation_failed", async () => {
    // The route's fetch given the test's seams: public.test is the local server, and the limit is
    // 1 s instead of 30 (net/test-hooks.ts, reachable from tests only).
    const lookup = ((
      hostname: string,
      options: dns.LookupOptions,
      callback: (...args: unknown[]) => void,
    ) => {
      if (hostname !== "public.test") {
        return callback(Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" }));
      }
      if (options.all) return callback(null, [{ address: "127.0.0.1", family: 4 }]);
      callback(null, "127.0.0.1", 4);
    }) as unknown as typeof dns.lookup;
    const seams: SafeFetchOptions = { ca: cert.cert, lookup, addressPolicy: (a) => a === "127.0.0.1" };
    setImportFetchSeamsForTest(seams);
    try {
      const id = await draft();
      // The seams work: a document that answers is stored through the route.
      const ok = await service.call("POST", `${P}/${id}/documents/import-url`, {
        token,
        body: { url: `https://public.test:${port}/lease.pdf` },
      });
      expect(ok.status).toBe(201);
      setImportFetchSeamsForTest({ ...seams, timeoutMs: 1000 });
      for (const route of ["/stall-headers", "/stall-body"]) {
        const before = stalled.length;
        const response = await service.call("POST", `${P}/${id}/documents/import-url`, {
          token,
          body: { url: `https://public.test:${port}${route}` },
        });
        const problem = await expectProblem(response, 400, "validation_failed");
        expect(problem.errors).toEqual([{ field: "url", message: "The server did not answer in 1 s." }]);
        // The server did get the request, and the service hung up on it.
        expect(stalled.length).toBe(before + 1);
        const res = stalled[stalled.length - 1]!;
        for (let i = 0; i < 100 && !res.socket?.destroyed && res.socket !== null; i++) {
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(res.socket === null || res.socket.destroyed).toBe(true);
      }
      const list = await service.call("GET", `${P}/${id}/documents`, { token });
      expect(((await list.json()) as { items: unknown[] }).items).toHaveLength(1);
    } finally {
      setImportFetchSeamsForTest(null);
    }
  });

  test("through the route, under the real address policy: every address it names is refused after DNS, as a URL's host and as a redirect's target, never connected to", async () => {
    // The real classification, plus the local server at 127.0.0.1 (the public server of the test).
    // Each refused address gets a name of its own ("a0.test" ...) that resolves to it alone.
    const refused = [
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.254",
      "192.168.1.1",
      "169.254.169.254", // AWS, GCP, Azure metadata
      "100.100.100.200", // Alibaba metadata (CGNAT)
      "100.64.0.1",
      "127.0.0.2",
      "0.0.0.0", // reaches this machine on Linux
      "224.0.0.1",
      "255.255.255.255",
      "198.18.0.1",
      "192.0.0.1",
      "::1",
      "::",
      "fd00:ec2::254", // AWS metadata over IPv6
      "fc00::1",
      "fe80::1",
      "fec0::1",
      "ff02::1",
      "::ffff:127.0.0.1", // IPv4-mapped loopback
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "64:ff9b::a9fe:a9fe", // NAT64 of 169.254.169.254
      "2002:a00:1::", // 6to4 of 10.0.0.1
      "::127.0.0.1", // IPv4-compatible
      "::ffff:0:a9fe:a9fe", // IPv4-translated 169.254.169.254
      "::ffff:0:7f00:1", // IPv4-translated loopback
      "64:ff9b::7f00:1", // NAT64 of loopback
      "64:ff9b:1::a9fe:a9fe", // local-use NAT64
      "2001:0:4136:e378:8000:63bf:80ff:fffe", // Teredo, client 127.0.0.1
    ];
    const names = new Map(refused.map((address, i) => [`a${i}.test`, address]));
    names.set("public.test", "127.0.0.1");
    const lookups: string[] = [];
    const lookup = ((
      hostname: string,
      options: dns.LookupOptions,
      callback: (...args: unknown[]) => void,
    ) => {
      lookups.push(hostname);
      const address = names.get(hostname);
      if (!address) return callback(Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" }));
      const family = net.isIP(address);
      if (options.all) return callback(null, [{ address, family }]);
      callback(null, address, family);
    }) as unknown as typeof dns.lookup;
    // The hook that counts connects: every address a socket of this process was about to connect
    // to on the local server's port (every URL below names that port): an IP literal given to
    // connect, or what its lookup answered. (The test's own calls to the service go to another.)
    const attempts: string[] = [];
    const realConnect = net.Socket.prototype.connect;
    net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
      const first = args[0];
      const target =
        typeof first === "object" && first !== null ? (first as { host?: string; port?: unknown }) : {};
      if (Number(target.port) === port) {
        const host = (target.host ?? "").replace(/^\[|\]$/g, "");
        if (net.isIP(host)) attempts.push(host);
        this.on("lookup", (error: Error | null, address: string | undefined) => {
          if (!error && address) attempts.push(address);
        });
      }
      return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args);
    } as typeof realConnect;
    setImportFetchSeamsForTest({
      ca: cert.cert,
      lookup,
      addressPolicy: (a) => a === "127.0.0.1" || isPublicAddress(a),
    });
    const connectionsBefore = connections.length;
    try {
      const id = await draft();
      const importing = async (url: string) =>
        expectProblem(
          await service.call("POST", `${P}/${id}/documents/import-url`, { token, body: { url } }),
          400,
          "validation_failed",
        );
      let redirects = 0;
      const viaRedirect = (to: string) => {
        redirects++;
        return `https://public.test:${port}/redirect?to=${encodeURIComponent(to)}`;
      };
      for (const [name, address] of [...names].filter(([n]) => n !== "public.test")) {
        const literal = net.isIPv6(address) ? `[${address}]` : address;
        const byName = `https://${name}:${port}/lease.pdf`;
        const byAddress = `https://${literal}:${port}/lease.pdf`;
        const resolvesTo = `${name} cannot be reached from here.`;
        const named = new URL(byAddress).hostname.replace(/^\[|\]$/g, "");
        const isAddress = `${named} cannot be reached from here.`;
        for (const [url, message] of [
          [byName, resolvesTo],
          [byAddress, isAddress],
          [viaRedirect(byName), resolvesTo],
          [viaRedirect(byAddress), isAddress],
        ] as const) {
          const problem = await importing(url);
          expect({ url, errors: problem.errors }).toEqual({ url, errors: [{ field: "url", message }] });
        }
      }
      // A name that does not resolve gets the very answer a refused one gets: the refusal does not
      // tell which internal names exist.
      for (const url of [
        `https://nowhere.test:${port}/lease.pdf`,
        viaRedirect(`https://nowhere.test:${port}/x`),
      ]) {
        const problem = await importing(url);
        expect(problem.errors).toEqual([
          { field: "url", message: "nowhere.test cannot be reached from here." },
        ]);
      }
      // No socket went to a refused address: the only connections were the redirects' to the
      // local server, one each, and its listener saw nothing else (0.0.0.0 and ::ffff:127.0.0.1
      // would have reached it).
      expect(attempts.filter((a) => a !== "127.0.0.1")).toEqual([]);
      expect(attempts).toHaveLength(redirects);
      expect(connections.length - connectionsBefore).toBe(redirects);
      // The names were looked up (the refusal is after DNS), each by its own request.
      for (const name of names.keys()) expect(lookups).toContain(name);
      const list = await service.call("GET", `${P}/${id}/documents`, { token });
      expect(((await list.json()) as { items: unknown[] }).items).toEqual([]);
    } finally {
      net.Socket.prototype.connect = realConnect;
      setImportFetchSeamsForTest(null);
    }
  });

  test("the file name from Content-Disposition, else the URL's last segment", () => {
    expect(importedFileName("https://x.test/a/b%20c.pdf", null)).toBe("b c.pdf");
    expect(importedFileName("https://x.test/", 'attachment; filename="q.pdf"')).toBe("q.pdf");
    expect(importedFileName("https://x.test/", null)).toBe("document");
    expect(importedFileName("https://x.test/%zz", null)).toBe("%zz");
  });
});
