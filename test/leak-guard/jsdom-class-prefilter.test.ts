// The class each part of a selector list needs on the element itself (jsdom-class-prefilter.js):
// a rule is skipped without matching only when the element has none of them, so a class that is not
// certainly required (inside :not() or :is(), before a combinator, after an escape) must not count.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { requiredClasses } = require("./jsdom-class-prefilter") as {
  requiredClasses(selector: string): string[] | null;
};

test.each([
  [".f1abc", ["f1abc"]],
  [".f1abc:hover", ["f1abc"]],
  [".f1abc::after", ["f1abc"]],
  [".a .b", ["b"]],
  [".a>.b", ["b"]],
  [".a + .b", ["b"]],
  [".a ~ .b", ["b"]],
  [".a>.b:not(.c)", ["b"]],
  [".a:nth-child(2n+1)", ["a"]],
  [".r1 .f2:focus-visible::after", ["f2"]],
  [".a,.b", ["a", "b"]],
  ["div.Big", ["big"]],
  [".a[data-x=y]", ["a"]],
])("%s requires %j", (selector, classes) => {
  expect(requiredClasses(selector)).toEqual(classes);
});

test.each([
  "div",
  "*",
  ".a, div",
  ".a .b > span",
  ":is(.a, .b)",
  ":not(.a)",
  ".a :where(.b)",
  "[class~=x]",
  ".a\\:b",
  '.a[title="x, .y"]',
  "::selection",
])("%s is left to nwsapi", (selector) => {
  expect(requiredClasses(selector)).toBeNull();
});
