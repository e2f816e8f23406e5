// Stage 4, the fields: every tag in the documents (the user's stamped fields among them) becomes a
// field, by the service when its numbering is the pane's (nothing left out), else placed by the pane.
import type { ApiClient } from "../../../api/client";
import type { SignerRow } from "../signers";
import { placeTags, type Skipped } from "./place-tags";
import type { DocumentResponse, SignerResponse } from "./responses";
import { step } from "./stage";

/** The tags that did not become a field now (already placed by an earlier try among them). */
export async function placeFields(
  api: ApiClient,
  id: string,
  documents: readonly DocumentResponse[],
  rows: readonly SignerRow[],
  leftOut: ReadonlySet<string>,
  signers: readonly SignerResponse[],
): Promise<{ skipped: Skipped[] }> {
  return step("fields", () =>
    leftOut.size === 0
      ? api.request("POST", "/api/v1/packages/{id}/apply-detected-tags", { path: { id }, body: {} })
      : placeTags(api, id, documents, rows, leftOut, signers),
  );
}
