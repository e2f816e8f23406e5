/**
 * scripts/griffel-precompile-loader.js: a `.styles.ts` module's makeStyles hooks become Griffel's
 * build output (`__styles(classes, css)`), the classes and CSS that makeStyles computes in the browser.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { resolveStyleRulesForSlots } from "@griffel/core";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require("../../scripts/griffel-precompile-loader.js") as (this: { resourcePath: string }, source: string) => string;

const run = (resourcePath: string, source: string): string => loader.call({ resourcePath }, source);

test("each hook becomes __styles with the classes and CSS (LTR and RTL) makeStyles computes", () => {
  const file = path.join(__dirname, "../../src/taskpane/components/App.styles.ts");
  const output = run(file, readFileSync(file, "utf8"));
  const [classes, css] = resolveStyleRulesForSlots({
    root: { display: "flex", flexDirection: "column", minHeight: "100vh" },
    panel: { padding: "var(--spacingVerticalM) var(--spacingHorizontalM)" },
  });
  expect(output).toBe(
    'import { __styles } from "@fluentui/react-components";\n' +
      `export const useAppStyles = /*#__PURE__*/ __styles(${JSON.stringify(classes)}, ${JSON.stringify(css)});\n`,
  );
});

test("a module with anything but makeStyles hooks, or other imports, fails the build", () => {
  const file = "/src/x.styles.ts";
  expect(() =>
    run(file, 'import { makeStyles } from "@fluentui/react-components";\nexport const size = 3;\n'),
  ).toThrow("export size is not a makeStyles hook");
  expect(() => run(file, 'import { readFileSync } from "node:fs";\nexport const f = readFileSync;\n')).toThrow(
    "imports only @fluentui/react-components, not node:fs",
  );
});
