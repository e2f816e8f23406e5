import { useCallback, useEffect, useRef, useState } from "react";
import { useHost } from "../../host-context";
import { documentsFromAttachments, type SendDocument } from "../../send/documents";

export type MessageDocumentsState =
  | { status: "no-item" }
  | { status: "loading" }
  | { status: "ready"; documents: SendDocument[] }
  | { status: "failed"; error: unknown };

/** The open message's attachments as documents, read again when the selected item changes. */
export function useMessageDocuments(): { state: MessageDocumentsState; reload: () => void } {
  const { host, itemVersion } = useHost();
  const [state, setState] = useState<MessageDocumentsState>({ status: "loading" });
  const generation = useRef(0);

  const read = useCallback(async () => {
    const mine = ++generation.current;
    if (!host || !host.hasItem()) {
      setState({ status: "no-item" });
      return;
    }
    setState({ status: "loading" });
    try {
      const documents = documentsFromAttachments(await host.attachments());
      if (mine === generation.current) setState({ status: "ready", documents });
    } catch (error) {
      if (mine === generation.current) setState({ status: "failed", error });
    }
  }, [host]);

  useEffect(() => {
    void read();
  }, [read, itemVersion]);

  return { state, reload: useCallback(() => void read(), [read]) };
}
