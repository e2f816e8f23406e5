// Create and update requests checked into a package's fields: each problem a 400 naming its field.
import { emailProblem } from "../../../shared/signing-group-rules";
import type { FieldError } from "../../errors";
import type { PackageFields, PackageSource } from "../../storage";
import { checkText, PACKAGE_LIMITS, parseDateTime, throwIfAny } from "../package-rules";

export interface SourceInput {
  kind: string;
  conversationId?: string | null;
  internetMessageId?: string | null;
  subject?: string | null;
}

export interface CreatePackageInput {
  name: string;
  emailSubject?: string | null;
  emailMessage?: string | null;
  enforceSigningOrder?: boolean | null;
  expirationDate?: string | null;
  scheduledSendOn?: string | null;
  source?: SourceInput | null;
  senderEmail?: string | null;
  senderName?: string | null;
}

export type UpdatePackageInput = Partial<CreatePackageInput>;

function checkSource(input: SourceInput, errors: FieldError[]): PackageSource {
  if (input.kind !== "outlook") {
    errors.push({ field: "source.kind", message: `source.kind must be "outlook".` });
  }
  const id = (value: string | null | undefined, field: string) =>
    value === undefined || value === null
      ? null
      : checkText(value, `source.${field}`, errors, { max: PACKAGE_LIMITS.sourceIdLength });
  return {
    kind: "outlook",
    conversationId: id(input.conversationId, "conversationId"),
    internetMessageId: id(input.internetMessageId, "internetMessageId"),
    subject:
      input.subject === undefined || input.subject === null
        ? null
        : checkText(input.subject, "source.subject", errors, { max: PACKAGE_LIMITS.sourceSubjectLength }),
  };
}

function checkFutureDate(value: string, field: string, now: Date, errors: FieldError[]): string | null {
  const parsed = parseDateTime(value);
  if (parsed === null) {
    errors.push({
      field,
      message: `${field} must be a date and time with its offset, e.g. 2026-12-01T09:00:00Z (got "${value}").`,
    });
    return null;
  }
  if (Date.parse(parsed) <= now.getTime()) {
    errors.push({ field, message: `${field} must be in the future.` });
  }
  return parsed;
}

/** Applies a create or update request to fields (null/omitted = unchanged), or 400 naming each field. */
export function applyInput(fields: PackageFields, input: UpdatePackageInput, now: Date): PackageFields {
  const errors: FieldError[] = [];
  const out: PackageFields = { ...fields, reminders: { ...fields.reminders } };
  if (input.name !== undefined && input.name !== null) {
    out.name =
      checkText(input.name, "name", errors, { max: PACKAGE_LIMITS.nameLength, required: true }) ?? "";
  }
  if (input.emailSubject !== undefined && input.emailSubject !== null) {
    out.emailSubject = checkText(input.emailSubject, "emailSubject", errors, {
      max: PACKAGE_LIMITS.emailSubjectLength,
    });
  }
  if (input.emailMessage !== undefined && input.emailMessage !== null) {
    out.emailMessage = checkText(input.emailMessage, "emailMessage", errors, {
      max: PACKAGE_LIMITS.emailMessageLength,
      lines: true,
    });
  }
  if (input.enforceSigningOrder !== undefined && input.enforceSigningOrder !== null) {
    out.enforceSigningOrder = input.enforceSigningOrder;
  }
  // "" clears a date (null means unchanged).
  if (input.expirationDate !== undefined && input.expirationDate !== null) {
    out.expirationDate =
      input.expirationDate.trim() === ""
        ? null
        : checkFutureDate(input.expirationDate, "expirationDate", now, errors);
  }
  if (input.scheduledSendOn !== undefined && input.scheduledSendOn !== null) {
    out.scheduledSendOn =
      input.scheduledSendOn.trim() === ""
        ? null
        : checkFutureDate(input.scheduledSendOn, "scheduledSendOn", now, errors);
  }
  if (
    out.expirationDate !== null &&
    out.scheduledSendOn !== null &&
    out.expirationDate <= out.scheduledSendOn
  ) {
    errors.push({ field: "expirationDate", message: "expirationDate must be after scheduledSendOn." });
  }
  if (input.source !== undefined && input.source !== null) out.source = checkSource(input.source, errors);
  // "" clears the sender (null means unchanged).
  if (input.senderEmail !== undefined && input.senderEmail !== null) {
    const email = input.senderEmail.trim();
    const problem = email === "" ? null : emailProblem(email);
    if (problem) errors.push({ field: "senderEmail", message: `senderEmail ${problem}` });
    out.senderEmail = email === "" ? null : email;
  }
  if (input.senderName !== undefined && input.senderName !== null) {
    out.senderName = checkText(input.senderName, "senderName", errors, { max: 200 });
  }
  throwIfAny(errors);
  return out;
}

/**
 * A create request checked (400 naming each field) into the fields of a new Draft; the package is
 * made later by `createPackageLocked`, in a transaction of the caller's.
 */
export function newPackageFields(input: CreatePackageInput, now = new Date()): PackageFields {
  const at = now.toISOString();
  return applyInput(
    {
      name: "",
      status: "Draft",
      updatedOn: at,
      sentOn: null,
      completedOn: null,
      enforceSigningOrder: false,
      expirationDate: null,
      scheduledSendOn: null,
      emailSubject: null,
      emailMessage: null,
      isArchived: false,
      voidedReason: null,
      source: null,
      reminders: { enabled: false, firstAfterDays: null, everyDays: null },
      senderEmail: null,
      senderName: null,
    },
    input,
    now,
  );
}
