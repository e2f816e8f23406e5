/** @type {import('jest').Config} */
module.exports = {
  // Node's environment with the leak guard: a file that leaves a server, socket, child process or
  // timer open fails (docs/testing.md). jsdom files name ./test/leak-guard/jsdom-environment.js.
  testEnvironment: "<rootDir>/test/leak-guard/node-environment.js",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  transform: {
    "^.+\\.(tsx?|jsx?|mjs)$": [
      "@swc/jest",
      {
        jsc: {
          target: "es2022",
          parser: { syntax: "typescript", tsx: true },
          transform: { react: { runtime: "automatic" } },
        },
        module: { type: "commonjs" },
      },
    ],
  },
  // ESM-only packages that must be transformed to run under jest on Node 20.
  transformIgnorePatterns: [
    "/node_modules/(?!(strip-bom|uuid|jose|@seriousme/openapi-schema-validator|pdfjs-dist)/)",
  ],
  // Fluent's two indexes load everything they hold (all 26,000 icons; 58 packages of components),
  // about 1.7 s of CPU in each jsdom file: these load what a file asks for (test/jest/).
  moduleNameMapper: {
    "^@fluentui/react-icons$": "<rootDir>/test/jest/fluent-icons.js",
    "^@fluentui/react-components$": "<rootDir>/test/jest/fluent-components.js",
  },
  testTimeout: 30000,
  // Testing Library's waits in jsdom files: 20 s, not 1 s (test/async-wait-budget.js).
  setupFilesAfterEnv: ["<rootDir>/test/async-wait-budget.js"],
  // The ten slowest files after the summary; RECORD_DURATIONS=1 writes test/durations.json, from
  // which the sequencer starts the slowest files first (docs/testing.md, "Order of the files").
  reporters: ["default", "<rootDir>/test/reporters/slowest-files.js"],
  testSequencer: "<rootDir>/test/sequencer.js",
  // Three workers on two cores: many files wait (a browser drawing, a timer, a child process
  // starting), and a third worker fills those waits (docs/testing.md, "The suite's time").
  maxWorkers: 3,
  // A worker whose heap passes 1 GB after a file is replaced before the next. Without it a worker's
  // heap grew past 2 GB over ~50 heavy files (pdf.js, 50 MB uploads, Chromium), and tearing that
  // down at the end took longer than Jest waits: "A worker process has failed to exit gracefully"
  // with nothing left open (issue 13; docs/testing.md).
  workerIdleMemoryLimit: "1GB",
};
