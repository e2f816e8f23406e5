// Character-level helpers shared by the parsers and the scanner. Everything works on UTF-16 code
// units (JavaScript string indices) so offsets can be used with String.prototype.slice as they are.

export const BACKSLASH = 0x5c;
export const LBRACE = 0x7b;
export const RBRACE = 0x7d;

const WHITESPACE = /\s/;

/** Same set as String.prototype.trim and /\s/, so trimmed values and skipped spaces agree. */
export function isSpace(code: number): boolean {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  if (code < 0x80) return false;
  return WHITESPACE.test(String.fromCharCode(code));
}

export function skipSpaces(s: string, i: number, end = s.length): number {
  while (i < end && isSpace(s.charCodeAt(i))) i++;
  return i;
}

/** Index just past the last non-space character before `end`, not going below `from`. */
export function trimEnd(s: string, from: number, end: number): number {
  while (end > from && isSpace(s.charCodeAt(end - 1))) end--;
  return end;
}

export function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * What a backslash may escape inside a value: the contract's `;` `,` `}` `\`, plus `{` so that a
 * value holding "{{" can be written without looking like the start of another tag to the scanner.
 * A backslash before any other character is an ordinary character (so `C:\Users` survives).
 */
export function isEscapable(code: number): boolean {
  return code === 0x3b || code === 0x2c || code === RBRACE || code === BACKSLASH || code === LBRACE;
}

export function escapeValue(value: string, alsoEscape: string): string {
  let out = "";
  for (const ch of value) {
    if (ch === "\\" || ch === ";" || ch === "}" || ch === "{" || alsoEscape.includes(ch)) out += "\\";
    out += ch;
  }
  return out;
}

/** Undoes escapeValue on s[from, to): `\x` becomes x when x is escapable. */
export function unescapeRange(
  s: string,
  from: number,
  to: number,
  escapable: (code: number) => boolean = isEscapable,
): string {
  let out = "";
  let runStart = from;
  let i = from;
  while (i < to) {
    if (s.charCodeAt(i) === BACKSLASH && i + 1 < to && escapable(s.charCodeAt(i + 1))) {
      out += s.slice(runStart, i);
      runStart = i + 1;
      i += 2;
    } else {
      i++;
    }
  }
  return out + s.slice(runStart, to);
}

/** True when the character at i is preceded by an odd run of backslashes, not looking below floor. */
export function isEscapedAt(s: string, i: number, floor = 0): boolean {
  let k = i - 1;
  while (k >= floor && s.charCodeAt(k) === BACKSLASH) k--;
  return (i - 1 - k) % 2 === 1;
}

/**
 * Index of the "}}" that closes a tag whose content starts at `from` (just after its "{{"), or -1.
 * The first "}" must not be escaped. Because `from` always follows a "{", the backslash run in
 * front of any "}" lies wholly inside the content, so the answer does not depend on where the
 * content began: the scanner relies on that to reuse one search for several candidates.
 */
export function findTagEnd(s: string, from: number): number {
  let j = s.indexOf("}}", from);
  while (j !== -1 && isEscapedAt(s, j, from)) j = s.indexOf("}}", j + 1);
  return j;
}

const MAX_QUOTE = 40;

/** A short quotation of user text for an error message. */
export function quote(text: string): string {
  const cut = text.length > MAX_QUOTE ? text.slice(0, MAX_QUOTE) + "…" : text;
  return JSON.stringify(cut);
}

/** What sits at position i, for "found ..." in messages. */
export function describeAt(s: string, i: number): string {
  if (i >= s.length) return "the end of the text";
  const cp = s.codePointAt(i) as number;
  return JSON.stringify(String.fromCodePoint(cp));
}

/** Number of Unicode code points, which is what a user counts as characters. */
export function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** "Expected X at character i; found Y", or a clearer message when the text simply stops. */
export function expectedMessage(s: string, i: number, what: string): string {
  if (i >= s.length) return `The tag ends too early: expected ${what} at character ${i}`;
  return `Expected ${what} at character ${i}; found ${describeAt(s, i)}`;
}
