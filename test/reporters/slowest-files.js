// Prints the ten slowest test files after the summary, so that whoever makes the suite quicker
// starts where the time goes (issue 31). Jest's own summary gives only the total.
//
// With RECORD_DURATIONS=1 it also writes each file's time into test/durations.json, which
// test/sequencer.js reads to start the slowest files first (docs/testing.md, "Order of the files").
// A run of some files updates theirs and keeps the others'; files that no longer exist are dropped.
const fs = require("node:fs");
const path = require("node:path");

const { DURATIONS_FILE, readDurations } = require("../durations-file");

function record(files, root) {
  const known = readDurations();
  for (const f of files) known[path.relative(root, f.file)] = Math.round(f.seconds * 10) / 10;
  const kept = Object.entries(known)
    .filter(([file]) => fs.existsSync(path.join(root, file)))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  fs.writeFileSync(DURATIONS_FILE, `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`);
}

class SlowestFilesReporter {
  constructor(globalConfig) {
    this.root = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const all = results.testResults
      .map((r) => ({ file: r.testFilePath, seconds: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .filter((f) => Number.isFinite(f.seconds) && f.seconds > 0)
      .sort((a, b) => b.seconds - a.seconds);
    if (process.env.RECORD_DURATIONS === "1" && all.length > 0) record(all, this.root);
    const files = all.slice(0, 10);
    if (files.length === 0) return;
    const root = this.root + "/";
    const lines = files.map((f) => `  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file.replace(root, "")}`);
    process.stderr.write(`\nThe ten slowest test files:\n${lines.join("\n")}\n`);
  }
}
module.exports = SlowestFilesReporter;
