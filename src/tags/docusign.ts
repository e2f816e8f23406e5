// The DocuSign format: `\code signer\`, e.g. `\s1\`. It carries the type and the signer only; the
// one exception is optional initials, written `\oi1\`. Codes are lowercase: DocuSign anchors are
// matched literally, and insisting on lowercase keeps prose such as `C:\D1\` out of scans.
import { ParseFailure } from "./errors";
import type { Reading } from "./reading";
import { expectedMessage, isAsciiLetter, isDigit, quote, skipSpaces } from "./text";
import { TAG_TYPES, typeInfo } from "./types";
import type { TagSpec, TagType } from "./types";

export const OPTIONAL_INITIALS_CODE = "oi";

const TYPE_BY_CODE = new Map<string, TagType>(TAG_TYPES.map((t) => [t.docuSignCode, t.type]));
TYPE_BY_CODE.set(OPTIONAL_INITIALS_CODE, "Initials");

const CODE_LIST = [...TAG_TYPES.map((t) => t.docuSignCode), OPTIONAL_INITIALS_CODE].join(", ");

/**
 * A DocuSign tag with a known code anywhere in a text (sticky: set lastIndex first). Longer codes
 * come first so `\oi1\` is not read as something shorter.
 */
export const DOCUSIGN_TAG_AT = /\\(oi|co|ti|dt|nu|[sidnetcrla])(\d+)\\/y;

function fail(message: string, position: number): never {
  throw ParseFailure.at(message, position);
}

export function parseDocuSign(s: string): Reading {
  const n = s.length;
  let i = skipSpaces(s, 0);
  if (s[i] !== "\\")
    fail(`A DocuSign tag starts with a backslash; found ${quote(s.slice(i, i + 1))} at character ${i}`, i);
  i++;
  const codeStart = i;
  while (i < n && isAsciiLetter(s.charCodeAt(i))) i++;
  if (i === codeStart) fail(expectedMessage(s, i, `a DocuSign code (${CODE_LIST})`), i);
  const code = s.slice(codeStart, i);
  const type = TYPE_BY_CODE.get(code);
  if (type === undefined) {
    const lower = code.toLowerCase();
    if (TYPE_BY_CODE.has(lower)) {
      fail(
        `DocuSign codes are lowercase: write ${quote(lower)} instead of ${quote(code)} at character ${codeStart}`,
        codeStart,
      );
    }
    fail(
      `Unknown DocuSign code ${quote(code)} at character ${codeStart}; expected one of ${CODE_LIST}`,
      codeStart,
    );
  }
  const signerStart = i;
  while (i < n && isDigit(s.charCodeAt(i))) i++;
  if (i === signerStart) {
    fail(expectedMessage(s, i, "the signer number right after the code (DocuSign tags have no spaces)"), i);
  }
  const signerIndex = Number(s.slice(signerStart, i));
  if (s[i] !== "\\")
    fail(expectedMessage(s, i, 'a backslash "\\" closing the tag (DocuSign tags have no spaces)'), i);
  i = skipSpaces(s, i + 1);
  if (i < n) fail(`Unexpected text after the end of the tag at character ${i}: ${quote(s.slice(i))}`, i);

  const required = code !== OPTIONAL_INITIALS_CODE;
  return {
    spec: { type, signerIndex, required, label: null, group: null, options: null },
    at: { type: codeStart, signer: signerStart, required: codeStart },
  };
}

export function formatDocuSign(spec: TagSpec): string {
  const code =
    spec.type === "Initials" && !spec.required ? OPTIONAL_INITIALS_CODE : typeInfo(spec.type).docuSignCode;
  return `\\${code}${spec.signerIndex}\\`;
}

const WHY = "DocuSign tags carry only the field type and the signer";

/** One warning per attribute that a DocuSign tag built from `spec` cannot carry. */
export function docuSignWarnings(spec: TagSpec): string[] {
  const warnings: string[] = [];
  if (spec.label !== null) warnings.push(`DocuSign: label ${JSON.stringify(spec.label)} dropped; ${WHY}`);
  if (spec.group !== null) warnings.push(`DocuSign: group ${JSON.stringify(spec.group)} dropped; ${WHY}`);
  if (spec.options !== null)
    warnings.push(`DocuSign: options ${JSON.stringify(spec.options)} dropped; ${WHY}`);
  if (!spec.required && spec.type !== "Initials") {
    warnings.push("DocuSign: required=false dropped; DocuSign marks every field except initials as required");
  }
  return warnings;
}
