import { useEffect, useId, useRef, useState } from "react";
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
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle2,
  Textarea,
  makeStyles,
  mergeClasses,
  tokens,
} from "@fluentui/react-components";
import {
  AlertRegular,
  ArrowDownloadRegular,
  CertificateRegular,
  ChevronDownRegular,
  ChevronUpRegular,
  DocumentPdfRegular,
  HistoryRegular,
  LinkRegular,
  PenRegular,
  ProhibitedRegular,
} from "@fluentui/react-icons";
import { isApiError } from "../../../api/errors";
import {
  IN_FLIGHT_STATUSES,
  inlineLink,
  type Package,
  type PackageDocument,
  type PackagesApi,
  type Signer,
  type TimedLink,
} from "../../../api/packages";
import { copyText } from "../../clipboard";
import { useHost } from "../../host-context";
import type { Identity } from "../../session";
import { useTelemetry } from "../../telemetry";
import type { TelemetryActionId } from "../../../telemetry/catalogue";
import {
  completedByName,
  formatDate,
  formatDateTime,
  isEmbedded,
  namesList,
  packageLook,
  signerLook,
  whoseTurn,
} from "../../status/words";
import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import { useHoldWhile } from "../../status/dialog-hold";
import { openSigningWindow, type SigningWindow } from "../../self-sign/signing-window";
import { SELF_SIGNER_CLIENT_ID } from "../../../shared/self-signer";
import { ConfirmDialog } from "../groups/ConfirmDialog";
import { AuditTrailDialog } from "./AuditTrailDialog";
import { ReplyWithSigned, isPackageThread } from "./ReplyWithSigned";
import { StatusBadge } from "./StatusBadge";

const useStyles = makeStyles({
  card: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  highlighted: { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  header: {
    display: "flex",
    alignItems: "flex-start",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
    flexWrap: "wrap",
  },
  name: { margin: 0, overflowWrap: "anywhere", minWidth: 0 },
  facts: {
    display: "grid",
    gridTemplateColumns: "max-content minmax(0, 1fr)",
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: "anywhere" },
  signers: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" },
  signer: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    minWidth: 0,
  },
  signerBadge: { display: "flex" },
  who: { overflowWrap: "anywhere", minWidth: 0 },
  detail: { color: tokens.colorNeutralForeground2, overflowWrap: "anywhere" },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});

type Outcome =
  | { intent: "success" | "info"; title: string; text: string }
  | { intent: "error"; title: string; error: unknown; text?: string };

/** The service (or its version) has no such route: the signing and completion issues add them. */
function notOffered(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

export interface PackageCardProps {
  pkg: Package;
  /** Undefined while not read (collapsed card, or the first answer still coming). */
  signers: Signer[] | undefined;
  api: PackagesApi;
  identity: Identity;
  /** Collapsible cards (the list of all packages) show signers only when expanded. */
  expanded?: boolean;
  onToggle?: () => void;
  highlighted?: boolean;
  /** Called after an action changed the package: the feed refreshes at once. */
  onChanged(): void;
}

export function PackageCard({
  pkg,
  signers,
  api,
  identity,
  expanded = true,
  onToggle,
  highlighted,
  onChanged,
}: PackageCardProps) {
  const styles = useStyles();
  const headingId = useId();
  const track = useTelemetry();
  const { host } = useHost();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmRemind, setConfirmRemind] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const [auditOpen, setAuditOpen] = useState(false);
  const [linkFor, setLinkFor] = useState<Signer | null>(null);
  useHoldWhile(confirmRemind || voiding || auditOpen || linkFor !== null);

  const look = packageLook(pkg.status);
  const inFlight = IN_FLIGHT_STATUSES.includes(pkg.status);
  const canSend = identity.scopes.includes("sign.package.send");
  // Signing links are the sender's to hand out: the mailbox that sent it (when the package says).
  const me = host?.userAddress().trim().toLowerCase() ?? "";
  const isSender = !pkg.senderEmail || !me || pkg.senderEmail.trim().toLowerCase() === me;
  const turn = signers ? whoseTurn(pkg, signers) : [];
  // A reminder mails only those who were mailed: an embedded signer (Sign it yourself) gets nothing.
  const mailed = turn.filter((s) => !isEmbedded(s));
  const embedded = turn.filter((s) => isEmbedded(s));
  const isMe = (signer: Signer) =>
    me
      ? signer.email?.trim().toLowerCase() === me
      : isSender && signer.clientUserId === SELF_SIGNER_CLIENT_ID;
  // The user signs their own package here again, as Sign it yourself opened it (a person, not a group).
  const mine =
    inFlight && canSend && isSender ? embedded.find((s) => isMe(s) && !s.signingGroupId) : undefined;
  const signingWindow = useRef<SigningWindow | null>(null);
  useEffect(() => () => signingWindow.current?.close(), []);

  const run = async (id: string, telemetryId: TelemetryActionId, work: () => Promise<Outcome>) => {
    setBusy(id);
    setOutcome(null);
    const action = track.actionStarted(telemetryId);
    try {
      setOutcome(await work());
      action.succeeded();
    } catch (error) {
      action.failed(error);
      setOutcome({ intent: "error", title: "That didn't work", error });
    } finally {
      setBusy(null);
    }
  };

  const openLink = (link: TimedLink) => {
    if (host) host.openBrowserWindow(link.url);
    else window.open(link.url, "_blank", "noopener");
  };

  // The service's word on the sealed files (an older service says nothing: take them as made).
  const sealing = pkg.status === "Completed" ? (pkg.sealing ?? "Done") : null;
  const sealed = sealing === "Done";
  // The documents' names and ids, for one "Open" button each: read once the files exist.
  const [documents, setDocuments] = useState<PackageDocument[] | null>(null);
  useEffect(() => {
    if (!sealed || !expanded || documents !== null) return;
    const controller = new AbortController();
    api.documents(pkg.id, { signal: controller.signal }).then(
      (items) => setDocuments(items),
      // Without the list, the zip and the certificate are still offered.
      () => !controller.signal.aborted && setDocuments([]),
    );
    return () => controller.abort();
  }, [api, pkg.id, sealed, expanded, documents]);

  const unavailable = (error: unknown): Outcome | null =>
    notOffered(error)
      ? {
          intent: "error",
          title: "Not available yet",
          error,
          text: "This signing service doesn't offer signed downloads yet. Ask your administrator to update it.",
        }
      : null;

  /** Shows one PDF (a signed document, the certificate) in the browser's own viewer. */
  const openPdf = (what: PackageDocument | "certificate") =>
    run(
      what === "certificate" ? "certificate" : `document-${what.id}`,
      what === "certificate" ? "status.certificate" : "status.download",
      async () => {
        try {
          const link = inlineLink(
            what === "certificate"
              ? await api.certificateLink(pkg.id)
              : await api.signedDocumentLink(pkg.id, what.id),
          );
          openLink(link);
          const name = what === "certificate" ? "The certificate of completion" : `“${what.name}”`;
          return {
            intent: "success",
            title: "Opened in your browser",
            text: `${name} opens in a new browser window, where you can read, print or save it. The link works until ${formatDateTime(link.expiresOn)}; open it again here any time.`,
          };
        } catch (error) {
          const outcome = unavailable(error);
          if (outcome) return outcome;
          throw error;
        }
      },
    );

  const downloadAll = () =>
    run("zip", "status.download", async () => {
      try {
        const link = await api.downloadLink(pkg.id);
        openLink(link);
        return {
          intent: "success",
          title: "Download started",
          text: `Your browser saves one zip of the signed documents, the certificate of completion and the audit trail. The link works until ${formatDateTime(link.expiresOn)}.`,
        };
      } catch (error) {
        const outcome = unavailable(error);
        if (outcome) return outcome;
        throw error;
      }
    });

  const remind = () =>
    run("remind", "status.remind", async () => {
      const names = namesList(mailed.map((s) => s.name));
      await api.remind(pkg.id);
      onChanged();
      return {
        intent: "success",
        title: "Reminder sent",
        text: names
          ? `The invitation went again to ${names}.`
          : "The invitation went again to everyone whose turn it is.",
      };
    });

  const signNow = (signer: Signer) =>
    run(`sign-${signer.id}`, "status.signing_link", async () => {
      if (!host) throw new Error("Signing here needs Outlook.");
      const paneOrigin = globalThis.location?.origin;
      const link = await api.signingLink(pkg.id, signer.id, {
        // As Sign it yourself asks: the pane's origin may show the page (an Office dialog in a frame).
        ...(paneOrigin && paneOrigin !== "null" ? { allowedOrigins: [paneOrigin] } : {}),
      });
      signingWindow.current?.close();
      const refresh = () => onChanged();
      const opened = await openSigningWindow(host, link.url, {
        onDone: () => {
          signingWindow.current?.close();
          signingWindow.current = null;
          refresh();
        },
        onClosed: refresh,
      });
      signingWindow.current = opened;
      return {
        intent: "info",
        title: opened.kind === "dialog" ? "Signing page opened" : "Signing page opened in your browser",
        text: "Sign there; this card shows the package as signed once you finish.",
      };
    });

  const copyLink = (signer: Signer) =>
    run(`link-${signer.id}`, "status.signing_link", async () => {
      let link: TimedLink;
      try {
        link = await api.signingLink(pkg.id, signer.id);
      } catch (error) {
        if (notOffered(error)) {
          return {
            intent: "error",
            title: "Not available yet",
            error,
            text: "This signing service doesn't hand out signing links yet. Ask your administrator to update it.",
          };
        }
        throw error;
      }
      const copied = await copyText(link.url);
      return copied
        ? {
            intent: "success",
            title: "Signing link copied",
            text: `Give it to ${signer.name} only: it works until ${formatDateTime(link.expiresOn)}.`,
          }
        : { intent: "info", title: "Copy this link by hand", text: link.url };
    });

  return (
    <article
      className={mergeClasses(styles.card, highlighted && styles.highlighted)}
      aria-labelledby={headingId}
      data-package-id={pkg.id}
    >
      <div className={styles.header}>
        <Subtitle2 as="h3" id={headingId} className={styles.name}>
          {pkg.name}
        </Subtitle2>
        <StatusBadge look={look} />
      </div>
      <dl className={styles.facts}>
        {pkg.sentOn && (
          <>
            <dt className={styles.term}>Sent</dt>
            <dd className={styles.value}>{formatDate(pkg.sentOn)}</dd>
          </>
        )}
        {pkg.status === "Scheduled" && pkg.scheduledSendOn && (
          <>
            <dt className={styles.term}>Goes out</dt>
            <dd className={styles.value}>{formatDateTime(pkg.scheduledSendOn)}</dd>
          </>
        )}
        {pkg.completedOn && (
          <>
            <dt className={styles.term}>Completed</dt>
            <dd className={styles.value}>{formatDate(pkg.completedOn)}</dd>
          </>
        )}
        {pkg.expirationDate && (
          <>
            <dt className={styles.term}>{pkg.status === "Expired" ? "Expired" : "Expires"}</dt>
            <dd className={styles.value}>{formatDate(pkg.expirationDate)}</dd>
          </>
        )}
        <dt className={styles.term}>Signed</dt>
        <dd className={styles.value}>
          {pkg.completedSignerCount} of {pkg.signerCount}
        </dd>
        {pkg.status === "Voided" && pkg.voidedReason && (
          <>
            <dt className={styles.term}>Reason</dt>
            <dd className={styles.value}>{pkg.voidedReason}</dd>
          </>
        )}
      </dl>

      {onToggle && (
        <Button
          appearance="transparent"
          size="small"
          icon={expanded ? <ChevronUpRegular /> : <ChevronDownRegular />}
          aria-expanded={expanded}
          onClick={onToggle}
        >
          {expanded ? "Hide signers and actions" : "Signers and actions"}
        </Button>
      )}

      {expanded && (
        <>
          {signers === undefined ? (
            <Spinner size="tiny" label="Reading the signers…" labelPosition="after" />
          ) : (
            <ul className={styles.signers} aria-label={`Signers of ${pkg.name}`}>
              {signers.map((signer) => (
                <SignerRow
                  key={signer.id}
                  signer={signer}
                  canCopyLink={
                    canSend &&
                    isSender &&
                    inFlight &&
                    signer.signingGroupId === null &&
                    signer.id !== mine?.id &&
                    turn.some((s) => s.id === signer.id)
                  }
                  busy={busy === `link-${signer.id}`}
                  onCopyLink={() => setLinkFor(signer)}
                  styles={styles}
                />
              ))}
            </ul>
          )}

          {inFlight && embedded.length > 0 && (
            <Body1 className={styles.detail}>{waitingWords(embedded, isMe)}</Body1>
          )}
          {host && (sealed || sealing === "InProgress") && isPackageThread(host, pkg) && (
            <ReplyWithSigned host={host} api={api} pkg={pkg} sealed={sealed} disabled={busy !== null} />
          )}
          <div className={styles.actions}>
            {mine && host && (
              <Button
                size="small"
                appearance="primary"
                icon={<PenRegular />}
                disabled={busy !== null}
                onClick={() => void signNow(mine)}
              >
                Sign now
              </Button>
            )}
            {inFlight && canSend && (
              <>
                {/* Only where someone is mailed: an embedded signer's reminder would go nowhere. */}
                {signers && mailed.length > 0 && (
                  <Button
                    size="small"
                    icon={<AlertRegular />}
                    disabled={busy !== null}
                    onClick={() => setConfirmRemind(true)}
                  >
                    Remind
                  </Button>
                )}
                <Button
                  size="small"
                  icon={<ProhibitedRegular />}
                  disabled={busy !== null}
                  onClick={() => setVoiding(true)}
                >
                  Void…
                </Button>
              </>
            )}
            {(sealed || sealing === "InProgress") && (
              <>
                {documents === null ? (
                  // Sealing, or the names still coming: the place of the "Open" buttons, off.
                  <Button size="small" icon={<DocumentPdfRegular />} disabled>
                    {pkg.documentCount === 1 ? "Open signed document" : "Open signed documents"}
                  </Button>
                ) : (
                  documents.map((doc) => (
                    <Button
                      key={doc.id}
                      size="small"
                      icon={<DocumentPdfRegular />}
                      disabled={busy !== null}
                      onClick={() => void openPdf(doc)}
                    >
                      {documents.length === 1 ? "Open signed document" : `Open “${doc.name}”`}
                    </Button>
                  ))
                )}
                <Button
                  size="small"
                  icon={<CertificateRegular />}
                  disabled={busy !== null || !sealed}
                  onClick={() => void openPdf("certificate")}
                >
                  Open certificate
                </Button>
                <Button
                  size="small"
                  icon={<ArrowDownloadRegular />}
                  disabled={busy !== null || !sealed}
                  onClick={() => void downloadAll()}
                >
                  Download all (zip)
                </Button>
              </>
            )}
            {pkg.status !== "Draft" && (
              <Button size="small" icon={<HistoryRegular />} onClick={() => setAuditOpen(true)}>
                Audit trail
              </Button>
            )}
          </div>
          {sealing === "InProgress" && (
            <Spinner
              size="extra-tiny"
              labelPosition="after"
              label="Everyone has signed. The documents are being sealed; they can be opened here in a moment."
            />
          )}
          {sealing === "Failed" && (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>The signed documents could not be made</MessageBarTitle>
                Everyone has signed, but sealing the documents failed. Ask your administrator: the service
                says why.
              </MessageBarBody>
            </MessageBar>
          )}
          {busy && <Spinner size="extra-tiny" label="Working…" labelPosition="after" />}
        </>
      )}

      <div aria-live="polite">
        {outcome &&
          (outcome.intent === "error" ? (
            <ApiErrorMessage
              title={outcome.title}
              error={outcome.error}
              {...(outcome.text ? { message: outcome.text } : {})}
            />
          ) : (
            <MessageBar intent={outcome.intent} layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>{outcome.title}</MessageBarTitle>
                {outcome.text}
              </MessageBarBody>
            </MessageBar>
          ))}
      </div>

      <ConfirmDialog
        open={confirmRemind}
        title={`Remind the signers of “${pkg.name}”?`}
        confirm="Send reminder"
        onCancel={() => setConfirmRemind(false)}
        onConfirm={() => {
          setConfirmRemind(false);
          void remind();
        }}
      >
        {mailed.length > 0
          ? `${namesList(mailed.map((s) => s.name))} will get the invitation again. A sent reminder can't be taken back.`
          : "Everyone whose turn it is will get the invitation again. A sent reminder can't be taken back."}
      </ConfirmDialog>

      <ConfirmDialog
        open={linkFor !== null}
        title={`Copy ${linkFor?.name ?? ""}'s signing link?`}
        confirm="Copy link"
        onCancel={() => setLinkFor(null)}
        onConfirm={() => {
          const signer = linkFor;
          setLinkFor(null);
          if (signer) void copyLink(signer);
        }}
      >
        Whoever has this link can sign as {linkFor?.name}. Copy it only when they ask for it, and give it to
        them alone.
      </ConfirmDialog>

      <VoidDialog
        open={voiding}
        packageName={pkg.name}
        onCancel={() => setVoiding(false)}
        onVoid={async (reason) => {
          const action = track.actionStarted("status.void");
          try {
            const voided = await api.void(pkg.id, reason);
            action.succeeded();
            setVoiding(false);
            onChanged();
            setOutcome({
              intent: "success",
              title: "Voided",
              text: `“${voided.name}” is void. Signers who had been invited are told why: “${voided.voidedReason ?? reason}”.`,
            });
          } catch (error) {
            action.failed(error);
            throw error;
          }
        }}
      />

      <AuditTrailDialog api={api} pkg={pkg} open={auditOpen} onClose={() => setAuditOpen(false)} />
    </article>
  );
}

/** Who an embedded signer's package waits for, in words: nobody was mailed, so nobody is "invited". */
function waitingWords(embedded: readonly Signer[], isMe: (s: Signer) => boolean): string {
  const me = embedded.some(isMe);
  const others = namesList(embedded.filter((s) => !isMe(s)).map((s) => s.name));
  if (me && !others) return "Waiting for you to sign it yourself.";
  const them = `${others} to sign on a page opened for them here (no invitation mail)`;
  return me ? `Waiting for you to sign it yourself and for ${them}.` : `Waiting for ${them}.`;
}

function SignerRow({
  signer,
  canCopyLink,
  busy,
  onCopyLink,
  styles,
}: {
  signer: Signer;
  canCopyLink: boolean;
  busy: boolean;
  onCopyLink(): void;
  styles: ReturnType<typeof useStyles>;
}) {
  const look = signerLook(signer);
  const isGroup = signer.signingGroupId !== null;
  const by = completedByName(signer);
  const role =
    signer.type === "Signer" ? null : signer.type === "CarbonCopy" ? "Receives a copy" : signer.type;
  return (
    <li className={styles.signer} data-testid={`signer-${signer.id}`}>
      <Body1 className={styles.who}>
        <strong>{signer.name}</strong>
        {signer.email && signer.email !== signer.name ? ` (${signer.email})` : ""}
        {isGroup ? ` · signing group of ${signer.groupMembers?.length ?? 0}` : ""}
        {role ? ` · ${role}` : ""}
      </Body1>
      {/* Under the name for every row, person or group slot: the same place whatever the name's length. */}
      <div className={styles.signerBadge}>
        <StatusBadge look={look} />
      </div>
      {signer.viewedOn && (
        <Caption1 className={styles.detail}>Viewed {formatDateTime(signer.viewedOn)}</Caption1>
      )}
      {signer.completedOn && (
        <Caption1 className={styles.detail}>
          Completed {formatDateTime(signer.completedOn)}
          {by ? ` by ${by}` : ""}
        </Caption1>
      )}
      {signer.declinedOn && (
        <Caption1 className={styles.detail}>
          Declined {formatDateTime(signer.declinedOn)}
          {signer.declineReason ? `: “${signer.declineReason}”` : ""}
        </Caption1>
      )}
      {signer.remindersSentCount > 0 && (
        <Caption1 className={styles.detail}>
          {signer.remindersSentCount === 1
            ? "1 reminder sent"
            : `${signer.remindersSentCount} reminders sent`}
          {signer.lastReminderSentOn ? `, last ${formatDateTime(signer.lastReminderSentOn)}` : ""}
        </Caption1>
      )}
      {canCopyLink && (
        <div>
          <Button
            size="small"
            appearance="subtle"
            icon={<LinkRegular />}
            disabled={busy}
            onClick={onCopyLink}
          >
            Copy signing link
          </Button>
        </div>
      )}
    </li>
  );
}

function VoidDialog({
  open,
  packageName,
  onCancel,
  onVoid,
}: {
  open: boolean;
  packageName: string;
  onCancel(): void;
  onVoid(reason: string): Promise<void>;
}) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const text = reason.trim();
    if (!text) return setProblem("Say why: the signers are told.");
    if (text.length > 500) return setProblem(`At most 500 characters (this is ${text.length}).`);
    setProblem(null);
    setFailure(null);
    setBusy(true);
    try {
      await onVoid(text);
      setReason("");
    } catch (error) {
      // The service's field error goes next to the field; anything else below it.
      const field = isApiError(error) ? error.errors.find((e) => e.field === "reason") : undefined;
      if (field) setProblem(field.message);
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface>
        <form
          // The reason is checked here and said next to the field, not by the browser's own bubble.
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogBody>
            <DialogTitle>Void “{packageName}”?</DialogTitle>
            <DialogContent>
              <Body1 as="p">
                Nobody can sign it any more, and this can&apos;t be undone. Signers who were already invited
                get the reason by mail.
              </Body1>
              <Field
                label="Reason"
                required
                validationState={problem ? "error" : "none"}
                validationMessage={problem ?? undefined}
              >
                <Textarea
                  value={reason}
                  maxLength={600}
                  onChange={(_, data) => setReason(data.value)}
                  resize="vertical"
                />
              </Field>
              {failure !== null && <ApiErrorMessage title="Not voided" error={failure} />}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onCancel} disabled={busy}>
                Keep it
              </Button>
              <Button appearance="primary" type="submit" disabled={busy}>
                {busy ? "Voiding…" : "Void package"}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
