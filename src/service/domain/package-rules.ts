// Small rules shared by the package, signer and annotation domains: limits, text checks, ids, states,
// one-page and bulk answers.
import { characters } from "../../shared/signing-group-rules";
import { ApiError, notFound, validationFailed, type FieldError } from "../errors";
import type { PackageRecord, PackageStatus, SignerType, Storage } from "../storage";

export type Stores = Omit<Storage, "transaction" | "close">;

export const PACKAGE_LIMITS = {
  nameLength: 200,
  emailSubjectLength: 200,
  emailMessageLength: 10_000,
  voidReasonLength: 500,
  sourceIdLength: 1_000,
  sourceSubjectLength: 1_000,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  idsPerBulk: 50,
  signersPerPackage: 100,
  signersPerBulk: 50,
  annotationsPerBulk: 500,
  annotationsPerPackage: 5_000,
  routingOrderMax: 100,
  reminderDaysMax: 365,
} as const;

export const FINAL_STATES: readonly PackageStatus[] = ["Completed", "Declined", "Voided", "Expired"];
export const IN_FLIGHT_STATES: readonly PackageStatus[] = ["Sent", "Viewed", "InProgress"];

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * A piece of text, trimmed, checked for control characters and length; pushes what is wrong. Empty
 * text is null (or an error when required).
 */
export function checkText(
  value: string,
  field: string,
  errors: FieldError[],
  options: { max: number; lines?: boolean; required?: boolean },
): string | null {
  const text = value.trim();
  if (text === "") {
    if (options.required) errors.push({ field, message: `${field} must not be blank.` });
    return null;
  }
  if ((options.lines ? CONTROL_BUT_LINES : CONTROL).test(text)) {
    errors.push({
      field,
      message: `${field} must not contain control characters${options.lines ? " other than tabs and line breaks" : ""}.`,
    });
  } else if (characters(text) > options.max) {
    errors.push({ field, message: `${field} must be at most ${options.max} characters.` });
  }
  return text;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const EMPTY_GUID = "00000000-0000-0000-0000-000000000000";

/** An id from a path or body, lowercased; null when it is no UUID. */
export function parseId(text: string): string | null {
  return UUID.test(text) ? text.toLowerCase() : null;
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/i;

/** An RFC 3339 date-time (with Z or an offset) as ISO 8601 UTC with milliseconds, or null. */
export function parseDateTime(text: string): string | null {
  if (!ISO_DATE_TIME.test(text.trim())) return null;
  const ms = Date.parse(text.trim());
  if (Number.isNaN(ms)) return null;
  const d = new Date(ms);
  // Date.parse rolls 2024-02-30 over to March: refuse dates that do not exist.
  const m = ISO_DATE_TIME.exec(text.trim())!;
  const local = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (local.getUTCDate() !== Number(m[3]) || Number(m[4]) > 23 || Number(m[5]) > 59) return null;
  return d.toISOString();
}

/** The package of this tenant, or 404 (another tenant's package answers exactly as a missing one). */
export async function requirePackage(
  stores: Stores,
  tenantId: string,
  idText: string,
  options: { lock?: boolean } = {},
): Promise<PackageRecord> {
  const id = parseId(idText);
  const pkg = id
    ? options.lock
      ? await stores.packages.lock(tenantId, id)
      : await stores.packages.get(tenantId, id)
    : null;
  if (!pkg) throw notFound(`Package ${idText}`);
  return pkg;
}

/** 400 invalid_state naming the state, when the package is not in one of `allowed`. */
export function requireState(pkg: PackageRecord, allowed: readonly PackageStatus[], doing: string): void {
  if (allowed.includes(pkg.status)) return;
  throw new ApiError(
    400,
    "invalid_state",
    `Cannot ${doing}: the package is ${pkg.status}; only ${
      allowed.length === 1 ? `a ${allowed[0]} package` : `packages that are ${allowed.join(", ")}`
    } can.`,
  );
}

/**
 * The updatedOn of a change made at `now`: now, unless the clock has not moved past the previous one,
 * then one millisecond later (updatedSince relies on updatedOn moving forward on every change).
 */
export function nextUpdatedOn(previous: string, now: Date): string {
  const candidate = now.toISOString();
  return candidate > previous ? candidate : new Date(Date.parse(previous) + 1).toISOString();
}

/** Throws 400 validation_failed when errors were found. */
export function throwIfAny(errors: FieldError[]): void {
  if (errors.length > 0) throw validationFailed(errors);
}

/** Signer states after which nothing more is asked of the signer. */
export const FINISHED = new Set(["Completed", "Declined", "Voided"]);
/** The types that sign (or approve): a package needs one of them to be sent. */
export const SIGNING_TYPES: readonly SignerType[] = ["Signer", "Approver", "InPersonSigner"];

/** A list answered whole as one page (documents, annotations, signers: bounded by their limits). */
export function onePage<T>(items: T[]) {
  return {
    items,
    page: 1,
    pageSize: Math.max(1, items.length),
    totalCount: items.length,
    totalPages: items.length ? 1 : 0,
  };
}

/** A bulk operation's answer: each item's result in request order, and the counts. */
export function bulkResults<R extends { success: boolean }>(results: R[]) {
  const successCount = results.filter((r) => r.success).length;
  return { results, successCount, failureCount: results.length - successCount };
}
