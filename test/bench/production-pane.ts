/**
 * The task pane as Outlook loads it from a host: the production build (`npm run build`, dist/) served
 * statically, with Office.js replaced by the workbench's simulated Outlook (src/workbench/fake-office.ts)
 * bundled into one script that answers in Office.js's place (its CDN address, through the browser's
 * request interception), for benchmarks in Chromium.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { build } from "esbuild";

const ROOT = path.resolve(__dirname, "../..");
const DIST = path.join(ROOT, "dist");
/** What taskpane.html loads in production (webpack.config.js's OFFICE_JS_CDN). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const OFFICE_JS_CDN = (require("../../webpack.config.js") as { OFFICE_JS_CDN: string }).OFFICE_JS_CDN;

function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * dist/ as `npm run build` makes it: reused when it is newer than every file under src/ (and `rebuild`
 * is not asked for), else built (ADDIN_PUBLIC_URL: any https address; the pane's URLs are relative).
 */
export function ensureProductionBuild(rebuild = false): void {
  const page = path.join(DIST, "taskpane.html");
  const fresh = existsSync(page) && statSync(page).mtimeMs > newestIn(path.join(ROOT, "src"));
  if (fresh && !rebuild) return;
  console.error("Building the add-in (npm run build)…");
  execFileSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      ADDIN_PUBLIC_URL: process.env.ADDIN_PUBLIC_URL || "https://sign.example.com/addin",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".map": "application/json",
  ".xml": "application/xml",
};

/** Where serveDist answers the simulated Outlook in Office.js's place. */
const OFFICE_JS_PATH = "/office-js/office.js";

/**
 * dist/ over http on 127.0.0.1 as a static host would serve it: hashed scripts cached for a year,
 * pages revalidated. /fixtures/ serves test/fixtures (the simulated Outlook's message).
 *
 * With `officeScript`, the pages load it where they name Office.js's CDN (the one change to their
 * bytes), cached for a day as a CDN's script is. Not the browser's request interception
 * (Playwright's route): with any route Chromium's HTTP cache is off and every request of the page,
 * the service's included, makes a round trip through the benchmark's process, which a pane in
 * Outlook never pays (it made "cached" openings download everything again).
 */
export async function serveDist(officeScript?: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (officeScript !== undefined && url.pathname === OFFICE_JS_PATH) {
      res.writeHead(200, {
        "content-type": TYPES[".js"]!,
        "cache-control": "public, max-age=86400",
      });
      res.end(officeScript);
      return;
    }
    const [base, rel] = url.pathname.startsWith("/fixtures/")
      ? [path.join(ROOT, "test", "fixtures"), url.pathname.slice("/fixtures/".length)]
      : [DIST, url.pathname.slice(1)];
    const file = path.join(base, decodeURIComponent(rel));
    if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const hashed = /\.[0-9a-f]{8}\.js$/.test(file);
    res.writeHead(200, {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "cache-control": hashed ? "public, max-age=31536000, immutable" : "no-cache",
    });
    const body = readFileSync(file);
    res.end(
      officeScript !== undefined && file.endsWith(".html")
        ? body.toString("utf8").replaceAll(OFFICE_JS_CDN, OFFICE_JS_PATH)
        : body,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * One classic script that puts the simulated Outlook (read mode, light theme, the fixture message) in
 * `window.Office` synchronously, as office.js defines its global.
 */
export async function fakeOfficeScript(): Promise<string> {
  const fixture = readFileSync(path.join(ROOT, "test", "fixtures", "message.json"), "utf8");
  const result = await build({
    stdin: {
      contents: `
        import { createFakeOffice } from "./src/workbench/fake-office";
        const fixture = ${fixture};
        window.Office = createFakeOffice({
          fixture,
          mode: "read",
          theme: "light",
          loadAttachment: async (file) =>
            new Uint8Array(await (await fetch("fixtures/" + encodeURIComponent(file))).arrayBuffer()),
        });`,
      resolveDir: ROOT,
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    target: "es2020",
    write: false,
    minify: true,
  });
  return result.outputFiles[0]!.text;
}
