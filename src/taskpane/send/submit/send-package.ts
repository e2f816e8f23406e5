// Stage 5: the package sent, its signers invited.
import type { ApiClient } from "../../../api/client";
import type { PackageResponse } from "./responses";
import { step } from "./stage";

export async function sendPackage(api: ApiClient, id: string): Promise<PackageResponse> {
  return step("sending", () => api.request("POST", "/api/v1/packages/{id}/send", { path: { id } }));
}
