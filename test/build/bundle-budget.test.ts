/**
 * The task pane's bundle budget, under `npm test` (CI runs only that, never `npm run build`): the
 * production build (scripts/build.ts, which measures and enforces the budget) runs once into a
 * temporary folder, and its report says what each chunk holds.
 *
 * - the initial JavaScript (what taskpane.html loads before any view) is at most 100 KB gzipped;
 * - the Send view is a chunk of its own, loaded when it is opened;
 * - pdf.js and pdf-lib (hundreds of kB) are in no initial chunk;
 * - neither is Griffel's style compiler (the shell's styles are computed at build time) nor tabster.
 *
 * One webpack run of about a minute on a quiet machine (more when loaded): hence the long timeout.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BuildReport } from "../../scripts/build";

const ROOT = path.join(__dirname, "..", "..");
const BUDGET_BYTES = 100_000;

let scratch: string;
let report: BuildReport;
let output = "";

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "bundle-budget-"));
  const reportFile = path.join(scratch, "report.json");
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/build.ts", "--out", path.join(scratch, "dist"), "--report", reportFile],
      {
        cwd: ROOT,
        env: { ...process.env, ADDIN_PUBLIC_URL: "https://sign.example.com/addin", WEBPACK_SERVE: "" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", resolve);
  });
  // The build itself fails over the budget: its own words say by how much.
  if (code !== 0) throw new Error(`npm run build failed (exit ${code}):\n${output.slice(-4000)}`);
  report = JSON.parse(readFileSync(reportFile, "utf8")) as BuildReport;
}, 600_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const initialChunks = () => report.chunks.filter((c) => c.initial);

test("the task pane's initial JavaScript is at most 100 KB gzipped", () => {
  expect(report.budgetBytes).toBe(BUDGET_BYTES);
  const initial = report.scripts.filter((s) => s.initial);
  expect(initial.length).toBeGreaterThan(0);
  expect(report.initialGzip).toBe(initial.reduce((sum, s) => sum + s.gzip, 0));
  // Printed for whoever wonders how much room is left.
  console.log(
    `Task pane initial JavaScript: ${(report.initialGzip / 1000).toFixed(1)} kB gzipped of ${BUDGET_BYTES / 1000} kB`,
  );
  expect(report.initialGzip).toBeLessThanOrEqual(BUDGET_BYTES);
});

test("the Send view is a chunk of its own, loaded on demand", () => {
  const holding = report.chunks.filter((c) =>
    c.modules.some((m) => m.name === "./src/taskpane/views/SendView.tsx"),
  );
  expect(holding.map((c) => [c.names, c.initial])).toEqual([[["view-send"], false]]);
  // No other view in it.
  const views = holding[0]!.modules.filter((m) =>
    /^\.\/src\/taskpane\/views\/[A-Za-z]+View\.tsx$/.test(m.name),
  );
  expect(views.map((m) => m.name)).toEqual(["./src/taskpane/views/SendView.tsx"]);
});

test("no pdf.js or pdf-lib module is in an initial chunk", () => {
  const modules = initialChunks().flatMap((c) => c.modules.map((m) => m.name));
  expect(modules.length).toBeGreaterThan(50); // the report lists the modules inside concatenated ones
  expect(modules.filter((name) => /node_modules\/(pdfjs-dist|pdf-lib)\//.test(name))).toEqual([]);
  // They are built, in chunks of their own.
  const pdfChunks = report.chunks.filter((c) =>
    c.modules.some((m) => /node_modules\/(pdfjs-dist|pdf-lib)\//.test(m.name)),
  );
  expect(pdfChunks.length).toBeGreaterThan(0);
  expect(pdfChunks.every((c) => !c.initial)).toBe(true);
});

test("the initial chunks carry no style compiler, tabster or Fluent's TabList", () => {
  const modules = initialChunks().flatMap((c) => c.modules.map((m) => m.name));
  const heavy = /node_modules\/(stylis|rtl-css-js|tabster|@fluentui\/react-tabs)\/|@griffel\/core\/src\/runtime\/resolveStyleRules/;
  expect(modules.filter((name) => heavy.test(name))).toEqual([]);
});
