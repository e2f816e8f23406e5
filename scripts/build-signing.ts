/**
 * Builds the signing page (webpack.signing.config.js) into dist/signing/: `npm run build:signing`.
 * `npm start` runs it first, and the browser test when nothing is built yet. Prints the gzipped size
 * of each script: what a signer downloads before the page is usable is the `signing` entry; pdf.js
 * and signature_pad come on demand.
 *
 *   SIGN_SIGNING_BUILD_DIR=/elsewhere npm run build:signing    build somewhere else
 *   npm run build:signing -- --development                      readable, with source maps
 *   npm run build:signing -- --if-stale                         only when a source changed (npm start)
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import webpack from "webpack";
import { buildIsFresh, writeBuildRecord } from "./build-record";

const ROOT = join(__dirname, "..");

/** Where the build goes: SIGN_SIGNING_BUILD_DIR, else dist/signing. */
export function signingBuildDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.SIGN_SIGNING_BUILD_DIR?.trim() || join(ROOT, "dist", "signing");
}

export function buildSigningPage(
  options: { mode?: "production" | "development"; quiet?: boolean } = {},
): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const factory = require("../webpack.signing.config.js") as (
    env: unknown,
    argv: { mode: string },
  ) => webpack.Configuration;
  const config = factory({}, { mode: options.mode ?? "production" });
  const started = Date.now();
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (!stats) return reject(new Error("webpack returned no stats"));
      if (stats.hasErrors())
        return reject(new Error(stats.toString({ all: false, errors: true, colors: false })));
      if (stats.hasWarnings() && !options.quiet)
        console.warn(stats.toString({ all: false, warnings: true, colors: false }));
      const dir = config.output!.path!;
      recordInputs(dir, started, options.mode ?? "production", [...stats.compilation.fileDependencies]);
      if (!options.quiet) report(dir);
      resolve(dir);
    });
  });
}

/** The checkout's files the build read (packages go by package-lock.json), written beside it. */
function recordInputs(dir: string, builtAt: number, mode: string, files: string[]): void {
  const inputs = files
    .filter((file) => file.startsWith(ROOT) && !file.includes("node_modules") && isFile(file))
    .map((file) => relative(ROOT, file));
  inputs.push(
    "package.json",
    "package-lock.json",
    "tsconfig.json",
    "webpack.signing.config.js",
    "scripts/build-signing.ts",
  );
  writeBuildRecord(dir, { builtAt, inputs, mode });
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Whether `dir` holds a build of the sources as they are now, in `mode` (build-record.ts). */
export function signingBuildIsFresh(dir: string = signingBuildDir(), mode = "production"): boolean {
  return buildIsFresh(dir, ["index.html"], mode);
}

function report(dir: string): void {
  const assets = join(dir, "assets");
  const scripts = readdirSync(assets)
    .filter((name) => /\.(m?js|css)$/.test(name))
    .map((name) => ({ name, gzip: gzipSync(readFileSync(join(assets, name)), { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
  for (const s of scripts)
    console.log(`  ${s.name.padEnd(36)} ${(s.gzip / 1000).toFixed(1).padStart(7)} kB gzipped`);
  const initial = scripts.filter((s) => s.name.startsWith("signing.")).reduce((sum, s) => sum + s.gzip, 0);
  console.log(
    `Signing page: ${(initial / 1000).toFixed(1)} kB gzipped before it is usable (script and styles); built in ${dir}`,
  );
}

if (require.main === module) {
  const mode = process.argv.includes("--development") ? "development" : "production";
  const build =
    process.argv.includes("--if-stale") && signingBuildIsFresh(signingBuildDir(), mode)
      ? Promise.resolve(console.log(`Signing page: ${signingBuildDir()} up to date`))
      : buildSigningPage({ mode });
  build.catch((error: unknown) => {
    console.error(
      `Building the signing page failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  });
}
