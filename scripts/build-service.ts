/**
 * Compiles the signing service to JavaScript: `npm run build:service` (and the last step of `npm run
 * build`). `npm run service`, `npm run admin` and `npm start` run what this makes, so no TypeScript
 * compiler runs in a service process.
 *
 * esbuild bundles each entry point with our own modules and the packages they use inlined, except a
 * few left to node_modules (EXTERNAL_PACKAGES) and those loaded only when first used (LAZY_PACKAGES). The bundles go into build/service/, two levels below the repository
 * like src/service/, so the paths the service finds relative to __dirname (package.json,
 * dist/signing, webpack.config.js) are the same compiled or not; pdf-reader's thread is a bundle of
 * its own beside them (worker.js), where pdf-reader/index.ts looks for it. Not under dist/: that is
 * the add-in's static files, published as they are, and webpack's `clean` empties it.
 *
 * Source maps are kept beside the bundles; the scripts run node with --enable-source-maps, so
 * stacks name TypeScript lines.
 */
import { build, type Metafile, type Plugin } from "esbuild";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { buildIsFresh, writeBuildRecord } from "./build-record";

const ROOT = path.join(__dirname, "..");
export const SERVICE_BUILD_DIR = path.join(ROOT, "build", "service");

/** Output name (without .js) → source. */
const ENTRY_POINTS: Record<string, string> = {
  main: "src/service/main.ts",
  admin: "src/service/admin.ts",
  "start-dev": "src/service/start-dev.ts",
  worker: "src/service/pdf-reader/worker.ts",
};

/**
 * Packages that answering most requests never needs, loaded when their first export is read instead
 * of when the service starts (issue 31: together they were about half of the start's CPU). Each is
 * replaced in the bundle by an object with one getter per export that requires the package on first
 * use; its export names are read here, at build time. Only packages whose exports are not used while
 * modules load belong here (a class extended at module level would load its package at start anyway).
 */
const LAZY_PACKAGES = [
  "pdf-lib",
  "@pdf-lib/upng",
  "@signpdf/placeholder-pdf-lib",
  "@signpdf/signpdf",
  "node-forge",
  "nodemailer",
  "jose",
  "pg",
  "yazl",
  "@fastify/fast-json-stringify-compiler",
  // @fastify/swagger's: YAML only for a YAML document (the service serves JSON); the resolver when the
  // OpenAPI document is first built.
  "yaml",
  "json-schema-resolver",
];

/**
 * Packages left to node_modules; every other package is bundled into the service's files, since
 * finding and reading the few thousand files of Fastify, TypeBox, Ajv, pino and the rest took more of
 * the start than running them (issue 31). Left out: a native addon, what is loaded by import() only
 * when needed (pdf.js in the reader thread, the AWS SDK when S3 is configured), and the development
 * tools start-dev.ts runs.
 */
const EXTERNAL_PACKAGES = [
  "better-sqlite3",
  "pdfjs-dist",
  "@aws-sdk/client-s3",
  // Shared with the lazy @signpdf packages, which check our signer with instanceof against theirs:
  // one copy, in node_modules.
  "@signpdf/utils",
  "tsx",
  "webpack",
  "webpack-cli",
];

/** Packages are bundled except EXTERNAL_PACKAGES; LAZY_PACKAGES are left out behind stand-ins. */
function packagesPlugin(lazy: string[], external: string[]): Plugin {
  const wanted = new Set(lazy);
  const load = createRequire(path.join(ROOT, "package.json"));
  const packageOf = (specifier: string) =>
    specifier
      .split("/")
      .slice(0, specifier.startsWith("@") ? 2 : 1)
      .join("/");
  return {
    name: "packages",
    setup(esbuild) {
      esbuild.onResolve({ filter: /^[@a-z]/ }, (args) => {
        if (args.path.startsWith("node:") || external.includes(packageOf(args.path)))
          return { path: args.path, external: true };
        if (!wanted.has(args.path)) return undefined;
        // The stand-in's own require is the package itself, left to node_modules.
        if (args.namespace === "lazy-package") return { path: args.path, external: true };
        return { path: args.path, namespace: "lazy-package" };
      });
      esbuild.onLoad({ filter: /.*/, namespace: "lazy-package" }, (args) => {
        const real = load(args.path) as object;
        // A package that is a function (json-schema-resolver) is stood in for by a function.
        const callable = typeof real === "function";
        const own = new Set(callable ? ["length", "name", "prototype", "arguments", "caller"] : []);
        const names = Object.getOwnPropertyNames(real).filter((key) => key !== "__esModule" && !own.has(key));
        return {
          loader: "js",
          contents:
            `let real;\nconst get = () => (real ??= require(${JSON.stringify(args.path)}));\n` +
            (callable
              ? "module.exports = function (...args) {\n" +
                "  return new.target ? Reflect.construct(get(), args, new.target) : get().apply(this, args);\n};\n"
              : "") +
            ("__esModule" in real
              ? `Object.defineProperty(module.exports, "__esModule", { value: true });\n`
              : "") +
            `for (const key of ${JSON.stringify(names)})\n` +
            `  Object.defineProperty(module.exports, key, { enumerable: true, get: () => get()[key] });\n`,
        };
      });
    },
  };
}

/**
 * Builds every entry point into `outDir`. Each file is written beside its final name and renamed
 * over it, so a process starting meanwhile (tests build when stale, on two workers at once) never
 * loads half a file.
 */
export async function buildService(outDir: string = SERVICE_BUILD_DIR): Promise<{ ms: number }> {
  const started = Date.now();
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(
      Object.entries(ENTRY_POINTS).map(([name, file]) => [name, path.join(ROOT, file)]),
    ),
    outdir: outDir,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    plugins: [packagesPlugin(LAZY_PACKAGES, EXTERNAL_PACKAGES)],
    sourcemap: "linked",
    // Stacks need the mappings only; the sources are in the repository.
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: "warning",
    // start-dev.ts requires webpack.config.js by a computed path, on purpose.
    logOverride: { "unsupported-require-call": "silent" },
  });
  mkdirSync(outDir, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  // What it was made from, to tell whether it is stale (ensureServiceBuild).
  writeBuildRecord(outDir, { builtAt: started, inputs: ownInputs(result.metafile) });
  return { ms: Date.now() - started };
}

/** The repository's files a build read; the packages it bundled are as package-lock.json says. */
function ownInputs(metafile: Metafile): string[] {
  return [
    ...Object.keys(metafile.inputs).filter((f) => !f.includes("node_modules") && !f.includes(":")),
    "package.json",
    "package-lock.json",
  ];
}

/** Whether `outDir` holds a build of the sources as they are now (build-record.ts). */
export function serviceBuildIsFresh(outDir: string = SERVICE_BUILD_DIR): boolean {
  return buildIsFresh(
    outDir,
    Object.keys(ENTRY_POINTS).map((name) => `${name}.js`),
  );
}

/** Builds unless the build is fresh; answers whether it built. */
export async function ensureServiceBuild(outDir: string = SERVICE_BUILD_DIR): Promise<boolean> {
  if (serviceBuildIsFresh(outDir)) return false;
  await buildService(outDir);
  return true;
}

if (require.main === module) {
  const ifStale = process.argv.includes("--if-stale");
  (ifStale
    ? ensureServiceBuild().then((built) => (built ? "built" : "up to date"))
    : buildService().then(({ ms }) => `built in ${ms} ms`)
  ).then(
    (what) => {
      if (!process.argv.includes("--quiet"))
        console.log(`Service: ${path.relative(ROOT, SERVICE_BUILD_DIR)}/ ${what}`);
    },
    (error: unknown) => {
      console.error(`Building the service failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
