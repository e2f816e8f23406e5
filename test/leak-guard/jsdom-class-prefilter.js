// A quicker, same-answer getComputedStyle for the jsdom files (issue 31.4). jsdom computes an
// element's style by matching it against every rule of every style sheet, and Griffel (Fluent's
// styles) puts thousands of atomic rules in the document; Testing Library's role queries ask for the
// style of each element and its ancestors. In a CPU profile of send-flow.test.tsx, selector matching
// for styles (nwsapi, jsdom's style-rules) was about a third of the file's CPU.
//
// Most of those rules can be ruled out without matching: the rightmost compound selector of
// `.f1abc:hover` needs the class f1abc on the element itself. Before nwsapi matches, the document's
// style matcher here checks that each part of the selector list names a class the element lacks;
// then no part can match, and the answer is false, as nwsapi's would be. Any selector it cannot read
// with certainty (escapes, quotes, a part without a class in its last compound) goes to nwsapi.
// Only the document's style matcher (`_nwsapiDontThrow`, used by jsdom for computed styles alone) is
// wrapped; querySelector and matches() are untouched.
const path = require("node:path");

/** Where jest-environment-jsdom's own jsdom is (its modules, not a second copy). */
function jsdomModule(relative) {
  const environment = path.dirname(require.resolve("jest-environment-jsdom/package.json"));
  const jsdom = path.dirname(require.resolve("jsdom/package.json", { paths: [environment] }));
  return require(path.join(jsdom, "lib", "jsdom", relative));
}

/**
 * For each comma-separated part of `selector`, a class its rightmost compound requires of the
 * element (lower-cased: class matching is case-insensitive in quirks mode, and a looser test is
 * still a sound one); null when some part requires none, or the text is not plainly readable.
 */
function requiredClasses(selector) {
  if (/[\\"']/.test(selector)) return null;
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= selector.length; i++) {
    const c = selector[i];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if ((c === "," && depth === 0) || i === selector.length) {
      parts.push(selector.slice(start, i).trim());
      start = i + 1;
    }
  }
  const required = [];
  for (const part of parts) {
    // The last compound: after the last combinator (space, >, +, ~) outside brackets.
    let from = 0;
    depth = 0;
    for (let i = 0; i < part.length; i++) {
      const c = part[i];
      if (c === "(" || c === "[") depth++;
      else if (c === ")" || c === "]") depth--;
      else if (depth === 0 && /[\s>+~]/.test(c)) from = i + 1;
    }
    // Its classes outside brackets (a class inside :not() or :is() is no requirement).
    let outside = "";
    depth = 0;
    for (const c of part.slice(from)) {
      if (c === "(" || c === "[") depth++;
      else if (c === ")" || c === "]") depth--;
      else if (depth === 0) outside += c;
    }
    const match = /\.(-?[_a-zA-Z][\w-]*)/.exec(outside);
    if (!match) return null;
    required.push(match[1].toLowerCase());
  }
  return required.length > 0 ? required : null;
}

const bySelector = new Map();
const classesOf = new WeakMap();

/** Whether `selector` cannot match `element` (an element's impl) for want of a class. */
function cannotMatch(selector, element) {
  let required = bySelector.get(selector);
  if (required === undefined) {
    required = requiredClasses(selector);
    bySelector.set(selector, required);
  }
  if (required === null || typeof element.getAttributeNS !== "function") return false;
  const attribute = element.getAttributeNS(null, "class") ?? "";
  let known = classesOf.get(element);
  if (!known || known.attribute !== attribute) {
    known = { attribute, classes: new Set(attribute.toLowerCase().split(/[\t\n\f\r ]+/)) };
    classesOf.set(element, known);
  }
  return required.every((name) => !known.classes.has(name));
}

/** Wraps the style matcher of the window's document (made now if jsdom has not yet). */
function prefilterStyleMatching(window) {
  const idlUtils = jsdomModule("living/generated/utils.js");
  const { matchesDontThrow } = jsdomModule("living/helpers/selectors.js");
  const documentImpl = idlUtils.implForWrapper(window.document);
  const root = documentImpl.documentElement;
  if (!root) return;
  matchesDontThrow(root, "html"); // makes documentImpl._nwsapiDontThrow
  const matcher = documentImpl._nwsapiDontThrow;
  if (!matcher || matcher.__classPrefilter) return;
  const match = matcher.match;
  matcher.match = function (selector, element, ...rest) {
    if (typeof selector === "string" && cannotMatch(selector, idlUtils.implForWrapper(element) ?? element))
      return false;
    return match.call(this, selector, element, ...rest);
  };
  matcher.__classPrefilter = true;
  matcher.__unfilteredMatch = match;
  if (process.env.JSDOM_CLASS_PREFILTER === "check") window.__styleMatcher = matcher;
}

module.exports = { prefilterStyleMatching, requiredClasses };
