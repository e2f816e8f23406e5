/** "Updated just now" and Refresh; after a failed refresh, the failure and the age of what is shown. */
import { useEffect, useState } from "react";
import {
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { ArrowClockwiseRegular } from "@fluentui/react-icons";
import type { FeedState } from "../../status/use-package-feed";
import { age } from "../../status/words";

const useStyles = makeStyles({
  freshness: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
    flexWrap: "wrap",
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

export default function Freshness({ state, onRefresh }: { state: FeedState; onRefresh(): void }) {
  const styles = useStyles();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const shownAge = state.fetchedAt === null ? null : age(state.fetchedAt, Math.max(now, state.fetchedAt));
  return (
    <>
      <div className={styles.freshness}>
        <Caption1 className={styles.muted}>{shownAge ? `Updated ${shownAge}` : ""}</Caption1>
        <Button size="small" appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={onRefresh}>
          Refresh
        </Button>
      </div>
      {state.error !== null && (
        <MessageBar intent="warning" layout="multiline" role="status">
          <MessageBarBody>
            <MessageBarTitle>Could not refresh</MessageBarTitle>
            {state.error instanceof Error ? state.error.message : String(state.error)}{" "}
            {shownAge ? `Showing what was current ${shownAge}.` : ""}
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
