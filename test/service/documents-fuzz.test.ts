// The upload endpoints under bad bodies: truncated or malformed multipart, wrong content types,
// random bytes, oversized blocks, a client that hangs up mid-upload; a commit with any body and
// content type; import-url with any body and URLs of every shape. Every answer is a success or the
// documented error (contract §3), never a 500, nothing is left in the work directory, and a refused
// request adds no document (the package's list is checked after every one).
import fc from "fast-check";
import dns from "node:dns";
import { promises as fs } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { setImportFetchSeamsForTest } from "../../src/service/net/test-hooks";
import { BACKENDS, startTestService, type TestService } from "./harness";
import { selfSignedCert } from "./tls-cert";

const P = "/api/v1/packages";
const KNOWN = new Set([
  "validation_failed",
  "invalid_document",
  "unsupported_media_type",
  "payload_too_large",
  "not_found",
]);

describe.each(BACKENDS)("upload endpoints under bad bodies on %s", (backend) => {
  let service: TestService;
  let token: string;
  let pkg: string;
  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await service.token("upload-fuzz");
    pkg = (
      (await (await service.call("POST", P, { token, body: { name: "Fuzz" } })).json()) as { id: string }
    ).id;
  }, 120_000); // a fresh PostgreSQL database on a loaded machine took past jest's 30 s
  afterAll(() => service.close());

  async function expectHandled(response: Response) {
    const text = await response.text();
    if (response.status < 300) return;
    const body = JSON.parse(text) as { code: string; status: number; traceId: string };
    expect({ status: response.status, known: KNOWN.has(body.code) }).toEqual({
      status: body.status,
      known: true,
    });
    expect(response.status).toBeLessThan(500);
    expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
  }
  const raw = (route: string, body: Uint8Array | string, contentType: string | null) =>
    fetch(`${service.url}${route}`, {
      method: route.includes("/blocks/") ? "PUT" : "POST",
      headers: { authorization: `Bearer ${token}`, ...(contentType ? { "content-type": contentType } : {}) },
      body: typeof body === "string" ? body : new Uint8Array(body),
    });
  const workFiles = async () => fs.readdir(path.join(service.config.dataDir, "work")).catch(() => []);
  const documentCount = async (id = pkg) => {
    const list = await service.call("GET", `${P}/${id}/documents`, { token });
    return ((await list.json()) as { items: unknown[] }).items.length;
  };
  /** Sends the request: a success adds one document to the package, a refusal none. */
  async function expectDocuments(send: () => Promise<Response>, id = pkg) {
    const before = await documentCount(id);
    const response = await send();
    const status = response.status;
    await expectHandled(response);
    expect({ status, added: (await documentCount(id)) - before }).toEqual({
      status,
      added: status === 201 ? 1 : 0,
    });
    return status;
  }

  test("direct upload: malformed multipart, wrong types, random bytes", async () => {
    const boundary = "----fuzz";
    const valid = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n1 0 obj\r\n--${boundary}--\r\n`;
    const bodies = fc.oneof(
      fc.integer({ min: 0, max: valid.length }).map((n) => valid.slice(0, n)), // truncated anywhere
      fc.uint8Array({ maxLength: 2000 }),
      fc.string({ maxLength: 200 }).map((s) => `--${boundary}\r\n${s}`),
    );
    const types = fc.constantFrom(
      `multipart/form-data; boundary=${boundary}`,
      "multipart/form-data",
      "multipart/form-data; boundary=",
      "application/pdf",
      "application/octet-stream",
      "text/plain",
      null,
    );
    await fc.assert(
      fc.asyncProperty(bodies, types, async (body, type) => {
        await expectDocuments(() => raw(`${P}/${pkg}/documents`, body, type));
      }),
      { numRuns: 200 },
    );
    expect(await workFiles()).toEqual([]);
  });

  test("direct upload: forms of any shape; one document for exactly one file part named file after any name, else none", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    const pdf = await doc.save();
    type Part = { kind: "file" | "otherFile" | "name" | "field"; big: boolean };
    const part = fc.record({
      kind: fc.constantFrom<Part["kind"]>("file", "file", "otherFile", "name", "field"),
      big: fc.boolean(), // a file large enough to be spooled while the rest of the form arrives
    });
    const padded = new Uint8Array(pdf.length + 1024 * 1024);
    padded.set(pdf);
    padded.fill(0x20, pdf.length); // whitespace after %%EOF: still the same PDF
    let id = pkg;
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 5 }), async (parts) => {
        const form = new FormData();
        parts.forEach(({ kind, big }, i) => {
          const bytes = new Blob([new Uint8Array(big ? padded : pdf)], { type: "application/pdf" });
          if (kind === "file") form.append("file", bytes, `f${i}.pdf`);
          else if (kind === "otherFile") form.append("attachment", bytes, `o${i}.pdf`);
          else if (kind === "name") form.append("name", `Name ${i}`);
          else form.append("note", `x${i}`);
        });
        const files = parts.filter((p) => p.kind === "file" || p.kind === "otherFile");
        const fileAt = parts.findIndex((p) => p.kind === "file");
        const good =
          files.length === 1 &&
          files[0]!.kind === "file" &&
          !parts.slice(fileAt).some((p) => p.kind === "name");
        const status = await expectDocuments(
          () =>
            fetch(`${service.url}${P}/${id}/documents`, {
              method: "POST",
              headers: { authorization: `Bearer ${token}` },
              body: form,
            }),
          id,
        );
        expect({ parts, status }).toEqual({ parts, status: good ? 201 : 400 });
        // A package holds 25 documents: a fresh one before it is full.
        if (status === 201 && ++stored % 20 === 0) {
          id = (
            (await (await service.call("POST", P, { token, body: { name: "Forms" } })).json()) as {
              id: string;
            }
          ).id;
        }
      }),
      { numRuns: 80 },
    );
    expect(await workFiles()).toEqual([]);
  }, 120_000);

  test("chunked upload: any body for a block, any request to initiate", async () => {
    const init = await service.call("POST", `${P}/${pkg}/uploads`, {
      token,
      body: { fileName: "a.pdf", contentType: "application/pdf", size: 5 * 1024 * 1024 },
    });
    const id = ((await init.json()) as { id: string }).id;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom("0", "1", "2", "-1", "1e3", "00", "x", "99999999999"),
          fc.string({ maxLength: 5 }),
        ),
        fc.uint8Array({ maxLength: 3000 }),
        fc.constantFrom("application/octet-stream", "application/json", "text/plain", null),
        async (block, body, type) => {
          await expectHandled(
            await raw(`${P}/${pkg}/uploads/${id}/blocks/${encodeURIComponent(block)}`, body, type),
          );
        },
      ),
      { numRuns: 50 },
    );
    await fc.assert(
      fc.asyncProperty(fc.anything({ maxDepth: 2 }), async (body) => {
        await expectHandled(await service.call("POST", `${P}/${pkg}/uploads`, { token, body: body ?? null }));
      }),
      { numRuns: 50 },
    );
    // A block larger than the block size is cut off at once (not read to the end).
    const big = new Uint8Array(4 * 1024 * 1024 + 100);
    await expectHandled(await raw(`${P}/${pkg}/uploads/${id}/blocks/0`, big, "application/octet-stream"));
    await expectDocuments(() => service.call("POST", `${P}/${pkg}/uploads/${id}/commit`, { token }));
    expect(await workFiles()).toEqual([]);
  });

  test("a client that hangs up mid-upload leaves no work file, and the service carries on", async () => {
    for (const route of [`${P}/${pkg}/documents`, `${P}/${pkg}/uploads`]) {
      let target = route;
      let type = "multipart/form-data; boundary=x";
      let head = `--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
      if (route.endsWith("/uploads")) {
        const init = await service.call("POST", route, {
          token,
          body: { fileName: "a.pdf", contentType: "application/pdf", size: 4 * 1024 * 1024 },
        });
        target = `${route}/${((await init.json()) as { id: string }).id}/blocks/0`;
        type = "application/octet-stream";
        head = "%PDF-1.7\n";
      }
      await new Promise<void>((resolve) => {
        const url = new URL(service.url + target);
        const request = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: target.includes("/blocks/") ? "PUT" : "POST",
            headers: {
              authorization: `Bearer ${token}`,
              "content-type": type,
              "content-length": 4 * 1024 * 1024,
            },
          },
          () => resolve(),
        );
        request.on("error", () => resolve());
        request.write(head);
        request.write(Buffer.alloc(512 * 1024));
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 200);
      });
    }
    // Give the service a moment to notice and clean up.
    for (let i = 0; i < 50 && (await workFiles()).length > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await workFiles()).toEqual([]);
    expect((await service.call("GET", `${P}/${pkg}/documents`, { token })).status).toBe(200);
  });
});

describe.each(BACKENDS)("commit and import-url under any body on %s", (backend) => {
  let service: TestService;
  let token: string;
  let server: https.Server;
  let port: number;
  let pdf: Uint8Array;
  beforeAll(async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    pdf = await doc.save();
    const cert = selfSignedCert(["public.test"], ["127.0.0.1"]);
    // The only server any import reaches: some paths answer a PDF, HTML, a redirect (to itself,
    // inward, or to http), the rest 404.
    server = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
      const url = req.url ?? "";
      if (url.endsWith(".pdf")) {
        res.writeHead(200, { "content-type": "application/pdf" });
        res.end(pdf);
      } else if (url.startsWith("/html")) {
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<html></html>");
      } else if (url.startsWith("/loop")) {
        res.writeHead(302, { location: "/loop" });
        res.end();
      } else if (url.startsWith("/inward")) {
        res.writeHead(302, { location: "https://internal.test/a.pdf" });
        res.end();
      } else if (url.startsWith("/plain")) {
        res.writeHead(302, { location: `http://public.test:${port}/a.pdf` });
        res.end();
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    // No real network: names resolve here (public.test to the server above, internal.test to a
    // private address, anything else not at all), and only 127.0.0.1 may be connected to, so an IP
    // literal of the internet is refused before any connection.
    const lookup = ((
      hostname: string,
      options: dns.LookupOptions,
      callback: (...args: unknown[]) => void,
    ) => {
      const address =
        hostname === "public.test" ? "127.0.0.1" : hostname === "internal.test" ? "10.0.0.1" : null;
      if (!address) return callback(Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" }));
      if (options.all) return callback(null, [{ address, family: 4 }]);
      callback(null, address, 4);
    }) as unknown as typeof dns.lookup;
    setImportFetchSeamsForTest({
      ca: cert.cert,
      lookup,
      addressPolicy: (a) => a === "127.0.0.1",
      timeoutMs: 5_000,
    });
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await service.token("commit-import-fuzz");
  }, 120_000);
  afterAll(async () => {
    setImportFetchSeamsForTest(null);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await service.close();
  });

  const draft = async () =>
    ((await (await service.call("POST", P, { token, body: { name: "Fuzz" } })).json()) as { id: string }).id;
  const documentCount = async (id: string) => {
    const list = await service.call("GET", `${P}/${id}/documents`, { token });
    return ((await list.json()) as { items: unknown[] }).items.length;
  };
  let last: { code?: string; status?: number; traceId?: string; errors?: { field: string }[] } = {};
  async function expectHandled(response: Response, known: Set<string>) {
    const text = await response.text();
    if (response.status < 300) return response.status;
    let body: typeof last = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // not JSON: the assertion below says so
    }
    expect({ status: response.status, code: body.code, known: known.has(body.code ?? "") }).toEqual({
      status: body.status,
      code: body.code,
      known: true,
    });
    expect(response.status).toBeLessThan(500);
    expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
    last = body;
    return response.status;
  }
  const anyType = fc.oneof(
    fc.constantFrom(
      "application/json",
      "application/json; charset=utf-16",
      "application/octet-stream",
      "text/plain",
      "application/xml",
      "multipart/form-data; boundary=x",
      "application/x-www-form-urlencoded",
      "",
      null,
    ),
    fc.string({ maxLength: 40 }),
  );
  const anyBody = fc.oneof(
    fc.constant(null),
    fc.json({ maxDepth: 3 }),
    fc.string({ maxLength: 200 }),
    fc.uint8Array({ maxLength: 500 }),
  );
  const post = (route: string, body: string | Uint8Array | null, type: string | null) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (type !== null) headers["content-type"] = type;
    return fetch(`${service.url}${route}`, {
      method: "POST",
      headers,
      ...(body === null ? {} : { body: typeof body === "string" ? body : new Uint8Array(body) }),
    });
  };

  test("commit: any body (JSON or not, or none) and any content type is answered as without one", async () => {
    const pkg = await draft();
    const open = async () =>
      (
        (await (
          await service.call("POST", `${P}/${pkg}/uploads`, {
            token,
            body: { fileName: "a.pdf", contentType: "application/pdf", size: pdf.length },
          })
        ).json()) as { id: string }
      ).id;
    const waiting = await open(); // its block never sent
    const known = new Set(["validation_failed", "unsupported_media_type", "payload_too_large", "not_found"]);
    await fc.assert(
      fc.asyncProperty(
        anyBody,
        anyType,
        fc.constantFrom(waiting, "nope", "00000000-0000-4000-8000-000000000000"),
        async (body, type, id) => {
          const status = await expectHandled(
            await post(`${P}/${pkg}/uploads/${id}/commit`, body, type),
            known,
          );
          expect(status).toBeGreaterThanOrEqual(400);
          expect(await documentCount(pkg)).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
    // What the body cannot change: the missing block is said whatever came with the commit.
    const missing = await post(`${P}/${pkg}/uploads/${waiting}/commit`, '{"blocks": []}', "application/json");
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { errors: { field: string }[] }).errors).toEqual([
      { field: "blocks", message: "Block 0 is missing." },
    ]);
    // And a complete upload commits with a body it does not need, of any type.
    const ready = await open();
    const put = await fetch(`${service.url}${P}/${pkg}/uploads/${ready}/blocks/0`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
      body: new Uint8Array(pdf),
    });
    expect(put.status).toBe(200);
    const done = await post(
      `${P}/${pkg}/uploads/${ready}/commit`,
      '{"unexpected": [1, 2]}',
      "application/json",
    );
    expect(done.status).toBe(201);
    await done.text();
    expect(await documentCount(pkg)).toBe(1);
  });

  test("import-url: any body, and URLs of every shape (this test's server or refused addresses only)", async () => {
    let pkg = await draft();
    const known = new Set([
      "validation_failed",
      "invalid_document",
      "unsupported_media_type",
      "payload_too_large",
      "not_found",
    ]);
    await fc.assert(
      fc.asyncProperty(anyBody, anyType, async (body, type) => {
        const status = await expectHandled(await post(`${P}/${pkg}/documents/import-url`, body, type), known);
        expect(await documentCount(pkg)).toBe(status === 201 ? 1 : 0);
        if (status === 201) pkg = await draft();
      }),
      { numRuns: 100 },
    );
    await fc.assert(
      fc.asyncProperty(fc.anything({ maxDepth: 2 }), async (body) => {
        const status = await expectHandled(
          await service.call("POST", `${P}/${pkg}/documents/import-url`, { token, body: body ?? null }),
          known,
        );
        expect(status).toBe(400); // no url string, no import
        expect(await documentCount(pkg)).toBe(0);
      }),
      { numRuns: 100 },
    );
    const ours = fc
      .tuple(
        fc.constantFrom("public.test", "PUBLIC.TEST", "public.test.", "127.0.0.1", "internal.test", "[::1]"),
        fc.constantFrom(`:${port}`, `:${port}`, `:${port}`, "", ":1", ":99999", ":0"),
        fc.constantFrom(
          "/a.pdf",
          "/html",
          "/loop",
          "/inward",
          "/plain",
          "/missing",
          "/%zz",
          "/a.pdf?x=1#f",
          "",
        ),
      )
      .map(([host, p, route]) => `https://${host}${p}${route}`);
    const urls = fc.oneof(
      ours,
      fc.webUrl({
        validSchemes: ["https", "http", "ftp", "file"],
        withQueryParameters: true,
        withFragments: true,
      }),
      fc.ipV4().map((ip) => `https://${ip}/a.pdf`),
      fc.ipV6().map((ip) => `https://[${ip}]/a.pdf`),
      fc.ipV4Extended().map((ip) => `https://${ip}/a.pdf`),
      fc.string({ maxLength: 60 }),
      fc.string({ maxLength: 60 }).map((s) => `https://${s}`),
      fc.constantFrom(
        "https://",
        "https:///a.pdf",
        "javascript:alert(1)",
        "data:application/pdf,%25PDF",
        " ".repeat(3),
      ),
    );
    let imported = 0;
    pkg = await draft();
    await fc.assert(
      fc.asyncProperty(urls, fc.option(fc.string({ maxLength: 30 })), async (url, name) => {
        const response = await service.call("POST", `${P}/${pkg}/documents/import-url`, {
          token,
          body: name === null ? { url } : { url, name },
        });
        const status = await expectHandled(response, known);
        // A refusal adds nothing; a success its one document.
        expect({ url, status, documents: await documentCount(pkg) }).toEqual({
          url,
          status,
          documents: (imported % 20) + (status === 201 ? 1 : 0),
        });
        if (status === 201) {
          // Only this test's server has documents to give.
          expect(url).toContain(`:${port}/`);
          // A package holds 25 documents: a fresh one before it is full.
          if (++imported % 20 === 0) pkg = await draft();
        } else if (!url.includes(`:${port}`)) {
          // Not this test's server: refused as a bad url (scheme, address, name, connection).
          expect({ status, code: last.code, field: last.errors?.[0]?.field }).toEqual({
            status: 400,
            code: "validation_failed",
            field: "url",
          });
        }
      }),
      { numRuns: 300 },
    );
    // The seams let a document through (the refusals above are not all from a broken setup).
    const sure = await service.call("POST", `${P}/${await draft()}/documents/import-url`, {
      token,
      body: { url: `https://public.test:${port}/a.pdf` },
    });
    expect(sure.status).toBe(201);
    await sure.text();
  }, 120_000);
});
