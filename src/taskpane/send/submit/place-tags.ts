// The fields of a package's detected tags placed by the pane, when left-out rows would make the
// service's own signer numbering wrong.
import { isApiError } from "../../../api/errors";
import type { ApiClient, Schemas } from "../../../api/client";
import { chosenSigners } from "../fields";
import type { SignerRow } from "../signers";
import type { DocumentResponse, SignerResponse } from "./responses";

/** A tag that did not become a field, and why. */
export type Skipped = { text: string; page: number; reason: string; message: string };
type AnnotationRequest = Schemas["CreateAnnotationApiRequest"];

/**
 * Apply-detected-tags for a package some of whose chosen rows were left out (accepted empty group
 * slots). The service reads `signer N` as the Nth signer it has (contract §6.4), and a slot left out
 * before others would shift them: signer 3's tags would go to the person who is signer 3 once the
 * slot is gone. So the pane reads the tags the service detected, takes signer N as the Nth chosen
 * row (the numbering of the check and of the stamps), leaves out the tags of the left-out slots
 * (accepted: "left out with its fields") and places the rest as the service would (each in the
 * tag's `field`: on its line, in the free space beside it). Fields already placed by an earlier try
 * are not placed again.
 */
export async function placeTags(
  api: ApiClient,
  id: string,
  documents: readonly DocumentResponse[],
  rows: readonly SignerRow[],
  leftOut: ReadonlySet<string>,
  signers: readonly SignerResponse[],
): Promise<{ skipped: Skipped[] }> {
  const numbered = chosenSigners(rows);
  const signerOf = (row: SignerRow) =>
    signers.find((s) =>
      row.kind === "group"
        ? s.signingGroupId === row.groupId
        : s.signingGroupId === null && (s.email ?? "").toLowerCase() === row.email.toLowerCase(),
    );
  const key = (a: {
    documentId: string;
    signerId: string;
    page: number;
    x: number;
    y: number;
    type: string;
  }) => `${a.documentId}|${a.signerId}|${a.page}|${a.x}|${a.y}|${a.type.toLowerCase()}`;
  const existing = (await api.request("GET", "/api/v1/packages/{id}/annotations", { path: { id } })).items;
  const placed = new Set(existing.map(key));
  const skipped: Skipped[] = [];
  let wanted: { request: AnnotationRequest; text: string }[] = [];
  for (const doc of documents) {
    const tags = await api.request("GET", "/api/v1/packages/{id}/documents/{documentId}/detected-tags", {
      path: { id, documentId: doc.id },
    });
    for (const tag of tags) {
      if (tag.error !== null || tag.type === null || tag.signerIndex === null) {
        skipped.push({
          text: tag.text,
          page: tag.page,
          reason: "invalid_tag",
          message: tag.error ?? "The tag cannot be read.",
        });
        continue;
      }
      const row = numbered[tag.signerIndex - 1];
      if (!row) {
        skipped.push({
          text: tag.text,
          page: tag.page,
          reason: "no_signer_for_index",
          message: `The package has no signer ${tag.signerIndex}.`,
        });
        continue;
      }
      if (leftOut.has(row.key)) continue;
      const signer = signerOf(row);
      const page = doc.pages[tag.page - 1];
      if (!signer || !page) throw new Error(`The signer for “${tag.text}” is not in the package.`);
      // The field the service computed for the tag's place, as apply-detected-tags places it.
      const { x, y, width, height } = tag.field;
      const request: AnnotationRequest = {
        documentId: doc.id,
        signerId: signer.id,
        type: tag.type,
        page: tag.page,
        x,
        y,
        width,
        height,
        required: tag.required ?? true,
        label: tag.label,
        group: tag.group,
        options: tag.options,
      };
      if (placed.has(key(request))) continue;
      placed.add(key(request));
      wanted.push({ request, text: tag.text });
    }
  }
  // All or nothing per request: a tag the service refuses (the answer names annotations[i]) is
  // skipped as apply-detected-tags would skip it, and the others are placed.
  for (let i = 0; i < wanted.length;) {
    const batch = wanted.slice(i, i + 500);
    try {
      await api.request("POST", "/api/v1/packages/{id}/annotations/bulk", {
        path: { id },
        body: { annotations: batch.map((w) => w.request) },
      });
      i += batch.length;
    } catch (error) {
      const refused = new Set(
        isApiError(error)
          ? error.errors.flatMap((e) => {
              const n = /^annotations\[(\d+)\]/.exec(e.field)?.[1];
              return n === undefined ? [] : [Number(n)];
            })
          : [],
      );
      if (refused.size === 0) throw error;
      for (const n of refused) {
        const w = batch[n]!;
        skipped.push({
          text: w.text,
          page: w.request.page,
          reason: "does_not_fit",
          message: (error as { errors: { field: string; message: string }[] }).errors
            .filter((e) => e.field.startsWith(`annotations[${n}]`))
            .map((e) => e.message)
            .join(" "),
        });
      }
      wanted = [
        ...wanted.slice(0, i),
        ...batch.filter((_, n) => !refused.has(n)),
        ...wanted.slice(i + batch.length),
      ];
    }
  }
  return { skipped };
}
