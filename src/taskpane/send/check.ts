/**
 * Step 4, the check before sending: per signer, the fields found (tags already in the documents,
 * dropped fields, the signature block page); errors that keep the package from being sent and
 * warnings the user may accept. Pure, so it is tested without the pane.
 *
 * What accepting a warning does (the service refuses a signer without a field and an empty group
 * slot, contract §6.1, so accepting must change what is sent, and each warning says how):
 * - a signer without a field: a signature block page with their signature, name and date is
 *   appended to the last document (the same page "Add a signature block page" makes, for them);
 * - a group slot whose group is empty: the slot is left out of the package, with its fields;
 * - a tag for a signer who does not exist, or a tag that does not parse: the tag stays in the
 *   document as text and becomes no field (the service skips it when applying the tags).
 */
import { documentsProblem, type SendDocument } from "./documents";
import { chosenSigners, describeSigner, type DocumentLayout, type PlacedField } from "./fields";
import { signersProblem, type SignerRow } from "./signers";

export type ProblemSeverity = "error" | "warning";

export type ProblemCode =
  | "documents"
  | "signers"
  | "unreadable_document"
  | "not_opened"
  | "too_many_signers"
  | "no_fields"
  | "tag_without_signer"
  | "tag_unreadable"
  | "empty_group"
  | "field_of_removed_signer";

export interface CheckProblem {
  /** Stable within one check: which warning the user accepted. */
  id: string;
  severity: ProblemSeverity;
  code: ProblemCode;
  message: string;
  /** What accepting a warning does; null for errors. */
  ifAccepted: string | null;
  signerKey?: string;
  docKey?: string;
  page?: number;
}

export interface SignerFields {
  row: SignerRow;
  index: number;
  /** Tags in the documents for this signer's index that parse. */
  tagCount: number;
  /** Fields the user dropped for this signer. */
  droppedCount: number;
  /** On the signature block page, when it is added. */
  blockCount: number;
}

export interface CheckInput {
  documents: readonly SendDocument[];
  rows: readonly SignerRow[];
  fields: readonly PlacedField[];
  /** Per document key: the layout, or the reason the PDF could not be opened. */
  layouts: ReadonlyMap<string, DocumentLayout | { error: string }>;
  signatureBlock: boolean;
  /** Group id → current member count (asked of the service when the check runs). */
  groupMembers: ReadonlyMap<string, number>;
  /**
   * Started from a template: the documents the package has from it and the fields it gave each
   * signer row. Its signers are the template's roles, so an empty group cannot be left out: it is
   * an error (change who fills the role).
   */
  template?: { documentCount: number; fieldsByRow: ReadonlyMap<string, number> } | null;
}

export interface CheckResult {
  signers: SignerFields[];
  problems: CheckProblem[];
}

/** The most signers a tag can name (contract §5: 1–99). */
const MAX_SIGNERS = 99;

/** Whether a signer of this type must have a field (the service refuses to send otherwise). */
const needsField = (row: SignerRow) => row.type === "Signer";

export function checkDraft(input: CheckInput): CheckResult {
  const problems: CheckProblem[] = [];
  const docProblem = documentsProblem(input.documents, input.template?.documentCount ?? 0);
  if (docProblem) {
    problems.push({
      id: "documents",
      severity: "error",
      code: "documents",
      message: docProblem,
      ifAccepted: null,
    });
  }
  const signerProblem = signersProblem(input.rows);
  if (signerProblem) {
    problems.push({
      id: "signers",
      severity: "error",
      code: "signers",
      message: signerProblem,
      ifAccepted: null,
    });
  }
  const chosenDocs = input.documents.filter((d) => d.included && d.sendable);
  for (const doc of chosenDocs) {
    const layout = input.layouts.get(doc.key);
    if (!layout) {
      problems.push({
        id: `not_opened:${doc.key}`,
        severity: "error",
        code: "not_opened",
        message: `“${doc.name}” is still being read…`,
        ifAccepted: null,
        docKey: doc.key,
      });
    } else if ("error" in layout) {
      problems.push({
        id: `unreadable:${doc.key}`,
        severity: "error",
        code: "unreadable_document",
        message: `“${doc.name}” cannot be sent: ${layout.error} Uncheck it in step 1.`,
        ifAccepted: null,
        docKey: doc.key,
      });
    }
  }

  const chosen = chosenSigners(input.rows);
  if (chosen.length > MAX_SIGNERS) {
    problems.push({
      id: "too_many_signers",
      severity: "error",
      code: "too_many_signers",
      message: `A package can have at most ${MAX_SIGNERS} signers; ${chosen.length} are chosen.`,
      ifAccepted: null,
    });
  }

  const signers: SignerFields[] = chosen.map((row, i) => ({
    row,
    index: i + 1,
    tagCount: input.template?.fieldsByRow.get(row.key) ?? 0,
    droppedCount: 0,
    // As submit/prepare-documents.ts adds it: the block page has no fields for a signer who only gets a copy.
    blockCount: input.signatureBlock && row.type !== "CarbonCopy" ? 3 : 0,
  }));
  const byIndex = new Map(signers.map((s) => [s.index, s]));
  const byKey = new Map(signers.map((s) => [s.row.key, s]));

  for (const doc of chosenDocs) {
    const layout = input.layouts.get(doc.key);
    if (!layout || "error" in layout) continue;
    layout.tags.forEach((tag, n) => {
      if (tag.error !== null || tag.signerIndex === null) {
        problems.push({
          id: `tag_unreadable:${doc.key}:${n}`,
          severity: "warning",
          code: "tag_unreadable",
          message: `The tag “${tag.text}” on page ${tag.page} of “${doc.name}” cannot be read: ${tag.error ?? "it names no signer."}`,
          ifAccepted: "It stays in the document as text and becomes no field.",
          docKey: doc.key,
          page: tag.page,
        });
        return;
      }
      const signer = byIndex.get(tag.signerIndex);
      if (!signer) {
        problems.push({
          id: `tag_without_signer:${doc.key}:${n}`,
          severity: "warning",
          code: "tag_without_signer",
          message: `The tag “${tag.text}” on page ${tag.page} of “${doc.name}” is for signer ${tag.signerIndex}, but there ${chosen.length === 1 ? "is 1 signer" : `are ${chosen.length} signers`}.`,
          ifAccepted: "It stays in the document as text and becomes no field.",
          docKey: doc.key,
          page: tag.page,
        });
        return;
      }
      signer.tagCount++;
    });
  }

  const docKeys = new Set(chosenDocs.map((d) => d.key));
  const orphaned = new Map<string, number>();
  for (const field of input.fields) {
    if (!docKeys.has(field.docKey)) continue;
    const signer = byKey.get(field.signerKey);
    if (signer) signer.droppedCount++;
    else orphaned.set(field.signerKey, (orphaned.get(field.signerKey) ?? 0) + 1);
  }
  for (const [key, count] of orphaned) {
    const row = input.rows.find((r) => r.key === key);
    problems.push({
      id: `field_of_removed_signer:${key}`,
      severity: "warning",
      code: "field_of_removed_signer",
      message: `${count === 1 ? "1 field is" : `${count} fields are`} for ${row ? describeSigner(row) : "a signer"}, who is not chosen in step 2.`,
      ifAccepted: count === 1 ? "The field is left out." : "The fields are left out.",
      signerKey: key,
    });
  }

  for (const s of signers) {
    if (s.row.kind === "group" && (input.groupMembers.get(s.row.groupId) ?? s.row.memberCount) === 0) {
      if (input.template) {
        problems.push({
          id: `empty_group:${s.row.key}`,
          severity: "error",
          code: "empty_group",
          message: `The signing group “${s.row.groupName}” has no members, so nobody could sign for it: change who fills its role (step 1–2).`,
          ifAccepted: null,
          signerKey: s.row.key,
        });
        continue;
      }
      problems.push({
        id: `empty_group:${s.row.key}`,
        severity: "warning",
        code: "empty_group",
        message: `The signing group “${s.row.groupName}” has no members, so nobody could sign for it.`,
        ifAccepted: "The group is left out of the package, with its fields.",
        signerKey: s.row.key,
      });
      continue;
    }
    if (needsField(s.row) && s.tagCount + s.droppedCount + s.blockCount === 0) {
      if (input.template && chosenDocs.length === 0) {
        // The block page goes at the end of the last document the pane sends: there is none.
        problems.push({
          id: `no_fields:${s.row.key}`,
          severity: "error",
          code: "no_fields",
          message: `${describeSigner(s.row)} (signer ${s.index}) has no field to sign in the template: choose one of this message's documents (step 1) to add a signature block for them, or change the template.`,
          ifAccepted: null,
          signerKey: s.row.key,
        });
        continue;
      }
      problems.push({
        id: `no_fields:${s.row.key}`,
        severity: "warning",
        code: "no_fields",
        message: `${describeSigner(s.row)} (signer ${s.index}) has no field to sign.`,
        ifAccepted: `A signature block page with their signature, name and date is added at the end of “${chosenDocs.at(-1)?.name ?? "the last document"}”.`,
        signerKey: s.row.key,
      });
    }
  }
  return { signers, problems };
}

/** The errors, and the warnings not yet accepted: what keeps Send disabled. */
export function blockingProblems(result: CheckResult, accepted: ReadonlySet<string>): CheckProblem[] {
  return result.problems.filter((p) => p.severity === "error" || !accepted.has(p.id));
}

export interface SendPlanChoices {
  /** Rows left out of the package (accepted empty groups). */
  leftOut: Set<string>;
  /** Rows that get a signature block of their own (accepted "no field"). */
  blockFor: Set<string>;
}

/** What the accepted warnings change in what is sent. */
export function acceptedChanges(result: CheckResult, accepted: ReadonlySet<string>): SendPlanChoices {
  const leftOut = new Set<string>();
  const blockFor = new Set<string>();
  for (const p of result.problems) {
    if (p.severity !== "warning" || !accepted.has(p.id) || !p.signerKey) continue;
    if (p.code === "empty_group") leftOut.add(p.signerKey);
    if (p.code === "no_fields") blockFor.add(p.signerKey);
  }
  return { leftOut, blockFor };
}
