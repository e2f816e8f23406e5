// Jest only: jest.config.js maps "@fluentui/react-components" here. The package's CommonJS index
// loads all 58 of its packages (about 2,000 modules) for whichever few components a file renders.
// Its index is a list of getters, one a name, each reading the name from one of those packages: read
// once as text here, it tells which package holds a name, and this module loads that package when
// the name is first asked for. The objects answered are the packages' own, as the index's are.
"use strict";
const { readFileSync } = require("node:fs");
const path = require("node:path");
const { lazyModule } = require("./lazy-module");

const INDEX = require
  .resolve("@fluentui/react-components/package.json")
  .replace(/package\.json$/, "lib-commonjs/index.cjs");
const source = readFileSync(INDEX, "utf8");

/** `_reactbutton` → `@fluentui/react-button`: the index's `const _x = require("…")` lines. */
const packages = new Map();
for (const [, alias, name] of source.matchAll(/const (_\w+) = require\("([^"]+)"\);/g))
  packages.set(alias, name);

/** Each exported name → the package and the name it has there (the index's getters, some with a comment after `get`). */
const owners = new Map();
for (const [, name, alias, inner] of source.matchAll(
  /get\s+(?:\/\/[^\n]*\s+)*(\w+) \(\) \{\s*return (_\w+)\.(\w+);/g,
)) {
  const from = packages.get(alias);
  if (from) owners.set(name, { from, inner });
}

let index = null;
/** The index itself, for a name the text above did not place. */
function fullIndex() {
  index ??= require(INDEX);
  return index;
}

/** A package as the index requires it: from its own folder, where npm may have nested a version. */
function load(from) {
  return require(require.resolve(from, { paths: [path.dirname(INDEX)] }));
}

function find(name) {
  const owner = owners.get(name);
  return owner ? load(owner.from)[owner.inner] : fullIndex()[name];
}

module.exports = lazyModule({
  find,
  has: (name) => owners.has(name) || name in fullIndex(),
  names: () => owners.keys(),
});
