import { Button, Spinner, makeStyles, tokens } from "@fluentui/react-components";
import type { WindowKind } from "../../self-sign/signing-window";
import { ButtonRow } from "./ButtonRow";

const useStyles = makeStyles({
  status: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
});

/** The signing page is open: where to sign, and the way back to it or out of the wait. */
export function WaitingForSignature({
  windowKind,
  onReopen,
  onStop,
}: {
  windowKind: WindowKind;
  onReopen(): void;
  /** Stop waiting: asks whether to discard the package or keep it. */
  onStop(): void;
}) {
  const styles = useStyles();
  return (
    <div className={styles.status}>
      <Spinner
        size="tiny"
        labelPosition="after"
        label={
          windowKind === "dialog"
            ? "Sign in the window that opened. This pane carries on when you finish."
            : "Sign in the browser tab that opened. This pane carries on when you finish."
        }
      />
      <ButtonRow>
        <Button onClick={onReopen}>Open the signing page again</Button>
        <Button appearance="subtle" onClick={onStop}>
          Stop waiting
        </Button>
      </ButtonRow>
    </div>
  );
}
