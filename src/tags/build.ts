// Writing tags: one meaning in any format, with a warning for every attribute the format loses.
import { adobeSignWarnings, formatAdobeSign } from "./adobesign";
import { docuSignWarnings, formatDocuSign } from "./docusign";
import { TagFormatError, TagSpecError } from "./errors";
import { parseTag, resolveFormat } from "./parse";
import { formatPlatform } from "./platform";
import { checkSpec, normaliseSpec } from "./spec";
import type { TagFormat, TagSpec } from "./types";

/** `spec` checked for `format`, or for every format that carries options when none is named (build). */
function validSpec(spec: TagSpec, format?: TagFormat): TagSpec {
  const problems = checkSpec(spec, format);
  if (problems.length > 0) throw new TagSpecError(problems);
  return normaliseSpec(spec);
}

function requireFormat(format: unknown): TagFormat {
  const resolved = resolveFormat(format);
  if (resolved === undefined) throw new TagFormatError(format);
  return resolved;
}

function write(spec: TagSpec, format: TagFormat): { tag: string; warnings: string[] } {
  switch (format) {
    case "Platform":
      return { tag: formatPlatform(spec), warnings: [] };
    case "DocuSign":
      return { tag: formatDocuSign(spec), warnings: docuSignWarnings(spec) };
    case "AdobeSign":
      return { tag: formatAdobeSign(spec), warnings: adobeSignWarnings(spec) };
  }
}

/** Throws TagSpecError when `spec` breaks the limits, TagFormatError for an unknown format. */
export function formatTag(spec: TagSpec, format: TagFormat): { tag: string; warnings: string[] } {
  const target = requireFormat(format);
  return write(validSpec(spec, target), target);
}

export interface TagBuild {
  platform: string;
  docuSign: string;
  adobeSign: string;
  /** What the DocuSign and the Adobe Sign tags cannot carry; each message names its format. */
  warnings: string[];
}

export function buildTag(spec: TagSpec): TagBuild {
  const valid = validSpec(spec);
  const docuSign = write(valid, "DocuSign");
  const adobeSign = write(valid, "AdobeSign");
  return {
    platform: formatPlatform(valid),
    docuSign: docuSign.tag,
    adobeSign: adobeSign.tag,
    warnings: [...docuSign.warnings, ...adobeSign.warnings],
  };
}

export interface TagConversion {
  tag: string;
  sourceFormat: TagFormat;
  targetFormat: TagFormat;
  warnings: string[];
}

/**
 * Throws TagParseError for a tag that cannot be read, TagFormatError for an unknown format,
 * TagSpecError when the target format needs what the tag lacks (options of a DocuSign list).
 */
export function convertTag(tag: string, targetFormat: TagFormat, sourceFormat?: TagFormat): TagConversion {
  const target = requireFormat(targetFormat);
  const parsed = parseTag(tag, sourceFormat);
  const { format: _source, ...spec } = parsed;
  // A DocuSign list tag carries no options, which Platform and Adobe Sign tags require.
  const written = write(validSpec(spec, target), target);
  return { tag: written.tag, sourceFormat: parsed.format, targetFormat: target, warnings: written.warnings };
}
