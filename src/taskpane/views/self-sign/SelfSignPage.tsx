import { Subtitle2, makeStyles, tokens } from "@fluentui/react-components";

/** The view's title: its heading, and what RequireIdentity shows before the user is known. */
export const SELF_SIGN_TITLE = "Sign it yourself";
/** The heading's id: each new step focuses it (use-step-focus.ts), and RequireIdentity's too. */
export const SELF_SIGN_HEADING_ID = "self-sign-heading";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  header: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
});

/**
 * Every page of the view: the heading (focusable, for the step changes), the step's intro under it,
 * then the step. The same element on every step, so React keeps what the steps share (the Stop
 * waiting dialog, by its key) rather than making it again.
 */
export function SelfSignPage({
  intro,
  busy,
  children,
}: {
  intro?: React.ReactNode;
  /** Still reading the attachments. */
  busy?: boolean;
  children?: React.ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={styles.root} aria-busy={busy ? "true" : undefined}>
      <section aria-labelledby={SELF_SIGN_HEADING_ID} className={styles.header}>
        <Subtitle2 as="h2" id={SELF_SIGN_HEADING_ID} tabIndex={-1}>
          {SELF_SIGN_TITLE}
        </Subtitle2>
        {intro}
      </section>
      {children}
    </div>
  );
}
