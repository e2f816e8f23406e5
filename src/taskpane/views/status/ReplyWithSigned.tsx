/**
 * A Completed package's "Reply with signed documents": offered on the package of the open
 * conversation, where Outlook can open a reply with files (the adapter's composeSupport); elsewhere a
 * sentence says why not. Progress while it works, the outcome (or error) in words.
 */
import { useState } from "react";
import {
  Button,
  Caption1,
  Checkbox,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { MailArrowUpRegular } from "@fluentui/react-icons";
import type { Package, PackagesApi } from "../../../api/packages";
import { OUTLOOK_LIMITS, type OutlookHost } from "../../../outlook";
import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import { useTelemetry } from "../../telemetry";
import {
  replyWithSignedDocuments,
  sizeWords,
  stepWords,
  type ReplyOutcome,
  type ReplyStep,
} from "../../status/reply-with-signed";
import { formatDate } from "../../status/words";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS, minWidth: 0 },
  row: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
  note: { color: tokens.colorNeutralForeground2, overflowWrap: "anywhere" },
});

/** Whether the open message is of the package's conversation: a reply there goes to its thread. */
export function isPackageThread(host: OutlookHost | null, pkg: Package): boolean {
  if (!host) return false;
  try {
    if (!host.hasItem() || host.mode() !== "read") return false;
    const source = pkg.source;
    const conversation = host.conversationId();
    const message = host.internetMessageId();
    return Boolean(
      (source?.conversationId && conversation && source.conversationId === conversation) ||
      (source?.internetMessageId && message && source.internetMessageId === message),
    );
  } catch {
    return false;
  }
}

function outcomeWords(outcome: ReplyOutcome): { title: string; text: string; intent: "success" | "warning" } {
  if (outcome.kind === "linked") {
    return {
      intent: "warning",
      title: "Reply opened with a download link",
      text: `At ${sizeWords(outcome.bytes)} the signed documents are over the ${sizeWords(OUTLOOK_LIMITS.attachmentBytes)} Outlook can attach, so the reply has a link to them instead, which works until ${formatDate(outcome.expiresOn)}. Write your message and send it.`,
    };
  }
  const files = outcome.count === 1 ? "1 file" : `${outcome.count} files`;
  return {
    intent: "success",
    title: "Reply opened",
    text:
      outcome.via === "url"
        ? `Outlook opened a reply to everyone in this conversation and is attaching ${files} (${sizeWords(outcome.bytes)}) from the signing service; if one can't be attached, Outlook says so in the reply. Write your message and send it.`
        : `Outlook opened a reply to everyone in this conversation with ${files} attached (${sizeWords(outcome.bytes)}). Write your message and send it.`,
  };
}

export function ReplyWithSigned({
  host,
  api,
  pkg,
  sealed,
  disabled,
}: {
  host: OutlookHost;
  api: PackagesApi;
  pkg: Package;
  /** The signed files exist (sealing Done). */
  sealed: boolean;
  /** Another action of the card is running. */
  disabled: boolean;
}) {
  const styles = useStyles();
  const track = useTelemetry();
  const [certificate, setCertificate] = useState(false);
  const [step, setStep] = useState<ReplyStep | null>(null);
  const [outcome, setOutcome] = useState<ReplyOutcome | null>(null);
  const [error, setError] = useState<unknown>(null);
  const support = host.composeSupport().reply;

  if (!support.supported) {
    return (
      <Caption1 className={styles.note} role="note">
        {`Reply with signed documents isn't available here. ${support.reason ?? ""}`}
      </Caption1>
    );
  }

  const reply = async () => {
    setOutcome(null);
    setError(null);
    const action = track.actionStarted("status.reply_signed");
    try {
      setOutcome(
        await replyWithSignedDocuments({ host, api, pkg, includeCertificate: certificate, onStep: setStep }),
      );
      action.succeeded();
    } catch (failure) {
      action.failed(failure);
      setError(failure);
    } finally {
      setStep(null);
    }
  };

  const words = outcome ? outcomeWords(outcome) : null;
  return (
    <div className={styles.root}>
      <div className={styles.row}>
        <Button
          size="small"
          appearance="primary"
          icon={<MailArrowUpRegular />}
          disabled={disabled || step !== null || !sealed}
          onClick={() => void reply()}
        >
          Reply with signed documents
        </Button>
        <Checkbox
          label="Include certificate"
          checked={certificate}
          disabled={step !== null}
          onChange={(_, data) => setCertificate(data.checked === true)}
        />
      </div>
      {step && <Spinner size="extra-tiny" labelPosition="after" label={stepWords(step)} />}
      <div aria-live="polite">
        {words && (
          <MessageBar intent={words.intent} layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>{words.title}</MessageBarTitle>
              {words.text}
            </MessageBarBody>
          </MessageBar>
        )}
        {error !== null && <ApiErrorMessage title="The reply didn't open" error={error} />}
      </div>
    </div>
  );
}
