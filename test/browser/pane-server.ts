/**
 * The pane's development build (pane-build.ts) served in this process as the webpack dev server
 * serves it (webpack.config.js's devServer): the build, /assets, /office (Office.js from
 * node_modules), /fixtures (test/fixtures), `/` → /workbench.html and /workbench-session.json (the
 * dev server's own code), https when the office-addin-dev-certs certificate is usable, else http, on
 * localhost. One per test file, each with its own session file; closed in afterAll.
 */
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import path from "node:path";
import serveStatic from "serve-static";
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

  // One serve-static middleware per folder, made once the build is there.
  const serving = build.ready.then((dir) =>
    [["/", dir] as const, ...STATIC].map(
      ([prefix, directory]) => [prefix, serveStatic(directory, { index: false, redirect: false })] as const,
    ),
  );
  serving.catch(() => undefined); // a failed build is reported through `ready`

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
    // The build first, then each static folder under its prefix, as the dev server's middlewares.
    const folders = await serving;
    const original = request.url ?? "/";
    const next = (at: number, error?: unknown): void => {
      request.url = original;
      if (error) {
        const status = (error as { status?: number }).status ?? 500;
        response.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" }).end(String(error));
        return;
      }
      const found = folders.findIndex(([prefix], i) => i >= at && url.pathname.startsWith(prefix));
      if (found < 0) {
        response
          .writeHead(404, { "Content-Type": "text/plain; charset=utf-8" })
          .end(`Not found: ${url.pathname}`);
        return;
      }
      const [prefix, serve] = folders[found]!;
      request.url = original.slice(prefix.length - 1);
      serve(request, response, (e?: unknown) => next(found + 1, e));
    };
    next(0);
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
