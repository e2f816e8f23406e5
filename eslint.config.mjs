import js from "@eslint/js";
import tseslint from "typescript-eslint";

// The layering between src/'s folders (the other rule, no import circle, is test/import-rules.test.ts).
// Imports are relative, so "../signing" means src/signing only from a file one folder below src/:
// each rule is written once per depth, and a file matches the one block of its depth.
const SIDE_FOLDERS = ["service", "taskpane", "outlook", "auth", "workbench", "signing", "api", "dev-idp"];
const DEPTHS = [1, 2, 3, 4, 5, 6];
function layer(folders, forbidden, packages = []) {
  const message = `src/${folders.join(", src/")} may not import ${forbidden.map((f) => `src/${f}`).join(", ")}${packages.length > 0 ? ", " + packages.join(", ") : ""} (eslint.config.mjs, "layering")`;
  return folders.flatMap((folder) =>
    DEPTHS.map((depth) => ({
      files: [`src/${folder}/${"*/".repeat(depth - 1)}*.{ts,tsx}`],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              { regex: `^(\\.\\./){${depth}}(${forbidden.join("|")})(/|$)`, message },
              ...packages.map((name) => ({ regex: `^${name.replace("*", ".*")}(/|$)`, message })),
            ],
          },
        ],
      },
    })),
  );
}

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "build/", "coverage/", ".data/", "src/api/schema.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.js", "**/*.cjs"],
    languageOptions: {
      sourceType: "commonjs",
      globals: { module: "writable", require: "readonly", __dirname: "readonly", process: "readonly" },
    },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  ...layer(
    ["service"],
    ["taskpane", "outlook", "auth", "workbench", "signing"],
    ["react", "react-dom", "@fluentui/*"],
  ),
  ...layer(["taskpane", "signing", "outlook", "auth"], ["service", "workbench"]),
  ...layer(["shared", "tags", "pdf"], SIDE_FOLDERS),
);
