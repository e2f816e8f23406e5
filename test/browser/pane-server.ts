/**
 * The pane's development build (pane-build.ts) served in this process as the webpack dev server
 * serves it (webpack.config.js's devServer): the build, /assets, /office (Office.js from
 * node_modules), /fixtures (test/fixtures), `/` → /workbench.html and /workbench-session.json (the
 * dev server's own code), https when the office-addin-dev-certs certificate is usable, else http, on
 * localhost. One per test file, each with its own session file; closed in afterAll.
 */
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import path from "node:path";
import { paneBuild } from "./pane-build";

const ROOT = path.resolve(__dirname, "../..");

interface Answer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}
// The dev server's own certificate rule and session route (webpack.config.js is CommonJS).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const webpackConfig = require("../../webpack.config.js") as {
  /** { cert, key, ca } when the certificate can serve https, else { problem }. */
  devCertificate(): { cert?: Buffer; key?: Buffer; ca?: Buffer; problem?: string };
  workbenchSession(headers: http.IncomingHttpHeaders, file?: string): Answer;
};

/** Served beside the build, as the dev server's `static` entries. */
const STATIC: [prefix: string, directory: string][] = [
  ["/assets/", path.join(ROOT, "assets")],
  ["/office/", path.join(ROOT, "node_modules/@microsoft/office-js/dist")],
  ["/fixtures/", path.join(ROOT, "test/fixtures")],
];

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".mjs": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".wasm": "application/wasm",
};

/** The file a path names inside `directory`, if it is one; never outside it. */
function fileIn(directory: string, relative: string): string | undefined {
  const file = path.resolve(directory, `.${path.posix.normalize(`/${relative}`)}`);
  if (!file.startsWith(directory + path.sep)) return undefined;
  try {
    return fs.statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

export interface PaneServer {
  /** e.g. http://localhost:43121 */
  origin: string;
  port: number;
  /** Resolves when the build is there to serve (requests wait for it meanwhile). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens at once on a free port; answers once the build is ready. `sessionFile` is what
 * SIGN_WORKBENCH_SESSION was to the dev server (none: 204, the test signs the pane in itself).
 */
export async function servePane(
  options: { sessionFile?: string; buildTimeoutMs?: number } = {},
): Promise<PaneServer> {
  const build = paneBuild(options.buildTimeoutMs ?? 300_000);
  const certificate = webpackConfig.devCertificate();

  async function answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    if (url.pathname === "/workbench-session.json") {
      const session = webpackConfig.workbenchSession(request.headers, options.sessionFile ?? "");
      response.writeHead(session.status, session.headers).end(session.body);
      return;
    }
    response.setHeader("Access-Control-Allow-Origin", "*");
    if (url.pathname === "/") {
      response.writeHead(302, { Location: "/workbench.html" }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const dir = await build.ready;
    const candidates: [string, string][] = [[dir, pathname]];
    for (const [prefix, directory] of STATIC) {
      if (pathname.startsWith(prefix)) candidates.push([directory, pathname.slice(prefix.length)]);
    }
    for (const [directory, relative] of candidates) {
      const file = fileIn(directory, relative);
      if (!file) continue;
      const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
      const body = await fs.promises.readFile(file);
      response.writeHead(200, { "Content-Type": type, "Content-Length": body.length });
      response.end(request.method === "HEAD" ? undefined : body);
      return;
    }
    response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end(`Not found: ${pathname}`);
  }

  const handler = (request: http.IncomingMessage, response: http.ServerResponse): void => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      response.end(String(error instanceof Error ? error.message : error));
    });
  };
  const server: http.Server | https.Server = certificate.problem
    ? http.createServer(handler)
    : https.createServer({ cert: certificate.cert, key: certificate.key, ca: certificate.ca }, handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "localhost", () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  const ready = build.ready.then(() => undefined);
  ready.catch(() => undefined); // awaited by the caller; never an unhandled rejection
  return {
    origin: `${certificate.problem ? "http" : "https"}://localhost:${port}`,
    port,
    ready,
    close: async () => {
      await build.abandon();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
