// `npm start` builds the signing page only when it is stale (`build:signing -- --if-stale`): a build
// is fresh when it was made, in the same mode, after the last change of every file it read.
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { signingBuildIsFresh } from "../../scripts/build-signing";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "signing-fresh-"));
  writeFileSync(path.join(dir, "index.html"), "<!doctype html>");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The record a build leaves beside itself. */
function recorded(builtAt: number, inputs: string[], mode = "production") {
  writeFileSync(path.join(dir, "inputs.json"), JSON.stringify({ builtAt, mode, inputs }));
}

const INPUTS = ["package.json", "src/signing/api.ts"];
const newest = Math.max(...INPUTS.map((f) => statSync(path.join(__dirname, "../..", f)).mtimeMs));

test("a build made after its inputs' last change is fresh, in its own mode only", () => {
  recorded(newest + 1_000, INPUTS);
  expect(signingBuildIsFresh(dir, "production")).toBe(true);
  expect(signingBuildIsFresh(dir, "development")).toBe(false);
});

test("an input changed since the build makes it stale", () => {
  recorded(newest - 1_000, INPUTS);
  expect(signingBuildIsFresh(dir, "production")).toBe(false);
});

test("an input that no longer exists, a missing page or no record makes it stale", () => {
  recorded(newest + 1_000, [...INPUTS, "src/signing/gone.ts"]);
  expect(signingBuildIsFresh(dir, "production")).toBe(false);

  recorded(newest + 1_000, INPUTS);
  rmSync(path.join(dir, "index.html"));
  expect(signingBuildIsFresh(dir, "production")).toBe(false);

  rmSync(path.join(dir, "inputs.json"));
  writeFileSync(path.join(dir, "index.html"), "<!doctype html>");
  expect(signingBuildIsFresh(dir, "production")).toBe(false);
});
