// What sending requires (contract §6.1 validate): the package's documents, signers, groups and fields.
import type { PackageRecord, SignerRecord, Storage } from "../../storage";
import { requirePackage, SIGNING_TYPES, type Stores } from "../package-rules";

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
