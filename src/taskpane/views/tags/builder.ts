/**
 * The tag builder's form as typed, and the tag specification it means. Pure: no React.
 * What was typed is never changed here; problems are reported per field, next to it.
 */
import { MAX_SIGNER, MIN_SIGNER, buildTag, checkSpec } from "../../../tags";
import type { TagBuild, TagSpec, TagType } from "../../../tags";
import { takesOptions } from "../../../shared/field-types";

export interface BuilderForm {
  type: TagType;
  /** As typed: may be anything. */
  signer: string;
  required: boolean;
  label: string;
  group: string;
  /** One option per line; only used for Dropdown and RadioGroup. */
  options: string;
}

export type BuilderField = "type" | "signer" | "required" | "label" | "group" | "options";

export const INITIAL_FORM: BuilderForm = {
  type: "Signature",
  signer: "1",
  required: true,
  label: "",
  group: "",
  options: "",
};

/** The options as typed, one per line; null when none were typed (checkSpec then asks for one). */
export function optionsFromText(text: string): string[] | null {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === "") lines.pop();
  return lines.length === 0 ? null : lines;
}

export interface BuilderResult {
  spec: TagSpec;
  /** Messages per field; empty when the tag can be built. */
  problems: Partial<Record<BuilderField, string[]>>;
  /** The three formats, when there are no problems. */
  build: TagBuild | null;
}

export function evaluateForm(form: BuilderForm): BuilderResult {
  const problems: Partial<Record<BuilderField, string[]>> = {};
  const add = (field: BuilderField, message: string): void => {
    (problems[field] ??= []).push(message);
  };

  const signerText = form.signer.trim();
  let signerIndex = Number.NaN;
  if (signerText === "") add("signer", `Enter the signer's number, from ${MIN_SIGNER} to ${MAX_SIGNER}.`);
  else if (!/^\d+$/.test(signerText))
    add("signer", `The signer is a whole number from ${MIN_SIGNER} to ${MAX_SIGNER}, not "${form.signer}".`);
  else signerIndex = Number(signerText);

  const spec: TagSpec = {
    type: form.type,
    signerIndex,
    required: form.required,
    label: form.label === "" ? null : form.label,
    group: form.group === "" ? null : form.group,
    options: takesOptions(form.type) ? optionsFromText(form.options) : null,
  };

  for (const problem of checkSpec(spec)) {
    if (problem.field === "signer" && problems.signer) continue; // already said in words for the typed text
    add(problem.field, sentence(problem.message));
  }

  const ok = Object.keys(problems).length === 0;
  return { spec, problems, build: ok ? buildTag(spec) : null };
}

function sentence(message: string): string {
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

/** Splits buildTag's warnings by the format they are about ("DocuSign: ...", "AdobeSign: ..."). */
export function warningsFor(format: "DocuSign" | "AdobeSign", warnings: readonly string[]): string[] {
  const prefix = `${format}:`;
  return warnings.filter((w) => w.startsWith(prefix)).map((w) => w.slice(prefix.length).trim());
}
