/** The fields added to a document, in its signer's colour, each with a button that removes it. */
import { Body1, Button, Caption1, makeStyles, tokens } from "@fluentui/react-components";
import { DeleteRegular } from "@fluentui/react-icons";
import { describeField, signerColour, type PlacedField } from "../../../send/fields";
import type { SignerRow } from "../../../send/signers";

const useStyles = makeStyles({
  grow: { flexGrow: 1, minWidth: "120px" },
  list: { margin: 0, paddingLeft: 0, listStyleType: "none", display: "flex", flexDirection: "column" },
  listItem: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS },
  swatch: {
    display: "inline-block",
    width: "10px",
    height: "10px",
    borderRadius: "2px",
    flexShrink: 0,
  },
});

export default function FieldList(props: {
  name: string | undefined;
  fields: readonly PlacedField[];
  rows: readonly SignerRow[];
  indexes: ReadonlyMap<string, number>;
  onRemove(id: string): void;
}) {
  const styles = useStyles();
  const { fields, rows, indexes } = props;
  return (
    <div>
      <Body1 as="p">
        {fields.length === 0 ? "No fields added to this document yet." : "Fields added to this document:"}
      </Body1>
      <ul className={styles.list} aria-label={`Fields added to ${props.name}`}>
        {fields.map((f) => {
          const index = indexes.get(f.signerKey);
          return (
            <li key={f.id} className={styles.listItem}>
              <span
                className={styles.swatch}
                style={{ backgroundColor: index ? signerColour(index) : tokens.colorNeutralStroke1 }}
                aria-hidden
              />
              <Caption1 className={styles.grow}>{describeField(f, rows)}</Caption1>
              <Button
                size="small"
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={`Remove ${describeField(f, rows)}`}
                onClick={() => props.onRemove(f.id)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
