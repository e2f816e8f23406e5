// Packages (contract §6.1): the state machine, one function per operation, each in one transaction.
import { createHash } from "node:crypto";
import { emailProblem } from "../../shared/signing-group-rules";
import { ApiError, validationFailed, type FieldError } from "../errors";
import type {
  PackageFields,
  PackageQuery,
  PackageRecord,
  PackageSortField,
  PackageSource,
  PackageStatus,
  SignerRecord,
  Storage,
} from "../storage";
import { appendAudit, type AuditContext } from "./audit";
import {
  bulkResults,
  FINAL_STATES,
  IN_FLIGHT_STATES,
  PACKAGE_LIMITS,
  checkText,
  nextUpdatedOn,
  parseDateTime,
  parseId,
  requirePackage,
  requireState,
  throwIfAny,
  notifySigner,
  signersWhoseTurnItIs,
  inviteWhoseTurn,
  invited,
  firstReminderOn,
  nextReminderAfter,
  SIGNING_TYPES,
  type Stores,
} from "./package-rules";
import { signerApi } from "./signers";
import { newId } from "./tokens";

export const PACKAGE_STATUSES: readonly PackageStatus[] = [
  "Draft",
  "Scheduled",
  "Queued",
  "Sent",
  "Viewed",
  "InProgress",
  "Completed",
  "Declined",
  "Voided",
  "Expired",
];

export const PACKAGE_SORT_FIELDS: readonly PackageSortField[] = ["createdOn", "updatedOn", "sentOn", "name"];

// ---------------------------------------------------------------------------------------------
// Answers

/** PackageResponse of contract §6.1 (plus the reminder settings). */
export function packageApi(p: PackageRecord) {
  return {
    id: p.id,
    name: p.name,
    status: p.status,
    createdOn: p.createdOn,
    updatedOn: p.updatedOn,
    sentOn: p.sentOn,
    completedOn: p.completedOn,
    enforceSigningOrder: p.enforceSigningOrder,
    expirationDate: p.expirationDate,
    scheduledSendOn: p.scheduledSendOn,
    emailSubject: p.emailSubject,
    emailMessage: p.emailMessage,
    documentCount: p.documentCount,
    signerCount: p.signerCount,
    completedSignerCount: p.completedSignerCount,
    isArchived: p.isArchived,
    voidedReason: p.voidedReason,
    source: p.source,
    reminders: p.reminders,
    senderEmail: p.senderEmail,
    senderName: p.senderName,
    sealing: sealingOf(p),
  };
}

/** PackageResponse.sealing: the completion's state in the words of the API (null before Completed). */
function sealingOf(p: PackageRecord): "InProgress" | "Done" | "Failed" | null {
  if (p.status !== "Completed" || p.completionStatus === null) return null;
  return p.completionStatus === "Pending" ? "InProgress" : p.completionStatus;
}

export type PackageApi = ReturnType<typeof packageApi>;

/** A strong ETag of the answer itself: any change to what the client would see changes it. */
export function packageETag(p: PackageApi): string {
  return `"${createHash("sha256").update(JSON.stringify(p)).digest("base64url").slice(0, 27)}"`;
}

// ---------------------------------------------------------------------------------------------
// Requests

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
function applyInput(fields: PackageFields, input: UpdatePackageInput, now: Date): PackageFields {
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

// ---------------------------------------------------------------------------------------------
// Reads

export async function getPackage(storage: Storage, tenantId: string, id: string): Promise<PackageApi> {
  return packageApi(await requirePackage(storage, tenantId, id));
}

export type RawQuery = Record<string, string | string[] | undefined>;

function one(query: RawQuery, name: string, errors: FieldError[]): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    errors.push({ field: name, message: `${name} must be given once.` });
    return undefined;
  }
  return value.trim() === "" ? undefined : value.trim();
}

function wholeNumber(text: string): number | null {
  if (!/^\+?\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

function bool(text: string, name: string, errors: FieldError[]): boolean | undefined {
  const t = text.toLowerCase();
  if (t === "true") return true;
  if (t === "false") return false;
  errors.push({ field: name, message: `${name} must be true or false (got "${text}").` });
  return undefined;
}

/** The list query of contract §6.1 as sent; out-of-range or unknown values are 400 naming what is allowed. */
export function parsePackageListQuery(
  tenantId: string,
  query: RawQuery,
): PackageQuery & { page: number; pageSize: number; includeSigners: boolean } {
  const errors: FieldError[] = [];
  let page = 1;
  let pageSize: number = PACKAGE_LIMITS.pageSizeDefault;
  const out: PackageQuery = {
    tenantId,
    statuses: [],
    search: null,
    conversationId: null,
    internetMessageId: null,
    senderEmail: null,
    includeArchived: false,
    updatedSince: null,
    sortBy: "createdOn",
    descending: true,
    offset: 0,
    limit: pageSize,
  };
  const pageText = one(query, "page", errors);
  if (pageText !== undefined) {
    const n = wholeNumber(pageText);
    if (n === null || n < 1 || n > 1_000_000) {
      errors.push({ field: "page", message: `page must be a whole number from 1 (got "${pageText}").` });
    } else page = n;
  }
  const sizeText = one(query, "pageSize", errors);
  if (sizeText !== undefined) {
    const n = wholeNumber(sizeText);
    if (n === null || n < 1 || n > PACKAGE_LIMITS.pageSizeMax) {
      errors.push({
        field: "pageSize",
        message: `pageSize must be a whole number from 1 to ${PACKAGE_LIMITS.pageSizeMax} (got "${sizeText}").`,
      });
    } else pageSize = n;
  }
  // status is repeatable (status=Sent&status=Viewed); a comma-separated list is accepted as well.
  const statuses =
    query.status === undefined ? [] : Array.isArray(query.status) ? query.status : [query.status];
  for (const text of statuses
    .flatMap((s) => s.split(","))
    .map((s) => s.trim())
    .filter(Boolean)) {
    const status = PACKAGE_STATUSES.find((s) => s.toLowerCase() === text.toLowerCase());
    if (!status) {
      errors.push({
        field: "status",
        message: `status must be one of ${PACKAGE_STATUSES.join(", ")} (got "${text}").`,
      });
    } else if (!out.statuses.includes(status)) out.statuses.push(status);
  }
  const search = one(query, "search", errors);
  if (search !== undefined) {
    out.search =
      checkText(search, "search", errors, { max: PACKAGE_LIMITS.nameLength })?.toLowerCase() ?? null;
  }
  for (const name of ["conversationId", "internetMessageId"] as const) {
    const text = one(query, name, errors);
    if (text !== undefined) out[name] = checkText(text, name, errors, { max: PACKAGE_LIMITS.sourceIdLength });
  }
  const sender = one(query, "senderEmail", errors);
  if (sender !== undefined) {
    // Compared as the store keeps it (sender_email_lower); blank asks for no filter, as blank search does.
    out.senderEmail = checkText(sender, "senderEmail", errors, { max: 320 })?.toLowerCase() ?? null;
  }
  const archived = one(query, "includeArchived", errors);
  if (archived !== undefined) out.includeArchived = bool(archived, "includeArchived", errors) ?? false;
  const since = one(query, "updatedSince", errors);
  if (since !== undefined) {
    const parsed =
      parseDateTime(since) ??
      (/^\d{4}-\d{2}-\d{2}$/.test(since) ? parseDateTime(`${since}T00:00:00Z`) : null);
    if (parsed === null) {
      errors.push({
        field: "updatedSince",
        message: `updatedSince must be an ISO 8601 date or date-time (got "${since}").`,
      });
    } else out.updatedSince = parsed;
  }
  const sortBy = one(query, "sortBy", errors);
  if (sortBy !== undefined) {
    const field = PACKAGE_SORT_FIELDS.find((f) => f.toLowerCase() === sortBy.toLowerCase());
    if (!field) {
      errors.push({
        field: "sortBy",
        message: `sortBy must be one of ${PACKAGE_SORT_FIELDS.join(", ")} (any case), not "${sortBy}".`,
      });
    } else out.sortBy = field;
  }
  const descending = one(query, "descending", errors);
  if (descending !== undefined) out.descending = bool(descending, "descending", errors) ?? true;
  const withSigners = one(query, "includeSigners", errors);
  const includeSigners = withSigners !== undefined && (bool(withSigners, "includeSigners", errors) ?? false);
  throwIfAny(errors);
  return { ...out, page, pageSize, includeSigners, offset: (page - 1) * pageSize, limit: pageSize };
}

export async function listPackages(storage: Storage, query: ReturnType<typeof parsePackageListQuery>) {
  const { items, totalCount } = await storage.packages.list(query);
  // includeSigners: each package's signers as GET /packages/{id}/signers answers them, read for the
  // whole page in two queries, so a thread's packages and their signers are one request (the add-in's
  // Status view, issue 18) and one ETag covers both.
  let signersOf: ((id: string) => ReturnType<typeof signerApi>[]) | null = null;
  if (query.includeSigners) {
    const ids = items.map((p) => p.id);
    const [signers, members] = await Promise.all([
      storage.signers.listMany(ids),
      storage.signers.membersOf(ids),
    ]);
    signersOf = (id) =>
      (signers.get(id) ?? []).map((x) =>
        signerApi(x, x.signingGroupId === null ? null : (members.get(x.id) ?? [])),
      );
  }
  return {
    items: items.map((p) => (signersOf ? { ...packageApi(p), signers: signersOf(p.id) } : packageApi(p))),
    page: query.page,
    pageSize: query.pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / query.pageSize),
  };
}

// ---------------------------------------------------------------------------------------------
// Writes

export async function createPackage(
  storage: Storage,
  tenantId: string,
  input: CreatePackageInput,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  const fields = newPackageFields(input, now);
  return storage.transaction(async (s) =>
    packageApi(await createPackageLocked(s, tenantId, fields, context, now)),
  );
}

/** A new Draft of checked fields (newPackageFields), in the caller's transaction; answers its record. */
export async function createPackageLocked(
  s: Stores,
  tenantId: string,
  fields: PackageFields,
  context: AuditContext,
  now = new Date(),
): Promise<PackageRecord> {
  const at = now.toISOString();
  const id = newId();
  await s.packages.insert(id, tenantId, at, fields);
  await appendAudit(s, { id, tenantId }, context, "PackageCreated", { name: fields.name }, at);
  return (await s.packages.get(tenantId, id))!;
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

/** Runs a change on the locked package in one transaction, then answers the package as it is. */
async function change(
  storage: Storage,
  tenantId: string,
  id: string,
  fn: (s: Stores, pkg: PackageRecord) => Promise<void>,
): Promise<PackageApi> {
  return storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, id, { lock: true });
    await fn(s, pkg);
    return packageApi((await s.packages.get(tenantId, pkg.id))!);
  });
}

export async function updatePackage(
  storage: Storage,
  tenantId: string,
  id: string,
  input: UpdatePackageInput,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  return change(storage, tenantId, id, async (s, pkg) => {
    requireState(pkg, ["Draft"], "update the package");
    const fields = applyInput(pkg, input, now);
    fields.updatedOn = nextUpdatedOn(pkg.updatedOn, now);
    await s.packages.update(pkg.id, fields);
    const changed = Object.keys(input).filter(
      (k) =>
        (input as Record<string, unknown>)[k] !== undefined && (input as Record<string, unknown>)[k] !== null,
    );
    await appendAudit(s, pkg, context, "PackageUpdated", { fields: changed }, now.toISOString());
  });
}

export async function deletePackage(storage: Storage, tenantId: string, id: string): Promise<void> {
  await storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, id, { lock: true });
    requireState(pkg, ["Draft"], "delete the package");
    // Its documents' blobs and staged blocks may be nobody's any more: the collector decides.
    await s.blobGarbage.queue(
      [...(await s.documents.blobsOf(pkg.id)), ...(await s.uploads.blobsOfPackage(pkg.id))],
      new Date().toISOString(),
    );
    await s.packages.delete(pkg.id);
  });
}

// ---------------------------------------------------------------------------------------------
// Validation

export interface ValidationIssue {
  code: string;
  message: string;
  signerId?: string;
  documentId?: string;
}

export interface ValidationResult {
  isValid: boolean;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
}

/** What send requires (contract §6.1), for annotations only when `scope` says so. */
export async function checkPackage(
  s: Stores,
  pkg: PackageRecord,
  scope: "package" | "annotations" = "package",
): Promise<ValidationResult> {
  const errors: ValidationIssue[] = [];
  const warnings: ValidationIssue[] = [];
  // One after another: inside a transaction the stores share one PostgreSQL connection.
  const documents = await s.annotations.documents(pkg.id);
  const signers = await s.signers.list(pkg.id);
  const annotations = await s.annotations.list(pkg.id);
  const signerName = (x: SignerRecord) => (x.email ? `${x.name} <${x.email}>` : x.name);
  if (scope === "package") {
    if (documents.length === 0) errors.push({ code: "no_document", message: "The package has no document." });
    if (!signers.some((x) => SIGNING_TYPES.includes(x.type))) {
      errors.push({
        code: "no_signer",
        message: "The package has no one who signs (a Signer, Approver or InPersonSigner).",
      });
    }
    for (const x of signers) {
      if (x.signingGroupId === null) continue;
      const group = await s.signingGroups.find(pkg.tenantId, x.signingGroupId);
      if (!group) {
        errors.push({
          code: "signing_group_not_found",
          message: `The signing group of ${x.name} no longer exists.`,
          signerId: x.id,
        });
      } else if (group.memberCount === 0) {
        errors.push({
          code: "signing_group_empty",
          message: `The signing group "${group.name}" has no members.`,
          signerId: x.id,
        });
      }
    }
    if (!pkg.emailSubject) {
      warnings.push({ code: "no_email_subject", message: "No email subject: the package's name is used." });
    }
  }
  const fieldsOf = new Map<string, number>();
  const docs = new Map(documents.map((d) => [d.id, d]));
  const signerIds = new Set(signers.map((x) => x.id));
  for (const a of annotations) {
    fieldsOf.set(a.signerId, (fieldsOf.get(a.signerId) ?? 0) + 1);
    const doc = docs.get(a.documentId);
    if (!doc) {
      errors.push({
        code: "annotation_document_missing",
        message: `A ${a.type} field is on a document that is not in the package.`,
        documentId: a.documentId,
      });
      continue;
    }
    if (!signerIds.has(a.signerId)) {
      errors.push({
        code: "annotation_signer_missing",
        message: `A ${a.type} field belongs to a signer who is not in the package.`,
        signerId: a.signerId,
      });
    }
    const page = doc.pages[a.page - 1];
    if (
      !page ||
      a.x < 0 ||
      a.y < 0 ||
      a.x + a.width > page.width + 0.01 ||
      a.y + a.height > page.height + 0.01
    ) {
      errors.push({
        code: "annotation_outside_page",
        message: `A ${a.type} field on page ${a.page} of "${doc.name}" lies outside the page.`,
        documentId: doc.id,
        signerId: a.signerId,
      });
    }
  }
  for (const x of signers) {
    if ((x.type === "Signer" || x.type === "InPersonSigner") && !fieldsOf.get(x.id)) {
      errors.push({
        code: "signer_without_fields",
        message: `${signerName(x)} has no field to sign.`,
        signerId: x.id,
      });
    }
  }
  return { isValid: errors.length === 0, errors, warnings };
}

export async function validatePackage(storage: Storage, tenantId: string, id: string) {
  const pkg = await requirePackage(storage, tenantId, id);
  return checkPackage(storage, pkg);
}

// ---------------------------------------------------------------------------------------------
// Send

/** Who is notified when the package is sent, and who later (contract §6.1 send-impact). */
export async function sendImpact(storage: Storage, tenantId: string, id: string) {
  const pkg = await requirePackage(storage, tenantId, id);
  const signers = await storage.signers.list(pkg.id);
  const snapshots = await storage.signers.members(pkg.id);
  const now = new Set(signersWhoseTurnItIs(pkg, signers).map((x) => x.id));
  const items = [];
  for (const x of signers) {
    let recipients: { email: string; name: string | null }[];
    if (x.signingGroupId === null) recipients = x.email ? [{ email: x.email, name: x.name }] : [];
    else if (snapshots.has(x.id)) recipients = snapshots.get(x.id)!;
    else {
      const group = await storage.signingGroups.find(tenantId, x.signingGroupId);
      const members = group ? await storage.signingGroups.listMembers(group.id) : [];
      recipients = members.map((m) => ({ email: m.email, name: m.name }));
    }
    const finished = x.status === "Completed" || x.status === "Declined" || x.status === "Voided";
    items.push({
      signerId: x.id,
      name: x.name,
      routingOrder: x.routingOrder,
      signingGroupId: x.signingGroupId,
      notified: finished ? ("never" as const) : now.has(x.id) ? ("now" as const) : ("later" as const),
      recipients,
    });
  }
  return {
    packageId: pkg.id,
    status: pkg.status,
    notifiedNow: items.filter((i) => i.notified === "now").reduce((n, i) => n + i.recipients.length, 0),
    notifiedLater: items.filter((i) => i.notified === "later").reduce((n, i) => n + i.recipients.length, 0),
    signers: items,
  };
}

/**
 * Sends (or schedules) a locked Draft package: validates, copies each group slot's members, notifies
 * whose turn it is, audits. The caller holds the transaction.
 */
export async function sendLocked(
  s: Stores,
  pkg: PackageRecord,
  context: AuditContext,
  now: Date,
  options: { fromSchedule?: boolean } = {},
): Promise<void> {
  requireState(pkg, options.fromSchedule ? ["Scheduled"] : ["Draft"], "send the package");
  const check = await checkPackage(s, pkg);
  if (!check.isValid) {
    throw new ApiError(
      400,
      "validation_failed",
      check.errors.length === 1
        ? `The package cannot be sent: ${check.errors[0]!.message}`
        : `The package cannot be sent: ${check.errors.length} problems.`,
      check.errors.map((e) => ({ field: e.signerId ?? e.documentId ?? "package", message: e.message })),
    );
  }
  const at = now.toISOString();
  if (!options.fromSchedule && pkg.scheduledSendOn !== null && pkg.scheduledSendOn > at) {
    await s.packages.update(pkg.id, {
      ...pkg,
      status: "Scheduled",
      updatedOn: nextUpdatedOn(pkg.updatedOn, now),
    });
    await appendAudit(s, pkg, context, "PackageScheduled", { scheduledSendOn: pkg.scheduledSendOn }, at);
    return;
  }
  if (pkg.expirationDate !== null && pkg.expirationDate <= at) {
    throw validationFailed([
      { field: "expirationDate", message: "expirationDate has passed: change it first." },
    ]);
  }
  const signers = await s.signers.list(pkg.id);
  let copied = 0;
  for (const x of signers) {
    if (x.signingGroupId === null) continue;
    copied += await s.signers.snapshotGroup(x.id, x.signingGroupId, pkg.tenantId);
  }
  const sent: PackageRecord = {
    ...pkg,
    status: "Sent",
    sentOn: at,
    updatedOn: nextUpdatedOn(pkg.updatedOn, now),
  };
  await s.packages.update(pkg.id, sent);
  await appendAudit(
    s,
    pkg,
    context,
    "PackageSent",
    { signerCount: signers.length, groupMembersCopied: copied },
    at,
  );
  const notified = await inviteWhoseTurn(s, sent, at);
  await appendAudit(s, pkg, context, "InvitationsQueued", { notifications: notified }, at);
}

export async function sendPackage(
  storage: Storage,
  tenantId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  return change(storage, tenantId, id, (s, pkg) => sendLocked(s, pkg, context, now));
}

export async function cancelSchedule(
  storage: Storage,
  tenantId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  return change(storage, tenantId, id, async (s, pkg) => {
    requireState(pkg, ["Scheduled"], "cancel the schedule");
    await s.packages.update(pkg.id, {
      ...pkg,
      status: "Draft",
      updatedOn: nextUpdatedOn(pkg.updatedOn, now),
    });
    await appendAudit(s, pkg, context, "ScheduleCancelled", {}, now.toISOString());
  });
}

export async function voidPackage(
  storage: Storage,
  tenantId: string,
  id: string,
  reasonText: string,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  const errors: FieldError[] = [];
  const reason = checkText(reasonText, "reason", errors, {
    max: PACKAGE_LIMITS.voidReasonLength,
    required: true,
    lines: true,
  });
  throwIfAny(errors);
  return change(storage, tenantId, id, async (s, pkg) => {
    requireState(pkg, ["Scheduled", "Queued", ...IN_FLIGHT_STATES], "void the package");
    const at = now.toISOString();
    const signers = await s.signers.list(pkg.id);
    const voided: PackageRecord = {
      ...pkg,
      status: "Voided",
      voidedReason: reason,
      updatedOn: nextUpdatedOn(pkg.updatedOn, now),
    };
    await s.packages.update(pkg.id, voided);
    let notified = 0;
    for (const x of signers) {
      // Those already notified hear that it is off (contract §6.1), including those who finished
      // their part (and carbon copies, who had their copy): what they signed will not be completed.
      // Those never notified (Pending: their turn never came) hear nothing.
      if (x.status !== "Pending" && x.status !== "Declined" && x.status !== "Voided") {
        notified += await notifySigner(s, voided, x, "Voided", at);
      }
      if (x.status !== "Completed" && x.status !== "Declined")
        await s.signers.update({ ...x, status: "Voided", nextReminderOn: null });
    }
    await appendAudit(s, pkg, context, "PackageVoided", { reason, notifications: notified }, at);
  });
}

export async function resendPackage(
  storage: Storage,
  tenantId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  return change(storage, tenantId, id, async (s, pkg) => {
    requireState(pkg, IN_FLIGHT_STATES, "resend the package");
    const at = now.toISOString();
    let notified = 0;
    for (const x of signersWhoseTurnItIs(pkg, await s.signers.list(pkg.id))) {
      notified += await notifySigner(s, pkg, x, "Invitation", at);
      await s.signers.update(invited(pkg, x, at));
    }
    await s.packages.update(pkg.id, { ...pkg, updatedOn: nextUpdatedOn(pkg.updatedOn, now) });
    await appendAudit(s, pkg, context, "PackageResent", { notifications: notified }, at);
  });
}

export interface RemindersInput {
  enabled: boolean;
  firstAfterDays?: number | null;
  everyDays?: number | null;
}

export async function updateReminders(
  storage: Storage,
  tenantId: string,
  id: string,
  input: RemindersInput,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  const errors: FieldError[] = [];
  const days = (value: number | null | undefined, field: string, fallback: number | null) => {
    if (value === undefined || value === null) return fallback;
    if (!Number.isInteger(value) || value < 1 || value > PACKAGE_LIMITS.reminderDaysMax) {
      errors.push({
        field,
        message: `${field} must be a whole number of days from 1 to ${PACKAGE_LIMITS.reminderDaysMax}.`,
      });
    }
    return value;
  };
  return change(storage, tenantId, id, async (s, pkg) => {
    if (FINAL_STATES.includes(pkg.status))
      requireState(pkg, ["Draft", "Scheduled", ...IN_FLIGHT_STATES], "change reminders");
    const reminders = {
      enabled: input.enabled,
      firstAfterDays: days(
        input.firstAfterDays,
        "firstAfterDays",
        pkg.reminders.firstAfterDays ?? (input.enabled ? 3 : null),
      ),
      everyDays: days(input.everyDays, "everyDays", pkg.reminders.everyDays ?? (input.enabled ? 3 : null)),
    };
    throwIfAny(errors);
    const changed: PackageRecord = { ...pkg, reminders, updatedOn: nextUpdatedOn(pkg.updatedOn, now) };
    await s.packages.update(pkg.id, changed);
    // Those already asked get their next reminder by the new settings.
    for (const x of await s.signers.list(pkg.id)) {
      if (!["Sent", "Viewed", "InProgress"].includes(x.status)) continue;
      const since = x.notifiedOn ?? pkg.sentOn;
      if (since === null) continue;
      const next = x.lastReminderSentOn
        ? nextReminderAfter(changed, x.lastReminderSentOn)
        : firstReminderOn(changed, since);
      if (next !== x.nextReminderOn) await s.signers.update({ ...x, nextReminderOn: next });
    }
    await appendAudit(s, pkg, context, "RemindersChanged", reminders, now.toISOString());
  });
}

// ---------------------------------------------------------------------------------------------
// Archive, clone, bulk

async function setArchived(
  s: Stores,
  pkg: PackageRecord,
  archived: boolean,
  context: AuditContext,
  now: Date,
) {
  if (archived) requireState(pkg, FINAL_STATES, "archive the package");
  else if (!pkg.isArchived) {
    throw new ApiError(400, "invalid_state", "Cannot unarchive: the package is not archived.");
  }
  await s.packages.update(pkg.id, {
    ...pkg,
    isArchived: archived,
    updatedOn: nextUpdatedOn(pkg.updatedOn, now),
  });
  await appendAudit(
    s,
    pkg,
    context,
    archived ? "PackageArchived" : "PackageUnarchived",
    {},
    now.toISOString(),
  );
}

export async function archivePackage(
  storage: Storage,
  tenantId: string,
  id: string,
  archived: boolean,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  return change(storage, tenantId, id, (s, pkg) => setArchived(s, pkg, archived, context, now));
}

export interface BulkItem {
  id: string;
  success: boolean;
  error: { code: string; message: string } | null;
}

function checkBulkIds(ids: readonly string[]): string[] {
  const keys = ids.map(parseId);
  const malformed = keys.flatMap((key, i) =>
    key === null
      ? [{ field: `ids[${i}]`, message: `${JSON.stringify(ids[i])} is not a package id (a UUID).` }]
      : [],
  );
  if (malformed.length > 0) throw validationFailed(malformed);
  return keys as string[];
}

/** Each id in its own transaction: one failure never undoes another's success. */
async function bulk(
  storage: Storage,
  tenantId: string,
  ids: readonly string[],
  fn: (s: Stores, pkg: PackageRecord) => Promise<void>,
) {
  const keys = checkBulkIds(ids);
  const results: BulkItem[] = [];
  for (const [i, key] of keys.entries()) {
    try {
      await storage.transaction(async (s) => fn(s, await requirePackage(s, tenantId, key, { lock: true })));
      results.push({ id: ids[i]!, success: true, error: null });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      results.push({ id: ids[i]!, success: false, error: { code: error.code, message: error.detail } });
    }
  }
  return bulkResults(results);
}

export function bulkArchivePackages(
  storage: Storage,
  tenantId: string,
  ids: readonly string[],
  context: AuditContext,
  now = new Date(),
) {
  return bulk(storage, tenantId, ids, (s, pkg) => setArchived(s, pkg, true, context, now));
}

export function bulkDeletePackages(storage: Storage, tenantId: string, ids: readonly string[]) {
  return bulk(storage, tenantId, ids, async (s, pkg) => {
    requireState(pkg, ["Draft"], "delete the package");
    // Its documents' blobs and staged blocks may be nobody's any more: the collector decides.
    await s.blobGarbage.queue(
      [...(await s.documents.blobsOf(pkg.id)), ...(await s.uploads.blobsOfPackage(pkg.id))],
      new Date().toISOString(),
    );
    await s.packages.delete(pkg.id);
  });
}

/** A new Draft with the package's settings, documents, signers and annotations (no group snapshot). */
export async function clonePackage(
  storage: Storage,
  tenantId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  const at = now.toISOString();
  return storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, id);
    const copyId = newId();
    const name = `${pkg.name}`.slice(0, PACKAGE_LIMITS.nameLength);
    await s.packages.insert(copyId, tenantId, at, {
      ...pkg,
      name,
      status: "Draft",
      updatedOn: at,
      sentOn: null,
      completedOn: null,
      isArchived: false,
      voidedReason: null,
      // A schedule or an expiry in the past would make the copy unsendable: the sender sets new ones.
      scheduledSendOn: pkg.scheduledSendOn !== null && pkg.scheduledSendOn > at ? pkg.scheduledSendOn : null,
      expirationDate: pkg.expirationDate !== null && pkg.expirationDate > at ? pkg.expirationDate : null,
    });
    const documentIds = await s.documents.copyAll(pkg.id, copyId, () => newId());
    const signerIds = new Map<string, string>();
    for (const x of await s.signers.list(pkg.id)) {
      const sid = newId();
      signerIds.set(x.id, sid);
      await s.signers.insert({
        ...x,
        id: sid,
        packageId: copyId,
        status: "Pending",
        viewedOn: null,
        completedOn: null,
        createdOn: at,
        declinedOn: null,
        declineReason: null,
        remindersSentCount: 0,
        lastReminderSentOn: null,
        completedBy: null,
        notifiedOn: null,
        nextReminderOn: null,
      });
    }
    for (const a of await s.annotations.list(pkg.id)) {
      await s.annotations.insert({
        ...a,
        id: newId(),
        packageId: copyId,
        documentId: documentIds.get(a.documentId)!,
        signerId: signerIds.get(a.signerId)!,
        value: a.type === "Checkbox" || a.source === "Manual" ? a.value : null,
        isCompleted: false,
        completedOn: null,
        createdOn: at,
      });
    }
    await s.packages.refreshCounts(copyId);
    await appendAudit(
      s,
      { id: copyId, tenantId },
      context,
      "PackageCreated",
      { name, clonedFrom: pkg.id },
      at,
    );
    return packageApi((await s.packages.get(tenantId, copyId))!);
  });
}

// ---------------------------------------------------------------------------------------------
// The scheduler's steps

/** Sends Scheduled packages that are due; a package that no longer validates goes back to Draft. */
export async function sendDuePackages(
  storage: Storage,
  context: AuditContext,
  now = new Date(),
): Promise<number> {
  // A read first: most ticks have nothing to do and need no write lock (SQLite's is the whole file).
  if ((await storage.packages.claimDueScheduled(now.toISOString(), 1)).length === 0) return 0;
  return storage.transaction(async (s) => {
    const due = await s.packages.claimDueScheduled(now.toISOString(), 20);
    for (const { id, tenantId } of due) {
      const pkg = (await s.packages.get(tenantId, id))!;
      try {
        await sendLocked(s, pkg, context, now, { fromSchedule: true });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // Nothing of the failed send was written (sendLocked writes after its checks).
        await s.packages.update(pkg.id, {
          ...pkg,
          status: "Draft",
          updatedOn: nextUpdatedOn(pkg.updatedOn, now),
        });
        await appendAudit(
          s,
          pkg,
          context,
          "ScheduledSendFailed",
          { reason: error.detail },
          now.toISOString(),
        );
      }
    }
    return due.length;
  });
}

/** Moves sent packages past their expiration date to Expired. */
export async function expirePackages(
  storage: Storage,
  context: AuditContext,
  now = new Date(),
): Promise<number> {
  if ((await storage.packages.claimExpired(now.toISOString(), 1)).length === 0) return 0;
  return storage.transaction(async (s) => {
    const due = await s.packages.claimExpired(now.toISOString(), 50);
    for (const { id, tenantId } of due) {
      const pkg = (await s.packages.get(tenantId, id))!;
      await s.packages.update(pkg.id, {
        ...pkg,
        status: "Expired",
        updatedOn: nextUpdatedOn(pkg.updatedOn, now),
      });
      await appendAudit(
        s,
        pkg,
        context,
        "PackageExpired",
        { expirationDate: pkg.expirationDate },
        now.toISOString(),
      );
    }
    return due.length;
  });
}
