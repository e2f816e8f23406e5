// create-and-send (contract §6.1): a package, its documents, signers and annotations, the detected
// tags applied and the package sent, in one request that does all of it or nothing. Document bytes
// cannot be part of a database transaction, so they are staged first (prepareDocument: in the blob
// store, queued as garbage); then one transaction makes every row and sends. On any failure the
// transaction rolls back and the staged blobs are deleted at once (discardPrepared).
import { MAX_PACKAGE_BYTES, MAX_PACKAGE_DOCUMENTS } from "../../pdf/limits";
import type { BlobSource } from "../blobs/types";
import { ApiError, validationFailed, type FieldError } from "../errors";
import { addAnnotationsLocked, type CreateAnnotationInput } from "./annotations";
import type { AuditContext } from "./audit";
import { applyDetectedTagsLocked } from "./documents/apply-tags";
import { checkIncoming, type IncomingDocument } from "./documents/checks";
import type { DocumentContext } from "./documents/context";
import { packageDocuments } from "./documents/documents-of";
import { discardPrepared, prepareDocument, type PreparedDocument } from "./documents/intake";
import { PACKAGE_LIMITS } from "./package-rules";
import {
  createPackageLocked,
  newPackageFields,
  packageApi,
  sendLocked,
  type CreatePackageInput,
  type PackageApi,
} from "./packages";
import { addSignersLocked, type CreateSignerInput } from "./signers";
import type { SigningLinks } from "./signing-links";
import { checkSigningUrlInput, signingLinkLocked, type SigningUrlInput } from "./signing/signing-url";
import { SELF_SIGNER_CLIENT_ID } from "../../shared/self-signer";

/** An annotation of a request: its document and signer by their 0-based place in the request. */
export interface CreateAndSendAnnotationInput extends Omit<CreateAnnotationInput, "documentId" | "signerId"> {
  documentIndex?: number | null;
  signerIndex?: number | null;
}

/** The request less its documents (the multipart form's `package` field). */
export interface CreateAndSendInput extends CreatePackageInput {
  signers?: CreateSignerInput[] | null;
  annotations?: CreateAndSendAnnotationInput[] | null;
  /** Apply the documents' detected text tags before sending (default true). */
  applyTextTags?: boolean | null;
  /** The caller signs it themselves: no signers given, no mail, the answer carries their link. */
  signYourself?: SigningUrlInput | null;
}

/** The package as create-and-send answers it: with signYourself, the caller's link to sign. */
export type CreateAndSendApi = PackageApi & { signingUrl?: { url: string; expiresOn: string } | null };

/** The caller as the one signer of signYourself, from who they are. */
export interface Caller {
  email: string | null;
  name: string | null;
}

/**
 * The request's fields checked before any document is read (400 naming each field): the package's
 * own fields, and that there are signers and not too many signers or annotations. What depends on
 * the documents (indexes, places on pages) is checked in the transaction.
 */
export function checkCreateAndSend(input: CreateAndSendInput, now = new Date(), caller?: Caller) {
  const fields = newPackageFields(input, now);
  const errors: FieldError[] = [];
  const signers = input.signers ?? [];
  const self = input.signYourself ? checkSigningUrlInput(input.signYourself, "signYourself.") : null;
  if (self) {
    if (signers.length > 0) {
      errors.push({ field: "signers", message: "Leave signers out with signYourself: you are the signer." });
    }
    if (fields.scheduledSendOn !== null && fields.scheduledSendOn > now.toISOString()) {
      errors.push({
        field: "scheduledSendOn",
        message: "signYourself signs now: leave scheduledSendOn out.",
      });
    }
    if (caller && !caller.email && !fields.senderEmail) {
      errors.push({
        field: "senderEmail",
        message: "signYourself needs your address: give senderEmail (this credential names no person).",
      });
    }
  } else if (signers.length === 0) errors.push({ field: "signers", message: "Add at least one signer." });
  if (signers.length > PACKAGE_LIMITS.signersPerPackage) {
    errors.push({
      field: "signers",
      message: `A package has at most ${PACKAGE_LIMITS.signersPerPackage} signers.`,
    });
  }
  const annotations = input.annotations ?? [];
  if (annotations.length > PACKAGE_LIMITS.annotationsPerPackage) {
    errors.push({
      field: "annotations",
      message: `A package has at most ${PACKAGE_LIMITS.annotationsPerPackage} annotations.`,
    });
  }
  if (errors.length > 0) throw validationFailed(errors);
  if (self && caller) {
    // The signer is who calls: a signed-in person as they signed in, otherwise the mailbox named as
    // sender (a token names no person). Their packages list under senderEmail (the add-in's Status).
    const email = caller.email ?? fields.senderEmail!;
    const name = caller.email ? caller.name : (fields.senderName ?? null);
    fields.senderEmail ??= email;
    fields.senderName ??= name;
    const signer: CreateSignerInput = { email, name: name || email, clientUserId: SELF_SIGNER_CLIENT_ID };
    return { fields, self: { link: self, signer } };
  }
  return { fields, self: null };
}

/** Documents of one request as they are staged: counted and summed against the package's limits. */
export class StagedDocuments {
  readonly prepared: PreparedDocument[] = [];
  private bytes = 0;

  constructor(private readonly ctx: DocumentContext) {}

  /** Stages the request's document number `index` (0-based); errors name `documents[index]`. */
  async stage(index: number, source: BlobSource, incoming: IncomingDocument): Promise<void> {
    const field = `documents[${index}]`;
    if (this.prepared.length >= MAX_PACKAGE_DOCUMENTS) {
      throw new ApiError(
        413,
        "payload_too_large",
        `A package holds at most ${MAX_PACKAGE_DOCUMENTS} documents.`,
        [{ field, message: `A package holds at most ${MAX_PACKAGE_DOCUMENTS} documents.` }],
      );
    }
    let doc: PreparedDocument;
    try {
      doc = await prepareDocument(this.ctx, source, incoming, checkIncoming(incoming, `${field}.`));
    } catch (error) {
      throw renamed(error, field);
    }
    this.prepared.push(doc);
    this.bytes += doc.size;
    if (this.bytes > MAX_PACKAGE_BYTES) {
      const message = `A package holds at most ${MAX_PACKAGE_BYTES} bytes (200 MB) of documents.`;
      throw new ApiError(413, "payload_too_large", message, [{ field, message }]);
    }
  }

  /** Deletes what was staged (a request that failed). */
  discard(): Promise<void> {
    return discardPrepared(this.ctx, this.prepared);
  }
}

/** A document's error with its fields named after the request's document (`documents[2]`). */
function renamed(error: unknown, field: string): unknown {
  if (!(error instanceof ApiError)) return error;
  const errors = (error.errors ?? [{ field: "file", message: error.detail }]).map((e) => ({
    field: e.field.startsWith("documents[") ? e.field : field,
    message: e.message,
  }));
  return new ApiError(error.status, error.code, `${field}: ${error.detail}`, errors, error.headers);
}

/**
 * Makes and sends the package of staged documents in one transaction; answers it as sent (or
 * Scheduled when `scheduledSendOn` is in the future). Nothing remains of a failed request: the
 * transaction rolls back and the staged blobs go.
 */
export async function createAndSend(
  ctx: DocumentContext & { links: Pick<SigningLinks, "urlFor"> },
  tenantId: string,
  input: CreateAndSendInput,
  staged: StagedDocuments,
  context: AuditContext,
  now = new Date(),
): Promise<CreateAndSendApi> {
  try {
    const { fields, self } = checkCreateAndSend(input, now, context.actor);
    if (staged.prepared.length === 0) {
      throw validationFailed([{ field: "documents", message: "Add at least one document." }]);
    }
    return await ctx.storage.transaction(async (s) => {
      let pkg = await createPackageLocked(s, tenantId, fields, context, now);
      const documentIds: string[] = [];
      for (const doc of staged.prepared) {
        documentIds.push((await packageDocuments.record(s, pkg, doc, context, now)).id);
      }
      const signerIds = (
        await addSignersLocked(
          s,
          pkg,
          self ? [self.signer] : (input.signers ?? []),
          context,
          { bulk: true },
          now,
        )
      ).map((x) => x.id);
      const annotations = placedAnnotations(input.annotations ?? [], documentIds, signerIds);
      if (annotations.length > 0) {
        await addAnnotationsLocked(s, pkg, annotations, context, { bulk: true }, now);
      }
      if (input.applyTextTags ?? true) await applyDetectedTagsLocked(s, pkg, {}, context, now);
      pkg = (await s.packages.get(tenantId, pkg.id))!;
      await sendLocked(s, pkg, context, now);
      pkg = (await s.packages.get(tenantId, pkg.id))!;
      if (!self) return packageApi(pkg);
      const signer = (await s.signers.get(pkg.id, signerIds[0]!))!;
      const signingUrl = await signingLinkLocked(s, ctx.links, pkg, signer, self.link, context, now);
      return { ...packageApi((await s.packages.get(tenantId, pkg.id))!), signingUrl };
    });
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

/** The request's annotations with their documents and signers by id (400 naming a wrong index). */
function placedAnnotations(
  inputs: readonly CreateAndSendAnnotationInput[],
  documentIds: readonly string[],
  signerIds: readonly string[],
): CreateAnnotationInput[] {
  const errors: FieldError[] = [];
  const index = (value: number | null | undefined, ids: readonly string[], field: string, what: string) => {
    if (value === undefined || value === null) {
      errors.push({ field, message: `${field} is required: the ${what}'s place in the request, from 0.` });
      return null;
    }
    if (!Number.isInteger(value) || value < 0 || value >= ids.length) {
      errors.push({
        field,
        message: `${field} must be the ${what}'s place in the request, 0 to ${ids.length - 1}.`,
      });
      return null;
    }
    return ids[value]!;
  };
  const out = inputs.map((input, i) => {
    const { documentIndex, signerIndex, ...rest } = input;
    return {
      ...rest,
      documentId: index(documentIndex, documentIds, `annotations[${i}].documentIndex`, "document"),
      signerId: index(signerIndex, signerIds, `annotations[${i}].signerIndex`, "signer"),
    };
  });
  if (errors.length > 0) throw validationFailed(errors);
  return out;
}
