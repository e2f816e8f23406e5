/**
 * Sign it yourself (issue 33): the user signs attachments of this message themselves, in the signing
 * page opened in an Office dialog, and gets the sealed PDF back into the conversation: reading, a
 * reply to the sender with it attached; writing, attached to the message (replacing the original or
 * beside it). Nothing to download and attach by hand. Fields are placed with the Send view's step.
 */
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from "react";
import {
  Body1,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { ArrowLeftRegular, ArrowRightRegular, SignatureRegular } from "@fluentui/react-icons";
import type { OutlookHost } from "../../../outlook";
import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import { RequireIdentity } from "../../components/RequireIdentity";
import { useHost } from "../../host-context";
import { useNavigation } from "../../navigation";
import { useServiceClient } from "../../service-client";
import type { SendDocument } from "../../send/documents";
import type { PlacedField } from "../../send/fields";
import { canReplace, unsupportedReason, type Placement } from "../../self-sign/deliver";
import { selfRow } from "../../self-sign/flow";
import type { LayoutState } from "../send/FieldsStep";
import { useDocumentBytes } from "../send/use-document-bytes";
import { useMessageDocuments } from "../send/use-message-documents";
import { PickStep } from "./PickStep";
import { useSelfSign, type Phase, type Stopped } from "./use-self-sign";

// The Send view's fields step (pdf.js and pdf-lib) in its own chunk, as Send loads it.
const FieldsStep = lazy(() => import(/* webpackChunkName: "send-fields" */ "../send/FieldsStep"));

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  header: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  nav: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  status: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
});

const TITLE = "Sign it yourself";

export default function SelfSignView() {
  return (
    <RequireIdentity
      title={TITLE}
      headingId="self-sign-heading"
      signInFor="to sign this message's attachments yourself."
    >
      {() => <SelfSignForm />}
    </RequireIdentity>
  );
}

function Heading({ children }: { children?: React.ReactNode }) {
  const styles = useStyles();
  return (
    <section aria-labelledby="self-sign-heading" className={styles.header}>
      <Subtitle2 as="h2" id="self-sign-heading" tabIndex={-1}>
        {TITLE}
      </Subtitle2>
      {children}
    </section>
  );
}

function Notice({ title, children }: { title?: string; children: React.ReactNode }) {
  return (
    <MessageBar intent="info" layout="multiline">
      <MessageBarBody>
        {title ? <MessageBarTitle>{title}</MessageBarTitle> : null}
        {children}
      </MessageBarBody>
    </MessageBar>
  );
}

function SelfSignForm() {
  const { host } = useHost();
  const { state } = useMessageDocuments();
  const styles = useStyles();
  if (!host || state.status === "no-item") {
    return (
      <div className={styles.root}>
        <Heading />
        <Notice>Open a message with a PDF or picture attached to sign it yourself.</Notice>
      </div>
    );
  }
  if (state.status === "loading") {
    return (
      <div className={styles.root} aria-busy="true">
        <Heading />
        <Spinner size="tiny" label="Reading the attachments…" labelPosition="after" />
      </div>
    );
  }
  if (state.status === "failed") {
    return (
      <div className={styles.root}>
        <Heading />
        <ApiErrorMessage title="The attachments could not be read" error={state.error} />
      </div>
    );
  }
  const mode = host.mode();
  const support = host.composeSupport();
  const refused = unsupportedReason(mode, support);
  const documents = state.documents.filter((d) => d.sendable);
  if (refused || documents.length === 0) {
    return (
      <div className={styles.root}>
        <Heading />
        <Notice>
          {refused ??
            (mode === "read"
              ? "This message has no PDF or picture attached to sign."
              : "Attach a PDF or picture to this message to sign it yourself before you send it.")}
        </Notice>
      </div>
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
  const styles = useStyles();
  const client = useServiceClient();
  const { navigate } = useNavigation();
  const [documents, setDocuments] = useState(initial);
  const [fields, setFields] = useState<PlacedField[]>([]);
  const [layouts, setLayouts] = useState<ReadonlyMap<string, LayoutState>>(new Map());
  // Writing: the signed copy replaces the unsigned one by default (who sends both?), where Outlook can.
  const [placement, setPlacement] = useState<Placement>(replaceable ? "replace" : "beside");
  const bytes = useDocumentBytes({ key: "self-sign", host, fileStore: null, generation: 0 });
  const flow = useSelfSign({ host, outlook: host, client });
  const { phase } = flow;
  const [asking, setAsking] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  // A new step: focus its heading, so keyboard and screen-reader users keep their place (the button
  // they pressed is gone). The fields step focuses its own heading once it is loaded.
  const shown = useRef(phase.kind);
  useEffect(() => {
    if (shown.current === phase.kind) return;
    shown.current = phase.kind;
    if (phase.kind !== "fields") document.getElementById("self-sign-heading")?.focus();
  }, [phase.kind]);
  const chosen = documents.filter((d) => d.included);
  const rows = useMemo(() => [selfRow(host.userAddress(), "You")], [host]);

  // Fields of yours: dropped ones, and the documents' own tags for signer 1.
  const tagged = chosen.some((d) => {
    const layout = layouts.get(d.key);
    return (
      layout !== undefined && "tags" in layout && layout.tags.some((t) => t.signerIndex === 1 && !t.error)
    );
  });
  const mine = fields.filter((f) => chosen.some((d) => d.key === f.docKey));

  const sign = () =>
    void flow.start({
      documents: chosen,
      fields: mine,
      // The pane's own tags: nobody else reads this package's PDF before it is signed.
      tagFormat: "Platform",
      placement,
      readBytes: bytes.readBytes,
    });

  // The question "Stop waiting" asks; the same element in every step (key), so that it closes
  // rather than vanishes when the step changes, and gives the page back to the pane.
  const stopDialog = (
    <Dialog
      key="stop"
      open={asking && phase.kind === "signing"}
      modalType="alert"
      // Escape: not stopped after all, the pane goes on waiting.
      onOpenChange={(_, data) => !data.open && !discarding && setAsking(false)}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Discard this signing?</DialogTitle>
          <DialogContent>
            Discard it, and nobody can sign it any more; or keep it in Status to sign later. Your choices and
            fields stay here either way.
          </DialogContent>
          <DialogActions>
            <Button
              appearance="secondary"
              disabled={discarding}
              onClick={() => {
                setAsking(false);
                void flow.stop("kept");
              }}
            >
              Keep it
            </Button>
            <Button
              appearance="primary"
              disabled={discarding}
              onClick={() => {
                setDiscarding(true);
                void flow.stop("discarded").finally(() => {
                  setDiscarding(false);
                  setAsking(false);
                });
              }}
            >
              {discarding ? "Discarding…" : "Discard"}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );

  if (phase.kind === "pick") {
    return (
      <div className={styles.root}>
        <Heading>
          <Body1 as="p">Sign this message&apos;s attachments yourself, without downloading them.</Body1>
        </Heading>
        {phase.stopped ? (
          <StoppedNotice
            stopped={phase.stopped}
            onStatus={(packageId) => navigate({ view: "status", packageId })}
          />
        ) : null}
        <PickStep
          documents={documents}
          onDocuments={setDocuments}
          mode={mode}
          placement={placement}
          onPlacement={setPlacement}
          replaceable={replaceable}
        />
        <div className={styles.nav}>
          <Button
            appearance="primary"
            icon={<ArrowRightRegular />}
            iconPosition="after"
            disabled={chosen.length === 0}
            onClick={() => flow.setPhase({ kind: "fields" })}
          >
            Next: your fields
          </Button>
        </div>
        {stopDialog}
      </div>
    );
  }
  if (phase.kind === "fields") {
    return (
      <div className={styles.root}>
        <Heading>
          <Body1 as="p">Drop a field where you sign, date or fill in. Tags in the document count too.</Body1>
        </Heading>
        <Suspense fallback={<Spinner size="tiny" label="Loading the pages…" labelPosition="after" />}>
          <FieldsStep
            documents={chosen}
            rows={rows}
            fields={mine}
            onFieldsChange={setFields}
            layouts={layouts}
            onLayout={(key, layout) => setLayouts((before) => new Map(before).set(key, layout))}
            pdfBytes={bytes.pdfBytes}
            tagFormat="Platform"
            visibleTags={false}
            signatureBlock={false}
            onOptions={() => undefined}
            heading="Your fields"
            tagOptions={false}
            focusHeading
          />
        </Suspense>
        {mine.length === 0 && !tagged ? (
          <Caption1 role="status">Drop at least one field (a Signature, say) to sign.</Caption1>
        ) : null}
        <div className={styles.nav}>
          <Button icon={<ArrowLeftRegular />} onClick={() => flow.setPhase({ kind: "pick" })}>
            Back
          </Button>
          <Button
            appearance="primary"
            icon={<SignatureRegular />}
            disabled={mine.length === 0 && !tagged}
            onClick={sign}
          >
            Sign now
          </Button>
        </div>
        {stopDialog}
      </div>
    );
  }
  return (
    <div className={styles.root}>
      <Heading />
      <Progress
        phase={phase}
        mode={mode}
        onReopen={flow.reopen}
        onCancel={flow.cancel}
        onStop={() => setAsking(true)}
        onStatus={(packageId) => navigate({ view: "status", packageId })}
        onRetry={sign}
      />
      {stopDialog}
    </div>
  );
}

/** What became of the package when the user stopped waiting, and where to find it. */
function StoppedNotice({ stopped, onStatus }: { stopped: Stopped; onStatus(packageId: string): void }) {
  const styles = useStyles();
  const status = (
    <div className={styles.nav}>
      <Button appearance="secondary" onClick={() => onStatus(stopped.packageId)}>
        See it in Status
      </Button>
    </div>
  );
  if (stopped.error)
    return (
      <div className={styles.status}>
        <ApiErrorMessage title="Not discarded: it waits in Status" error={stopped.error} />
        {status}
      </div>
    );
  return (
    <div className={styles.status}>
      <Notice title={stopped.how === "discarded" ? "Discarded" : "Kept in Status"}>
        {stopped.how === "discarded"
          ? "Nobody can sign it now. Your choices and fields are still here to start again."
          : "You can sign it later from Status. Your choices and fields are still here to start again."}
      </Notice>
      {stopped.how === "kept" ? status : null}
    </div>
  );
}

function Progress({
  phase,
  mode,
  onReopen,
  onCancel,
  onStop,
  onStatus,
  onRetry,
}: {
  phase: Exclude<Phase, { kind: "pick" } | { kind: "fields" }>;
  mode: "read" | "compose";
  onReopen(): void;
  onCancel(): void;
  /** Stop waiting: asks whether to discard the package or keep it. */
  onStop(): void;
  onStatus(packageId: string): void;
  onRetry(): void;
}) {
  const styles = useStyles();
  const statusButton = (id: string | null) =>
    id ? (
      <Button appearance="secondary" onClick={() => onStatus(id)}>
        See it in Status
      </Button>
    ) : null;
  switch (phase.kind) {
    case "preparing":
      return <Spinner size="tiny" label="Preparing your document…" labelPosition="after" />;
    case "signing":
      return (
        <div className={styles.status}>
          <Spinner
            size="tiny"
            labelPosition="after"
            label={
              phase.window === "dialog"
                ? "Sign in the window that opened. This pane carries on when you finish."
                : "Sign in the browser tab that opened. This pane carries on when you finish."
            }
          />
          <div className={styles.nav}>
            <Button onClick={onReopen}>Open the signing page again</Button>
            <Button appearance="subtle" onClick={onStop}>
              Stop waiting
            </Button>
          </div>
        </div>
      );
    case "sealing":
      return <Spinner size="tiny" label="Sealing your signed document…" labelPosition="after" />;
    case "delivering":
      return (
        <Spinner
          size="tiny"
          labelPosition="after"
          label={mode === "read" ? "Opening your reply…" : "Attaching the signed document…"}
        />
      );
    case "done": {
      const { delivered } = phase;
      const names = delivered.files.map((f) => `“${f}”`).join(", ");
      return (
        <div className={styles.status}>
          <MessageBar intent="success" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>Signed and sealed</MessageBarTitle>
              {delivered.mode === "read"
                ? `A reply to the sender is open with ${names} attached. Write your message and send it.`
                : delivered.replaced.length > 0
                  ? `${names} now ${delivered.files.length === 1 ? "replaces" : "replace"} the unsigned ${delivered.replaced.length === 1 ? "original" : "originals"} in your message.`
                  : `${names} ${delivered.files.length === 1 ? "is" : "are"} attached to your message, beside the original.`}
            </MessageBarBody>
          </MessageBar>
          <div className={styles.nav}>{statusButton(phase.packageId)}</div>
        </div>
      );
    }
    case "failed":
      return (
        <div className={styles.status}>
          <ApiErrorMessage
            title={
              phase.stage === "preparing"
                ? "Your document could not be prepared for signing"
                : phase.stage === "delivering"
                  ? mode === "read"
                    ? "Signed, but the reply could not be opened"
                    : "Signed, but the signed document could not be attached"
                  : "Signing did not finish"
            }
            error={phase.error}
          />
          <div className={styles.nav}>
            {phase.stage === "preparing" ? <Button onClick={onRetry}>Try again</Button> : null}
            <Button appearance="secondary" onClick={onCancel}>
              Start over
            </Button>
            {statusButton(phase.packageId)}
          </div>
        </div>
      );
  }
}
