// Short-lived download links (contract §6.2), through HTTP against the real service: SQLite and
// PostgreSQL with local files, and SQLite with an S3-compatible server (s3rver). Blobs are put
// straight into the service's blob store and links issued with the domain function, as the
// `download` operations will.
import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import fc from "fast-check";
import { openBlobStore, type BlobStore } from "../../src/service/blobs";
import {
  contentDisposition,
  issueDownloadLink,
  purgeExpiredLinks,
  resolveDownloadLink,
  type DownloadLinkInput,
} from "../../src/service/domain/download-links";
import { expectProblem, startTestService, type TestService } from "./harness";
import { STORE_SETUPS, startS3, type TestS3 } from "./s3-server";

const HOSTILE_NAME = 'a"b\r\nX-Evil: 1;ü.pdf';
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * A small reading of RFC 6266 for what contentDisposition writes: the disposition, the quoted ASCII
 * fallback (a quoted-string of printable ASCII without " and \) and the RFC 8187 name, which is
 * answered decoded. Throws on anything else.
 */
function parseDisposition(header: string): { fallback: string; name: string } {
  const match =
    /^attachment; filename="([\x20\x21\x23-\x5b\x5d-\x7e]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]*)$/.exec(
      header,
    );
  if (!match) throw new Error(`not an attachment disposition: ${JSON.stringify(header)}`);
  return { fallback: match[1]!, name: decodeURIComponent(match[2]!) };
}

/** What a name becomes in UTF-8 and back: unpaired surrogates turn into U+FFFD, nothing else changes. */
const viaUtf8 = (text: string) => Buffer.from(text, "utf8").toString("utf8");

describe("Content-Disposition of a download", () => {
  test("any string gives a header of printable ASCII whose filename* parses back to it", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" })), (name) => {
        const header = contentDisposition(name);
        expect(header).not.toMatch(/[\r\n]/);
        expect(header).toMatch(/^[\x20-\x7e]*$/);
        const parsed = parseDisposition(header);
        expect(parsed.name).toBe(viaUtf8(name));
        expect(parsed.fallback).not.toMatch(/[/%]/);
        expect(parsed.fallback).not.toBe("");
      }),
      { numRuns: 2000 },
    );
  });

  test("the ASCII fallback keeps a plain name and drops accents", () => {
    expect(contentDisposition("Contract 2024 (final).pdf")).toBe(
      `attachment; filename="Contract 2024 (final).pdf"; filename*=UTF-8''Contract%202024%20%28final%29.pdf`,
    );
    expect(contentDisposition(HOSTILE_NAME)).toBe(
      `attachment; filename="a_b__X-Evil: 1;u.pdf"; filename*=UTF-8''a%22b%0D%0AX-Evil%3A%201%3B%C3%BC.pdf`,
    );
    expect(parseDisposition(contentDisposition("..\\..\\etc/passwd")).fallback).toBe(".._.._etc_passwd");
    expect(parseDisposition(contentDisposition("契約.pdf")).fallback).toBe("__.pdf");
    expect(parseDisposition(contentDisposition("")).fallback).toBe("download");
  });
});

describe.each(STORE_SETUPS)("download links on $label", ({ backend, s3: useS3 }) => {
  let service: TestService;
  let s3: TestS3 | null = null;
  let blobs: BlobStore;
  let tenantId: string;
  let bearer: string;
  // Larger than a stream's chunks, so the answer is streamed in several.
  const bytes = randomBytes(300_000);
  const blobSha256 = sha256(bytes);

  const link = (overrides: Partial<DownloadLinkInput> = {}, now?: Date) =>
    issueDownloadLink(
      service.storage,
      {
        tenantId,
        blobSha256,
        fileName: "contract.pdf",
        contentType: "application/pdf",
        size: bytes.length,
        source: null,
        ...overrides,
      },
      now,
    );
  const get = (url: string, headers: Record<string, string> = {}) => fetch(service.url + url, { headers });
  const tokenOf = (url: string) => url.split("/").pop()!;

  beforeAll(async () => {
    const env: Record<string, string> = { SIGN_SCHEDULER_INTERVAL_MS: "0" };
    if (useS3) {
      s3 = await startS3();
      env.SIGN_BLOB_URL = s3.url;
    }
    service = await startTestService(backend, env);
    // The same store the service opened (same directory or bucket).
    blobs = openBlobStore(service.config);
    bearer = await service.token("acme");
    tenantId = (await service.storage.credentials.findTenantByName("acme"))!.id;
    expect((await blobs.put(Readable.from([bytes]))).sha256).toBe(blobSha256);
  });
  afterAll(async () => {
    await service?.close();
    if (blobs && "close" in blobs) (blobs as { close(): void }).close();
    await s3?.stop();
  });

  test("a link is a path with a 43-character token, good for 5 minutes; only the token's hash is kept", async () => {
    const now = new Date("2030-01-02T03:04:05.000Z");
    const issued = await link({}, now);
    expect(issued).toEqual({
      url: expect.stringMatching(/^\/api\/v1\/downloads\/[A-Za-z0-9_-]{43}$/),
      expiresOn: "2030-01-02T03:09:05.000Z",
    });
    expect((await link({ ttlSeconds: 60 }, now)).expiresOn).toBe("2030-01-02T03:05:05.000Z");
    const token = tokenOf(issued.url);
    const record = await resolveDownloadLink(service.storage, token, now);
    expect(record).toMatchObject({ tenantId, blobSha256, size: bytes.length });
    expect(record!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(Object.values(record!)).not.toContain(token);
  });

  test("answers the bytes with the link's type, length and disposition, and the safety headers", async () => {
    const { url } = await link({ fileName: HOSTILE_NAME });
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    const h = response.headers;
    expect(h.get("content-type")).toBe("application/pdf");
    expect(h.get("content-length")).toBe(String(bytes.length));
    expect(h.get("x-evil")).toBeNull();
    expect(h.get("content-disposition")).toBe(
      `attachment; filename="a_b__X-Evil: 1;u.pdf"; filename*=UTF-8''a%22b%0D%0AX-Evil%3A%201%3B%C3%BC.pdf`,
    );
    expect(parseDisposition(h.get("content-disposition")!).name).toBe(HOSTILE_NAME);
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("cache-control")).toBe("no-store");
    expect(h.get("content-security-policy")).toBe("sandbox");
    expect(h.get("referrer-policy")).toBe("no-referrer");
  });

  test("an HTML file is sandboxed too, not given the policy of the service's own pages", async () => {
    const { url } = await link({ contentType: "text/html; charset=utf-8", fileName: "page.html" });
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toBe("sandbox");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment;/);
    await response.arrayBuffer();
  });

  test("inline=1 opens a PDF in the browser's viewer, in the same sandbox; any other file stays an attachment", async () => {
    const pdf = await link({ fileName: "Lease (signed).pdf" });
    const shown = await get(`${pdf.url}?inline=1`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-disposition")).toBe(
      `inline; filename="Lease (signed).pdf"; filename*=UTF-8''Lease%20%28signed%29.pdf`,
    );
    expect(shown.headers.get("content-type")).toBe("application/pdf");
    expect(shown.headers.get("x-content-type-options")).toBe("nosniff");
    expect(shown.headers.get("content-security-policy")).toBe("sandbox");
    expect(shown.headers.get("cache-control")).toBe("no-store");
    await shown.arrayBuffer();
    for (const contentType of ["text/html; charset=utf-8", "application/zip", "image/svg+xml"]) {
      const other = await link({ contentType, fileName: "x" });
      const answer = await get(`${other.url}?inline=1`);
      expect(answer.headers.get("content-disposition")).toMatch(/^attachment;/);
      await answer.arrayBuffer();
    }
    // Anything but 1 is the default.
    const saved = await get(`${pdf.url}?inline=yes`);
    expect(saved.headers.get("content-disposition")).toMatch(/^attachment;/);
    await saved.arrayBuffer();
  });

  test("a link works again until it expires (a browser may retry)", async () => {
    const { url } = await link();
    for (let i = 0; i < 3; i++) {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(blobSha256);
    }
  });

  test("HEAD answers the headers alone", async () => {
    const { url } = await link({ fileName: "Mietvertrag für Jürgen.pdf" });
    const response = await fetch(service.url + url, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(parseDisposition(response.headers.get("content-disposition")!).name).toBe(
      "Mietvertrag für Jürgen.pdf",
    );
    expect(response.headers.get("content-security-policy")).toBe("sandbox");
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  test("an expired link is 404 in the documented body", async () => {
    const issuedAt = new Date(Date.now() - 10 * 60 * 1000);
    const { url, expiresOn } = await link({}, issuedAt);
    expect(Date.parse(expiresOn)).toBeLessThan(Date.now());
    const response = await get(url);
    const body = await expectProblem(response, 404, "not_found");
    expect(response.headers.get("x-trace-id")).toBe(body.traceId);
    expect(response.headers.get("content-disposition")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    await expectProblem(
      await fetch(service.url + url, { method: "HEAD" }).then(asGet(url)),
      404,
      "not_found",
    );
    // A link issued with a 1-second life stops working once that second is over.
    const short = await link({ ttlSeconds: 1 }, new Date(Date.now() - 1000));
    await expectProblem(await get(short.url), 404, "not_found");
  });

  /** HEAD has no body to check: repeat as GET after checking its status. */
  const asGet = (url: string) => async (head: Response) => {
    expect(head.status).toBe(404);
    expect(head.headers.get("x-trace-id")).toMatch(/^[0-9a-f]{32}$/);
    return get(url);
  };

  test("a tampered, malformed or unknown token is 404 in the documented body", async () => {
    const { url } = await link();
    const token = tokenOf(url);
    const flip = (c: string) => (c === "A" ? "B" : "A");
    const variants = [
      token.slice(0, -1) + flip(token.slice(-1)), // tampered: last character changed
      flip(token[0]!) + token.slice(1), // tampered: first character changed
      token.slice(0, -1), // one character short
      `${token}A`, // one character long
      token.replace(/^./, "."), // a character base64url does not have
      encodeURIComponent(`${token.slice(0, -1)}+`), // base64, not base64url
      randomBytes(32).toString("base64url"), // well-formed, never issued
      createHash("sha256").update(token).digest("hex"), // the stored hash is not a token
    ];
    for (const bad of variants) {
      const response = await get(`/api/v1/downloads/${bad}`);
      const body = await expectProblem(response, 404, "not_found");
      expect(response.headers.get("x-trace-id")).toBe(body.traceId);
      expect(response.headers.get("content-disposition")).toBeNull();
    }
    // Two service-wide rules answer before any route runs, as on every other path: NUL in a path
    // parameter (plugins/safe-text.ts) and a segment over the router's 100 characters (app.ts
    // frameworkErrors) are 400 validation_failed.
    await expectProblem(await get(`/api/v1/downloads/${"x".repeat(200)}`), 400, "validation_failed");
    await expectProblem(await get(`/api/v1/downloads/${token.slice(0, -1)}%00`), 400, "validation_failed");
    // The real one still works. Its body is read: one left unread holds fetch's connection open.
    const real = await get(url);
    expect(real.status).toBe(200);
    expect(sha256(Buffer.from(await real.arrayBuffer()))).toBe(blobSha256);
  });

  test("a link whose blob is gone is 404, for GET and HEAD", async () => {
    const missing = sha256(randomBytes(64));
    const { url } = await link({ blobSha256: missing });
    const response = await get(url);
    const body = await expectProblem(response, 404, "not_found");
    expect(response.headers.get("x-trace-id")).toBe(body.traceId);
    await expectProblem(
      await fetch(service.url + url, { method: "HEAD" }).then(asGet(url)),
      404,
      "not_found",
    );
  });

  test("no credential is needed, and a credential, valid or not, changes nothing", async () => {
    const { url } = await link();
    const plain = await get(url);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("www-authenticate")).toBeNull();
    await plain.arrayBuffer();
    const credentials: Record<string, string>[] = [
      { authorization: `Bearer ${bearer}` },
      { authorization: "Bearer not-a-token" },
      { authorization: "Basic dXNlcjpwYXNz" },
      { "x-api-key": "legacy-static-key" },
    ];
    for (const headers of credentials) {
      const response = await get(url, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(blobSha256);
    }
    // And a bad link stays a 404 (not a 401) with one.
    await expectProblem(
      await get(`/api/v1/downloads/${randomBytes(32).toString("base64url")}`, {
        authorization: `Bearer ${bearer}`,
      }),
      404,
      "not_found",
    );
  });

  test("purge deletes expired links only and answers how many", async () => {
    // An hour ahead: earlier tests' links, all expired by then, go in the first purge, so the counts
    // below are this test's; a link issued then still works now.
    const now = new Date(Date.now() + 3600_000);
    await purgeExpiredLinks(service.storage, now);
    const past = new Date(now.getTime() - 10 * 60 * 1000);
    const expired = [await link({}, past), await link({ ttlSeconds: 60 }, past)];
    const live = await link({}, now);
    // Expired at the instant of the purge: expiresOn <= now.
    const atTheEdge = await link({ ttlSeconds: 300 }, new Date(now.getTime() - 300_000));
    expect(await purgeExpiredLinks(service.storage, now)).toBe(3);
    expect(await purgeExpiredLinks(service.storage, now)).toBe(0);
    for (const gone of [...expired, atTheEdge]) {
      expect(await resolveDownloadLink(service.storage, tokenOf(gone.url), past)).toBeNull();
    }
    expect(await resolveDownloadLink(service.storage, tokenOf(live.url), now)).not.toBeNull();
    const response = await get(live.url);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    // Five minutes on, the live one goes too.
    expect(await purgeExpiredLinks(service.storage, new Date(now.getTime() + 300_000))).toBe(1);
    expect(await resolveDownloadLink(service.storage, tokenOf(live.url), past)).toBeNull();
  });

  test("names and types round-trip through HTTP", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }).filter((s) => !s.includes("\u0000")),
        async (name) => {
          const { url } = await link({ fileName: name });
          const response = await fetch(service.url + url, { method: "HEAD" });
          expect(response.status).toBe(200);
          expect(parseDisposition(response.headers.get("content-disposition")!).name).toBe(name);
        },
      ),
      { numRuns: 25 },
    );
  });

  test("input a caller should never send is refused", async () => {
    await expect(link({ blobSha256: "../../etc/passwd" })).rejects.toThrow(TypeError);
    await expect(link({ contentType: "text/html\r\nX-Evil: 1" })).rejects.toThrow(TypeError);
    await expect(link({ fileName: "" })).rejects.toThrow(TypeError);
    await expect(link({ fileName: "a\u0000b" })).rejects.toThrow(TypeError);
    await expect(link({ size: -1 })).rejects.toThrow(TypeError);
    await expect(link({ ttlSeconds: 0 })).rejects.toThrow(TypeError);
  });
});
