// The text rules of contract §4: what a group's name, description, a member's name and email may hold.
// Each fault is pushed as a field error, so one answer names every field at fault.
import { caseKey, characters, emailProblem } from "../../../shared/signing-group-rules";
import type { FieldError } from "../../errors";
import { LIMITS } from "./limits";

export { caseKey, characters, emailProblem };

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
export const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** With the u flag a surrogate pair is one code point, so this matches only a lone (unpaired) surrogate. */
export const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** Why a piece of text cannot be stored as it is, or null. */
function textProblem(text: string, field: string, options: { max: number; lines?: boolean }): string | null {
  if (LONE_SURROGATE.test(text)) return `${field} is not valid Unicode text (it has a lone surrogate).`;
  if ((options.lines ? CONTROL_BUT_LINES : CONTROL).test(text)) {
    return `${field} must not contain control characters${options.lines ? " other than tabs and line breaks" : ""}.`;
  }
  if (characters(text) > options.max) return `${field} must be at most ${options.max} characters.`;
  return null;
}

/** A group's name: trimmed, 1 to 200 characters. */
export function checkName(value: string, field: string, errors: FieldError[]): string {
  const name = value.trim();
  const problem =
    name === "" ? `${field} must not be blank.` : textProblem(name, field, { max: LIMITS.nameLength });
  if (problem) errors.push({ field, message: problem });
  return name;
}

/** A description: trimmed, at most 2,000 characters; empty means none (null). */
export function checkDescription(value: string, field: string, errors: FieldError[]): string | null {
  const description = value.trim();
  const problem = textProblem(description, field, { max: LIMITS.descriptionLength, lines: true });
  if (problem) errors.push({ field, message: problem });
  return description === "" ? null : description;
}

/** A member's display name: trimmed, at most 200 characters; empty means none (null). */
export function checkMemberName(
  value: string | null | undefined,
  field: string,
  errors: FieldError[],
): string | null {
  if (value === undefined || value === null) return null;
  const name = value.trim();
  const problem = textProblem(name, field, { max: LIMITS.memberNameLength });
  if (problem) errors.push({ field, message: problem });
  return name === "" ? null : name;
}

export function checkEmail(value: string, field: string, errors: FieldError[]): string {
  const email = value.trim();
  const problem = emailProblem(email);
  if (problem) errors.push({ field, message: `${field} ${problem}` });
  return email;
}
