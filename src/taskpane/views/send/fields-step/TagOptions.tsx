/**
 * How Send writes the added fields into the PDFs: the tag format, the tags' colour and the signature
 * block page (Sign it yourself writes no tags and shows none of these).
 */
import { Field, Select, Switch, makeStyles, tokens } from "@fluentui/react-components";
import type { TagFormat } from "../../../../tags";

const useStyles = makeStyles({
  row: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "flex-end" },
  grow: { flexGrow: 1, minWidth: "120px" },
});

const FORMAT_LABELS: Record<TagFormat, string> = {
  Platform: "Sign for Outlook",
  DocuSign: "DocuSign",
  AdobeSign: "Adobe Acrobat Sign",
};
const FORMAT_EXAMPLES: Record<TagFormat, string> = {
  Platform: "{{sig:1:req}}",
  DocuSign: "\\s1\\",
  AdobeSign: "{{Sig_es_:signer1:signature}}",
};

export interface TagOptionsValue {
  tagFormat: TagFormat;
  visibleTags: boolean;
  signatureBlock: boolean;
}

export default function TagOptions(
  props: TagOptionsValue & { onOptions(options: Partial<TagOptionsValue>): void },
) {
  const styles = useStyles();
  return (
    <>
      <div className={styles.row}>
        <Field
          label="Tag format"
          className={styles.grow}
          hint={`How the added fields are written into the PDF, e.g. ${FORMAT_EXAMPLES[props.tagFormat]}`}
        >
          <Select
            value={props.tagFormat}
            onChange={(_, data) => props.onOptions({ tagFormat: data.value as TagFormat })}
          >
            {(Object.keys(FORMAT_LABELS) as TagFormat[]).map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Switch
        checked={props.visibleTags}
        onChange={(_, data) => props.onOptions({ visibleTags: data.checked })}
        label="Show the tag text in black (white, so invisible, by default)"
      />
      <Switch
        checked={props.signatureBlock}
        onChange={(_, data) => props.onOptions({ signatureBlock: data.checked })}
        label="Add a signature block page (name, signature and date for every signer)"
      />
    </>
  );
}
