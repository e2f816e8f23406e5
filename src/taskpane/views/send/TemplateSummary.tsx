import { Body1, Button, Caption1, Subtitle2, makeStyles, tokens } from "@fluentui/react-components";
import { DismissRegular, PeopleSwapRegular } from "@fluentui/react-icons";
import { describeSigner } from "../../send/fields";
import { SIGNER_TYPE_LABELS, type SignerRow } from "../../send/signers";
import { count, type TemplateChoice } from "../../send/template";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, overflowWrap: "anywhere" },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  heading: { overflowWrap: "anywhere" },
});

/**
 * Steps 1–2 when the draft started from a template: its documents (kept as they are) and its roles
 * with who fills each (the signers, in the template's order). Changing who fills the roles or
 * leaving the template makes the draft package again.
 */
export function TemplateSummary({
  template,
  rows,
  busy,
  onChangeRoles,
  onLeave,
}: {
  template: TemplateChoice;
  rows: readonly SignerRow[];
  busy: boolean;
  onChangeRoles(): void;
  onLeave(): void;
}) {
  const styles = useStyles();
  return (
    <section className={styles.root} aria-labelledby="send-template-heading">
      <Subtitle2 as="h3" id="send-template-heading" className={styles.heading}>
        {`From the template “${template.name}”`}
      </Subtitle2>
      {template.documents.length > 0 ? (
        <div>
          <Body1 as="p">{`${count(template.documents.length, "document")} from the template:`}</Body1>
          <ul className={styles.list} aria-label="Documents from the template">
            {template.documents.map((d) => (
              <li key={d.id}>{`${d.name} (${count(d.pageCount, "page")})`}</li>
            ))}
          </ul>
        </div>
      ) : (
        <Caption1 className={styles.muted}>
          The template has no documents: choose this message's attachments below.
        </Caption1>
      )}
      <div>
        <Body1 as="p">Signers (the template's roles, in its order):</Body1>
        <ol className={styles.list} aria-label="Signers from the template">
          {rows.map((row) => {
            const role = template.roles[row.key];
            const type = SIGNER_TYPE_LABELS[row.type].toLowerCase();
            const who =
              row.kind === "person" && row.name && row.name !== row.email
                ? `${row.name} <${row.email}>`
                : describeSigner(row);
            return (
              <li key={row.key} data-testid={`template-signer-${role?.roleName ?? row.key}`}>
                {`${role?.roleName ?? "Role"}: ${who} (${type})`}
                {role && role.fieldCount > 0 ? (
                  <Caption1
                    className={styles.muted}
                  >{` · ${count(role.fieldCount, "field")} from the template`}</Caption1>
                ) : null}
              </li>
            );
          })}
        </ol>
      </div>
      <div className={styles.actions}>
        <Button size="small" icon={<PeopleSwapRegular />} disabled={busy} onClick={onChangeRoles}>
          Change who fills the roles
        </Button>
        <Button size="small" appearance="subtle" icon={<DismissRegular />} disabled={busy} onClick={onLeave}>
          Stop using the template
        </Button>
      </div>
    </section>
  );
}
