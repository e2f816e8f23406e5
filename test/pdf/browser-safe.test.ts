import { readFileSync } from "node:fs";
import path from "node:path";

// The modules the task pane uses must run in a browser: no Node built-ins, no Buffer, no
// process, and no pdf.js (which only the service loads).
const PANE_MODULES = [
  "limits.ts",
  "geometry.ts",
  "inspect.ts",
  "image-to-pdf.ts",
  "stamp-tags.ts",
  "incremental.ts",
  "tag-field-box.ts",
];

describe.each(PANE_MODULES)("src/pdf/%s", (file) => {
  const source = readFileSync(path.join(__dirname, "../../src/pdf", file), "utf8");
  const imports = [...source.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]!);

  it("imports only pdf-lib, src/tags and its neighbours", () => {
    for (const spec of imports) {
      expect(spec === "pdf-lib" || spec === "../tags" || spec.startsWith("./")).toBe(true);
    }
    for (const spec of imports.filter((s) => s.startsWith("./"))) {
      expect(PANE_MODULES).toContain(`${spec.slice(2)}.ts`);
    }
  });

  it("uses no Node globals", () => {
    const code = source.replace(/\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "");
    expect(code).not.toMatch(/\b(Buffer|process|require|__dirname)\b/);
  });
});
