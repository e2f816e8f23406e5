import { Suspense, lazy, useMemo } from "react";
import { Caption1, Spinner, makeStyles, tokens } from "@fluentui/react-components";
import { createApiClient } from "../../api/client";
import { createSigningGroupsApi } from "../../api/signing-groups";
import { createTemplatesApi } from "../../api/templates";
import { ApiErrorMessage } from "../components/ApiErrorMessage";
import { RequireIdentity } from "../components/RequireIdentity";
import { useNavigation } from "../navigation";
import { useServiceClient } from "../service-client";
import { documentsProblem } from "../send/documents";
import { prefillSigners, signersProblem } from "../send/signers";
import { ConfirmDialog } from "./groups/ConfirmDialog";
import { CheckStep } from "./send/CheckStep";
import { MessageNotReady } from "./send/MessageNotReady";
import { RestoredNotice, SendHeading } from "./send/SendHeading";
import { SendStep } from "./send/SendStep";
import { SentStep } from "./send/SentStep";
import { SetupStep } from "./send/SetupStep";
import { StepButtons, StepList } from "./send/StepNav";
import { SubmitFailure } from "./send/SubmitFailure";
import { TemplateStart } from "./send/TemplateStart";
import { useDiscard } from "./send/use-discard";
import { useDocumentBytes } from "./send/use-document-bytes";
import { useDraftCheck } from "./send/use-draft-check";
import { useRefuseStrayDrops } from "./send/use-refuse-stray-drops";
import { useSendDraft } from "./send/use-send-draft";
import { useSubmit } from "./send/use-submit";
import { useTemplateStart } from "./send/use-template-start";

// pdf.js and pdf-lib come with the Fields step, in a chunk of its own.
const FieldsStep = lazy(() => import(/* webpackChunkName: "send-fields" */ "./send/FieldsStep"));

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
});

/** Send for signature: this message's attachments to the people on it (or their signing groups). */
export default function SendView() {
  useRefuseStrayDrops();
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

/** The send flow: the message read, then its steps over the draft (views/send/use-*.ts). */
function SendForm() {
  const styles = useStyles();
  const client = useServiceClient();
  const api = useMemo(() => createApiClient(client), [client]);
  const groups = useMemo(() => createSigningGroupsApi(client), [client]);
  const templates = useMemo(() => createTemplatesApi(client), [client]);
  const { navigate } = useNavigation();

  const draft = useSendDraft();
  const { people, attachments, state, dispatch } = draft;
  const bytes = useDocumentBytes({ ...draft, generation: state.generation });
  const { chosenDocs, layouts, layoutRead, check, accepted, blocking } = useDraftCheck({
    state,
    groups,
    pdfBytes: bytes.pdfBytes,
  });
  const submit = useSubmit({ draft, api, check, accepted, blocking, chosenDocs, readBytes: bytes.readBytes });
  const messageRows = people.status === "ready" ? prefillSigners(people.people, people.mode) : [];
  const template = useTemplateStart({ draft, api, templates, groups, messageRows });
  const discard = useDiscard({ draft, api });

  const { choices, step } = state;
  if (people.status !== "ready" || attachments.status !== "ready" || !choices || !draft.key) {
    return <MessageNotReady people={people} attachments={attachments} />;
  }

  const busy = submit.busy || template.leaving;
  if (state.picking !== null && step === "setup") {
    const { picking } = state;
    return (
      <div className={styles.root}>
        <SendHeading subject={people.subject} />
        <TemplateStart
          templates={templates}
          groups={groups}
          people={messageRows}
          initial={picking === "new" ? null : picking}
          onStart={template.start}
          onCancel={() => dispatch({ type: "templatePicking", picking: null })}
        />
      </div>
    );
  }
  if (step === "done") {
    return state.result ? (
      <SentStep
        result={state.result}
        rows={choices.rows}
        onStatus={() => navigate({ view: "status", packageId: state.result!.pkg.id })}
        onAgain={() => dispatch({ type: "restarted" })}
      />
    ) : null;
  }

  const nav = {
    step,
    busy,
    setupProblem:
      documentsProblem(choices.documents, choices.template?.documents.length ?? 0) ??
      signersProblem(choices.rows),
    blocking: blocking.length,
    onStep: (to: typeof step) => dispatch({ type: "stepChosen", step: to }),
  };
  return (
    <div className={styles.root}>
      <SendHeading subject={people.subject} />
      <StepList {...nav} />
      {state.restored ? <RestoredNotice restored={state.restored} /> : null}
      {step === "setup" ? (
        <SetupStep
          template={choices.template}
          documents={choices.documents}
          rows={choices.rows}
          signInOrder={choices.signInOrder}
          groups={groups}
          busy={busy}
          templateError={template.error}
          onPickTemplate={() => dispatch({ type: "templatePicking", picking: "new" })}
          onLeaveTemplate={(reopen) => void template.leave(reopen)}
          onDocuments={(documents, added) => {
            bytes.documentsChanged(choices.documents, documents, added);
            dispatch({ type: "documentsChanged", documents });
          }}
          onSigners={(rows, signInOrder) => dispatch({ type: "signersChanged", rows, signInOrder })}
        />
      ) : null}
      {step === "fields" ? (
        <Suspense fallback={<Spinner size="tiny" label="Loading the pages…" labelPosition="after" />}>
          <FieldsStep
            documents={chosenDocs}
            rows={choices.rows}
            fields={choices.fields}
            onFieldsChange={(fields) => dispatch({ type: "fieldsChanged", fields })}
            layouts={layouts}
            onLayout={layoutRead}
            pdfBytes={bytes.pdfBytes}
            tagFormat={choices.tagFormat}
            visibleTags={choices.visibleTags}
            signatureBlock={choices.signatureBlock}
            onOptions={(options) => dispatch({ type: "tagOptionsChanged", options })}
          />
        </Suspense>
      ) : null}
      {step === "check" ? (
        <CheckStep
          result={check}
          accepted={accepted}
          onAccept={(id, yes) => dispatch({ type: "warningAccepted", id, accepted: yes })}
        />
      ) : null}
      {step === "send" ? (
        <>
          <SendStep
            subject={choices.subject}
            message={choices.message}
            expiresInDays={choices.expiresInDays}
            reminders={choices.reminders}
            onChange={submit.optionsChanged}
            fieldErrors={submit.fieldErrors}
            onUseBody={people.mode === "compose" ? submit.takeBody : undefined}
            documents={chosenDocs}
            uploads={submit.uploads}
            stage={submit.stage}
            busy={busy}
          />
          {blocking.length > 0 ? (
            <Caption1>{`The check found ${blocking.length === 1 ? "1 problem" : `${blocking.length} problems`} to fix or accept first (step 4).`}</Caption1>
          ) : null}
          {submit.failure ? <SubmitFailure failure={submit.failure} documents={chosenDocs} /> : null}
        </>
      ) : null}
      {discard.error ? (
        <ApiErrorMessage title="The draft could not be discarded" error={discard.error} />
      ) : null}
      <StepButtons
        {...nav}
        failed={submit.failure !== null}
        onSend={() => void submit.send()}
        onDiscard={discard.ask}
      />
      <ConfirmDialog
        open={discard.confirming}
        title="Discard this draft?"
        confirm="Discard draft"
        onConfirm={() => void discard.discard()}
        onCancel={discard.cancel}
      >
        {state.packageId
          ? "Your choices and the fields you added are removed, and the draft package on the service is deleted."
          : "Your choices and the fields you added are removed."}
      </ConfirmDialog>
    </div>
  );
}
