// What a format parser hands back: the tag's meaning plus where each part was written, so that a
// broken limit can be reported at the right character.
import { ParseFailure } from "./errors";
import { checkSpecDetailed } from "./spec";
import type { ParsedTag, TagFormat, TagProblem, TagSpec } from "./types";

export interface FieldPositions {
  type?: number;
  signer?: number;
  required?: number;
  label?: number;
  group?: number;
  options?: number;
  /** Where each option starts, in list order. */
  optionItems?: number[];
}

export interface Reading {
  spec: TagSpec;
  at: FieldPositions;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Checks the limits of contract §5 on a syntactically valid tag; throws ParseFailure if broken. */
export function finishReading(format: TagFormat, reading: Reading): ParsedTag {
  const problems = checkSpecDetailed(reading.spec, format);
  if (problems.length > 0) {
    const located: TagProblem[] = problems.map((p) => {
      const position =
        (p.optionIndex !== undefined ? reading.at.optionItems?.[p.optionIndex] : undefined) ??
        reading.at[p.field] ??
        null;
      return {
        message: position === null ? p.message : `At character ${position}: ${lowerFirst(p.message)}`,
        position,
      };
    });
    throw new ParseFailure(located);
  }
  const { type, signerIndex, required, label, group, options } = reading.spec;
  return { format, type, signerIndex, required, label, group, options };
}
