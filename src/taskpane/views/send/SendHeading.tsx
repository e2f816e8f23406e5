import {
  Body1,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";

const useStyles = makeStyles({
  header: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
});

/** The view's heading and the message it sends from. */
export function SendHeading({ subject }: { subject: string }) {
  const styles = useStyles();
  return (
    <section aria-labelledby="send-heading" className={styles.header}>
      <Subtitle2 as="h2" id="send-heading">
        Send for signature
      </Subtitle2>
      <Body1 as="p">{subject ? `From “${subject}”.` : "From this message."}</Body1>
    </section>
  );
}

/** A draft brought back, and the files from disk to add again (this browser no longer has them). */
export function RestoredNotice({ restored }: { restored: { savedOn: string; missing: string[] } }) {
  return (
    <MessageBar intent="info" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>Your draft is back</MessageBarTitle>
        {`Saved ${new Date(restored.savedOn).toLocaleString()}.`}
        {restored.missing.length > 0
          ? ` Add ${restored.missing.map((m) => `“${m}”`).join(", ")} again: this browser no longer has ${restored.missing.length === 1 ? "it" : "them"}.`
          : ""}
      </MessageBarBody>
    </MessageBar>
  );
}
