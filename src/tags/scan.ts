// Finding every tag in a block of document text, in one forward pass.
//
// Linear time matters (documents run to megabytes), so no step ever re-reads text an earlier
// step has passed over: the next "{{", the next closing "}}" and the next DocuSign tag are each
// found by a search that only moves forward, and a closing "}}" does not depend on where its
// "{{" was (see findTagEnd), so one search serves every candidate before it.
import { detectAt } from "./detect";
import { DOCUSIGN_TAG_AT } from "./docusign";
import { ParseFailure } from "./errors";
import { readAs } from "./parse";
import { LBRACE, findTagEnd, isEscapedAt, trimEnd } from "./text";
import type { ParsedTag, ScannedTag, TagFormat, TagProblem } from "./types";

/** A "{{" whose "}}" is further away than this is reported as unclosed, not as one huge tag. */
export const MAX_SCANNED_TAG_LENGTH = 4096;
/** How much of an unclosed tag is reported: at most this, and never past the end of its line. */
const MAX_UNCLOSED_TEXT = 200;

/**
 * Start of the next "{{" at or after `from`; for a run of braces, the last two ("{{{sig:1}}}"
 * holds the tag "{{sig:1}}"). With `strict`, a "{{" whose first brace is escaped does not count:
 * that is how a value inside a tag may hold "{{". Between tags nothing is escaped, so a tag right
 * after a DocuSign tag (`\s1\{{sig:2}}`) is still found.
 */
function findOpening(text: string, from: number, strict: boolean): number {
  let b = text.indexOf("{{", from);
  while (strict && b !== -1 && isEscapedAt(text, b)) b = text.indexOf("{{", b + 1);
  if (b === -1) return -1;
  while (text.charCodeAt(b + 2) === LBRACE) b++;
  return b;
}

function lineEnd(text: string, from: number, limit: number): number {
  for (let i = from; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029) return i;
  }
  return limit;
}

function scanned(text: string, start: number, end: number, format: TagFormat): ScannedTag {
  const tag = text.slice(start, end);
  let parsed: ParsedTag | null = null;
  let problems: TagProblem[] = [];
  try {
    parsed = readAs(tag, format);
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    problems = error.problems;
  }
  return { start, end, text: tag, format, parsed, problems };
}

/**
 * Every tag of every format in `text`, in order, without overlaps. Text that has a tag's opening
 * but does not parse is reported with `parsed: null` and its problems. `{{...}}` that opens like
 * no format (template placeholders such as {{name}}) is not reported, and DocuSign tags are only
 * reported with a known code followed by digits, so backslashes in prose (C:\Users\x\) stay quiet.
 */
export function scan(text: string): ScannedTag[] {
  const found: ScannedTag[] = [];
  if (typeof text !== "string") return found;
  const n = text.length;

  // `pos`: everything before it is taken by a reported tag. `braceFrom`: where to look for the
  // next "{{"; it may run ahead of `pos`, past a "{{...}}" that is no tag, while DocuSign tags
  // are still looked for inside that "{{...}}" from `pos`.
  let pos = 0;
  let braceFrom = 0;
  let opening = -2; // -2: not searched yet, -1: none left
  let slash = -2;
  let slashLength = 0;
  let endFrom = -1;
  let endAt = -1;

  // Both answers depend only on the text after `contentStart` (escapes are judged by the
  // backslashes right before a brace), and contentStart only grows, so each search resumes where
  // the last one stopped instead of re-reading the text.
  const closingAfter = (contentStart: number): number => {
    if (endFrom === -1 || (endAt !== -1 && endAt < contentStart)) {
      endFrom = contentStart;
      endAt = findTagEnd(text, contentStart);
    }
    return endAt;
  };
  let innerFrom = -1;
  let innerAt = -1;
  const openingInside = (contentStart: number): number => {
    if (innerFrom === -1 || (innerAt !== -1 && innerAt < contentStart)) {
      innerFrom = contentStart;
      innerAt = findOpening(text, contentStart, true);
    }
    return innerAt;
  };

  for (;;) {
    if (opening !== -1 && opening < Math.max(pos, braceFrom))
      opening = findOpening(text, Math.max(pos, braceFrom), false);
    if (slash !== -1 && slash < pos) {
      slash = text.indexOf("\\", pos);
      while (slash !== -1) {
        DOCUSIGN_TAG_AT.lastIndex = slash;
        const match = DOCUSIGN_TAG_AT.exec(text);
        if (match !== null) {
          slashLength = match[0].length;
          break;
        }
        slash = text.indexOf("\\", slash + 1);
      }
    }
    if (opening === -1 && slash === -1) break;

    if (slash !== -1 && (opening === -1 || slash < opening)) {
      found.push(scanned(text, slash, slash + slashLength, "DocuSign"));
      pos = slash + slashLength;
      continue;
    }

    const b = opening;
    const contentStart = b + 2;
    const close = closingAfter(contentStart);
    const next = openingInside(contentStart);
    if (close !== -1 && (next === -1 || close < next) && close + 2 - b <= MAX_SCANNED_TAG_LENGTH) {
      const end = close + 2;
      const format = detectAt(text, b, end);
      if (format !== null) {
        found.push(scanned(text, b, end, format));
        pos = end;
        braceFrom = end;
      } else {
        braceFrom = contentStart;
      }
    } else {
      // Unclosed: report the opening, up to the next "{{", the end of its line, or a short cut.
      // Shape first: most unclosed "{{" are no tag, and finding the line end costs more.
      const cut = Math.min(next === -1 ? n : next, b + MAX_UNCLOSED_TEXT, n);
      if (detectAt(text, b, cut) !== null) {
        const end = trimEnd(text, contentStart, lineEnd(text, b, cut));
        // Judged again on the text that will be reported: the opening may have needed the next line.
        const format = detectAt(text.slice(b, end), 0);
        if (format !== null) {
          found.push(scanned(text, b, end, format));
          pos = end;
        }
      }
      braceFrom = contentStart;
    }
    opening = -2;
  }
  return found;
}
