import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { ArrowLeftRegular, ArrowRightRegular, DeleteRegular, SendRegular } from "@fluentui/react-icons";
import { STEPS, type Step } from "./draft-reducer";

const useStyles = makeStyles({
  nav: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  steps: {
    display: "flex",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalXS,
    listStyleType: "none",
    margin: 0,
    padding: 0,
  },
  spacer: { flexGrow: 1 },
});

interface StepState {
  step: Exclude<Step, "done">;
  busy: boolean;
  /** Steps 1–2 cannot be left until this is fixed. */
  setupProblem: string | null;
  /** Problems of the check not fixed or accepted: sending waits for them. */
  blocking: number;
  onStep(step: Exclude<Step, "done">): void;
}

/** The steps at the top: each one a button, those ahead closed until the steps before allow them. */
export function StepList({ step, busy, setupProblem, blocking, onStep }: StepState) {
  const styles = useStyles();
  const stepIndex = STEPS.findIndex((s) => s.id === step);
  return (
    <nav aria-label="Steps">
      <ol className={styles.steps}>
        {STEPS.map((s, i) => (
          <li key={s.id}>
            <Button
              size="small"
              appearance={s.id === step ? "primary" : "subtle"}
              aria-current={s.id === step ? "step" : undefined}
              disabled={
                busy || (i > stepIndex && (setupProblem !== null || (i > 2 && blocking > 0 && i > stepIndex)))
              }
              onClick={() => onStep(s.id)}
            >
              {`${i === 0 ? "1–2" : i + 2}. ${s.label}`}
            </Button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The buttons below a step: back, on to the next step (or send), and discard the draft. */
export function StepButtons({
  step,
  busy,
  setupProblem,
  blocking,
  onStep,
  failed,
  onSend,
  onDiscard,
}: StepState & { failed: boolean; onSend(): void; onDiscard(): void }) {
  const styles = useStyles();
  const stepIndex = STEPS.findIndex((s) => s.id === step);
  const next = (to: Exclude<Step, "done">, label: string, disabled = false) => (
    <Button
      appearance="primary"
      icon={<ArrowRightRegular />}
      iconPosition="after"
      disabled={disabled}
      onClick={() => onStep(to)}
    >
      {label}
    </Button>
  );
  return (
    <div className={styles.nav}>
      {stepIndex > 0 ? (
        <Button icon={<ArrowLeftRegular />} disabled={busy} onClick={() => onStep(STEPS[stepIndex - 1]!.id)}>
          Back
        </Button>
      ) : null}
      {step === "setup" ? next("fields", "Next: fields", setupProblem !== null) : null}
      {step === "fields" ? next("check", "Next: check") : null}
      {step === "check" ? next("send", "Next: send", blocking > 0) : null}
      {step === "send" ? (
        <Button appearance="primary" icon={<SendRegular />} disabled={blocking > 0 || busy} onClick={onSend}>
          {busy ? "Sending…" : failed ? "Try again" : "Send"}
        </Button>
      ) : null}
      <span className={styles.spacer} />
      <Button appearance="subtle" icon={<DeleteRegular />} disabled={busy} onClick={onDiscard}>
        Discard draft
      </Button>
    </div>
  );
}
