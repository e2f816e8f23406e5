import { useId } from "react";
import { Caption1, Subtitle2, Switch, makeStyles, tokens } from "@fluentui/react-components";
import { useTelemetry } from "../../telemetry";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Settings' "Usage data" section: the user's switch for the pane's telemetry. */
export function TelemetrySwitch() {
  const styles = useStyles();
  const headingId = useId();
  const { userEnabled, setUserEnabled, tenantEnabled } = useTelemetry();
  return (
    <section aria-labelledby={headingId} className={styles.root}>
      <Subtitle2 as="h2" id={headingId}>
        Usage data
      </Subtitle2>
      <Switch
        label="Send anonymous usage data"
        checked={userEnabled && tenantEnabled}
        disabled={!tenantEnabled}
        onChange={(_, data) => setUserEnabled(data.checked)}
      />
      <Caption1 className={styles.muted}>
        {tenantEnabled
          ? "Which views and actions are used, how long they take and which errors occur, with Outlook's version " +
            "and a random id for this installation. Never addresses, names, subjects, file names or anything you type."
          : "Your organisation has turned usage data off."}
      </Caption1>
    </section>
  );
}
