// What a create, update or add-member request may say and how it is checked (contract §4): every field
// at fault named in one 400, the text as it will be stored otherwise.
import { caseKey } from "../../../shared/signing-group-rules";
import { validationFailed, type FieldError } from "../../errors";
import { LIMITS } from "./limits";
import { checkDescription, checkEmail, checkMemberName, checkName } from "./text";

export interface MemberInput {
  email: string;
  name?: string | null;
}

export interface CreateInput {
  name: string;
  description?: string | null;
  members?: MemberInput[] | null;
}

export interface UpdateInput {
  name?: string | null;
  description?: string | null;
}

export interface CheckedMember {
  email: string;
  emailKey: string;
  name: string | null;
}

export interface CheckedCreate {
  name: string;
  description: string | null;
  members: CheckedMember[];
}

/**
 * A create request as it will be stored, or 400 naming every field at fault: name, description, each
 * member's email and name, at most 100 members, and no email twice (ignoring case; the message names
 * both positions).
 */
export function checkCreate(input: CreateInput): CheckedCreate {
  const errors: FieldError[] = [];
  const name = checkName(input.name, "name", errors);
  const description =
    input.description === undefined || input.description === null
      ? null
      : checkDescription(input.description, "description", errors);
  const given = input.members ?? [];
  if (given.length > LIMITS.membersPerCreate) {
    errors.push({
      field: "members",
      message: `members must have at most ${LIMITS.membersPerCreate} items; add more with the add-member operation.`,
    });
  }
  const members: CheckedMember[] = [];
  const firstAt = new Map<string, number>();
  given.slice(0, LIMITS.membersPerCreate).forEach((member, i) => {
    const field = `members[${i}].email`;
    const before = errors.length;
    const email = checkEmail(member.email, field, errors);
    const memberName = checkMemberName(member.name, `members[${i}].name`, errors);
    if (errors.length > before) return;
    const emailKey = caseKey(email);
    const first = firstAt.get(emailKey);
    if (first !== undefined) {
      errors.push({
        field,
        message: `${field} duplicates members[${first}].email (${email}); emails are compared ignoring case.`,
      });
      return;
    }
    firstAt.set(emailKey, i);
    members.push({ email, emailKey, name: memberName });
  });
  if (errors.length > 0) throw validationFailed(errors);
  return { name, description, members };
}

export interface CheckedUpdate {
  /** undefined = unchanged */
  name?: string;
  /** undefined = unchanged, null = cleared */
  description?: string | null;
}

/** Omitted or null = unchanged; `""` clears the description; a blank name is refused. */
export function checkUpdate(input: UpdateInput): CheckedUpdate {
  const errors: FieldError[] = [];
  const out: CheckedUpdate = {};
  if (input.name !== undefined && input.name !== null) out.name = checkName(input.name, "name", errors);
  if (input.description !== undefined && input.description !== null) {
    out.description = checkDescription(input.description, "description", errors);
  }
  if (errors.length > 0) throw validationFailed(errors);
  return out;
}

export function checkMember(input: MemberInput): CheckedMember {
  const errors: FieldError[] = [];
  const email = checkEmail(input.email, "email", errors);
  const name = checkMemberName(input.name, "name", errors);
  if (errors.length > 0) throw validationFailed(errors);
  return { email, emailKey: caseKey(email), name };
}
