import { makeStyles, tokens } from "@fluentui/react-components";

const useStyles = makeStyles({
  nav: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
});

/**
 * A row of buttons under a step or a message. The first two steps put theirs at the same place, so
 * React keeps the row (and the focused button in it) from one step to the next, as it always has.
 */
export function ButtonRow({ children }: { children?: React.ReactNode }) {
  const styles = useStyles();
  return <div className={styles.nav}>{children}</div>;
}
