// The draft package's signers made to match the chosen rows, in list order (kept when they already do).
import { isNotFound } from "../../../api/errors";
import type { ApiClient } from "../../../api/client";
import { chosenSigners } from "../fields";
import { routingOrders, type SignerRow } from "../signers";
import type { SignerResponse } from "./responses";

/** What the service is asked to create for each row, in order. */
export function signerRequests(rows: readonly SignerRow[], signInOrder: boolean) {
  const orders = routingOrders(rows, signInOrder);
  return chosenSigners(rows).map((row) => ({
    ...(row.kind === "person"
      ? { email: row.email, name: row.name || row.email }
      : { signingGroupId: row.groupId, name: row.groupName }),
    type: row.type,
    routingOrder: orders.get(row.key)!,
  }));
}

export async function syncSigners(
  api: ApiClient,
  id: string,
  rows: readonly SignerRow[],
  signInOrder: boolean,
): Promise<SignerResponse[]> {
  const wanted = signerRequests(rows, signInOrder);
  const existing = (await api.request("GET", "/api/v1/packages/{id}/signers", { path: { id } })).items;
  const same =
    existing.length === wanted.length &&
    existing.every((s, i) => {
      const w = wanted[i]!;
      return (
        s.type === w.type &&
        s.routingOrder === w.routingOrder &&
        ("signingGroupId" in w
          ? s.signingGroupId === w.signingGroupId
          : s.signingGroupId === null && (s.email ?? "").toLowerCase() === w.email!.toLowerCase())
      );
    });
  if (same) return existing;
  // Removing a signer removes its fields; they are made again from the tags afterwards.
  for (const s of existing) {
    try {
      await api.request("DELETE", "/api/v1/packages/{id}/signers/{signerId}", {
        path: { id, signerId: s.id },
      });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  const created: SignerResponse[] = [];
  for (let i = 0; i < wanted.length; i += 50) {
    const answer = await api.request("POST", "/api/v1/packages/{id}/signers/bulk", {
      path: { id },
      body: { signers: wanted.slice(i, i + 50) },
    });
    created.push(...answer);
  }
  return created;
}
