import { useEffect, useState } from "react";
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
  makeStyles,
  mergeClasses,
  tokens,
} from "@fluentui/react-components";
import type { AuditEvent, AuditVerification, Package, PackagesApi } from "../../../api/packages";
import { isApiError } from "../../../api/errors";
import { useTelemetry } from "../../telemetry";
import { formatDateTime } from "../../status/words";
import { LoadState } from "../../components/LoadState";

const useStyles = makeStyles({
  events: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
  },
  // The name on its line, when and by whom under it: never run together ("Package createdNov 27").
  event: { overflowWrap: "anywhere", display: "flex", flexDirection: "column" },
  when: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  // Each part keeps its own height: the "Verified" bar is not squeezed onto the first event.
  content: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    "& > *": { flexShrink: 0 },
  },
});

/** "package.sent" → "Package sent"; "signer.viewed" → "Signer viewed". */
function actionWords(action: string): string {
  const text = action
    .replace(/[._-]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function actorWords(event: AuditEvent): string {
  const { actor } = event;
  if (actor.type === "System") return "the service";
  // A credential's id ("pat:e7a2…") is no one a person knows: say what it is.
  const name = actor.name && /^(pat|client):/.test(actor.name) ? null : actor.name;
  if (name && actor.email) return `${name} <${actor.email}>`;
  return name ?? actor.email ?? (actor.name?.startsWith("pat:") ? "a personal access token" : actor.type);
}

/** The package's audit trail, oldest first, with the service's check of its hash chain on top. */
export function AuditTrailDialog({
  api,
  pkg,
  open,
  onClose,
}: {
  api: PackagesApi;
  pkg: Package;
  open: boolean;
  onClose(): void;
}) {
  const styles = useStyles();
  const track = useTelemetry();
  const [state, setState] = useState<
    | { status: "loading" }
    | { status: "ready"; events: AuditEvent[]; check: AuditVerification }
    | { status: "failed"; error: unknown }
  >({ status: "loading" });

  useEffect(() => {
    if (!open) return;
    setState({ status: "loading" });
    const abort = new AbortController();
    const action = track.actionStarted("status.audit_trail");
    Promise.all([
      api.auditTrail(pkg.id, { signal: abort.signal }),
      api.verifyAuditTrail(pkg.id, { signal: abort.signal }),
    ]).then(
      ([events, check]) => {
        action.succeeded();
        setState({ status: "ready", events, check });
      },
      (error: unknown) => {
        if (isApiError(error) && error.kind === "cancelled") return;
        action.failed(error);
        setState({ status: "failed", error });
      },
    );
    return () => abort.abort();
  }, [api, pkg.id, track, open]);

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Audit trail of “{pkg.name}”</DialogTitle>
          {/* A long trail scrolls here: focusable, so it can be scrolled with the keyboard. */}
          <DialogContent
            className={styles.content}
            tabIndex={0}
            role="region"
            aria-label="Audit trail events"
          >
            <LoadState
              state={state}
              loading="Reading the audit trail…"
              failed="Could not read the audit trail"
            />
            {state.status === "ready" && (
              <>
                {state.check.isValid ? (
                  <MessageBar intent="success" layout="multiline">
                    <MessageBarBody>
                      <MessageBarTitle>Verified</MessageBarTitle>
                      All {state.check.eventCount} events are intact: each is sealed with the one before it,
                      and none was changed, removed or reordered.
                    </MessageBarBody>
                  </MessageBar>
                ) : (
                  <MessageBar intent="error" layout="multiline">
                    <MessageBarBody>
                      <MessageBarTitle>Altered</MessageBarTitle>
                      The audit trail does not verify: the chain breaks
                      {state.check.firstBrokenEventId
                        ? ` at event ${state.events.findIndex((e) => e.id === state.check.firstBrokenEventId) + 1}`
                        : ""}
                      . Contact your administrator.
                    </MessageBarBody>
                  </MessageBar>
                )}
                <ol className={styles.events} aria-label="Events, oldest first">
                  {state.events.map((event) => (
                    <li key={event.id} className={styles.event}>
                      <Body1>{actionWords(event.action)}</Body1>
                      <Caption1 className={mergeClasses(styles.muted, styles.when)} as="p">
                        {formatDateTime(event.at)} · by {actorWords(event)}
                        {event.ip ? ` · ${event.ip}` : ""}
                      </Caption1>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
