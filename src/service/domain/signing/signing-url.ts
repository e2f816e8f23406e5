// A signer's link made by the API (POST .../signers/{id}/signing-url, contract §6.3) for embedding the
// page, and the origins that may then frame it.
import { caseKey } from "../../../shared/signing-group-rules";
import { ApiError, type FieldError } from "../../errors";
import { appendAudit, type AuditContext } from "../audit";
import { IN_FLIGHT_STATES, parseId, requirePackage, throwIfAny, type Stores } from "../package-rules";
import { signersWhoseTurnItIs } from "../signers/invitations";
import type { PackageRecord, SignerRecord } from "../../storage";
import type { SigningLinks } from "../signing-links";
import { newId } from "../tokens";
import { webUrl } from "../web-urls";
import type { SigningContext } from "./visit";

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
/** A signing-url request checked: its minutes, return address and framing origins. */
export interface CheckedSigningUrl {
  minutes: number;
  returnUrl: string | null;
  allowedOrigins: string[];
}

/**
 * Checks a signing-url request (contract §6.3) without touching storage; errors name
 * `${prefix}field` (create-and-send's signYourself checks it before any document is read).
 */
export function checkSigningUrlInput(input: SigningUrlInput, prefix = ""): CheckedSigningUrl {
  const errors: FieldError[] = [];
  const minutes = input.expiresInMinutes ?? SIGNING_URL_LIMITS.defaultMinutes;
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > SIGNING_URL_LIMITS.maxMinutes) {
    errors.push({
      field: `${prefix}expiresInMinutes`,
      message: `expiresInMinutes must be a whole number from 1 to ${SIGNING_URL_LIMITS.maxMinutes}.`,
    });
  }
  let returnUrl: string | null = null;
  if (input.returnUrl !== undefined && input.returnUrl !== null && input.returnUrl.trim() !== "") {
    returnUrl = webUrl(input.returnUrl.trim(), `${prefix}returnUrl`, errors);
  }
  const origins = input.allowedOrigins ?? [];
  if (origins.length > SIGNING_URL_LIMITS.maxOrigins) {
    errors.push({
      field: `${prefix}allowedOrigins`,
      message: `allowedOrigins holds at most ${SIGNING_URL_LIMITS.maxOrigins} origins.`,
    });
  }
  const allowedOrigins: string[] = [];
  origins.slice(0, SIGNING_URL_LIMITS.maxOrigins).forEach((o, i) => {
    const field = `${prefix}allowedOrigins[${i}]`;
    const url = webUrl(String(o), field, errors);
    if (url !== null && new URL(url).origin !== url.replace(/\/$/, "")) {
      errors.push({
        field,
        message: `allowedOrigins[${i}] must be an origin such as https://app.example.com.`,
      });
    } else if (url !== null && !allowedOrigins.includes(new URL(url).origin)) {
      // As the browser spells it (lower-case host, no default port): that is what frame-ancestors gets.
      allowedOrigins.push(new URL(url).origin);
    }
  });
  throwIfAny(errors);
  return { minutes, returnUrl, allowedOrigins };
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
  const checked = checkSigningUrlInput(input);
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
    return signingLinkLocked(s, ctx.links, pkg, signer, checked, context, now);
  });
}

/**
 * Makes a signer's link in the caller's transaction (the package locked): refused unless the
 * package is in flight, the signer a single person whose turn it is and who has not finished.
 */
export async function signingLinkLocked(
  s: Stores,
  links: Pick<SigningLinks, "urlFor">,
  pkg: PackageRecord,
  signer: SignerRecord,
  checked: CheckedSigningUrl,
  context: AuditContext,
  now: Date,
): Promise<{ url: string; expiresOn: string }> {
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
  const expiresOn = new Date(now.getTime() + checked.minutes * 60_000).toISOString();
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
    returnUrl: checked.returnUrl,
    allowedOrigins: checked.allowedOrigins,
  });
  await appendAudit(s, pkg, context, "SigningUrlCreated", { signerId: signer.id, expiresOn }, at);
  return { url: links.urlFor(linkId), expiresOn };
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
