// Stage 3, the signers: made again unless the service already has exactly these.
import type { ApiClient } from "../../../api/client";
import type { SendDraft } from "../draft";
import type { SignerRow } from "../signers";
import type { SignerResponse } from "./responses";
import { step } from "./stage";
import { syncSigners } from "./sync-signers";

export async function addSigners(
  api: ApiClient,
  id: string,
  draft: SendDraft,
  rows: readonly SignerRow[],
): Promise<SignerResponse[]> {
  // From a template, the signers are its roles as `use` made them (its fields are theirs).
  return step("signers", async () =>
    draft.template
      ? (await api.request("GET", "/api/v1/packages/{id}/signers", { path: { id } })).items
      : syncSigners(api, id, rows, draft.signInOrder),
  );
}
