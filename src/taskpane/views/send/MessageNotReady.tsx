import { MessageBar, MessageBarBody, MessageBarTitle, Spinner } from "@fluentui/react-components";
import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import type { MessagePeopleState } from "../groups/use-message-people";
import type { MessageDocumentsState } from "./use-message-documents";

/** Until the message's people and attachments are read: no message, one that cannot be read, or a wait. */
export function MessageNotReady({
  people,
  attachments,
}: {
  people: MessagePeopleState;
  attachments: MessageDocumentsState;
}) {
  if (people.status === "no-item" || attachments.status === "no-item") {
    return (
      <MessageBar intent="info">
        <MessageBarBody>
          <MessageBarTitle>No message open</MessageBarTitle>
          Open or select a message to send its attachments for signature.
        </MessageBarBody>
      </MessageBar>
    );
  }
  if (people.status === "failed" || attachments.status === "failed") {
    const error =
      people.status === "failed" ? people.error : attachments.status === "failed" ? attachments.error : null;
    return <ApiErrorMessage title="Could not read this message" error={error} />;
  }
  return <Spinner size="tiny" label="Reading the message…" labelPosition="after" />;
}
