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
  testTimeout: 30000,
  maxWorkers: 2,
};
