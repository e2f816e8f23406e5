// The limits of contract §5 that every tag meaning must respect, whatever its format.
import { codePointLength } from "./text";
import { takesOptions } from "../shared/field-types";
import { TAG_TYPES, isTagType } from "./types";
import type { SpecProblem, TagFormat, TagSpec } from "./types";

export const MIN_SIGNER = 1;
export const MAX_SIGNER = 99;
export const MAX_LABEL_LENGTH = 100;
export const MAX_GROUP_LENGTH = 100;

/** A SpecProblem plus, for a bad option, which one: parsers use it to point at the option. */
export interface DetailedSpecProblem extends SpecProblem {
  optionIndex?: number;
}

function showValue(value: unknown): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "a number that large";
  return JSON.stringify(value) ?? String(value);
}

function checkText(
  field: "label" | "group",
  value: unknown,
  limit: number,
  problems: DetailedSpecProblem[],
): void {
  if (value === null || value === undefined) return;
  const name = field === "label" ? "Label" : "Group";
  if (typeof value !== "string") {
    problems.push({ field, message: `${name} must be text` });
  } else if (value.length === 0) {
    problems.push({ field, message: `${name} must not be empty; leave it out instead` });
  } else if (value.trim() !== value) {
    // Tags allow spaces around separators, so edge spaces could not survive a round trip.
    problems.push({ field, message: `${name} ${quoteShort(value)} must not start or end with a space` });
  } else {
    const length = codePointLength(value);
    if (length > limit) {
      problems.push({ field, message: `${name} is ${length} characters long; the limit is ${limit}` });
    }
  }
}

function quoteShort(value: string): string {
  return JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value);
}

function checkOptions(spec: TagSpec, problems: DetailedSpecProblem[]): void {
  const options: unknown = spec.options;
  if (options === null || options === undefined) return;
  if (!Array.isArray(options)) {
    problems.push({ field: "options", message: "Options must be a list of texts" });
    return;
  }
  if (isTagType(spec.type) && !takesOptions(spec.type)) {
    problems.push({
      field: "options",
      message: `Options are only for Dropdown and RadioGroup fields, not for ${spec.type}`,
    });
    return;
  }
  if (options.length === 0) {
    problems.push({ field: "options", message: "Give at least one option" });
    return;
  }
  const firstSeen = new Map<string, number>();
  options.forEach((option: unknown, index) => {
    const nth = index + 1;
    if (typeof option !== "string") {
      problems.push({ field: "options", optionIndex: index, message: `Option ${nth} must be text` });
    } else if (option.trim().length === 0) {
      problems.push({ field: "options", optionIndex: index, message: `Option ${nth} is empty` });
    } else if (option.trim() !== option) {
      problems.push({
        field: "options",
        optionIndex: index,
        message: `Option ${nth} ${quoteShort(option)} must not start or end with a space`,
      });
    } else {
      const earlier = firstSeen.get(option);
      if (earlier !== undefined) {
        problems.push({
          field: "options",
          optionIndex: index,
          message: `Option ${nth} ${quoteShort(option)} repeats option ${earlier + 1}`,
        });
      } else {
        firstSeen.set(option, index);
      }
    }
  });
}

/**
 * Whether tags of `format` carry a Dropdown's or RadioGroup's options. Contract §5 requires at
 * least one option for those types wherever a format can write them; DocuSign tags cannot
 * (`\l1\` names the type and signer only), so there a missing list is the format's limit, not the
 * tag's fault, and `\l1\` stays readable.
 */
const FORMAT_NAMES: Record<TagFormat, string> = {
  Platform: "a Platform",
  DocuSign: "a DocuSign",
  AdobeSign: "an Adobe Sign",
};

export function carriesOptions(format: TagFormat): boolean {
  return format !== "DocuSign";
}

/**
 * Every way `spec` breaks contract §5 when written as `format` (every format that carries options
 * when none is named, as build writes them all). A list that is given needs at least one option,
 * none empty, none repeated.
 */
export function checkSpecDetailed(spec: TagSpec, format?: TagFormat): DetailedSpecProblem[] {
  const problems: DetailedSpecProblem[] = [];
  if (spec === null || typeof spec !== "object") {
    return [{ field: "type", message: "A tag specification is required" }];
  }
  if (!isTagType(spec.type)) {
    problems.push({
      field: "type",
      message: `Unknown tag type ${showValue(spec.type)}; expected one of ${TAG_TYPES.map((t) => t.type).join(", ")}`,
    });
  }
  const signer: unknown = spec.signerIndex;
  if (typeof signer !== "number" || !Number.isInteger(signer) || signer < MIN_SIGNER || signer > MAX_SIGNER) {
    problems.push({
      field: "signer",
      message: `Signer must be a whole number from ${MIN_SIGNER} to ${MAX_SIGNER}, not ${showValue(signer)}`,
    });
  }
  if (typeof spec.required !== "boolean") {
    problems.push({ field: "required", message: "Required must be true or false" });
  }
  checkText("label", spec.label, MAX_LABEL_LENGTH, problems);
  checkText("group", spec.group, MAX_GROUP_LENGTH, problems);
  checkOptions(spec, problems);
  const options: unknown = spec.options;
  if (
    (options === null || options === undefined) &&
    isTagType(spec.type) &&
    takesOptions(spec.type) &&
    (format === undefined || carriesOptions(format))
  ) {
    problems.push({
      field: "options",
      message: `A ${spec.type} field needs at least one option${format ? ` in ${FORMAT_NAMES[format]} tag` : ""}`,
    });
  }
  return problems;
}

export function checkSpec(spec: TagSpec, format?: TagFormat): SpecProblem[] {
  return checkSpecDetailed(spec, format).map(({ field, message }) => ({ field, message }));
}

/** Only the fields of TagSpec, in their canonical order (inputs may carry extra properties). */
export function normaliseSpec(spec: TagSpec): TagSpec {
  return {
    type: spec.type,
    signerIndex: spec.signerIndex,
    required: spec.required,
    label: spec.label ?? null,
    group: spec.group ?? null,
    options: spec.options ? [...spec.options] : null,
  };
}
