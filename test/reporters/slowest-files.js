// Prints the ten slowest test files after the summary, so that whoever makes the suite quicker
// starts where the time goes (issue 31). Jest's own summary gives only the total.
class SlowestFilesReporter {
  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((r) => ({ file: r.testFilePath, seconds: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .filter((f) => Number.isFinite(f.seconds))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    if (files.length === 0) return;
    const root = process.cwd() + "/";
    const lines = files.map((f) => `  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file.replace(root, "")}`);
    process.stderr.write(`\nThe ten slowest test files:\n${lines.join("\n")}\n`);
  }
}
module.exports = SlowestFilesReporter;
