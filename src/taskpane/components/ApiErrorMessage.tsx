import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from "@fluentui/react-components";
import { isApiError } from "../../api/errors";

const useStyles = makeStyles({
  list: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingLeft: tokens.spacingHorizontalL },
  reference: { display: "block", marginTop: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground3 },
  code: { fontFamily: tokens.fontFamilyMonospace, userSelect: "all" },
});

/** An error from the service (or anything else) in words, with its field errors and trace reference. */
export function ApiErrorMessage({
  title,
  error,
  message: shown,
  fieldLabel = (field) => field,
}: {
  title: string;
  error: unknown;
  message?: string;
  /** How a field error's field is named to the user (default: the service's name for it). */
  fieldLabel?: (field: string) => string;
}) {
  const styles = useStyles();
  const message = shown ?? (error instanceof Error ? error.message : String(error));
  const api = isApiError(error) ? error : null;
  return (
    <MessageBar intent="error" layout="multiline" role="alert">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {message}
        {api && api.errors.length > 0 && (
          <ul className={styles.list}>
            {api.errors.map((e, i) => (
              <li key={i}>{e.field ? `${fieldLabel(e.field)}: ${e.message}` : e.message}</li>
            ))}
          </ul>
        )}
        {api?.traceId && (
          <span className={styles.reference}>
            Reference: <span className={styles.code}>{api.traceId}</span>
          </span>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}
