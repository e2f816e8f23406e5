import { useState } from "react";
import type { ApiClient } from "../../../api/client";
import { isNotFound } from "../../../api/errors";
import { removeDraft } from "../../send/draft";
import type { SendDraftHook } from "./use-send-draft";

/** "Discard draft", once confirmed: the draft package deleted, then the draft; the form starts again. */
export function useDiscard({ draft, api }: { draft: SendDraftHook; api: ApiClient }) {
  const { key, state, dispatch, storage, fileStore } = draft;
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const discard = async () => {
    setConfirming(false);
    setError(null);
    if (state.packageId) {
      try {
        await api.request("DELETE", "/api/v1/packages/{id}", { path: { id: state.packageId } });
      } catch (error) {
        if (!isNotFound(error)) {
          setError(error);
          return;
        }
      }
    }
    if (key === null) return;
    removeDraft(storage, key);
    void fileStore?.remove(key).catch(() => undefined);
    dispatch({ type: "restarted" });
  };

  return { confirming, ask: () => setConfirming(true), cancel: () => setConfirming(false), discard, error };
}
