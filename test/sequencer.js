// The order in which Jest starts the test files: the slowest first, by the times recorded in
// test/durations.json (RECORD_DURATIONS=1, see test/reporters/slowest-files.js), then the files it
// does not know yet, largest first. Two workers take files from the front of this list; started
// last, a 4-minute file would leave the other worker idle for most of its run. Jest's own order
// does the same only from its cache (none on a fresh clone or in CI, and it changes with every
// local run). docs/testing.md, "Order of the files".
const fs = require("node:fs");
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;
const { readDurations } = require("./durations-file");

class SlowestFirstSequencer extends Sequencer {
  sort(tests) {
    const durations = readDurations(); // none recorded: every file goes by size
    const known = (test) => durations[path.relative(test.context.config.rootDir, test.path)];
    const size = (test) => {
      try {
        return fs.statSync(test.path).size;
      } catch {
        return 0;
      }
    };
    const keyed = tests.map((test) => ({ test, seconds: known(test), size: size(test) }));
    keyed.sort((a, b) => {
      if (a.seconds !== undefined && b.seconds !== undefined) return b.seconds - a.seconds;
      if (a.seconds !== undefined) return -1;
      if (b.seconds !== undefined) return 1;
      return b.size - a.size || a.test.path.localeCompare(b.test.path);
    });
    return keyed.map((k) => k.test);
  }
}
module.exports = SlowestFirstSequencer;
