// Fluent's two indexes answered a name at a time (fluent-icons.js, fluent-components.js, mapped in
// jest.config.js): each name gives what the package's own index gives, without loading that index.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import * as components from "@fluentui/react-components";
import * as icons from "@fluentui/react-icons";

const ROOT = path.join(__dirname, "../..");
const ICONS_INDEX = require
  .resolve("@fluentui/react-icons/package.json")
  .replace(/package\.json$/, "lib-cjs/index.cjs");
const COMPONENTS_INDEX = require
  .resolve("@fluentui/react-components/package.json")
  .replace(/package\.json$/, "lib-commonjs/index.cjs");

/** Whether Jest's registry holds the module (require.cache lists it). */
const loaded = (file: string) => Object.keys(require.cache).includes(file);

/** Every name the pane's sources import from `pkg`. */
function importedBySources(pkg: string): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        const text = readFileSync(full, "utf8");
        for (const [, list] of text.matchAll(new RegExp(`import (?:type )?\\{([^}]*)\\} from "${pkg}"`, "g")))
          for (const part of (list ?? "").split(",")) {
            const name = part
              .trim()
              .replace(/^type /, "")
              .split(/\s+as\s+/)[0];
            if (name) names.add(name);
          }
      }
    }
  };
  walk(path.join(ROOT, "src"));
  return [...names];
}

// Names first, the real indexes after: the shims must not have loaded them.
// Only values: a type (`Theme`, `FluentIcon`) is no export of either index.
const componentKeys = new Set(Object.keys(components));
const iconNames = importedBySources("@fluentui/react-icons").filter((n) =>
  /(Regular|Filled|Light|Color)$/.test(n),
);
const componentNames = importedBySources("@fluentui/react-components").filter((n) => componentKeys.has(n));
const iconAnswers = new Map(iconNames.map((n) => [n, (icons as Record<string, unknown>)[n]]));
const componentAnswers = new Map(componentNames.map((n) => [n, (components as Record<string, unknown>)[n]]));
const indexesLoadedByShims = { icons: loaded(ICONS_INDEX), components: loaded(COMPONENTS_INDEX) };

// eslint-disable-next-line @typescript-eslint/no-require-imports
const realIcons = require(ICONS_INDEX) as Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const realComponents = require(COMPONENTS_INDEX) as Record<string, unknown>;

test("the pane's own icons and components are answered without loading either index", () => {
  expect(iconNames.length).toBeGreaterThan(10);
  expect(componentNames.length).toBeGreaterThan(30);
  expect(indexesLoadedByShims).toEqual({ icons: false, components: false });
});

test("every component name is the very object the index answers", () => {
  expect(Object.keys(components).sort()).toEqual(Object.keys(realComponents).sort());
  for (const name of Object.keys(realComponents)) {
    expect([name, (components as Record<string, unknown>)[name]]).toEqual([name, realComponents[name]]);
  }
  for (const [name, value] of componentAnswers) expect(value).toBe(realComponents[name]);
});

// An icon comes from its own module, so it is an equal component rather than the same object.
function sameIcon(name: string, value: unknown) {
  const real = realIcons[name];
  expect(typeof value).toBe(typeof real);
  if (typeof real === "function" || (typeof real === "object" && real !== null)) {
    expect((value as { displayName?: string }).displayName).toBe(
      (real as { displayName?: string }).displayName,
    );
  } else {
    expect(value).toBe(real);
  }
}

test("the pane's icons and the helpers are the index's", () => {
  for (const [name, value] of iconAnswers) sameIcon(name, value);
  for (const helper of [
    "createFluentIcon",
    "bundleIcon",
    "wrapIcon",
    "useIconContext",
    "IconDirectionContextProvider",
  ])
    expect((icons as Record<string, unknown>)[helper]).toBe(realIcons[helper]);
});

test("any icon of the package is answered as the index answers it", () => {
  const names = Object.keys(realIcons);
  fc.assert(
    fc.property(fc.constantFrom(...names), (name) =>
      sameIcon(name, (icons as Record<string, unknown>)[name]),
    ),
    { numRuns: 400 },
  );
});
