import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from "@fluentui/react-components";

/**
 * The question "Stop waiting" asks: discard the package or keep it in Status. The view renders it
 * with the same key in every step, so that it closes rather than vanishes when the step changes, and
 * gives the page back to the pane. Its state is use-stop-question.ts.
 */
export function StopDialog({
  open,
  discarding,
  onDismiss,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  /** The void is under way: both buttons off, and Escape no longer closes it. */
  discarding: boolean;
  /** Escape: not stopped after all, the pane goes on waiting. */
  onDismiss(): void;
  onKeep(): void;
  onDiscard(): void;
}) {
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && onDismiss()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Discard this signing?</DialogTitle>
          <DialogContent>
            Discard it, and nobody can sign it any more; or keep it in Status to sign later. Your choices and
            fields stay here either way.
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={discarding} onClick={onKeep}>
              Keep it
            </Button>
            <Button appearance="primary" disabled={discarding} onClick={onDiscard}>
              {discarding ? "Discarding…" : "Discard"}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
