/**
 * The service serving the signing page (routes/signing-assets.ts), over HTTP against the real
 * service: the HTML for any token with the doc's policy (docs/signing-page-api.md), the assets with
 * their types and caching, nothing outside the assets folder, and a clear 503 page when the page is
 * not built. A small stand-in build directory is used here; the browser test serves the real bundle.
 */
import http from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/service/config";
import { startTestService, type TestService } from "./harness";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz_0123456789-";
const HTML = `<!doctype html><html lang="en"><head><script defer src="assets/signing.0123abcd.js"></script></head><body><div id="signing"></div></body></html>`;

/** A GET with the path exactly as written (fetch would resolve dot segments, %2e%2e included). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string; type: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.get({ hostname, port, path: rawPath }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body, type: String(response.headers["content-type"]) }),
      );
    });
    request.on("error", reject);
  });
}

describe("signing page assets", () => {
  let built: string;
  let service: TestService;

  beforeAll(async () => {
    built = mkdtempSync(path.join(os.tmpdir(), "sfo-test-signing-page-"));
    mkdirSync(path.join(built, "assets", "pdfjs", "standard_fonts"), { recursive: true });
    writeFileSync(path.join(built, "index.html"), HTML);
    writeFileSync(path.join(built, "assets", "signing.0123abcd.js"), "console.log('signing');");
    writeFileSync(path.join(built, "assets", "pdf.worker.min.mjs"), "export {};");
    writeFileSync(
      path.join(built, "assets", "pdfjs", "standard_fonts", "FoxitSans.pfb"),
      Buffer.from([1, 2, 3]),
    );
    writeFileSync(path.join(built, "assets", "notes.exe"), "MZ");
    writeFileSync(path.join(built, "secret.txt"), "outside assets");
    service = await startTestService("sqlite", {
      SIGN_SIGNING_PAGE_DIR: built,
      SIGN_SCHEDULER_INTERVAL_MS: "0",
    });
  });

  afterAll(async () => {
    await service?.close();
    rmSync(built, { recursive: true, force: true });
  });

  it("answers the page's HTML for any token, with the strict policy, never cached, never a Referer", async () => {
    for (const token of [TOKEN, "not-even-a-token"]) {
      const response = await service.call("GET", `/sign/${token}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await response.text()).toBe(HTML);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      const csp = response.headers.get("content-security-policy") ?? "";
      for (const directive of [
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "worker-src 'self' blob:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toMatch(/unsafe-(inline|eval)/);
    }
  });

  it("serves the assets with their types; hashed names for good, others revalidated", async () => {
    const script = await service.call("GET", "/sign/assets/signing.0123abcd.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await script.text()).toBe("console.log('signing');");

    const worker = await service.call("GET", "/sign/assets/pdf.worker.min.mjs");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(worker.headers.get("cache-control")).toBe("public, no-cache");
    const modified = worker.headers.get("last-modified")!;
    expect(modified).toBeTruthy();
    const again = await service.call("GET", "/sign/assets/pdf.worker.min.mjs", {
      headers: { "if-modified-since": modified },
    });
    expect(again.status).toBe(304);

    const font = await service.call("GET", "/sign/assets/pdfjs/standard_fonts/FoxitSans.pfb");
    expect(font.status).toBe(200);
    expect(Buffer.from(await font.arrayBuffer())).toEqual(Buffer.from([1, 2, 3]));

    const head = await service.call("HEAD", "/sign/assets/signing.0123abcd.js");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String("console.log('signing');".length));
  });

  it("serves nothing outside the assets folder, nothing of an unknown type, and 404s in the API's error shape", async () => {
    // A client resolves dot segments itself: this is /sign/secret.txt, the page for a token "secret.txt".
    const resolved = await service.call("GET", "/sign/assets/../secret.txt");
    expect(await resolved.text()).toBe(HTML);
    for (const route of [
      "/sign/assets/%2e%2e/secret.txt",
      "/sign/assets/..%2fsecret.txt",
      "/sign/assets/%2e%2e%2f%2e%2e%2fpackage.json",
      "/sign/assets/pdfjs//standard_fonts/FoxitSans.pfb",
      "/sign/assets/notes.exe",
      "/sign/assets/missing.js",
      "/sign/assets/../secret.txt",
      "/sign/assets/pdfjs",
      "/sign/assets/",
    ]) {
      const response = await rawGet(service.url, route);
      expect({ route, status: response.status }).toEqual({ route, status: 404 });
      expect(response.body).not.toContain("outside assets");
      expect(response.type).toMatch(/^application\/json/);
      expect(JSON.parse(response.body)).toMatchObject({ code: "not_found", traceId: expect.any(String) });
    }
  });

  it("says clearly that the page is not built (503) and keeps serving the API", async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), "sfo-test-signing-empty-"));
    const bare = await startTestService("sqlite", {
      SIGN_SIGNING_PAGE_DIR: empty,
      SIGN_SCHEDULER_INTERVAL_MS: "0",
    });
    try {
      const response = await bare.call("GET", `/sign/${TOKEN}`);
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("retry-after")).toBe("60");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const text = await response.text();
      expect(text).toContain("Signing is not available right now");
      expect(text).toContain("npm run build:signing");
      expect((await bare.call("GET", "/health")).status).toBe(200);
      expect(bare.logs.some((l) => String(l.msg).includes("signing page is not built"))).toBe(true);
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("SIGN_SIGNING_PAGE_DIR defaults to dist/signing of the checkout", () => {
    expect(loadConfig({}).signingPageDir).toBe(path.resolve(__dirname, "../../dist/signing"));
    expect(loadConfig({ SIGN_SIGNING_PAGE_DIR: "/srv/page" }).signingPageDir).toBe("/srv/page");
  });
});
