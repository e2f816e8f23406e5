import {
  Body1,
  Caption1,
  Checkbox,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { blockingProblems, type CheckResult } from "../../send/check";
import { describeSigner, signerColour } from "../../send/fields";
import { SIGNER_TYPE_LABELS } from "../../send/signers";
import { plainList } from "./list-style";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  list: plainList,
  signer: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "baseline" },
  swatch: { display: "inline-block", width: "10px", height: "10px", borderRadius: "2px", flexShrink: 0 },
  text: { display: "flex", flexDirection: "column", minWidth: 0, overflowWrap: "anywhere" },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface CheckStepProps {
  result: CheckResult | null;
  accepted: ReadonlySet<string>;
  onAccept(id: string, accepted: boolean): void;
}

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** Step 4: per signer the fields found, then the errors (fix them) and warnings (accept them). */
export function CheckStep({ result, accepted, onAccept }: CheckStepProps) {
  const styles = useStyles();
  if (!result) return null;
  const errors = result.problems.filter((p) => p.severity === "error");
  const warnings = result.problems.filter((p) => p.severity === "warning");
  const blocking = blockingProblems(result, accepted);
  return (
    <section className={styles.root} aria-labelledby="send-check-heading">
      <Subtitle2 as="h3" id="send-check-heading">
        4. Check
      </Subtitle2>
      <ul className={styles.list} aria-label="Fields per signer">
        {result.signers.map((s) => {
          const total = s.tagCount + s.droppedCount + s.blockCount;
          const parts = [
            s.tagCount ? count(s.tagCount, "tag in the documents", "tags in the documents") : null,
            s.droppedCount ? count(s.droppedCount, "field added", "fields added") : null,
            s.blockCount ? "signature block" : null,
          ].filter(Boolean);
          return (
            <li key={s.row.key} className={styles.signer} data-testid={`check-${s.row.key}`}>
              <span
                className={styles.swatch}
                style={{ backgroundColor: signerColour(s.index) }}
                aria-hidden
              />
              <div className={styles.text}>
                <Body1>{`${s.index}. ${describeSigner(s.row)} · ${SIGNER_TYPE_LABELS[s.row.type]}`}</Body1>
                <Caption1 className={styles.muted}>
                  {total === 0 ? "No fields" : `${count(total, "field", "fields")}: ${parts.join(", ")}`}
                </Caption1>
              </div>
            </li>
          );
        })}
      </ul>
      {errors.length > 0 ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Fix these before sending</MessageBarTitle>
            <ul className={styles.list} aria-label="Errors">
              {errors.map((p) => (
                <li key={p.id}>{p.message}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {warnings.length > 0 ? (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Warnings</MessageBarTitle>
            <ul className={styles.list} aria-label="Warnings">
              {warnings.map((p) => (
                <li key={p.id}>
                  <Body1 as="p">{p.message}</Body1>
                  <Checkbox
                    checked={accepted.has(p.id)}
                    onChange={(_, data) => onAccept(p.id, data.checked === true)}
                    label={`Send anyway. ${p.ifAccepted ?? ""}`}
                  />
                </li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {blocking.length === 0 ? (
        <MessageBar intent="success">
          <MessageBarBody>Ready to send.</MessageBarBody>
        </MessageBar>
      ) : null}
    </section>
  );
}
