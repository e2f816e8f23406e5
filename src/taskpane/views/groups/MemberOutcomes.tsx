import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  ProgressBar,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { MemberOutcome, Progress } from "../../groups/add-members";

const useStyles = makeStyles({
  list: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingLeft: tokens.spacingHorizontalL },
  address: { overflowWrap: "anywhere" },
});

/** A progress bar for adding members one by one: "Adding 120 of 250…". */
export function MemberProgress({ progress }: { progress: Progress }) {
  const label = `Adding ${progress.done} of ${progress.total}…`;
  return (
    <ProgressBar
      value={progress.total === 0 ? 0 : progress.done / progress.total}
      thickness="large"
      aria-label={label}
      aria-valuetext={label}
      title={label}
    />
  );
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** What happened to each address: a summary, the failures by address, and Retry for them. */
export function MemberOutcomes({
  title,
  outcomes,
  onRetry,
  retrying,
}: {
  title: string;
  outcomes: readonly MemberOutcome[];
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const styles = useStyles();
  const added = outcomes.filter((o) => o.status === "added").length;
  const already = outcomes.filter((o) => o.status === "already").length;
  const failed = outcomes.filter((o) => o.status === "failed");
  const parts = [
    `${plural(added, "person", "people")} added`,
    ...(already > 0 ? [`${already} already a member (skipped)`] : []),
    ...(failed.length > 0 ? [`${failed.length} failed`] : []),
  ];
  return (
    <MessageBar intent={failed.length > 0 ? "warning" : "success"} layout="multiline" role="status">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {parts.join(", ")}.
        {failed.length > 0 && (
          <ul className={styles.list} aria-label="Addresses not added">
            {failed.map((o) => (
              <li key={o.email} className={styles.address}>
                {o.email}: {o.message}
              </li>
            ))}
          </ul>
        )}
      </MessageBarBody>
      {failed.length > 0 && onRetry && (
        <MessageBarActions>
          <Button onClick={onRetry} disabled={retrying}>
            Retry {failed.length} failed
          </Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}
