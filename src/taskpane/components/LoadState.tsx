import { Button, Spinner, makeStyles, tokens } from "@fluentui/react-components";
import { ApiErrorMessage } from "./ApiErrorMessage";

const useStyles = makeStyles({
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
});

/** What a view knows of a load: under way, failed with its error, or anything else (shown by the view). */
export type LoadStatus = { readonly status: string; readonly error?: unknown };

/**
 * A load's spinner while it runs, and its error (with "Try again" when the view can retry) once it
 * failed; nothing otherwise, so the view renders what was loaded beside it.
 */
export function LoadState({
  state,
  loading,
  failed,
  onRetry,
}: {
  state: LoadStatus;
  /** The spinner's words, e.g. "Loading the roles…". */
  loading: string;
  /** The error's title, e.g. "The template's roles could not be loaded". */
  failed: string;
  onRetry?: () => void;
}) {
  const styles = useStyles();
  if (state.status === "loading") return <Spinner size="tiny" label={loading} labelPosition="after" />;
  if (state.status !== "failed") return null;
  return (
    <>
      <ApiErrorMessage title={failed} error={state.error} />
      {onRetry ? (
        <div className={styles.actions}>
          <Button onClick={onRetry}>Try again</Button>
        </div>
      ) : null}
    </>
  );
}
