/**
 * The signing page as the service serves it (docs/signing-page-api.md, "The link"):
 *
 * - GET /sign/{token}: the page's HTML for any token (the page asks the API what the token is), with
 *   the service's strict policy for its pages (plugins/security-headers.ts: scripts, styles, fonts
 *   and connections of our origin only, images also data: and blob:, workers also blob:, no framing
 *   but by the origins a signing-url link was made for), never cached and never sending the link on
 *   as a Referer;
 * - GET /sign/assets/...: the bundle's files from the built directory (scripts/build-signing.ts).
 *
 * The page is built apart from the service (SIGN_SIGNING_PAGE_DIR, default dist/signing). When it is
 * not built, /sign/{token} answers 503 with a page that says so, and the service runs on.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { ApiError } from "../errors";
import { htmlCsp } from "../plugins/security-headers";
import { escapeHtml } from "../../shared/html";

export interface SigningAssetsOptions {
  /** The built page: index.html and assets/. */
  dir: string;
  /**
   * The origins that may show this token's page in a frame (a signing-url link's allowedOrigins,
   * contract §6.3); none when absent or for any other token.
   */
  framingOrigins?: (token: string) => Promise<string[]>;
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".pfb": "application/octet-stream",
  ".bcmap": "application/octet-stream",
  ".icc": "application/vnd.iccprofile",
  ".wasm": "application/wasm",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/** Names webpack gave a content hash (signing.1a2b3c4d.js): their bytes never change. */
const HASHED = /\.[0-9a-f]{8}\.(m?js|css)$/;

const notFound = () => new ApiError(404, "not_found", "There is no such file of the signing page.");

/** What a signer sees when the page is not built: words for them, and what the operator must do. */
function notBuiltPage(dir: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Signing is not available – Sign for Outlook</title></head><body>` +
    `<main><h1>Signing is not available right now</h1>` +
    `<p>The documents cannot be shown at the moment. Your link is still good: try again in a few minutes.</p>` +
    `<p><small>For the operator: the signing page is not built in ${escapeHtml(dir)}. ` +
    `Run <code>npm run build:signing</code>, or set SIGN_SIGNING_PAGE_DIR to the built page.</small></p>` +
    `</main></body></html>`
  );
}

const signingAssets: FastifyPluginAsync<SigningAssetsOptions> = async (app, { dir, framingOrigins }) => {
  const root = path.resolve(dir);
  const assets = path.join(root, "assets");

  app.get("/sign/:token", { schema: { hide: true } }, async (request, reply) => {
    reply
      .header("Cache-Control", "no-store")
      .header("Referrer-Policy", "no-referrer")
      .header("X-Robots-Tag", "noindex");
    // Framing only by the origins the link was made for; a lookup that fails allows none.
    const { token } = request.params as { token: string };
    const origins = framingOrigins ? await framingOrigins(token).catch(() => []) : [];
    reply.header("Content-Security-Policy", htmlCsp(origins));
    if (origins.length === 0) reply.header("X-Frame-Options", "DENY");
    let html: string;
    try {
      html = await readFile(path.join(root, "index.html"), "utf8");
    } catch {
      request.log.error({ dir: root }, "the signing page is not built (npm run build:signing)");
      return reply
        .code(503)
        .header("Retry-After", "60")
        .type("text/html; charset=utf-8")
        .send(notBuiltPage(root));
    }
    return reply.type("text/html; charset=utf-8").send(html);
  });

  app.get(
    "/sign/assets/*",
    { schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const rest = (request.params as { "*": string })["*"];
      // Only plain relative names: nothing that could step out of the assets folder.
      if (
        !rest ||
        rest.includes("\0") ||
        rest.includes("\\") ||
        rest.split("/").some((p) => p === ".." || p === "." || p === "")
      )
        throw notFound();
      const file = path.resolve(assets, rest);
      if (!file.startsWith(assets + path.sep)) throw notFound();
      const type = TYPES[path.extname(file).toLowerCase()];
      if (!type) throw notFound();
      let info;
      try {
        info = await stat(file);
      } catch {
        throw notFound();
      }
      if (!info.isFile()) throw notFound();

      const modified = new Date(Math.floor(info.mtimeMs / 1000) * 1000);
      reply
        .header("Content-Type", type)
        .header("Last-Modified", modified.toUTCString())
        .header(
          "Cache-Control",
          HASHED.test(file) ? "public, max-age=31536000, immutable" : "public, no-cache",
        );
      const since = Date.parse(String(request.headers["if-modified-since"] ?? ""));
      if (!HASHED.test(file) && Number.isFinite(since) && modified.getTime() <= since) {
        return reply.code(304).send();
      }
      reply.header("Content-Length", String(info.size));
      return reply.send(createReadStream(file));
    },
  );
};

export default signingAssets;
