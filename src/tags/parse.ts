// Reading one tag: pick the format (hinted or detected), run its parser, check the limits.
import { parseAdobeSign } from "./adobesign";
import { detectFormat } from "./detect";
import { parseDocuSign } from "./docusign";
import { ParseFailure, TagFormatError, TagParseError } from "./errors";
import { parsePlatform } from "./platform";
import { finishReading } from "./reading";
import type { Reading } from "./reading";
import { quote, skipSpaces } from "./text";
import { parseFormatName } from "./types";
import type { ParsedTag, TagFormat, TagProblem } from "./types";

const PARSERS: Record<TagFormat, (s: string) => Reading> = {
  Platform: parsePlatform,
  DocuSign: parseDocuSign,
  AdobeSign: parseAdobeSign,
};

const FORMAT_WORDS: Record<TagFormat, string> = {
  Platform: "a Platform tag",
  DocuSign: "a DocuSign tag",
  AdobeSign: "an Adobe Sign tag",
};

const EXAMPLES = "{{sig:1:req}}, \\s1\\ or {{Sig_es_:signer1:signature}}";

/** Resolves an optional format argument; names are accepted in any case. */
export function resolveFormat(format: unknown): TagFormat | undefined {
  if (format === undefined || format === null) return undefined;
  const resolved = typeof format === "string" ? parseFormatName(format) : undefined;
  if (resolved === undefined) throw new TagFormatError(format);
  return resolved;
}

/** Parses `tag` as `format` and checks the limits; throws ParseFailure. */
export function readAs(tag: string, format: TagFormat): ParsedTag {
  return finishReading(format, PARSERS[format](tag));
}

/**
 * For text that matches no format's opening: run the parser it most resembles, which fails (each
 * parser demands at least what detection checks) and says where; never returns.
 */
function explainUnrecognised(tag: string): never {
  const i = skipSpaces(tag, 0);
  if (i >= tag.length) throw ParseFailure.at(`The tag is empty; expected a tag such as ${EXAMPLES}`, null);
  if (tag.startsWith("{{", i)) {
    PARSERS[tag.includes("_es_") ? "AdobeSign" : "Platform"](tag);
  } else if (tag[i] === "\\") {
    PARSERS.DocuSign(tag);
  }
  throw ParseFailure.at(
    `Not a tag: found ${quote(tag.slice(i, i + 12))} at character ${i}; a tag looks like ${EXAMPLES}`,
    i,
  );
}

/** parseTag without the Error wrapping: throws ParseFailure (or TagFormatError). */
function readTag(tag: string, format: TagFormat | undefined): ParsedTag {
  const hinted = resolveFormat(format);
  if (typeof tag !== "string") throw ParseFailure.at("The tag must be text", null);
  const detected = detectFormat(tag);
  if (hinted !== undefined) {
    if (detected !== null && detected !== hinted) {
      throw ParseFailure.at(
        `Expected ${FORMAT_WORDS[hinted]}, but this looks like ${FORMAT_WORDS[detected]}`,
        skipSpaces(tag, 0),
      );
    }
    return readAs(tag, hinted);
  }
  if (detected === null) explainUnrecognised(tag);
  return readAs(tag, detected);
}

/** Throws TagParseError for a tag that cannot be read, TagFormatError for an unknown format hint. */
export function parseTag(tag: string, format?: TagFormat): ParsedTag {
  try {
    return readTag(tag, format);
  } catch (error) {
    if (error instanceof ParseFailure) throw new TagParseError(error.problems);
    throw error;
  }
}

export interface TagValidation {
  isValid: boolean;
  format: TagFormat | null;
  parsed: ParsedTag | null;
  errors: TagProblem[];
}

export function validateTag(tag: string, format?: TagFormat): TagValidation {
  const detected = typeof tag === "string" ? detectFormat(tag) : null;
  try {
    const parsed = readTag(tag, format);
    return { isValid: true, format: parsed.format, parsed, errors: [] };
  } catch (error) {
    if (error instanceof ParseFailure) {
      return { isValid: false, format: detected, parsed: null, errors: error.problems };
    }
    if (error instanceof TagFormatError) {
      return {
        isValid: false,
        format: detected,
        parsed: null,
        errors: [{ message: error.message, position: null }],
      };
    }
    throw error;
  }
}
