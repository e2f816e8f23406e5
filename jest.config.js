/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
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
