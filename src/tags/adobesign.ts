// The Adobe Sign text-tag format: `{{[*]Name_es_:signerN[:type][:directive]...}}`.
//
// Adobe gives a field one name where we have two attributes, label and group. The name is the
// group if there is one, else the label (non-word characters as "_"), else a default per type.
// Reading it back, the name becomes the group for Checkbox and RadioGroup (Adobe links buttons
// that share a name, which is exactly what a group is) and the label for every other type; the
// type's default name reads back as neither. Whatever does not survive that is warned about.
import { ParseFailure } from "./errors";
import type { FieldPositions, Reading } from "./reading";
import {
  BACKSLASH,
  describeAt,
  escapeValue,
  expectedMessage,
  findTagEnd,
  isAsciiLetter,
  isDigit,
  isEscapable,
  quote,
  skipSpaces,
  trimEnd,
  unescapeRange,
} from "./text";
import type { TagSpec, TagType } from "./types";

interface AdobeType {
  type: TagType;
  /** optsignature / optinitials: the type word itself says "optional". */
  optional: boolean;
}

const ADOBE_TYPES = new Map<string, AdobeType>([
  ["signature", { type: "Signature", optional: false }],
  ["optsignature", { type: "Signature", optional: true }],
  ["initials", { type: "Initials", optional: false }],
  ["optinitials", { type: "Initials", optional: true }],
  ["date", { type: "DateSigned", optional: false }],
  ["fullname", { type: "Name", optional: false }],
  ["email", { type: "Email", optional: false }],
  ["company", { type: "Company", optional: false }],
  ["title", { type: "Title", optional: false }],
  ["text", { type: "Text", optional: false }],
  ["checkbox", { type: "Checkbox", optional: false }],
  ["radio", { type: "RadioGroup", optional: false }],
  ["dropdown", { type: "Dropdown", optional: false }],
  ["attachment", { type: "Attachment", optional: false }],
]);
const ADOBE_TYPE_LIST = [...ADOBE_TYPES.keys()].join(", ");

// Adobe Sign field types with no counterpart among our types: named so the error can say so
// instead of calling them unknown.
const UNSUPPORTED_TYPES = new Set([
  "signatureblock",
  "image",
  "stampimage",
  "hyperlink",
  "participationstamp",
  "transactionid",
  "digitalsignature",
]);

// Bare directives that may stand where the type would be (the type then defaults to text).
const BARE_DIRECTIVES_IN_TYPE_POSITION = new Set(["number", "readonly", "multiline"]);

const TYPE_WORD: Record<TagType, string> = {
  Signature: "signature",
  Initials: "initials",
  DateSigned: "date",
  Name: "fullname",
  Email: "email",
  Company: "company",
  Title: "title",
  Text: "text",
  Date: "text:date",
  Number: "text:number",
  Checkbox: "checkbox",
  RadioGroup: "radio",
  Dropdown: "dropdown",
  Attachment: "attachment",
};

const DEFAULT_NAME: Record<TagType, string> = {
  Signature: "Sig",
  Initials: "Init",
  DateSigned: "Date",
  Name: "Name",
  Email: "Email",
  Company: "Company",
  Title: "Title",
  Text: "Text",
  Date: "DateInput",
  Number: "Number",
  Checkbox: "Check",
  RadioGroup: "Radio",
  Dropdown: "Dropdown",
  Attachment: "Attachment",
};

export function adobeDefaultName(type: TagType): string {
  return DEFAULT_NAME[type];
}

/** Which of our attributes an Adobe field name stands for, for a given type. */
export function adobeNameHolder(type: TagType): "label" | "group" {
  return type === "Checkbox" || type === "RadioGroup" ? "group" : "label";
}

// Signature and initials are required unless written optsignature/optinitials; every other
// Adobe field is optional unless its name is prefixed with "*".
function requiredByTypeWord(type: TagType): boolean {
  return type === "Signature" || type === "Initials";
}

// Inside "(...)" a backslash also escapes parentheses, so any option text can be written.
function isAdobeEscapable(code: number): boolean {
  return isEscapable(code) || code === 0x28 || code === 0x29;
}

const NON_WORD = /[^\p{L}\p{N}\p{M}_]/gu;

/** The Adobe field name for `spec` (see the comment at the top of this file). */
export function adobeFieldName(spec: TagSpec): string {
  const source = spec.group ?? spec.label;
  if (source === null) return DEFAULT_NAME[spec.type];
  return source.replace(NON_WORD, "_");
}

function fail(message: string, position: number): never {
  throw ParseFailure.at(message, position);
}

interface Segment {
  start: number;
  end: number;
}

/** Splits s[from, to) at ":" outside "(...)", honouring backslash escapes. */
function splitSegments(s: string, from: number, to: number): Segment[] {
  const segments: Segment[] = [];
  let segStart = from;
  let parenOpen = -1;
  let i = from;
  while (i < to) {
    const c = s.charCodeAt(i);
    if (c === BACKSLASH && i + 1 < to && isAdobeEscapable(s.charCodeAt(i + 1))) {
      i += 2;
      continue;
    }
    if (parenOpen === -1) {
      if (c === 0x28) parenOpen = i;
      else if (c === 0x3a) {
        segments.push({ start: segStart, end: i });
        segStart = i + 1;
      }
    } else if (c === 0x29) {
      parenOpen = -1;
    }
    i++;
  }
  if (parenOpen !== -1) fail(`Missing ")" for the "(" at character ${parenOpen}`, parenOpen);
  segments.push({ start: segStart, end: to });
  return segments;
}

interface Directive {
  word: string;
  wordStart: number;
  /** Range inside the parentheses, or null for a bare word. */
  args: Segment | null;
}

function readDirective(s: string, seg: Segment, what: string): Directive {
  const start = skipSpaces(s, seg.start, seg.end);
  let i = start;
  if (i >= seg.end || !isAsciiLetter(s.charCodeAt(i))) {
    fail(i >= seg.end ? `Empty part at character ${i}; expected ${what}` : expectedMessage(s, i, what), i);
  }
  while (i < seg.end) {
    const c = s.charCodeAt(i);
    if (isAsciiLetter(c) || isDigit(c) || c === 0x5f || c === 0x2d) i++;
    else break;
  }
  const word = s.slice(start, i);
  i = skipSpaces(s, i, seg.end);
  let args: Segment | null = null;
  if (i < seg.end && s[i] === "(") {
    let k = i + 1;
    while (k < seg.end && s[k] !== ")") {
      k += s.charCodeAt(k) === BACKSLASH && k + 1 < seg.end && isAdobeEscapable(s.charCodeAt(k + 1)) ? 2 : 1;
    }
    if (k >= seg.end) fail(`Missing ")" for the "(" at character ${i}`, i);
    args = { start: i + 1, end: k };
    i = skipSpaces(s, k + 1, seg.end);
  }
  if (i < seg.end) fail(`Unexpected ${describeAt(s, i)} at character ${i} after ${quote(word)}`, i);
  return { word, wordStart: start, args };
}

function readOptions(s: string, args: Segment): { values: string[]; starts: number[] } {
  const values: string[] = [];
  const starts: number[] = [];
  if (skipSpaces(s, args.start, args.end) === args.end) return { values, starts };
  let itemStart = args.start;
  const push = (itemEnd: number): void => {
    const start = skipSpaces(s, itemStart, itemEnd);
    values.push(unescapeRange(s, start, trimEnd(s, start, itemEnd), isAdobeEscapable));
    starts.push(start);
  };
  let i = args.start;
  while (i < args.end) {
    const c = s.charCodeAt(i);
    if (c === BACKSLASH && i + 1 < args.end && isAdobeEscapable(s.charCodeAt(i + 1))) i += 2;
    else if (c === 0x2c) {
      push(i);
      itemStart = ++i;
    } else i++;
  }
  push(args.end);
  return { values, starts };
}

function readHead(
  s: string,
  contentStart: number,
  close: number,
): { starred: boolean; starAt: number; nameStart: number; nameEnd: number; colon: number } {
  let j = skipSpaces(s, contentStart, close);
  let starred = false;
  let starAt = -1;
  // "!" marks a read-only field in Adobe Sign (the sender fills it, the signer cannot change it).
  // We have no read-only attribute, so it is accepted and changes nothing, required included.
  while (j < close && (s[j] === "*" || s[j] === "!")) {
    if (s[j] === "*" && !starred) {
      starred = true;
      starAt = j;
    }
    j++;
  }
  const nameStart = j;
  const colon = s.indexOf(":", nameStart);
  if (colon === -1 || colon >= close) {
    const es = s.lastIndexOf("_es_", close - 4);
    if (es >= nameStart) {
      const after = skipSpaces(s, es + 4, close);
      fail(expectedMessage(s, after, '":" and the signer role (e.g. signer1) after "_es_"'), after);
    }
    fail(
      `An Adobe Sign tag needs "_es_:" and a signer role after the field name, e.g. {{Sig_es_:signer1:signature}}; none found after character ${nameStart}`,
      nameStart,
    );
  }
  for (let k = nameStart; k < colon; k++) {
    const c = s.charCodeAt(k);
    if (c === 0x7b || c === 0x7d)
      fail(`A field name cannot contain braces; found ${describeAt(s, k)} at character ${k}`, k);
  }
  const headEnd = trimEnd(s, nameStart, colon);
  if (headEnd - 4 < nameStart || !s.startsWith("_es_", headEnd - 4)) {
    const es = s.lastIndexOf("_es_", headEnd - 4);
    if (es >= nameStart) fail(expectedMessage(s, es + 4, '":" right after "_es_"'), es + 4);
    fail(`Expected the field name to end with "_es_" before the ":" at character ${colon}`, colon);
  }
  return { starred, starAt, nameStart, nameEnd: headEnd - 4, colon };
}

function readRole(s: string, seg: Segment | undefined, at: FieldPositions): number {
  const what = "the signer role (signer1 to signer99)";
  if (seg === undefined) fail(expectedMessage(s, s.length, what), s.length);
  const start = skipSpaces(s, seg.start, seg.end);
  const end = trimEnd(s, start, seg.end);
  const role = s.slice(start, end);
  const match = /^signer(\d*)$/i.exec(role);
  if (match === null) {
    if (start === end) fail(`Empty part at character ${start}; expected ${what}`, start);
    if (/^[a-z]+\d*$/i.test(role)) {
      fail(`The role ${quote(role)} at character ${start} is not supported; use signer1 to signer99`, start);
    }
    fail(expectedMessage(s, start, what), start);
  }
  const digits = match[1] as string;
  at.signer = digits === "" ? start : start + 6;
  // Adobe's bare "signer" role is the first signer.
  return digits === "" ? 1 : Number(digits);
}

export function parseAdobeSign(s: string): Reading {
  const n = s.length;
  const at: FieldPositions = {};
  const open = skipSpaces(s, 0);
  if (!s.startsWith("{{", open))
    fail(
      `An Adobe Sign tag starts with "{{"; found ${quote(s.slice(open, open + 2))} at character ${open}`,
      open,
    );
  const close = findTagEnd(s, open + 2);
  if (close === -1) fail(`The tag is not closed: expected "}}" at character ${n}`, n);
  const after = skipSpaces(s, close + 2);
  if (after < n)
    fail(`Unexpected text after the end of the tag at character ${after}: ${quote(s.slice(after))}`, after);

  const head = readHead(s, open + 2, close);
  const segments = splitSegments(s, head.colon + 1, close);
  const signerIndex = readRole(s, segments[0], at);

  let type: TagType | null = null;
  let optionalWord = false;
  let rest = segments.slice(1);
  const first = rest[0];
  if (first !== undefined) {
    const d = readDirective(s, first, `a field type (${ADOBE_TYPE_LIST})`);
    const word = d.word.toLowerCase();
    const entry = ADOBE_TYPES.get(word);
    if (entry !== undefined) {
      if (d.args !== null) {
        fail(
          `The field type "${word}" at character ${d.wordStart} takes no "(...)"; give options as a separate part, e.g. :dropdown:options(Red,Green)`,
          d.wordStart,
        );
      }
      type = entry.type;
      optionalWord = entry.optional;
      at.type = d.wordStart;
      rest = rest.slice(1);
    } else if (UNSUPPORTED_TYPES.has(word)) {
      fail(
        `The Adobe Sign field type "${word}" at character ${d.wordStart} is not supported; use one of ${ADOBE_TYPE_LIST}`,
        d.wordStart,
      );
    } else if (d.args === null && !BARE_DIRECTIVES_IN_TYPE_POSITION.has(word)) {
      fail(
        `Unknown Adobe Sign field type ${quote(d.word)} at character ${d.wordStart}; expected one of ${ADOBE_TYPE_LIST}`,
        d.wordStart,
      );
    }
  }
  // No type word: Adobe makes it a text field.
  type ??= "Text";

  let options: string[] | null = null;
  let formatWord: string | null = null;
  for (const seg of rest) {
    const d = readDirective(s, seg, "a directive such as options(...)");
    const word = d.word.toLowerCase();
    if ((word === "date" || word === "number") && d.args === null) {
      if (formatWord !== null) {
        fail(
          `The "${word}" directive at character ${d.wordStart} conflicts with the earlier "${formatWord}"`,
          d.wordStart,
        );
      }
      if (type !== "Text") {
        fail(
          `The "${word}" directive at character ${d.wordStart} applies only to text fields, not to ${TYPE_WORD[type]}`,
          d.wordStart,
        );
      }
      formatWord = word;
      type = word === "date" ? "Date" : "Number";
      at.type ??= d.wordStart;
    } else if (word === "options") {
      if (d.args === null)
        fail(`"options" at character ${d.wordStart} needs a list, e.g. options(Red,Green)`, d.wordStart);
      if (options !== null)
        fail(`"options" is given twice; the second one is at character ${d.wordStart}`, d.wordStart);
      const read = readOptions(s, d.args);
      options = read.values;
      at.options = d.wordStart;
      at.optionItems = read.starts;
    } else if ((ADOBE_TYPES.has(word) || UNSUPPORTED_TYPES.has(word)) && d.args === null) {
      fail(
        `The field type "${word}" at character ${d.wordStart} must come right after the signer role`,
        d.wordStart,
      );
    }
    // Any other directive (font, size, validation, default value, conditions...) sets
    // something this service does not model, so it is accepted and ignored.
  }

  const required = head.starred || (requiredByTypeWord(type) && !optionalWord);
  if (head.starAt !== -1) at.required = head.starAt;
  else if (at.type !== undefined) at.required = at.type;

  const nameStart = skipSpaces(s, head.nameStart, head.nameEnd);
  const name = s.slice(nameStart, trimEnd(s, nameStart, head.nameEnd));
  const fromName = name === "" || name === DEFAULT_NAME[type] ? null : name;
  const holder = adobeNameHolder(type);
  at[holder] = nameStart;

  const spec: TagSpec = {
    type,
    signerIndex,
    required,
    label: holder === "label" ? fromName : null,
    group: holder === "group" ? fromName : null,
    options,
  };
  return { spec, at };
}

export function formatAdobeSign(spec: TagSpec): string {
  const star = spec.required && !requiredByTypeWord(spec.type) ? "*" : "";
  let typeWord = TYPE_WORD[spec.type];
  if (!spec.required && requiredByTypeWord(spec.type)) typeWord = "opt" + typeWord;
  const options =
    spec.options === null ? "" : `:options(${spec.options.map((o) => escapeValue(o, ",()")).join(",")})`;
  return `{{${star}${adobeFieldName(spec)}_es_:signer${spec.signerIndex}:${typeWord}${options}}}`;
}

/** What an Adobe Sign tag built from `spec` reads back as. */
export function adobeSignReading(spec: TagSpec): TagSpec {
  const name = adobeFieldName(spec);
  const fromName = name === DEFAULT_NAME[spec.type] ? null : name;
  const holder = adobeNameHolder(spec.type);
  return {
    type: spec.type,
    signerIndex: spec.signerIndex,
    required: spec.required,
    label: holder === "label" ? fromName : null,
    group: holder === "group" ? fromName : null,
    options: spec.options === null ? null : [...spec.options],
  };
}

/** One warning per attribute (label, group) that does not come back as it went in. */
export function adobeSignWarnings(spec: TagSpec): string[] {
  const reading = adobeSignReading(spec);
  const name = adobeFieldName(spec);
  const source: "label" | "group" | null =
    spec.group !== null ? "group" : spec.label !== null ? "label" : null;
  const holder = adobeNameHolder(spec.type);
  const warnings: string[] = [];
  for (const attr of ["label", "group"] as const) {
    const value = spec[attr];
    if (value === null || reading[attr] === value) continue;
    const shown = `${attr} ${JSON.stringify(value)}`;
    if (source !== attr) {
      warnings.push(
        `AdobeSign: ${shown} dropped; an Adobe Sign field has a single name, and it holds the ${source} ${JSON.stringify(spec[source as "label" | "group"])}`,
      );
      continue;
    }
    let text = `AdobeSign: ${shown} becomes the field name ${JSON.stringify(name)}`;
    if (name !== value) text += ' (field names hold only letters, digits and "_")';
    if (holder !== attr) text += `, which reads back as the ${holder}`;
    else if (name === DEFAULT_NAME[spec.type])
      text += `, the default name for ${spec.type}, which reads back as no ${attr}`;
    warnings.push(text);
  }
  return warnings;
}
