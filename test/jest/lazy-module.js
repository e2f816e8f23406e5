// A module object whose names are looked up when first read, for fluent-icons.js and
// fluent-components.js: like the getters of a CommonJS index compiled from ES modules, but made
// without loading what they read. `find(name)` answers a name (once: compiled code reads a module's
// name at every use, a render reads it again), `has(name)` whether there is one
// (by default, whether `find` answers it), `names()` all of them.
"use strict";

function lazyModule({ find, has, names }) {
  const answered = new Map();
  const lookup = (name) => {
    if (!answered.has(name)) answered.set(name, find(name));
    return answered.get(name);
  };
  has ??= (name) => lookup(name) !== undefined;
  return new Proxy(
    { __esModule: true },
    {
      get(target, name) {
        if (typeof name !== "string" || name in target) return target[name];
        return lookup(name);
      },
      has(target, name) {
        return typeof name === "string" && (name in target || has(name));
      },
      ownKeys() {
        return ["__esModule", ...names()];
      },
      getOwnPropertyDescriptor(target, name) {
        if (name === "__esModule") return { value: true, enumerable: false, configurable: true };
        if (typeof name !== "string" || !has(name)) return undefined;
        // A getter: listing the names loads nothing.
        return { get: () => lookup(name), enumerable: true, configurable: true };
      },
    },
  );
}

module.exports = { lazyModule };
