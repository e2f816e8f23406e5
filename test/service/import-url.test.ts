// import-url (contract §6.2): through HTTP every refusal of an address that is not public, proven
// against local https servers that are never contacted; and, with the fetch's test seams (a test CA
// and a resolver where "public.test" is one of those servers), a document fetched and stored.
import dns from "node:dns";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { openBlobStore } from "../../src/service/blobs";
import { importDocument, importedFileName } from "../../src/service/domain/documents";
import { PdfReader } from "../../src/service/pdf-reader";
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

  test("the file name from Content-Disposition, else the URL's last segment", () => {
    expect(importedFileName("https://x.test/a/b%20c.pdf", null)).toBe("b c.pdf");
    expect(importedFileName("https://x.test/", 'attachment; filename="q.pdf"')).toBe("q.pdf");
    expect(importedFileName("https://x.test/", null)).toBe("document");
    expect(importedFileName("https://x.test/%zz", null)).toBe("%zz");
  });
});
