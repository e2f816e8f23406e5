// Removes a document from the draft package (one already gone is fine).
import { isNotFound } from "../../../api/errors";
import type { ApiClient } from "../../../api/client";

export async function deleteDocument(api: ApiClient, id: string, documentId: string): Promise<void> {
  try {
    await api.request("DELETE", "/api/v1/packages/{id}/documents/{documentId}", { path: { id, documentId } });
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}
