// The upload endpoints under bad bodies: truncated or malformed multipart, wrong content types,
// random bytes, oversized blocks, a client that hangs up mid-upload. Every answer is a success or
// the documented error (contract §3), never a 500, and nothing is left in the work directory.
import fc from "fast-check";
import { promises as fs } from "node:fs";
import http from "node:http";
import path from "node:path";
import { BACKENDS, startTestService, type TestService } from "./harness";

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
  });
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
        await expectHandled(await raw(`${P}/${pkg}/documents`, body, type));
      }),
      { numRuns: 200 },
    );
    expect(await workFiles()).toEqual([]);
  });

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
    await expectHandled(await service.call("POST", `${P}/${pkg}/uploads/${id}/commit`, { token }));
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
