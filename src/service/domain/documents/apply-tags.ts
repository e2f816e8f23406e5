// Detected tags made into annotations (contract §6.4): each tag for the slot (a package's signer, a
// template's role) at its signer index in routing order, skipped with a reason otherwise. Fields are
// the tag's computed box (tag-field-box.ts), in points from the page's visible top-left.
import type { FieldError } from "../../errors";
import type { AnnotationRecord, PackageRecord, Storage } from "../../storage";
import { annotationApi, applyAnnotation, blankAnnotation, partsOf, type Parts } from "../annotations";
import { appendAudit, type AuditContext } from "../audit";
import { parseId, requirePackage, requireState, throwIfAny, type Stores } from "../package-rules";
import { touchPackage } from "../packages/transition";
import type { FullDocument } from "./context";

export interface SkippedTag {
  text: string;
  page: number;
  reason: "no_signer_for_index" | "already_applied" | "invalid_tag" | "does_not_fit";
  message: string;
}

/**
 * Each parsed tag of the documents becomes an annotation for the signer whose position in routing
 * order (ties by when they were added) is the tag's signer index (contract §6.4). The field's box is
 * the tag's `field` (tag-field-box.ts: on the tag's line, in the free space beside it, over no other
 * text). A tag applied before (same document, page, place and type) is skipped.
 */
export async function applyDetectedTags(
  storage: Storage,
  tenantId: string,
  packageId: string,
  input: { documentIds?: string[] | null },
  context: AuditContext,
  now = new Date(),
) {
  return storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    return applyDetectedTagsLocked(s, pkg, input, context, now);
  });
}

/** applyDetectedTags on a locked package (the caller holds the transaction). */
export async function applyDetectedTagsLocked(
  s: Stores,
  pkg: PackageRecord,
  input: { documentIds?: string[] | null },
  context: AuditContext,
  now = new Date(),
) {
  requireState(pkg, ["Draft"], "apply detected tags");
  const documents = await s.documents.list(pkg.id);
  let chosen = documents;
  if (input.documentIds) {
    const errors: FieldError[] = [];
    const ids = input.documentIds.map((text, i) => {
      const id = parseId(text);
      if (!id || !documents.some((d) => d.id === id)) {
        errors.push({
          field: `documentIds[${i}]`,
          message: `Document ${text.slice(0, 50)} is not in this package.`,
        });
      }
      return id;
    });
    throwIfAny(errors);
    chosen = documents.filter((d) => ids.includes(d.id));
  }
  const signers = (await s.signers.list(pkg.id)).sort(
    (a, b) => a.routingOrder - b.routingOrder || a.seq - b.seq,
  );
  const at = now.toISOString();
  const { created, skipped } = await annotationsFromTags(
    pkg,
    await partsOf(s, pkg),
    chosen,
    signers.map((x) => x.id),
    await s.annotations.list(pkg.id),
    await s.annotations.nextSeq(pkg.id),
    at,
  );
  for (const a of created) await s.annotations.insert(a);
  if (created.length) {
    await touchPackage(s, pkg, now);
    await appendAudit(
      s,
      pkg,
      context,
      "DetectedTagsApplied",
      { created: created.length, skipped: skipped.length, annotationIds: created.map((a) => a.id) },
      at,
    );
  }
  return { created: created.map(annotationApi), skipped };
}

/**
 * The annotations the documents' parsed tags make: each for the slot (signer or role, in routing
 * order) at the tag's signer index; skipped with a reason when there is none, when the tag was
 * applied before (same document, page, place and type) or does not fit. Nothing is written.
 */
export async function annotationsFromTags(
  owner: { id: string; tenantId: string },
  parts: Parts,
  documents: readonly FullDocument[],
  slotIds: readonly string[],
  existing: readonly AnnotationRecord[],
  firstSeq: number,
  at: string,
) {
  const key = (a: { documentId: string; page: number; x: number; y: number; type: string }) =>
    `${a.documentId}|${a.page}|${a.x}|${a.y}|${a.type}`;
  const applied = new Set(existing.filter((a) => a.source === "TextTag").map(key));
  const slotNoun = parts.slotKey === "roleId" ? "role" : "signer";
  let seq = firstSeq;
  const created: AnnotationRecord[] = [];
  const skipped: SkippedTag[] = [];
  for (const doc of documents) {
    for (const tag of doc.detectedTags ?? []) {
      const skip = (reason: SkippedTag["reason"], message: string) =>
        skipped.push({ text: tag.text, page: tag.page, reason, message });
      if (tag.error || tag.type === null || tag.signerIndex === null) {
        skip("invalid_tag", tag.error ?? "The tag cannot be read.");
        continue;
      }
      const slot = slotIds[tag.signerIndex - 1];
      if (!slot) {
        skip(
          "no_signer_for_index",
          `The ${parts.noun} has no ${slotNoun} ${tag.signerIndex} in routing order.`,
        );
        continue;
      }
      // The field the scan computed for the tag's place (its line, the free space beside it),
      // exactly: completion finds the tag's text size and baseline by this box.
      const { x, y, width, height } = tag.field;
      const place = { documentId: doc.id, page: tag.page, x, y, type: tag.type };
      // Annotations made from tags earlier sit at the tag's top-left corner: those count as applied too.
      const before = { ...place, x: tag.x, y: tag.y };
      if (applied.has(key(place)) || applied.has(key(before))) {
        skip("already_applied", "This tag was applied before.");
        continue;
      }
      const errors: FieldError[] = [];
      const record = await applyAnnotation(
        owner,
        parts,
        { ...blankAnnotation(owner.id, seq, at), source: "TextTag" },
        {
          documentId: doc.id,
          signerId: slot,
          type: tag.type,
          page: tag.page,
          x,
          y,
          width,
          height,
          required: tag.required,
          label: tag.label,
          group: tag.group,
          options: tag.options,
        },
        errors,
        "",
        true,
      );
      if (errors.length) {
        skip("does_not_fit", errors.map((e) => e.message).join(" "));
        continue;
      }
      seq++;
      applied.add(key(place));
      created.push(record);
    }
  }
  return { created, skipped };
}
