import {
  Body1,
  Caption1,
  Checkbox,
  Field,
  Radio,
  RadioGroup,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { formatSize, type SendDocument } from "../../send/documents";
import type { Placement } from "../../self-sign/deliver";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  list: { display: "flex", flexDirection: "column", margin: 0, padding: 0, listStyleType: "none" },
  item: { display: "flex", flexDirection: "column", minWidth: 0 },
  name: { overflowWrap: "anywhere" },
});

/** Step 1: which attachments to sign, and (writing) where the signed copy goes. */
export function PickStep({
  documents,
  onDocuments,
  mode,
  placement,
  onPlacement,
  replaceable,
}: {
  documents: readonly SendDocument[];
  onDocuments(documents: SendDocument[]): void;
  mode: "read" | "compose";
  placement: Placement;
  onPlacement(placement: Placement): void;
  /** Outlook can take the original off the draft. */
  replaceable: boolean;
}) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <fieldset style={{ border: "none", margin: 0, padding: 0 }}>
        <legend>
          <Body1>{documents.length === 1 ? "The document to sign" : "The documents to sign"}</Body1>
        </legend>
        <ul className={styles.list}>
          {documents.map((d) => (
            <li key={d.key} className={styles.item}>
              <Checkbox
                checked={d.included}
                label={
                  <span className={styles.name}>
                    {d.name} <Caption1>({formatSize(d.size)})</Caption1>
                  </span>
                }
                onChange={(_, data) =>
                  onDocuments(
                    documents.map((x) => (x.key === d.key ? { ...x, included: data.checked === true } : x)),
                  )
                }
              />
            </li>
          ))}
        </ul>
      </fieldset>
      {mode === "compose" && !replaceable ? (
        <Caption1>
          The signed copy is attached beside the original: this Outlook can&apos;t remove it.
        </Caption1>
      ) : mode === "compose" ? (
        <Field label="The signed copy">
          <RadioGroup value={placement} onChange={(_, data) => onPlacement(data.value as Placement)}>
            <Radio value="replace" label="Replaces the original in this message" />
            <Radio value="beside" label="Goes beside the original" />
          </RadioGroup>
        </Field>
      ) : (
        <Caption1>When you have signed, a reply to the sender opens with the signed copy attached.</Caption1>
      )}
    </div>
  );
}
