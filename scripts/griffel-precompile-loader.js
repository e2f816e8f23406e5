/**
 * Webpack loader: Griffel's styles computed at build time for `*.styles.ts` modules (webpack.config.js).
 *
 * Fluent's own components ship with their styles precompiled (`__styles(classes, css)`); a
 * `makeStyles({...})` of ours makes the pane carry Griffel's style compiler (stylis, rtl-css-js, the
 * resolver) and the `tokens` table, about 12 kB gzipped of its first download. This loader does for
 * such a module what Griffel's own AOT (@griffel/webpack-loader) does, without its Babel toolchain:
 * it runs the module in Node with a `makeStyles` that records its argument, resolves each recorded
 * style object with Griffel's resolveStyleRulesForSlots (the function makeStyles itself runs in the
 * browser, hence the same class names and CSS, LTR and RTL) and emits `__styles(classes, css)`.
 *
 * A `.styles.ts` module holds only `export const useXStyles = makeStyles({...})` hooks, and imports
 * from @fluentui/react-components (tokens and the like); anything else fails the build. In jest it is
 * an ordinary module, styled at run time.
 */
const ts = require("typescript");
const { resolveStyleRulesForSlots } = require("@griffel/core");

const ALLOWED_IMPORTS = new Set(["@fluentui/react-components"]);

module.exports = function griffelPrecompile(source) {
  const code = ts.transpileModule(source, {
    fileName: this.resourcePath,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
  }).outputText;
  const recorded = new Set();
  const makeStyles = (styles) => {
    const hook = () => {
      throw new Error("precompiled at build time");
    };
    hook.styles = styles;
    recorded.add(hook);
    return hook;
  };
  const fluent = require("@fluentui/react-components");
  const sandboxRequire = (name) => {
    if (!ALLOWED_IMPORTS.has(name)) {
      throw new Error(
        `${this.resourcePath}: a .styles.ts module imports only ${[...ALLOWED_IMPORTS]}, not ${name}`,
      );
    }
    return new Proxy(fluent, { get: (target, key) => (key === "makeStyles" ? makeStyles : target[key]) });
  };
  const module = { exports: {} };
  new Function("require", "module", "exports", code)(sandboxRequire, module, module.exports);

  const lines = ['import { __styles } from "@fluentui/react-components";'];
  for (const [name, value] of Object.entries(module.exports)) {
    if (!recorded.has(value)) {
      throw new Error(
        `${this.resourcePath}: export ${name} is not a makeStyles hook (a .styles.ts module holds only those)`,
      );
    }
    const [classes, css] = resolveStyleRulesForSlots(value.styles);
    lines.push(
      `export const ${name} = /*#__PURE__*/ __styles(${JSON.stringify(classes)}, ${JSON.stringify(css)});`,
    );
  }
  return `${lines.join("\n")}\n`;
};
