// What a create or update of a signer may say and how it is checked (contract §6.3): shared by add and
// update, so both refuse the same things with the same messages.
import { emailProblem } from "../../../shared/signing-group-rules";
import { ApiError, type FieldError } from "../../errors";
import type { AuthMethod, SignerRecord, SignerType } from "../../storage";
import { EMPTY_GUID, PACKAGE_LIMITS, checkText, parseId, type Stores } from "../package-rules";
import { hashSecret } from "../tokens";

export const SIGNER_TYPES: readonly SignerType[] = ["Signer", "Approver", "InPersonSigner", "CarbonCopy"];
export const AUTH_METHODS: readonly AuthMethod[] = ["Email", "AccessCode", "Sms", "Kba", "IdVerification"];

export interface CreateSignerInput {
  email?: string | null;
  name?: string | null;
  type?: string | null;
  routingOrder?: number | null;
  signingGroupId?: string | null;
  authMethod?: string | null;
  accessCode?: string | null;
  clientUserId?: string | null;
  roleName?: string | null;
}

export type UpdateSignerInput = CreateSignerInput;

function pick<T extends string>(
  value: string,
  allowed: readonly T[],
  field: string,
  errors: FieldError[],
): T | undefined {
  const found = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  if (!found)
    errors.push({ field, message: `${field} must be one of ${allowed.join(", ")} (got "${value}").` });
  return found;
}

/**
 * Applies a create or update to a signer (null/omitted = unchanged), checking each field; the group
 * named by signingGroupId must be the tenant's. Pushes what is wrong with `prefix` on each field name.
 */
export async function applySigner(
  s: Stores,
  tenantId: string,
  base: SignerRecord,
  input: CreateSignerInput,
  errors: FieldError[],
  prefix: string,
  creating: boolean,
): Promise<SignerRecord> {
  const f = (name: string) => `${prefix}${name}`;
  const out = { ...base };
  if (input.type !== undefined && input.type !== null) {
    out.type = pick(input.type, SIGNER_TYPES, f("type"), errors) ?? out.type;
  }
  if (input.routingOrder !== undefined && input.routingOrder !== null) {
    if (
      !Number.isInteger(input.routingOrder) ||
      input.routingOrder < 1 ||
      input.routingOrder > PACKAGE_LIMITS.routingOrderMax
    ) {
      errors.push({
        field: f("routingOrder"),
        message: `${f("routingOrder")} must be a whole number from 1 to ${PACKAGE_LIMITS.routingOrderMax}.`,
      });
    } else out.routingOrder = input.routingOrder;
  }
  if (input.authMethod !== undefined && input.authMethod !== null) {
    const method = pick(input.authMethod, AUTH_METHODS, f("authMethod"), errors);
    if (method === "Sms" || method === "Kba" || method === "IdVerification") {
      throw new ApiError(
        400,
        "not_supported",
        `${f("authMethod")} ${method} is not supported by this service; use Email or AccessCode.`,
        [{ field: f("authMethod"), message: `${method} is not supported; use Email or AccessCode.` }],
      );
    }
    if (method) out.authMethod = method;
  }
  if (input.accessCode !== undefined && input.accessCode !== null) {
    const code = input.accessCode;
    if (code.length < 4 || code.length > 50 || /\s/.test(code)) {
      errors.push({
        field: f("accessCode"),
        message: `${f("accessCode")} must be 4 to 50 characters without spaces.`,
      });
    } else out.accessCodeHash = hashSecret(code);
  }
  if (out.authMethod === "AccessCode" && out.accessCodeHash === null) {
    errors.push({
      field: f("accessCode"),
      message: `${f("accessCode")} is required with authMethod AccessCode.`,
    });
  }
  if (out.authMethod === "Email") out.accessCodeHash = null;
  for (const key of ["clientUserId", "roleName"] as const) {
    const value = input[key];
    if (value !== undefined && value !== null) out[key] = checkText(value, f(key), errors, { max: 200 });
  }

  let groupName: string | null = null;
  // A group asked for that does not exist is the one error: not also "email is required".
  let missingGroup = false;
  if (input.signingGroupId !== undefined && input.signingGroupId !== null) {
    const text = input.signingGroupId.trim();
    if (text === EMPTY_GUID || text === "") {
      out.signingGroupId = null; // back to a person: email required below
    } else {
      const id = parseId(text);
      const group = id ? await s.signingGroups.find(tenantId, id) : undefined;
      if (!group) {
        missingGroup = true;
        errors.push({ field: f("signingGroupId"), message: `No signing group ${text} exists.` });
      } else {
        out.signingGroupId = group.id;
        out.email = null;
        groupName = group.name;
      }
    }
  }
  if (out.signingGroupId === null) {
    if (input.email !== undefined && input.email !== null) {
      const email = input.email.trim();
      const problem = emailProblem(email);
      if (problem) errors.push({ field: f("email"), message: `${f("email")} ${problem}` });
      out.email = email;
    } else if (out.email === null && !missingGroup) {
      errors.push({
        field: f("email"),
        message: `${f("email")} is required for a person (or give signingGroupId for a signing group).`,
      });
    }
  } else if (input.email !== undefined && input.email !== null && input.email.trim() !== "") {
    errors.push({ field: f("email"), message: `${f("email")} must be omitted for a signing-group slot.` });
  }
  if (input.name !== undefined && input.name !== null) {
    out.name = checkText(input.name, f("name"), errors, { max: 200 }) ?? "";
  }
  if (
    out.name === "" ||
    (creating && (input.name === undefined || input.name === null || input.name.trim() === ""))
  ) {
    // A group slot is named after its group; a person without a name by their address.
    out.name = groupName ?? (out.signingGroupId === null ? (out.email ?? "") : out.name);
  }
  return out;
}
