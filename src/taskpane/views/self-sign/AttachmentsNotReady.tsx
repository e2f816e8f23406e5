import { Spinner } from "@fluentui/react-components";
import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import type { MessageDocumentsState } from "../send/use-message-documents";
import { NothingToSign } from "./NothingToSign";
import { SelfSignPage } from "./SelfSignPage";

/** Until the message's attachments are read: no message open, a wait, or attachments that cannot be read. */
export function AttachmentsNotReady({
  state,
}: {
  state: Exclude<MessageDocumentsState, { status: "ready" }>;
}) {
  switch (state.status) {
    case "no-item":
      return (
        <NothingToSign>Open a message with a PDF or picture attached to sign it yourself.</NothingToSign>
      );
    case "loading":
      return (
        <SelfSignPage busy>
          <Spinner size="tiny" label="Reading the attachments…" labelPosition="after" />
        </SelfSignPage>
      );
    case "failed":
      return (
        <SelfSignPage>
          <ApiErrorMessage title="The attachments could not be read" error={state.error} />
        </SelfSignPage>
      );
  }
}
