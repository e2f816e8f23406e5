// Signing through a link (docs/signing-page-api.md, contract §6.5): what a link's holder sees (the
// session and its state), and what they do — give the access code, fill fields as they go, attach
// files, finish, decline. Each write runs in one transaction on the locked package, so two members of
// a group slot finishing at once cannot both complete it, and a finish racing a void sees the void.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { caseKey, characters } from "../../shared/signing-group-rules";
import { sniffType } from "../../pdf/inspect";
import type { TagType } from "../../tags/types";
import type { BlobStore } from "../blobs";
import { ApiError, validationFailed, type FieldError } from "../errors";
import type {
  AnnotationRecord,
  DocumentPages,
  PackageRecord,
  SignerRecord,
  SigningLinkRecord,
  Storage,
} from "../storage";
import { appendAudit, type AuditContext } from "./audit";
import {
  IN_FLIGHT_STATES,
  checkText,
  inviteWhoseTurn,
  nextReminderAfter,
  notifySigner,
  requirePackage,
  nextUpdatedOn,
  parseId,
  signersWhoseTurnItIs,
  throwIfAny,
  type Stores,
} from "./package-rules";
import { rateLimitedError, type RateLimiter } from "./rate-limits";
import { type SignerCopies, signerCopyInput } from "./signer-document";
import { GRANT_TTL_MS, type SigningLinks } from "./signing-links";
import { secretMatches, newId } from "./tokens";
import { servableWebUrl, webUrl } from "./web-urls";

export type SessionState =
  | "Ready"
  | "AccessCodeRequired"
  | "NotYourTurn"
  | "Completed"
  | "CompletedByOther"
  | "Declined"
  | "Voided"
  | "Expired"
  | "Reassigned";

export const SESSION_STATES: readonly SessionState[] = [
  "Ready",
  "AccessCodeRequired",
  "NotYourTurn",
  "Completed",
  "CompletedByOther",
  "Declined",
  "Voided",
  "Expired",
  "Reassigned",
];

export const SIGNING_LIMITS = {
  textLength: 4_000,
  numberLength: 50,
  imageBytes: 512 * 1024,
  attachmentBytes: 10 * 1024 * 1024,
  fileNameLength: 200,
  declineReasonLength: 500,
  /** Wrong access codes allowed for one person's slot within `accessCodeWindowMs`. */
  accessCodeFailures: 5,
  accessCodeWindowMs: 15 * 60_000,
} as const;

const AUTO_TYPES: ReadonlySet<TagType> = new Set(["Name", "Email", "DateSigned"]);
/** States in which the documents and this signer's fields are shown. */
const SHOWS_DOCUMENTS: ReadonlySet<SessionState> = new Set(["Ready", "NotYourTurn", "Completed"]);

export interface SigningContext {
  storage: Storage;
  links: SigningLinks;
  limiter: RateLimiter;
  blobs: BlobStore;
  /** The documents as signers see them (signer-document.ts). */
  copies: SignerCopies;
}

/** Who follows a link, as the page and the audit trail know them. */
interface Visit {
  link: SigningLinkRecord;
  pkg: PackageRecord;
  /** The slot the link is for (after a reassign, the slot's new record). */
  signer: SignerRecord | null;
  /** The link's person still holds the slot (the slot's person, or a member of its group snapshot). */
  current: boolean;
  person: { email: string; name: string };
  state: SessionState;
}

/** Every link that leads nowhere answers alike, so that an answer tells nothing about why. */
const unknownLink = () =>
  new ApiError(
    404,
    "not_found",
    "This signing link is not valid: check that it was copied whole, or ask the sender for a new one.",
  );

function auditContextOf(v: Visit, ip: string | null): AuditContext {
  return { actor: { type: "Signer", email: v.person.email, name: v.person.name }, ip };
}

async function visit(
  s: Stores,
  links: SigningLinks,
  token: string,
  grant: string | undefined,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<Visit> {
  const id = links.linkIdOf(token);
  const link = id === null ? null : await s.signingLinks.get(id);
  if (!link) throw unknownLink();
  if (link.expiresOn !== null && link.expiresOn <= now.toISOString()) {
    throw new ApiError(404, "not_found", "This signing link has expired: ask the sender for a new one.");
  }
  const pkg = options.lock
    ? await s.packages.lock(link.tenantId, link.packageId)
    : await s.packages.get(link.tenantId, link.packageId);
  if (!pkg) throw unknownLink();
  const signer = await s.signers.get(pkg.id, link.signerId);
  let current = false;
  let memberName: string | null = null;
  if (signer) {
    if (signer.signingGroupId === null) {
      current = signer.email !== null && caseKey(signer.email) === link.emailLower;
    } else {
      const member = await s.signers.member(signer.id, link.emailLower);
      current = member !== null;
      memberName = member?.name ?? null;
    }
  }
  const name =
    (signer && current && signer.signingGroupId === null ? signer.name : (memberName ?? link.name)) ||
    link.email;
  const person = { email: link.email, name };
  const granted = signer?.authMethod !== "AccessCode" || links.grantAllows(grant, link.id, now.getTime());
  let state: SessionState;
  if (!signer || !current) state = "Reassigned";
  else if (pkg.status === "Voided") state = "Voided";
  else if (signer.status === "Declined" || pkg.status === "Declined") state = "Declined";
  else if (pkg.status === "Expired" && signer.status !== "Completed") state = "Expired";
  else if (!granted) state = "AccessCodeRequired";
  else if (signer.status === "Completed") {
    state =
      signer.signingGroupId !== null &&
      signer.completedBy !== null &&
      caseKey(signer.completedBy) !== link.emailLower
        ? "CompletedByOther"
        : "Completed";
  } else if (!IN_FLIGHT_STATES.includes(pkg.status)) {
    // Links exist only once a package is sent; a Completed package has every slot Completed.
    state = pkg.status === "Completed" ? "Completed" : "Voided";
  } else {
    const turn = signersWhoseTurnItIs(pkg, await s.signers.list(pkg.id));
    state = turn.some((x) => x.id === signer.id) ? "Ready" : "NotYourTurn";
  }
  return { link, pkg, signer, current, person, state };
}

// ---------------------------------------------------------------------------------------------
// The session

function byReadingOrder(documents: DocumentPages[]) {
  const order = new Map(documents.map((d, i) => [d.id, i]));
  return (a: AnnotationRecord, b: AnnotationRecord) =>
    (order.get(a.documentId) ?? 0) - (order.get(b.documentId) ?? 0) ||
    a.page - b.page ||
    a.y - b.y ||
    a.x - b.x ||
    a.seq - b.seq;
}

function autoValue(type: TagType, person: Visit["person"], at: Date): string | null {
  if (type === "Name") return person.name;
  if (type === "Email") return person.email;
  if (type === "DateSigned") return at.toISOString().slice(0, 10);
  return null;
}

export function signingFieldApi(a: AnnotationRecord, value: string | null, isCompleted: boolean) {
  return {
    id: a.id,
    documentId: a.documentId,
    type: a.type,
    page: a.page,
    x: a.x,
    y: a.y,
    width: a.width,
    height: a.height,
    required: a.required,
    label: a.label,
    group: a.group,
    options: a.options,
    value,
    isCompleted,
    auto: AUTO_TYPES.has(a.type) ? (a.type as "Name" | "Email" | "DateSigned") : null,
  };
}

export type SigningFieldApi = ReturnType<typeof signingFieldApi>;

/** This signer's fields with what the person sees in them now, in signing order. */
async function fieldsOf(
  s: Stores,
  v: Visit,
  documents: DocumentPages[],
  now: Date,
): Promise<SigningFieldApi[]> {
  if (!v.signer) return [];
  const mine = (await s.annotations.list(v.pkg.id)).filter((a) => a.signerId === v.signer!.id);
  mine.sort(byReadingOrder(documents));
  if (v.signer.status === "Completed") return mine.map((a) => signingFieldApi(a, a.value, a.isCompleted));
  const drafts = await s.signingValues.of(v.pkg.id, v.link.emailLower);
  return mine.map((a) => {
    const value = AUTO_TYPES.has(a.type) ? autoValue(a.type, v.person, now) : (drafts.get(a.id) ?? a.value);
    return signingFieldApi(a, value, false);
  });
}

async function sessionOf(s: Stores, v: Visit, now: Date) {
  const { pkg, signer, state } = v;
  const showing = SHOWS_DOCUMENTS.has(state);
  const documents = showing ? await s.annotations.documents(pkg.id) : [];
  let completedBy = null;
  if (signer && signer.status === "Completed" && signer.signingGroupId !== null && signer.completedBy) {
    const member = await s.signers.member(signer.id, caseKey(signer.completedBy));
    completedBy = {
      name: member?.name || signer.completedBy,
      email: signer.completedBy,
      completedOn: signer.completedOn,
    };
  }
  let declineReason: string | null = null;
  if (state === "Declined") {
    declineReason =
      signer?.declineReason ??
      (await s.signers.list(pkg.id)).find((x) => x.status === "Declined")?.declineReason ??
      null;
  }
  return {
    state,
    package: {
      id: pkg.id,
      name: pkg.name,
      status: pkg.status,
      emailMessage: pkg.emailMessage,
      senderName: pkg.senderName,
      senderEmail: pkg.senderEmail,
      expirationDate: pkg.expirationDate,
    },
    signer: {
      id: signer?.id ?? v.link.signerId,
      name: v.person.name,
      email: v.person.email,
      type: signer?.type ?? "Signer",
      status: signer?.status ?? "Voided",
      routingOrder: signer?.routingOrder ?? 1,
      isGroupSlot: signer ? signer.signingGroupId !== null : false,
      groupName: signer && signer.signingGroupId !== null ? signer.name : null,
    },
    completedBy,
    declineReason,
    voidedReason: state === "Voided" ? pkg.voidedReason : null,
    // A signing-url link's returnUrl (contract §6.3): the page goes there after finish or decline.
    // Checked when stored; one stored before that check is answered repaired or not at all.
    returnUrl: servableWebUrl(v.link.returnUrl),
    documents: documents.map((d) => ({ id: d.id, name: d.name, pageCount: d.pages.length, pages: d.pages })),
    fields: showing ? await fieldsOf(s, v, documents, now) : [],
  };
}

export type SigningSessionApi = Awaited<ReturnType<typeof sessionOf>>;

/**
 * The session of a link. Opened Ready for the first time, it marks the signer Viewed (and the
 * package Viewed from Sent), with an audit event.
 */
export async function openSession(
  ctx: SigningContext,
  token: string,
  grant: string | undefined,
  ip: string | null,
  now = new Date(),
): Promise<SigningSessionApi> {
  const first = await visit(ctx.storage, ctx.links, token, grant, now);
  if (first.state !== "Ready" || first.signer!.viewedOn !== null) return sessionOf(ctx.storage, first, now);
  // A write only the first time: most opens read.
  return ctx.storage.transaction(async (s) => {
    const v = await visit(s, ctx.links, token, grant, now, { lock: true });
    if (v.state === "Ready" && v.signer!.viewedOn === null) {
      const at = now.toISOString();
      const signer: SignerRecord = {
        ...v.signer!,
        viewedOn: at,
        status: v.signer!.status === "Sent" || v.signer!.status === "Pending" ? "Viewed" : v.signer!.status,
      };
      await s.signers.update(signer);
      const pkg: PackageRecord = {
        ...v.pkg,
        status: v.pkg.status === "Sent" ? "Viewed" : v.pkg.status,
        updatedOn: nextUpdatedOn(v.pkg.updatedOn, now),
      };
      await s.packages.update(pkg.id, pkg);
      await appendAudit(s, pkg, auditContextOf(v, ip), "SignerViewed", { signerId: signer.id }, at);
      return sessionOf(s, { ...v, signer, pkg }, now);
    }
    return sessionOf(s, v, now);
  });
}

// ---------------------------------------------------------------------------------------------
// Access code

/** Budget of wrong codes, keyed by the slot and the person (every link of theirs shares it). */
const ACCESS_CODE_BUDGET = { name: "access-code", max: SIGNING_LIMITS.accessCodeFailures };

export async function verifyAccessCode(
  ctx: SigningContext,
  token: string,
  accessCode: unknown,
  ip: string | null,
  now = new Date(),
): Promise<{ grant: string; expiresOn: string }> {
  const v = await visit(ctx.storage, ctx.links, token, undefined, now);
  if (!v.signer || v.signer.authMethod !== "AccessCode" || v.signer.accessCodeHash === null) {
    throw new ApiError(400, "invalid_state", "This link needs no access code.");
  }
  if (v.state !== "AccessCodeRequired") {
    throw new ApiError(400, "invalid_state", `This link is ${v.state}: no access code can open it now.`);
  }
  const key = `${v.signer.id}\n${v.link.emailLower}`;
  const spent = await ctx.limiter.recent(ACCESS_CODE_BUDGET, key, SIGNING_LIMITS.accessCodeWindowMs);
  if (spent.count >= SIGNING_LIMITS.accessCodeFailures) {
    throw rateLimitedError(
      `${SIGNING_LIMITS.accessCodeFailures} wrong access codes in ${SIGNING_LIMITS.accessCodeWindowMs / 60_000} minutes.`,
      spent.retryAfterSeconds,
    );
  }
  if (typeof accessCode !== "string" || accessCode.trim() === "") {
    throw validationFailed([{ field: "accessCode", message: "accessCode is required." }]);
  }
  if (accessCode.length > 50 || !secretMatches(accessCode.trim(), v.signer.accessCodeHash)) {
    await ctx.limiter.take(ACCESS_CODE_BUDGET, key);
    throw new ApiError(400, "invalid_access_code", "That access code is not right. Ask the sender for it.", [
      { field: "accessCode", message: "That access code is not right." },
    ]);
  }
  const expires = now.getTime() + GRANT_TTL_MS;
  await ctx.storage.transaction(async (s) => {
    await appendAudit(
      s,
      v.pkg,
      auditContextOf(v, ip),
      "AccessCodeVerified",
      { signerId: v.signer!.id },
      now.toISOString(),
    );
  });
  return { grant: ctx.links.grantFor(v.link.id, expires), expiresOn: new Date(expires).toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Writes

/** A write needs the link to be Ready: 403 without the access code, 400 naming any other state. */
function requireReady(v: Visit, doing: string): void {
  if (v.state === "Ready") return;
  if (v.state === "AccessCodeRequired") {
    throw new ApiError(403, "access_code_required", `Enter the access code first to ${doing}.`);
  }
  throw new ApiError(400, "invalid_state", `Cannot ${doing}: this link is ${v.state}.`);
}

async function requireField(s: Stores, v: Visit, idText: string): Promise<AnnotationRecord> {
  const id = parseId(idText);
  const a = id ? await s.annotations.get(v.pkg.id, id) : null;
  if (!a || a.signerId !== v.signer!.id) {
    throw new ApiError(404, "not_found", `Field ${idText.slice(0, 80)} is not one of yours.`);
  }
  return a;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

function nameOfField(a: AnnotationRecord): string {
  return a.label ? `${a.type} field "${a.label}"` : `${a.type} field`;
}

/** The value as stored, or the reason it is refused (by the field's type). */
export function checkFieldValue(a: AnnotationRecord, value: string): { value: string } | { problem: string } {
  switch (a.type) {
    case "Text":
    case "Company":
    case "Title":
      if (CONTROL_BUT_LINES.test(value)) return { problem: "must not contain control characters." };
      if (characters(value) > SIGNING_LIMITS.textLength)
        return { problem: `must be at most ${SIGNING_LIMITS.textLength} characters.` };
      return { value };
    case "Number": {
      const t = value.trim();
      if (!DECIMAL.test(t) || t.length > SIGNING_LIMITS.numberLength)
        return { problem: "must be a number such as 42 or 3.14." };
      return { value: t };
    }
    case "Date": {
      const m = DATE.exec(value.trim());
      const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
      if (!m || !d || d.getUTCDate() !== Number(m[3]) || d.getUTCMonth() !== Number(m[2]) - 1)
        return { problem: "must be a date written YYYY-MM-DD." };
      return { value: value.trim() };
    }
    case "Checkbox":
      if (value !== "true" && value !== "false") return { problem: 'must be "true" or "false".' };
      return { value };
    case "RadioGroup":
    case "Dropdown":
      if (!(a.options ?? []).includes(value))
        return { problem: `must be one of: ${(a.options ?? []).join(", ")}.` };
      return { value };
    case "Signature":
    case "Initials": {
      const m = PNG_DATA_URL.exec(value);
      if (!m) return { problem: "must be a PNG image as a data: URL (data:image/png;base64,...)." };
      const bytes = Buffer.from(m[1]!, "base64");
      if (bytes.length > SIGNING_LIMITS.imageBytes)
        return { problem: `must be an image of at most ${SIGNING_LIMITS.imageBytes / 1024} KB.` };
      if (sniffType(bytes) !== "png") return { problem: "must be a PNG image." };
      return { value };
    }
    case "Attachment":
      return { problem: "is set by attaching a file (POST .../attachment)." };
    case "Name":
    case "Email":
    case "DateSigned":
      return { problem: "is filled in automatically when you finish." };
  }
}

/** The first value a slot gets moves it (and the package) to InProgress. */
async function markInProgress(s: Stores, v: Visit, ip: string | null, now: Date): Promise<void> {
  const signer = v.signer!;
  if (signer.status === "InProgress") return;
  const at = now.toISOString();
  await s.signers.update({ ...signer, status: "InProgress", viewedOn: signer.viewedOn ?? at });
  if (v.pkg.status === "Sent" || v.pkg.status === "Viewed") {
    await s.packages.update(v.pkg.id, {
      ...v.pkg,
      status: "InProgress",
      updatedOn: nextUpdatedOn(v.pkg.updatedOn, now),
    });
  }
  await appendAudit(s, v.pkg, auditContextOf(v, ip), "SigningStarted", { signerId: signer.id }, at);
}

export async function saveFieldValue(
  ctx: SigningContext,
  token: string,
  grant: string | undefined,
  fieldId: string,
  value: unknown,
  ip: string | null,
  now = new Date(),
): Promise<SigningFieldApi> {
  if (value !== null && typeof value !== "string") {
    throw validationFailed([{ field: "value", message: "value must be a string, or null to clear it." }]);
  }
  return ctx.storage.transaction(async (s) => {
    const v = await visit(s, ctx.links, token, grant, now, { lock: true });
    requireReady(v, "fill in a field");
    const a = await requireField(s, v, fieldId);
    let stored: string | null = null;
    if (value !== null) {
      const checked = checkFieldValue(a, value);
      if ("problem" in checked) {
        throw validationFailed(
          [{ field: a.id, message: `The ${nameOfField(a)} ${checked.problem}` }],
          `The ${nameOfField(a)} ${checked.problem}`,
        );
      }
      stored = checked.value;
    } else if (AUTO_TYPES.has(a.type)) {
      throw validationFailed([{ field: a.id, message: `The ${nameOfField(a)} is filled in automatically.` }]);
    }
    await s.signingValues.set(v.pkg.id, a.id, v.link.emailLower, stored, now.toISOString());
    if (stored === null && a.type === "Attachment") {
      // Clearing an attachment field lets its file go too.
      const dropped = await s.signingValues.removeAttachment(a.id, v.link.emailLower);
      if (dropped) await s.blobGarbage.queue([dropped], now.toISOString());
    }
    if (stored !== null) await markInProgress(s, v, ip, now);
    return signingFieldApi(a, stored ?? (a.type === "Attachment" ? null : a.value), false);
  });
}

/** A file name from X-File-Name: percent-decoded when it was encoded, without paths or control characters. */
function cleanFileName(header: string | undefined, extension: string): string {
  let name = header ?? "";
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded: taken as it is.
  }
  name = name
    .replace(CONTROL, "")
    .replace(/^.*[\\/]/, "")
    .trim();
  if (name === "" || name === "." || name === "..") name = `attachment.${extension}`;
  return [...name].slice(0, SIGNING_LIMITS.fileNameLength).join("");
}

const CONTENT_TYPES = { pdf: "application/pdf", png: "image/png", jpeg: "image/jpeg" } as const;

export async function attachFile(
  ctx: SigningContext,
  token: string,
  grant: string | undefined,
  fieldId: string,
  bytes: Buffer,
  fileNameHeader: string | undefined,
  ip: string | null,
  now = new Date(),
): Promise<SigningFieldApi> {
  // Checked before the bytes are stored: a refused request stores nothing.
  const before = await visit(ctx.storage, ctx.links, token, grant, now);
  requireReady(before, "attach a file");
  const field = await requireField(ctx.storage, before, fieldId);
  if (field.type !== "Attachment") {
    throw validationFailed([{ field: field.id, message: `The ${nameOfField(field)} takes no file.` }]);
  }
  if (bytes.length === 0) throw validationFailed([{ field: "body", message: "The file is empty." }]);
  if (bytes.length > SIGNING_LIMITS.attachmentBytes) {
    throw new ApiError(
      413,
      "payload_too_large",
      `An attachment may be at most ${SIGNING_LIMITS.attachmentBytes / 1024 / 1024} MB.`,
    );
  }
  const type = sniffType(bytes);
  if (type === "other") {
    throw new ApiError(415, "unsupported_media_type", "Attach a PDF, PNG or JPEG file.");
  }
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const at = now.toISOString();
  // Queued first: a crash between the put and the row leaves a blob the collector removes.
  await ctx.storage.blobGarbage.queue([sha256], at);
  await ctx.blobs.put(Readable.from([bytes]), { expectedSha256: sha256 });
  const fileName = cleanFileName(fileNameHeader, type === "jpeg" ? "jpg" : type);
  return ctx.storage.transaction(async (s) => {
    const v = await visit(s, ctx.links, token, grant, now, { lock: true });
    requireReady(v, "attach a file");
    const a = await requireField(s, v, fieldId);
    const replaced = await s.signingValues.setAttachment({
      annotationId: a.id,
      emailLower: v.link.emailLower,
      packageId: v.pkg.id,
      fileName,
      contentType: CONTENT_TYPES[type],
      size: bytes.length,
      sha256,
      createdOn: at,
    });
    if (replaced && replaced !== sha256) await s.blobGarbage.queue([replaced], at);
    await s.signingValues.set(v.pkg.id, a.id, v.link.emailLower, fileName, at);
    await markInProgress(s, v, ip, now);
    return signingFieldApi(a, fileName, false);
  });
}

export async function finishSigning(
  ctx: SigningContext,
  token: string,
  grant: string | undefined,
  ip: string | null,
  now = new Date(),
): Promise<SigningSessionApi> {
  return ctx.storage.transaction(async (s) => {
    const v = await visit(s, ctx.links, token, grant, now, { lock: true });
    // Finishing twice answers the finished session.
    if (v.state === "Completed") return sessionOf(s, v, now);
    requireReady(v, "finish");
    const signer = v.signer!;
    const at = now.toISOString();
    const documents = await s.annotations.documents(v.pkg.id);
    const docNames = new Map(documents.map((d) => [d.id, d.name]));
    const mine = (await s.annotations.list(v.pkg.id)).filter((a) => a.signerId === signer.id);
    const drafts = await s.signingValues.of(v.pkg.id, v.link.emailLower);
    const missing: FieldError[] = [];
    const finals = mine.map((a) => {
      const value = AUTO_TYPES.has(a.type) ? autoValue(a.type, v.person, now) : (drafts.get(a.id) ?? a.value);
      // An unticked required checkbox counts as not done.
      const empty =
        value === null || value === "" || (a.type === "Checkbox" && a.required && value !== "true");
      if (a.required && empty) {
        missing.push({
          field: a.id,
          message: `The ${nameOfField(a)} on page ${a.page} of "${docNames.get(a.documentId) ?? "the document"}" is required.`,
        });
      }
      return { a, value };
    });
    if (missing.length > 0) {
      throw validationFailed(
        missing,
        missing.length === 1 ? missing[0]!.message : `${missing.length} required fields are not filled in.`,
      );
    }
    for (const { a, value } of finals) {
      await s.annotations.update({
        ...a,
        value,
        isCompleted: value !== null,
        completedOn: value !== null ? at : null,
      });
    }
    const dropped = await s.signingValues.dropDrafts(
      mine.map((a) => a.id),
      v.link.emailLower,
    );
    if (dropped.length > 0) await s.blobGarbage.queue(dropped, at);
    const isGroup = signer.signingGroupId !== null;
    const done: SignerRecord = {
      ...signer,
      status: "Completed",
      completedOn: at,
      viewedOn: signer.viewedOn ?? at,
      completedBy: isGroup ? v.person.email : null,
      nextReminderOn: null,
    };
    await s.signers.update(done);
    await s.packages.refreshCounts(v.pkg.id);
    const who = auditContextOf(v, ip);
    await appendAudit(
      s,
      v.pkg,
      who,
      "SignerCompleted",
      {
        signerId: signer.id,
        fields: finals.filter((f) => f.value !== null).length,
        ...(isGroup ? { groupMember: v.person.email } : {}),
      },
      at,
    );
    if (isGroup) {
      // The other members hear that it is done (their links now say who did it).
      await s.outbox.insertForSnapshot(
        newId(),
        {
          tenantId: v.pkg.tenantId,
          packageId: v.pkg.id,
          signerId: signer.id,
          kind: "SlotCompleted",
          createdOn: at,
          details: { byName: v.person.name, byEmail: v.person.email, groupName: signer.name },
        },
        { exceptEmailLower: v.link.emailLower },
      );
    }
    // The next routing order's turn (when the order is enforced), then the package's state.
    const moved: PackageRecord = {
      ...v.pkg,
      status: v.pkg.status === "Sent" || v.pkg.status === "Viewed" ? "InProgress" : v.pkg.status,
    };
    const invitedNext = await inviteWhoseTurn(s, moved, at);
    const all = await s.signers.list(v.pkg.id);
    const complete = all.every((x) => x.status === "Completed");
    const after: PackageRecord = {
      ...moved,
      status: complete ? "Completed" : moved.status,
      completedOn: complete ? at : moved.completedOn,
      updatedOn: nextUpdatedOn(v.pkg.updatedOn, now),
    };
    await s.packages.update(v.pkg.id, after);
    if (invitedNext > 0) {
      await appendAudit(s, v.pkg, who, "InvitationsQueued", { notifications: invitedNext }, at);
    }
    if (complete) {
      // The completion step (seal, certificate, mail to the sender) hooks onto this state and event.
      await appendAudit(s, v.pkg, who, "PackageCompleted", { signerCount: all.length }, at);
    }
    await s.packages.refreshCounts(v.pkg.id);
    return sessionOf(s, { ...v, pkg: after, signer: done, state: "Completed" }, now);
  });
}

export async function declineSigning(
  ctx: SigningContext,
  token: string,
  grant: string | undefined,
  reasonInput: unknown,
  ip: string | null,
  now = new Date(),
): Promise<SigningSessionApi> {
  const errors: FieldError[] = [];
  const reason =
    typeof reasonInput === "string"
      ? checkText(reasonInput, "reason", errors, {
          max: SIGNING_LIMITS.declineReasonLength,
          required: true,
          lines: true,
        })
      : (errors.push({ field: "reason", message: "reason is required." }), null);
  throwIfAny(errors);
  return ctx.storage.transaction(async (s) => {
    const v = await visit(s, ctx.links, token, grant, now, { lock: true });
    requireReady(v, "decline");
    const at = now.toISOString();
    const signer: SignerRecord = {
      ...v.signer!,
      status: "Declined",
      declinedOn: at,
      declineReason: reason,
      nextReminderOn: null,
    };
    await s.signers.update(signer);
    const pkg: PackageRecord = {
      ...v.pkg,
      status: "Declined",
      updatedOn: nextUpdatedOn(v.pkg.updatedOn, now),
    };
    await s.packages.update(pkg.id, pkg);
    await appendAudit(
      s,
      pkg,
      auditContextOf(v, ip),
      "SignerDeclined",
      {
        signerId: signer.id,
        reason,
        ...(signer.signingGroupId !== null ? { groupMember: v.person.email } : {}),
      },
      at,
    );
    if (pkg.senderEmail) {
      await s.outbox.insert({
        id: newId(),
        tenantId: pkg.tenantId,
        packageId: pkg.id,
        signerId: signer.id,
        kind: "Declined",
        email: pkg.senderEmail,
        name: pkg.senderName,
        createdOn: at,
        details: { byName: v.person.name, byEmail: v.person.email, reason },
      });
    }
    return sessionOf(s, { ...v, pkg, signer, state: "Declined" }, now);
  });
}

/**
 * What the documents route serves, once the link may see it: the document as this signer is shown it
 * (signer-document.ts: no tag text, the other slots' completed values drawn), which changes as they
 * complete; its ETag is the served bytes' hash.
 */
export async function documentForLink(
  ctx: SigningContext,
  token: string,
  grant: string | undefined,
  documentId: string,
  now = new Date(),
): Promise<{ sha256: string; size: number | null; name: string; etag: string }> {
  const v = await visit(ctx.storage, ctx.links, token, grant, now);
  if (v.state === "AccessCodeRequired") {
    throw new ApiError(403, "access_code_required", "Enter the access code first to see the documents.");
  }
  if (!SHOWS_DOCUMENTS.has(v.state)) {
    throw new ApiError(400, "invalid_state", `The documents are not shown: this link is ${v.state}.`);
  }
  const id = parseId(documentId);
  const d = id ? await ctx.storage.documents.get(v.pkg.id, id) : null;
  if (!d) throw new ApiError(404, "not_found", `Document ${documentId.slice(0, 80)} is not in this package.`);
  const input = signerCopyInput(d, await ctx.storage.annotations.list(v.pkg.id), v.signer!.id);
  const served = await ctx.copies.copyOf({ sha256: d.pdfSha256, size: d.pdfSize ?? null }, input);
  return { ...served, name: d.name, etag: `"${served.sha256}"` };
}

// ---------------------------------------------------------------------------------------------
// Reminders (the scheduler's step)

/**
 * Sends the reminders that are due: each to a signer whose turn it is and who has not finished, by
 * the package's settings; the next one is due `everyDays` later. Reminders of signers who are no
 * longer waiting (the package was voided, declined, expired; reminders were turned off) are dropped.
 */
export async function sendDueReminders(
  storage: Storage,
  context: AuditContext,
  now = new Date(),
): Promise<number> {
  const at = now.toISOString();
  if ((await storage.signers.dueReminders(at, 1)).length === 0) return 0;
  return storage.transaction(async (s) => {
    const due = await s.signers.dueReminders(at, 50);
    for (const { tenantId, packageId, signerId } of due) {
      // Locked and read again: another instance may have sent this one meanwhile.
      const pkg = await s.packages.lock(tenantId, packageId);
      const signer = pkg ? await s.signers.get(pkg.id, signerId) : null;
      if (!pkg || !signer || signer.nextReminderOn === null || signer.nextReminderOn > at) continue;
      const waiting =
        IN_FLIGHT_STATES.includes(pkg.status) &&
        pkg.reminders.enabled &&
        ["Sent", "Viewed", "InProgress"].includes(signer.status) &&
        signersWhoseTurnItIs(pkg, await s.signers.list(pkg.id)).some((x) => x.id === signer.id);
      if (!waiting) {
        await s.signers.update({ ...signer, nextReminderOn: null });
        continue;
      }
      const notified = await notifySigner(s, pkg, signer, "Reminder", at);
      await s.signers.update({
        ...signer,
        remindersSentCount: signer.remindersSentCount + 1,
        lastReminderSentOn: at,
        nextReminderOn: nextReminderAfter(pkg, at),
      });
      await appendAudit(
        s,
        pkg,
        context,
        "ReminderSent",
        { signerId: signer.id, notifications: notified, reminder: signer.remindersSentCount + 1 },
        at,
      );
    }
    return due.length;
  });
}

/** Limits the page states for the signing-url operation (contract §6.3). */
export const SIGNING_URL_LIMITS = { defaultMinutes: 5, maxMinutes: 60, maxOrigins: 25 } as const;

export interface SigningUrlInput {
  returnUrl?: string | null;
  expiresInMinutes?: number | null;
  allowedOrigins?: string[] | null;
}

/**
 * A single signer's link to the signing page, good for `expiresInMinutes` (contract §6.3): refused
 * before the signer's turn, and for a group slot (each member has their own link, from their mail).
 */
export async function createSigningUrl(
  ctx: SigningContext,
  tenantId: string,
  packageId: string,
  signerId: string,
  input: SigningUrlInput,
  context: AuditContext,
  now = new Date(),
): Promise<{ url: string; expiresOn: string }> {
  const errors: FieldError[] = [];
  const minutes = input.expiresInMinutes ?? SIGNING_URL_LIMITS.defaultMinutes;
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > SIGNING_URL_LIMITS.maxMinutes) {
    errors.push({
      field: "expiresInMinutes",
      message: `expiresInMinutes must be a whole number from 1 to ${SIGNING_URL_LIMITS.maxMinutes}.`,
    });
  }
  let returnUrl: string | null = null;
  if (input.returnUrl !== undefined && input.returnUrl !== null && input.returnUrl.trim() !== "") {
    returnUrl = webUrl(input.returnUrl.trim(), "returnUrl", errors);
  }
  const origins = input.allowedOrigins ?? [];
  if (origins.length > SIGNING_URL_LIMITS.maxOrigins) {
    errors.push({
      field: "allowedOrigins",
      message: `allowedOrigins holds at most ${SIGNING_URL_LIMITS.maxOrigins} origins.`,
    });
  }
  const allowedOrigins: string[] = [];
  origins.slice(0, SIGNING_URL_LIMITS.maxOrigins).forEach((o, i) => {
    const url = webUrl(String(o), `allowedOrigins[${i}]`, errors);
    if (url !== null && new URL(url).origin !== url.replace(/\/$/, "")) {
      errors.push({
        field: `allowedOrigins[${i}]`,
        message: `allowedOrigins[${i}] must be an origin such as https://app.example.com.`,
      });
    } else if (url !== null && !allowedOrigins.includes(new URL(url).origin)) {
      // As the browser spells it (lower-case host, no default port): that is what frame-ancestors gets.
      allowedOrigins.push(new URL(url).origin);
    }
  });
  throwIfAny(errors);
  return ctx.storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    const id = parseId(signerId);
    const signer = id ? await s.signers.get(pkg.id, id) : null;
    if (!signer)
      throw new ApiError(
        404,
        "not_found",
        `Signer ${signerId.slice(0, 80)} of package ${pkg.id} was not found.`,
      );
    if (!IN_FLIGHT_STATES.includes(pkg.status)) {
      throw new ApiError(
        400,
        "invalid_state",
        `Cannot make a signing URL: the package is ${pkg.status}; only packages that are ${IN_FLIGHT_STATES.join(", ")} can.`,
      );
    }
    if (signer.signingGroupId !== null || signer.email === null) {
      throw new ApiError(
        400,
        "invalid_state",
        "A signing-group slot has no single signer: each member signs from the link in their own mail.",
      );
    }
    if (["Completed", "Declined", "Voided"].includes(signer.status)) {
      throw new ApiError(400, "invalid_state", `Cannot make a signing URL: this signer is ${signer.status}.`);
    }
    if (!signersWhoseTurnItIs(pkg, await s.signers.list(pkg.id)).some((x) => x.id === signer.id)) {
      throw new ApiError(
        400,
        "not_your_turn",
        "It is not this signer's turn yet: earlier routing orders have not finished.",
      );
    }
    const at = now.toISOString();
    const expiresOn = new Date(now.getTime() + minutes * 60_000).toISOString();
    const linkId = newId();
    await s.signingLinks.insert({
      id: linkId,
      tenantId: pkg.tenantId,
      packageId: pkg.id,
      signerId: signer.id,
      email: signer.email,
      emailLower: caseKey(signer.email),
      name: signer.name,
      createdOn: at,
      expiresOn,
      returnUrl,
      allowedOrigins,
    });
    await appendAudit(s, pkg, context, "SigningUrlCreated", { signerId: signer.id, expiresOn }, at);
    return { url: ctx.links.urlFor(linkId), expiresOn };
  });
}

/**
 * The origins that may show the page of this token in a frame: a signing-url link's allowedOrigins
 * while it is good (contract §6.3), none for a mail's link, an expired, unknown or tampered one.
 * Answered for GET /sign/{token}, whose Content-Security-Policy gets them as frame-ancestors.
 */
export async function framingOriginsFor(
  ctx: Pick<SigningContext, "storage" | "links">,
  token: string,
  now = new Date(),
): Promise<string[]> {
  const id = ctx.links.linkIdOf(token);
  const link = id === null ? null : await ctx.storage.signingLinks.get(id);
  if (!link || (link.expiresOn !== null && link.expiresOn <= now.toISOString())) return [];
  return link.allowedOrigins;
}
