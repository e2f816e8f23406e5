// Cheap shape checks: which format a piece of text is trying to be, without parsing it. The
// checks look at the opening only, so an unclosed or otherwise broken tag is still attributed to
// its format and the parser can then say precisely what is wrong.
import { skipSpaces, trimEnd } from "./text";
import type { TagFormat } from "./types";

// A code, then ":" or "_" and a digit. Requiring the separator keeps template placeholders such
// as {{name}} or {{ user.name }} from being taken for tags.
const PLATFORM_HEAD = /\{\{\s*[A-Za-z]+\s*(?::|_\s*\d)/y;
// Letters of any case so that `\S1\` is recognised and the parser can explain the lowercase rule.
const DOCUSIGN_HEAD = /\\[A-Za-z]+\d+/y;

/**
 * Whether s[i, limit) opens an Adobe Sign tag: "{{", optional "*"/"!", a name without braces or
 * colons ending in "_es_", then ":". Done with indexOf rather than a regex so it stays linear.
 */
function isAdobeHead(s: string, i: number, limit: number): boolean {
  let j = skipSpaces(s, i + 2, limit);
  while (j < limit && (s[j] === "*" || s[j] === "!")) j++;
  // The name ends at the first ":"; a brace first means this is no Adobe tag (and stops the
  // search at the candidate's own end when scanning).
  let colon = j;
  for (; colon < limit; colon++) {
    const c = s.charCodeAt(colon);
    if (c === 0x3a) break;
    if (c === 0x7b || c === 0x7d) return false;
  }
  if (colon >= limit) return false;
  const end = trimEnd(s, j, colon);
  return end - 4 >= j && s.startsWith("_es_", end - 4);
}

/** Format whose opening starts at s[i]; `limit` bounds how far the Adobe check may look. */
export function detectAt(s: string, i: number, limit = s.length): TagFormat | null {
  if (s.startsWith("{{", i)) {
    if (isAdobeHead(s, i, limit)) return "AdobeSign";
    PLATFORM_HEAD.lastIndex = i;
    return PLATFORM_HEAD.test(s) ? "Platform" : null;
  }
  if (s.charCodeAt(i) === 0x5c) {
    DOCUSIGN_HEAD.lastIndex = i;
    return DOCUSIGN_HEAD.test(s) ? "DocuSign" : null;
  }
  return null;
}

export function detectFormat(tag: string): TagFormat | null {
  if (typeof tag !== "string") return null;
  return detectAt(tag, skipSpaces(tag, 0));
}
