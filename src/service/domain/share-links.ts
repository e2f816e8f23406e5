// Share links (contract §7): a package's signed documents, its evidence or its certificate for whoever
// holds the link, with no credential, until the link expires, is used up or is revoked. The token is
// shown once, when minted; only its SHA-256 is stored. Minting, revoking and every use are in the
// package's audit trail.
import { randomBytes } from "node:crypto";
import { ApiError, notFound, type FieldError } from "../errors";
import type { PackageRecord, ShareLinkRecord, ShareScope, Storage } from "../storage";
import { appendAudit, type AuditContext } from "./audit";
import { FINAL_STATES, parseId, requirePackage, throwIfAny, type Stores } from "./package-rules";
import type { RawQuery } from "./packages";
import { hashSecret, newId } from "./tokens";

export const SHARE_SCOPES: readonly ShareScope[] = [
  "SignedDocument",
  "AllSignedDocuments",
  "EvidencePack",
  "CertificateOfCompletion",
];

export const SHARE_LIMITS = {
  expiresInDaysDefault: 7,
  expiresInDaysMax: 90,
  maxUsesMax: 10_000,
  pageSizeDefault: 25,
  pageSizeMax: 100,
} as const;

/** Where links are opened; a link's url is this followed by its token. */
export const SHARED_PATH = "/api/v1/shared";

/** 32 random bytes in base64url: 43 characters. Anything else is never looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The scopes whose content is the completed result (signed documents, certificate). */
const COMPLETED_ONLY: readonly ShareScope[] = [
  "SignedDocument",
  "AllSignedDocuments",
  "CertificateOfCompletion",
];

export type ShareLinkStatus = "Active" | "Expired" | "UsedUp";

/** ShareLinkApiResponse: the url only when minted (it is not stored and cannot be shown again). */
export function shareLinkApi(link: ShareLinkRecord, now: Date) {
  const status: ShareLinkStatus =
    link.expiresOn <= now.toISOString()
      ? "Expired"
      : link.maxUses !== null && link.useCount >= link.maxUses
        ? "UsedUp"
        : "Active";
  return {
    id: link.id,
    packageId: link.packageId,
    documentId: link.documentId,
    scope: link.scope,
    status,
    createdOn: link.createdOn,
    expiresOn: link.expiresOn,
    maxUses: link.maxUses,
    useCount: link.useCount,
    lastUsedOn: link.lastUsedOn,
  };
}

export interface MintShareLinkInput {
  scope: string;
  documentId?: string | null;
  expiresInDays?: number | null;
  maxUses?: number | null;
}

/** The scope by its name in any case, or an error naming the four. */
function scopeOf(text: unknown, errors: FieldError[]): ShareScope | null {
  const scope =
    typeof text === "string"
      ? SHARE_SCOPES.find((s) => s.toLowerCase() === text.trim().toLowerCase())
      : undefined;
  if (!scope) {
    errors.push({
      field: "scope",
      message: `scope must be one of ${SHARE_SCOPES.join(", ")}${typeof text === "string" ? ` (got "${text.slice(0, 50)}")` : ""}.`,
    });
    return null;
  }
  return scope;
}

function wholeIn(
  value: number | null | undefined,
  field: string,
  min: number,
  max: number,
  errors: FieldError[],
): number | null {
  if (value === undefined || value === null) return null;
  if (!Number.isInteger(value) || value < min || value > max) {
    errors.push({ field, message: `${field} must be a whole number from ${min} to ${max}.` });
    return null;
  }
  return value;
}

/**
 * What a scope needs of the package: the completed result for signed documents and the certificate;
 * for the evidence pack, a package that was sent (its audit trail then tells what happened to it).
 */
function requireShareable(pkg: PackageRecord, scope: ShareScope): void {
  if (COMPLETED_ONLY.includes(scope)) {
    if (pkg.status !== "Completed") {
      throw new ApiError(
        400,
        "invalid_state",
        `Cannot share the ${scope === "CertificateOfCompletion" ? "certificate of completion" : "signed documents"}: the package is ${pkg.status}; only a Completed package has them.`,
      );
    }
    return;
  }
  if (pkg.sentOn === null && !FINAL_STATES.includes(pkg.status)) {
    throw new ApiError(
      400,
      "invalid_state",
      `Cannot share the evidence pack: the package is ${pkg.status} and has not been sent.`,
    );
  }
}

export async function mintShareLink(
  storage: Storage,
  tenantId: string,
  packageId: string,
  input: MintShareLinkInput,
  context: AuditContext,
  now = new Date(),
) {
  const errors: FieldError[] = [];
  const scope = scopeOf(input.scope, errors);
  const days =
    wholeIn(input.expiresInDays, "expiresInDays", 1, SHARE_LIMITS.expiresInDaysMax, errors) ??
    SHARE_LIMITS.expiresInDaysDefault;
  const maxUses = wholeIn(input.maxUses, "maxUses", 1, SHARE_LIMITS.maxUsesMax, errors);
  const documentText = input.documentId ?? null;
  if (scope === "SignedDocument" && documentText === null) {
    errors.push({ field: "documentId", message: "documentId is required for the SignedDocument scope." });
  }
  if (scope !== null && scope !== "SignedDocument" && documentText !== null) {
    errors.push({
      field: "documentId",
      message: `documentId is only for the SignedDocument scope; ${scope} covers the whole package.`,
    });
  }
  throwIfAny(errors);
  return storage.transaction(async (s) => {
    // Another tenant's package is missing here: its links cannot be minted.
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    let documentId: string | null = null;
    if (documentText !== null) {
      const id = parseId(documentText);
      const doc = id ? await s.documents.get(pkg.id, id) : null;
      if (!doc) {
        throw new ApiError(
          400,
          "validation_failed",
          `Document ${documentText.slice(0, 50)} is not in this package.`,
          [{ field: "documentId", message: `Document ${documentText.slice(0, 50)} is not in this package.` }],
        );
      }
      documentId = doc.id;
    }
    requireShareable(pkg, scope!);
    const token = randomBytes(32).toString("base64url");
    const link: ShareLinkRecord = {
      id: newId(),
      tenantId,
      packageId: pkg.id,
      documentId,
      tokenHash: hashSecret(token),
      scope: scope!,
      createdOn: now.toISOString(),
      expiresOn: new Date(now.getTime() + days * 86_400_000).toISOString(),
      maxUses,
      useCount: 0,
      lastUsedOn: null,
      revokedOn: null,
    };
    await s.shareLinks.insert(link);
    await appendAudit(
      s,
      pkg,
      context,
      "ShareLinkMinted",
      { shareLinkId: link.id, scope: link.scope, documentId, expiresOn: link.expiresOn, maxUses },
      link.createdOn,
    );
    return { ...shareLinkApi(link, now), url: `${SHARED_PATH}/${token}` };
  });
}

function one(query: RawQuery, name: string, errors: FieldError[]): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    errors.push({ field: name, message: `${name} must be given once.` });
    return undefined;
  }
  return value.trim() === "" ? undefined : value.trim();
}

function pageNumber(
  text: string | undefined,
  field: string,
  max: number,
  errors: FieldError[],
): number | null {
  if (text === undefined) return null;
  const n = /^\+?\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= max)) {
    errors.push({
      field,
      message: `${field} must be a whole number from 1 to ${max} (got "${text.slice(0, 20)}").`,
    });
    return null;
  }
  return n;
}

/** The tenant's links that are not revoked, newest first, without their urls. */
export async function listShareLinks(storage: Storage, tenantId: string, query: RawQuery, now = new Date()) {
  const errors: FieldError[] = [];
  const page = pageNumber(one(query, "page", errors), "page", 1_000_000, errors) ?? 1;
  const pageSize =
    pageNumber(one(query, "pageSize", errors), "pageSize", SHARE_LIMITS.pageSizeMax, errors) ??
    SHARE_LIMITS.pageSizeDefault;
  const packageText = one(query, "packageId", errors);
  throwIfAny(errors);
  let packageId: string | null = null;
  if (packageText !== undefined) {
    // Links of a package that is not the tenant's (or no package): none.
    packageId = parseId(packageText) ?? newId();
  }
  const { items, totalCount } = await storage.shareLinks.list({
    tenantId,
    packageId,
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  return {
    items: items.map((l) => shareLinkApi(l, now)),
    page,
    pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / pageSize),
  };
}

/** Revokes a link at once: the next opening of it is refused. */
export async function revokeShareLink(
  storage: Storage,
  tenantId: string,
  idText: string,
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  const id = parseId(idText);
  await storage.transaction(async (s) => {
    const link = id ? await s.shareLinks.get(tenantId, id) : null;
    // The package is locked for its audit trail, as every change to the package does.
    if (link) await s.packages.lock(tenantId, link.packageId);
    if (!link || !(await s.shareLinks.revoke(tenantId, link.id, now.toISOString()))) {
      throw notFound(`Share link ${idText}`);
    }
    await appendAudit(
      s,
      { id: link.packageId, tenantId },
      context,
      "ShareLinkRevoked",
      { shareLinkId: link.id, scope: link.scope },
      now.toISOString(),
    );
  });
}

/** One answer for every link that opens nothing, so that it tells nothing about why. */
export const shareLinkGone = () =>
  new ApiError(
    404,
    "not_found",
    "This share link is unknown, revoked, expired or used up; ask the sender for a new one.",
  );

export interface OpenedShareLink {
  link: ShareLinkRecord;
  pkg: PackageRecord;
}

/**
 * Opens a link: counts one use if it may still be used, and records who opened it in the package's
 * audit trail. `ready` checks, before the use is counted, that the content can be served now: a
 * link opened too early is not used up by it.
 */
export async function openShareLink(
  storage: Storage,
  token: string,
  ip: string | null,
  ready: (s: Stores, opened: OpenedShareLink) => Promise<void>,
  now = new Date(),
): Promise<OpenedShareLink> {
  if (!TOKEN_SHAPE.test(token)) throw shareLinkGone();
  return storage.transaction(async (s) => {
    const link = await s.shareLinks.byToken(hashSecret(token));
    if (!link) throw shareLinkGone();
    // Locked: the audit trail's next event is the package's (two links opened at once must not fork it).
    const pkg = await s.packages.lock(link.tenantId, link.packageId);
    if (!pkg) throw shareLinkGone();
    if (!(await s.shareLinks.use(link.id, now.toISOString()))) throw shareLinkGone();
    await ready(s, { link, pkg });
    await appendAudit(
      s,
      pkg,
      { actor: { type: "ShareLink", email: null, name: link.id }, ip },
      "ShareLinkOpened",
      { shareLinkId: link.id, scope: link.scope, use: link.useCount + 1 },
      now.toISOString(),
    );
    return { link: { ...link, useCount: link.useCount + 1, lastUsedOn: now.toISOString() }, pkg };
  });
}
