import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import { ButtonRow } from "./ButtonRow";
import { SeeInStatus } from "./SeeInStatus";

const useStyles = makeStyles({
  status: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
});

/**
 * The flow stopped on an error, said for the stage it stopped at. Only preparing is tried again as it
 * was: later, a package exists, and Status is where it goes on.
 */
export function SigningFailed({
  stage,
  error,
  packageId,
  mode,
  onRetry,
  onCancel,
  onStatus,
}: {
  stage: string;
  error: unknown;
  packageId: string | null;
  mode: "read" | "compose";
  onRetry(): void;
  onCancel(): void;
  onStatus(packageId: string): void;
}) {
  const styles = useStyles();
  return (
    <div className={styles.status}>
      <ApiErrorMessage
        title={
          stage === "preparing"
            ? "Your document could not be prepared for signing"
            : stage === "delivering"
              ? mode === "read"
                ? "Signed, but the reply could not be opened"
                : "Signed, but the signed document could not be attached"
              : "Signing did not finish"
        }
        error={error}
      />
      <ButtonRow>
        {stage === "preparing" ? <Button onClick={onRetry}>Try again</Button> : null}
        <Button appearance="secondary" onClick={onCancel}>
          Start over
        </Button>
        <SeeInStatus packageId={packageId} onStatus={onStatus} />
      </ButtonRow>
    </div>
  );
}
