/** Declining: the form in the guide's place, Cancel back to the Decline button, and the request. */
import { useRef, useState } from "react";
import { SigningApiError, type SigningApi } from "../../api";
import type { SigningSession } from "../../types";

export function useDecline({
  api,
  onDone,
  onReload,
}: {
  api: SigningApi;
  onDone: (session: SigningSession) => void;
  onReload: () => void;
}) {
  const [declining, setDeclining] = useState(false);
  const declineButton = useRef<HTMLButtonElement>(null);

  function cancel() {
    setDeclining(false);
    setTimeout(() => declineButton.current?.focus(), 0);
  }

  /** Asks the service to decline; answers the message to show in the form, or null. */
  async function decline(reason: string): Promise<string | null> {
    try {
      onDone(await api.decline(reason));
      return null;
    } catch (error) {
      if (
        error instanceof SigningApiError &&
        (error.code === "access_code_required" || error.code === "invalid_state")
      ) {
        onReload();
        return null;
      }
      return error instanceof Error ? error.message : String(error);
    }
  }

  return { declining, start: () => setDeclining(true), cancel, decline, declineButton };
}
