// A package an earlier try sent (its answer lost): the result is what the service holds, nothing is
// changed. Its reads are not a stage's: a failure surfaces as the service's own error.
import type { ApiClient } from "../../../api/client";
import type { PackageResponse } from "./responses";
import type { SubmitResult } from "./submit-input";

export async function alreadySent(api: ApiClient, pkg: PackageResponse): Promise<SubmitResult> {
  const id = pkg.id;
  const signers = (await api.request("GET", "/api/v1/packages/{id}/signers", { path: { id } })).items;
  const documents = (await api.request("GET", "/api/v1/packages/{id}/documents", { path: { id } })).items;
  return { pkg, signers, documents, skipped: [] };
}
