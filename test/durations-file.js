// test/durations.json: each test file's time in seconds, written by the slowest-files reporter
// (RECORD_DURATIONS=1) and read by test/sequencer.js to start the slowest files first.
const fs = require("node:fs");
const path = require("node:path");

const DURATIONS_FILE = path.join(__dirname, "durations.json");

/** The recorded times by file (relative to the repository), or none when nothing is recorded. */
function readDurations() {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS_FILE, "utf8"));
  } catch {
    return {};
  }
}

module.exports = { DURATIONS_FILE, readDurations };
