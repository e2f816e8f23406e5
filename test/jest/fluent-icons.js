// Jest only: jest.config.js maps "@fluentui/react-icons" here. The package's CommonJS index makes
// every one of its 26,000 icons when it is loaded, about a second of CPU in each jsdom file that
// renders the pane; the package also has a module per icon (`@fluentui/react-icons/svg/<name>`,
// every size and style of it). This module answers an icon from that module, loaded when the icon is
// first asked for, its helpers from the package's `utils` and `providers` (the index answers the same
// objects), and any other name (one it cannot place) from the index itself.
"use strict";
const { lazyModule } = require("./lazy-module");

const utils = require("@fluentui/react-icons/utils");
const providers = require("@fluentui/react-icons/providers");

let index = null;
/** The package's own index (the mapping covers only the bare name, so this is not this module). */
function fullIndex() {
  index ??= require(
    require.resolve("@fluentui/react-icons/package.json").replace(/package\.json$/, "lib-cjs/index.cjs"),
  );
  return index;
}

const STYLE = /^(.*?)(\d*)(Regular|Filled|Light|Color)$/;

/** `Calendar3Day` → `calendar-3-day`: the package's file names. */
function kebab(words) {
  return words
    .replace(/([a-z])([A-Z0-9])/g, "$1-$2")
    .replace(/([0-9])([A-Za-z])/g, "$1-$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1-$2")
    .toLowerCase();
}

/** The icon's own module's export, or undefined when the name is no icon this can place. */
function fromAtom(name) {
  const match = STYLE.exec(name);
  if (!match) return undefined;
  const [, base, size] = match;
  // A name's digits before its style are its size (`Add20Regular`), or part of its name
  // (`Battery0Regular`): the first file that has the name answers.
  for (const family of size ? [base, base + size] : [base]) {
    let atom;
    try {
      atom = require(`@fluentui/react-icons/svg/${kebab(family)}`);
    } catch {
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(atom, name)) return atom[name];
  }
  return undefined;
}

function find(name) {
  if (Object.prototype.hasOwnProperty.call(utils, name)) return utils[name];
  if (Object.prototype.hasOwnProperty.call(providers, name)) return providers[name];
  return fromAtom(name) ?? fullIndex()[name];
}

module.exports = lazyModule({
  find,
  // Listing every name needs the index (nothing in the pane or Fluent lists them).
  names: () => Object.keys(fullIndex()),
});
