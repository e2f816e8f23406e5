/**
 * Sign it yourself: the user signs attachments of this message themselves, in the signing
 * page opened in an Office dialog, and gets the sealed PDF back into the conversation: reading, a
 * reply to the sender with it attached; writing, attached to the message (replacing the original or
 * beside it). Nothing to download and attach by hand. Fields are placed with the Send view's step.
 * The view composes the flow's hooks (use-*.ts here) and its parts (the other files here).
 */
import { Body1, Button, Caption1 } from "@fluentui/react-components";
import { ArrowLeftRegular, ArrowRightRegular, SignatureRegular } from "@fluentui/react-icons";
import type { OutlookHost } from "../../../outlook";
import { RequireIdentity } from "../../components/RequireIdentity";
import { useHost } from "../../host-context";
import { useNavigation } from "../../navigation";
import { useServiceClient } from "../../service-client";
import type { SendDocument } from "../../send/documents";
import { canReplace, unsupportedReason } from "../../self-sign/deliver";
import { useDocumentBytes } from "../send/use-document-bytes";
import { useMessageDocuments } from "../send/use-message-documents";
import { AttachmentsNotReady } from "./AttachmentsNotReady";
import { ButtonRow } from "./ButtonRow";
import { NothingToSign } from "./NothingToSign";
import { PickStep } from "./PickStep";
import { SELF_SIGN_HEADING_ID, SELF_SIGN_TITLE, SelfSignPage } from "./SelfSignPage";
import { SigningProgress } from "./SigningProgress";
import { StopDialog } from "./StopDialog";
import { StoppedNotice } from "./StoppedNotice";
import { useSelfSign } from "./use-self-sign";
import { useSelfSignChoices } from "./use-self-sign-choices";
import { useStepFocus } from "./use-step-focus";
import { useStopQuestion } from "./use-stop-question";
import { YourFields } from "./YourFields";

export default function SelfSignView() {
  return (
    <RequireIdentity
      title={SELF_SIGN_TITLE}
      headingId={SELF_SIGN_HEADING_ID}
      signInFor="to sign this message's attachments yourself."
    >
      {() => <SelfSignForm />}
    </RequireIdentity>
  );
}

/** The message's attachments read, and the ones that can be signed here handed to the steps. */
function SelfSignForm() {
  const { host } = useHost();
  const { state } = useMessageDocuments();
  if (!host) return <AttachmentsNotReady state={{ status: "no-item" }} />;
  if (state.status !== "ready") return <AttachmentsNotReady state={state} />;
  const mode = host.mode();
  const support = host.composeSupport();
  const refused = unsupportedReason(mode, support);
  const documents = state.documents.filter((d) => d.sendable);
  if (refused || documents.length === 0) {
    return (
      <NothingToSign>
        {refused ??
          (mode === "read"
            ? "This message has no PDF or picture attached to sign."
            : "Attach a PDF or picture to this message to sign it yourself before you send it.")}
      </NothingToSign>
    );
  }
  return (
    <SelfSignSteps
      key={documents.map((d) => d.key).join("|")}
      host={host}
      initial={documents}
      mode={mode}
      replaceable={canReplace(support)}
    />
  );
}

/**
 * The steps: pick, fields, then the flow's progress. Every step is the same page with the Stop
 * waiting dialog last under the same key, so that it closes rather than vanishes when the step
 * changes, and gives the page back to the pane; the first two steps' button rows are at the same
 * place too.
 */
function SelfSignSteps({
  host,
  initial,
  mode,
  replaceable,
}: {
  host: OutlookHost;
  initial: SendDocument[];
  mode: "read" | "compose";
  replaceable: boolean;
}) {
  const client = useServiceClient();
  const { navigate } = useNavigation();
  const choices = useSelfSignChoices({ host, initial, replaceable });
  const bytes = useDocumentBytes({ key: "self-sign", host, fileStore: null, generation: 0 });
  const flow = useSelfSign({ host, outlook: host, client });
  const { phase } = flow;
  const question = useStopQuestion({ signing: phase.kind === "signing", stop: flow.stop });
  useStepFocus(phase.kind);

  const sign = () =>
    void flow.start({
      documents: choices.chosen,
      fields: choices.fields,
      // The pane's own tags: nobody else reads this package's PDF before it is signed.
      tagFormat: "Platform",
      placement: choices.placement,
      readBytes: bytes.readBytes,
    });
  const toStatus = (packageId: string) => navigate({ view: "status", packageId });
  const stopDialog = (
    <StopDialog
      key="stop"
      open={question.open}
      discarding={question.discarding}
      onDismiss={question.dismiss}
      onKeep={question.keep}
      onDiscard={question.discard}
    />
  );

  if (phase.kind === "pick") {
    return (
      <SelfSignPage
        intro={<Body1 as="p">Sign this message&apos;s attachments yourself, without downloading them.</Body1>}
      >
        {phase.stopped ? <StoppedNotice stopped={phase.stopped} onStatus={toStatus} /> : null}
        <PickStep
          documents={choices.documents}
          onDocuments={choices.setDocuments}
          mode={mode}
          placement={choices.placement}
          onPlacement={choices.setPlacement}
          replaceable={replaceable}
        />
        <ButtonRow>
          <Button
            appearance="primary"
            icon={<ArrowRightRegular />}
            iconPosition="after"
            disabled={choices.chosen.length === 0}
            onClick={flow.toFields}
          >
            Next: your fields
          </Button>
        </ButtonRow>
        {stopDialog}
      </SelfSignPage>
    );
  }
  if (phase.kind === "fields") {
    return (
      <SelfSignPage
        intro={
          <Body1 as="p">Drop a field where you sign, date or fill in. Tags in the document count too.</Body1>
        }
      >
        <YourFields
          documents={choices.chosen}
          rows={choices.rows}
          fields={choices.fields}
          onFieldsChange={choices.setFields}
          layouts={choices.layouts}
          onLayout={choices.onLayout}
          pdfBytes={bytes.pdfBytes}
        />
        {choices.hasFields ? null : (
          <Caption1 role="status">Drop at least one field (a Signature, say) to sign.</Caption1>
        )}
        <ButtonRow>
          <Button icon={<ArrowLeftRegular />} onClick={flow.toPick}>
            Back
          </Button>
          <Button
            appearance="primary"
            icon={<SignatureRegular />}
            disabled={!choices.hasFields}
            onClick={sign}
          >
            Sign now
          </Button>
        </ButtonRow>
        {stopDialog}
      </SelfSignPage>
    );
  }
  return (
    <SelfSignPage>
      <SigningProgress
        phase={phase}
        mode={mode}
        onReopen={flow.reopen}
        onCancel={flow.cancel}
        onStop={question.ask}
        onStatus={toStatus}
        onRetry={sign}
      />
      {stopDialog}
    </SelfSignPage>
  );
}
