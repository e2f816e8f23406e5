// The Platform format: `{{code:signer:req|opt;label=...;group=...;options=a,b}}`.
// Parsing is lenient (short form `{{sig_1}}`, `{{sig:1}}`, spaces around separators, any case for
// codes, keys and req/opt); building emits one canonical form so round trips are exact.
import { ParseFailure } from "./errors";
import type { FieldPositions, Reading } from "./reading";
import {
  BACKSLASH,
  RBRACE,
  escapeValue,
  expectedMessage,
  isAsciiLetter,
  isDigit,
  isEscapable,
  quote,
  skipSpaces,
  trimEnd,
  unescapeRange,
} from "./text";
import { TAG_TYPES, parseTypeName, typeInfo } from "./types";
import type { TagSpec, TagType } from "./types";

const TYPE_BY_CODE = new Map<string, TagType>(TAG_TYPES.map((t) => [t.code, t.type]));
const CODE_LIST = TAG_TYPES.map((t) => t.code).join(", ");

// "required"/"optional" are accepted as well because people write them out.
const REQUIRED_WORDS = new Map<string, boolean>([
  ["req", true],
  ["required", true],
  ["opt", false],
  ["optional", false],
]);

type AttributeKey = "label" | "group" | "options";
const ATTRIBUTE_KEYS = new Set<string>(["label", "group", "options"]);

function fail(message: string, position: number): never {
  throw ParseFailure.at(message, position);
}

function unknownCode(code: string, position: number): never {
  const asType = parseTypeName(code);
  const hint = asType ? `; for ${asType} write "${typeInfo(asType).code}"` : "";
  fail(
    `Unknown tag code ${quote(code)} at character ${position}; expected one of ${CODE_LIST}${hint}`,
    position,
  );
}

function readWord(s: string, i: number): number {
  while (i < s.length && isAsciiLetter(s.charCodeAt(i))) i++;
  return i;
}

/** End of a raw attribute value: the next unescaped ";" or "}}", or the end of the text. */
function valueEnd(s: string, i: number): number {
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === BACKSLASH && i + 1 < n && isEscapable(s.charCodeAt(i + 1))) i += 2;
    else if (c === 0x3b || (c === RBRACE && s.charCodeAt(i + 1) === RBRACE)) return i;
    else i++;
  }
  return n;
}

function splitOptions(s: string, from: number, to: number): { values: string[]; starts: number[] } {
  const values: string[] = [];
  const starts: number[] = [];
  if (skipSpaces(s, from, to) === to) return { values, starts };
  let itemStart = from;
  const push = (itemEnd: number): void => {
    const start = skipSpaces(s, itemStart, itemEnd);
    const end = trimEnd(s, start, itemEnd);
    values.push(unescapeRange(s, start, end));
    starts.push(start);
  };
  let i = from;
  while (i < to) {
    const c = s.charCodeAt(i);
    if (c === BACKSLASH && i + 1 < to && isEscapable(s.charCodeAt(i + 1))) {
      i += 2;
    } else if (c === 0x2c) {
      push(i);
      itemStart = ++i;
    } else {
      i++;
    }
  }
  push(to);
  return { values, starts };
}

export function parsePlatform(s: string): Reading {
  const n = s.length;
  const at: FieldPositions = {};
  let i = skipSpaces(s, 0);
  if (!s.startsWith("{{", i))
    fail(`A Platform tag starts with "{{"; found ${quote(s.slice(i, i + 2))} at character ${i}`, i);
  i = skipSpaces(s, i + 2);

  const codeStart = i;
  i = readWord(s, i);
  if (i === codeStart) fail(expectedMessage(s, i, `a tag code (${CODE_LIST})`), i);
  const code = s.slice(codeStart, i);
  const type = TYPE_BY_CODE.get(code.toLowerCase());
  if (type === undefined) unknownCode(code, codeStart);
  at.type = codeStart;

  i = skipSpaces(s, i);
  if (s[i] !== ":" && s[i] !== "_") fail(expectedMessage(s, i, '":" after the tag code'), i);
  i = skipSpaces(s, i + 1);
  const signerStart = i;
  while (i < n && isDigit(s.charCodeAt(i))) i++;
  if (i === signerStart) fail(expectedMessage(s, i, "the signer number (1 to 99)"), i);
  const signerIndex = Number(s.slice(signerStart, i));
  at.signer = signerStart;

  let required = true;
  i = skipSpaces(s, i);
  if (s[i] === ":") {
    i = skipSpaces(s, i + 1);
    const wordStart = i;
    i = readWord(s, i);
    const flag = REQUIRED_WORDS.get(s.slice(wordStart, i).toLowerCase());
    if (flag === undefined) fail(expectedMessage(s, wordStart, '"req" or "opt"'), wordStart);
    required = flag;
    at.required = wordStart;
    i = skipSpaces(s, i);
  } else if (s[i] !== ";" && !s.startsWith("}}", i)) {
    fail(expectedMessage(s, i, '":" or "}}" after the signer number'), i);
  }

  const values: Record<AttributeKey, string | null> = { label: null, group: null, options: null };
  let options: string[] | null = null;
  const seen = new Set<string>();
  while (s[i] === ";") {
    i = skipSpaces(s, i + 1);
    if (s.startsWith("}}", i)) break; // a trailing ";" is harmless
    const keyStart = i;
    i = readWord(s, i);
    if (i === keyStart) fail(expectedMessage(s, i, "an attribute name (label, group or options)"), i);
    const key = s.slice(keyStart, i).toLowerCase();
    if (!ATTRIBUTE_KEYS.has(key)) {
      fail(
        `Unknown attribute ${quote(s.slice(keyStart, i))} at character ${keyStart}; expected label, group or options`,
        keyStart,
      );
    }
    if (seen.has(key))
      fail(`The attribute "${key}" is given twice; the second one is at character ${keyStart}`, keyStart);
    seen.add(key);
    i = skipSpaces(s, i);
    if (s[i] !== "=") fail(expectedMessage(s, i, `"=" after "${key}"`), i);
    const rawStart = i + 1;
    const rawEnd = valueEnd(s, rawStart);
    i = rawEnd;
    const valueStart = skipSpaces(s, rawStart, rawEnd);
    if (key === "options") {
      const split = splitOptions(s, rawStart, rawEnd);
      options = split.values;
      at.options = valueStart;
      at.optionItems = split.starts;
    } else {
      values[key as "label" | "group"] = unescapeRange(s, valueStart, trimEnd(s, valueStart, rawEnd));
      at[key as "label" | "group"] = valueStart;
    }
  }

  if (!s.startsWith("}}", i)) {
    fail(
      i >= n
        ? `The tag is not closed: expected "}}" at character ${i}`
        : expectedMessage(s, i, '";" or "}}"'),
      i,
    );
  }
  i = skipSpaces(s, i + 2);
  if (i < n) fail(`Unexpected text after the end of the tag at character ${i}: ${quote(s.slice(i))}`, i);

  const spec: TagSpec = { type, signerIndex, required, label: values.label, group: values.group, options };
  return { spec, at };
}

/** The canonical Platform tag; attribute order label, group, options. Spec must be valid. */
export function formatPlatform(spec: TagSpec): string {
  let tag = `{{${typeInfo(spec.type).code}:${spec.signerIndex}:${spec.required ? "req" : "opt"}`;
  if (spec.label !== null) tag += `;label=${escapeValue(spec.label, "")}`;
  if (spec.group !== null) tag += `;group=${escapeValue(spec.group, "")}`;
  if (spec.options !== null) tag += `;options=${spec.options.map((o) => escapeValue(o, ",")).join(",")}`;
  return tag + "}}";
}
