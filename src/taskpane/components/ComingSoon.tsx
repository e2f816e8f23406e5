import type { ReactNode } from "react";
import { Body1, Subtitle2, makeStyles, tokens } from "@fluentui/react-components";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXS,
  },
  text: { color: tokens.colorNeutralForeground2 },
});

/** A view that is not built yet: says what it will do, nothing more. */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.root} aria-label={title}>
      <Subtitle2 as="h2">{title}</Subtitle2>
      <Body1 className={styles.text}>{children}</Body1>
    </section>
  );
}
