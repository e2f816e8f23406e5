/**
 * Production build of the add-in: `npm run build`.
 *
 *   ADDIN_PUBLIC_URL=https://sign.example.com/addin npm run build
 *
 * 1. webpack (webpack.config.js, production) into dist/;
 * 2. dist/manifest.xml: manifest.xml with every https://localhost:3000 replaced by ADDIN_PUBLIC_URL,
 *    checked offline with test/manifest/check-manifest.ts;
 * 3. the gzipped size of every script, and a failure when the task pane's initial JavaScript (what
 *    taskpane.html loads before any view) is above the budget;
 * 4. the signing page into dist/signing/ (scripts/build-signing.ts): last, because webpack's `clean`
 *    of step 1 empties dist/, the signing page included;
 * 5. the service, compiled to JavaScript into build/service/ (scripts/build-service.ts), which
 *    `npm run service` runs.
 *
 * ADDIN_PUBLIC_URL is required: an https URL where dist/ is served (a path is allowed).
 *
 * Options (for test/build/bundle-budget.test.ts, which runs this under `npm test`):
 *   --out <dir>      build into <dir> instead of dist/;
 *   --report <file>  also write what was measured (sizes, and which modules each chunk holds) as JSON.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import webpack from "webpack";
import { deployedManifest } from "../src/manifest/fingerprint";
import { buildSigningPage } from "./build-signing";
import { buildService, SERVICE_BUILD_DIR } from "./build-service";
import { DEV_ORIGIN, checkManifest } from "../test/manifest/check-manifest";

const ROOT = join(__dirname, "..");
const DIST = join(ROOT, "dist");
/** The task pane's initial JavaScript, gzipped: at most 100 KB, issue 31's goal (100,000 bytes; 94.9 kB measured, docs/benchmarks.md). */
export const TASKPANE_BUDGET_BYTES = 100_000;

class BuildError extends Error {}

/** ADDIN_PUBLIC_URL checked and without a trailing slash. */
export function publicUrlFrom(value: string | undefined): string {
  if (!value || !value.trim()) {
    throw new BuildError(
      "ADDIN_PUBLIC_URL is not set. Set it to the https address where dist/ will be served, e.g.\n" +
        "  ADDIN_PUBLIC_URL=https://sign.example.com/addin npm run build",
    );
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new BuildError(`ADDIN_PUBLIC_URL "${value}" is not a URL.`);
  }
  if (url.protocol !== "https:")
    throw new BuildError(`ADDIN_PUBLIC_URL must be https (Outlook loads add-ins only over https): ${value}`);
  if (url.search || url.hash)
    throw new BuildError(`ADDIN_PUBLIC_URL must not have a query or fragment: ${value}`);
  return url.href.replace(/\/+$/, "");
}

function runWebpack(outDir: string): Promise<webpack.Stats> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const factory = require("../webpack.config.js") as (
    env: unknown,
    argv: { mode: string },
  ) => webpack.Configuration;
  const config = factory({}, { mode: "production" });
  config.output = { ...config.output, path: outDir };
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (!stats) return reject(new BuildError("webpack returned no stats"));
      if (stats.hasErrors()) {
        return reject(new BuildError(stats.toString({ all: false, errors: true, colors: false })));
      }
      if (stats.hasWarnings()) console.warn(stats.toString({ all: false, warnings: true, colors: false }));
      resolve(stats);
    });
  });
}

function writeManifest(publicUrl: string, outDir: string): void {
  const source = readFileSync(join(ROOT, "manifest.xml"), "utf8");
  // The same replacement webpack.config.js applies before baking the fingerprint into the pane.
  const xml = deployedManifest(source, publicUrl);
  const problems = checkManifest(xml, { origin: publicUrl, assetsDir: join(outDir, "assets") });
  if (problems.length > 0) {
    throw new BuildError(`dist/manifest.xml has problems:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
  if (xml.includes("localhost")) throw new BuildError("dist/manifest.xml still mentions localhost");
  writeFileSync(join(outDir, "manifest.xml"), xml);
  console.log(
    `${outDir === DIST ? "dist" : outDir}/manifest.xml: every ${DEV_ORIGIN} replaced by ${publicUrl}; manifest check passed`,
  );
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

export interface ScriptSize {
  file: string;
  raw: number;
  gzip: number;
  initial: boolean;
}

/** Sizes of every emitted script; `initial` marks those taskpane.html loads up front. */
export function reportSizes(
  stats: webpack.Stats,
  outDir: string = DIST,
): { scripts: ScriptSize[]; initialGzip: number } {
  const json = stats.toJson({ all: false, entrypoints: true, chunkGroupAuxiliary: false });
  const initialFiles = new Set(
    (json.entrypoints?.["taskpane"]?.assets ?? [])
      .map((a) => a.name)
      .filter((name): name is string => typeof name === "string" && name.endsWith(".js")),
  );
  if (initialFiles.size === 0)
    throw new BuildError("webpack reported no scripts for the taskpane entry point");
  const scripts: ScriptSize[] = readdirSync(outDir)
    .filter((name) => name.endsWith(".js"))
    .map((file) => {
      const bytes = readFileSync(join(outDir, file));
      return {
        file,
        raw: statSync(join(outDir, file)).size,
        gzip: gzipSync(bytes, { level: 9 }).length,
        initial: initialFiles.has(file),
      };
    })
    .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip);

  const width = Math.max(...scripts.map((s) => s.file.length), 10);
  console.log(`\n${"script".padEnd(width)}  ${"size".padStart(10)}  ${"gzipped".padStart(10)}  loaded`);
  for (const s of scripts) {
    const loaded = s.initial
      ? "task pane start"
      : s.file.startsWith("commands")
        ? "function file"
        : s.file.startsWith("auth-dialog")
          ? "sign-in window"
          : "on demand";
    console.log(`${s.file.padEnd(width)}  ${kb(s.raw).padStart(10)}  ${kb(s.gzip).padStart(10)}  ${loaded}`);
  }
  const initialGzip = scripts.filter((s) => s.initial).reduce((sum, s) => sum + s.gzip, 0);
  const lazy = scripts
    .filter((s) => !s.initial && !s.file.startsWith("commands") && !s.file.startsWith("auth-dialog"))
    .reduce((sum, s) => sum + s.gzip, 0);
  console.log(
    `\nTask pane initial JavaScript: ${kb(initialGzip)} gzipped (budget ${kb(TASKPANE_BUDGET_BYTES)}); ` +
      `views loaded on demand: ${kb(lazy)} gzipped.`,
  );
  return { scripts, initialGzip };
}

/** Per chunk: its files, whether taskpane.html loads it up front, and the modules in it. */
export interface ChunkReport {
  names: string[];
  files: string[];
  initial: boolean;
  /** Modules as webpack names them (./src/..., ./node_modules/...), with their size before minifying. */
  modules: { name: string; size: number }[];
}

export interface BuildReport {
  budgetBytes: number;
  initialGzip: number;
  scripts: ScriptSize[];
  chunks: ChunkReport[];
}

/** The chunks of the taskpane entry point and those it loads on demand, with their modules. */
export function chunkReport(stats: webpack.Stats): ChunkReport[] {
  const json = stats.toJson({
    all: false,
    chunks: true,
    chunkModules: true,
    nestedModules: true,
    dependentModules: true,
    chunkModulesSpace: Infinity,
    nestedModulesSpace: Infinity,
    entrypoints: true,
  });
  const initialFiles = new Set(
    (json.entrypoints?.["taskpane"]?.assets ?? []).map((a) => a.name).filter((n) => n.endsWith(".js")),
  );
  // A concatenated module lists the modules it was made of.
  const moduleNames = (modules: webpack.StatsModule[] | undefined): { name: string; size: number }[] =>
    (modules ?? []).flatMap((m) =>
      m.modules?.length ? moduleNames(m.modules) : m.name ? [{ name: m.name, size: m.size ?? 0 }] : [],
    );
  return (json.chunks ?? []).map((c) => {
    const files = [...(c.files ?? [])].filter((f) => f.endsWith(".js"));
    return {
      names: [...(c.names ?? [])],
      files,
      initial: files.some((f) => initialFiles.has(f)),
      modules: moduleNames(c.modules),
    };
  });
}

function option(name: string): string | null {
  const at = process.argv.indexOf(name);
  if (at < 0) return null;
  const value = process.argv[at + 1];
  if (!value) throw new BuildError(`${name} needs a value`);
  return value;
}

async function main(): Promise<void> {
  const publicUrl = publicUrlFrom(process.env.ADDIN_PUBLIC_URL);
  const outDir = option("--out") ?? DIST;
  const reportFile = option("--report");
  console.log(`Building Sign for Outlook for ${publicUrl} …`);
  const stats = await runWebpack(outDir);
  writeManifest(publicUrl, outDir);
  const { scripts, initialGzip } = reportSizes(stats, outDir);
  if (reportFile) {
    const report: BuildReport = {
      budgetBytes: TASKPANE_BUDGET_BYTES,
      initialGzip,
      scripts,
      chunks: chunkReport(stats),
    };
    writeFileSync(reportFile, JSON.stringify(report, null, 2));
  }
  if (initialGzip > TASKPANE_BUDGET_BYTES) {
    throw new BuildError(
      `The task pane's initial JavaScript is ${kb(initialGzip)} gzipped, over the budget of ${kb(TASKPANE_BUDGET_BYTES)}. ` +
        "Load more of it lazily (React.lazy + import()).",
    );
  }
  // The signing page goes into dist/signing/ with a production build; a build elsewhere (--out, the
  // budget test) is of the add-in alone.
  if (outDir === DIST) {
    console.log("\nBuilding the signing page …");
    await buildSigningPage();
    const { ms } = await buildService();
    console.log(`\nService compiled into ${SERVICE_BUILD_DIR} in ${ms} ms`);
  }
  console.log(`Build finished: ${outDir === DIST ? "dist/" : outDir}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof BuildError ? `Build failed: ${error.message}` : error);
    process.exitCode = 1;
  });
}
