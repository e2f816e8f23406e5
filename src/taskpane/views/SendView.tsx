import { useMemo, useRef, useState } from "react";
import {
  Body1,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { createSigningGroupsApi } from "../../api/signing-groups";
import { RequireIdentity } from "../components/RequireIdentity";
import { ApiErrorMessage } from "../components/ApiErrorMessage";
import { useServiceClient } from "../service-client";
import type { SendDocument } from "../send/documents";
import { prefillSigners, type SignerRow } from "../send/signers";
import { useMessagePeople } from "./groups/use-message-people";
import { DocumentsStep } from "./send/DocumentsStep";
import { SignersStep } from "./send/SignersStep";
import { type MessageDocumentsState, useMessageDocuments } from "./send/use-message-documents";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
});

/** Send for signature: this message's attachments to the people on it (or their signing groups). */
export default function SendView() {
  return (
    <RequireIdentity
      title="Send for signature"
      headingId="send-heading"
      signInFor="to send this message's attachments for signature."
    >
      {() => <SendForm />}
    </RequireIdentity>
  );
}

function SendForm() {
  const styles = useStyles();
  const client = useServiceClient();
  const groups = useMemo(() => createSigningGroupsApi(client), [client]);
  const { state: people } = useMessagePeople();
  const { state: attachments } = useMessageDocuments();
  const [documents, setDocuments] = useState<SendDocument[]>([]);
  const files = useRef(new Map<string, File>());
  const [rows, setRows] = useState<SignerRow[]>([]);
  const [signInOrder, setSignInOrder] = useState(true);

  // A new message starts a new draft: its attachments and its people. Adjusted while rendering
  // (not in an effect) so that the lists never show one frame without them.
  const [documentsFrom, setDocumentsFrom] = useState<MessageDocumentsState | null>(null);
  if (attachments.status === "ready" && documentsFrom !== attachments) {
    setDocumentsFrom(attachments);
    setDocuments(attachments.documents);
    files.current = new Map();
  }
  // Re-read recipients (compose) only replace the rows when the addresses changed.
  const peopleKey =
    people.status === "ready" ? `${people.mode}\n${people.people.map((p) => p.key).join("\n")}` : null;
  const [rowsFrom, setRowsFrom] = useState<string | null>(null);
  if (people.status === "ready" && rowsFrom !== peopleKey) {
    setRowsFrom(peopleKey);
    setRows(prefillSigners(people.people, people.mode));
  }

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
  if (people.status === "loading" || attachments.status === "loading") {
    return <Spinner size="tiny" label="Reading the message…" labelPosition="after" />;
  }
  return (
    <div className={styles.root}>
      <section aria-labelledby="send-heading">
        <Subtitle2 as="h2" id="send-heading">
          Send for signature
        </Subtitle2>
        <Body1 as="p">{people.subject ? `From “${people.subject}”.` : "From this message."}</Body1>
      </section>
      <DocumentsStep
        documents={documents}
        onChange={(next, added) => {
          for (const [key, file] of added ?? []) files.current.set(key, file);
          setDocuments(next);
        }}
      />
      <SignersStep
        rows={rows}
        signInOrder={signInOrder}
        groups={groups}
        onChange={(next, inOrder) => {
          setRows(next);
          setSignInOrder(inOrder);
        }}
      />
      <MessageBar intent="info">
        <MessageBarBody>
          <MessageBarTitle>Fields and sending come next</MessageBarTitle>
          Placing fields on the pages, the check before sending and the send itself arrive with the
          service&apos;s packages. Your choices above stay while this message is open.
        </MessageBarBody>
      </MessageBar>
    </div>
  );
}
