/**
 * One role of the template and who fills it: one of the message's people, a signing group, or
 * "Someone else…" with an address (and a name) typed in. The role's problem shows on the field that
 * holds it.
 */
import { Field, Input, Select, makeStyles, tokens } from "@fluentui/react-components";
import type { TemplateRole } from "../../../../api/templates";
import { SIGNER_TYPE_LABELS, type PersonRow } from "../../../send/signers";
import {
  OTHER,
  count,
  groupValue,
  personValue,
  type GroupOption,
  type RoleFill,
} from "../../../send/template";
import { fieldId } from "./role-field-id";

const useStyles = makeStyles({
  role: {
    display: "flex",
    flexDirection: "column",
    minWidth: 0,
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  // A native select is as wide as its longest option (a long address): kept within the pane.
  select: { minWidth: 0, maxWidth: "100%" },
  selectControl: { minWidth: 0, width: "100%", textOverflow: "ellipsis" },
  field: { minWidth: 0 },
});

export default function RoleChoice({
  role,
  index,
  fill = { choice: "", email: "", name: "" },
  problem,
  persons,
  groupList,
  disabled,
  onChange,
}: {
  role: TemplateRole;
  /** Its place in the template's order (from 0). */
  index: number;
  fill: RoleFill | undefined;
  problem: string | undefined;
  persons: readonly PersonRow[];
  /** The groups offered, by name. */
  groupList: readonly GroupOption[];
  disabled: boolean;
  onChange(patch: Partial<RoleFill>): void;
}) {
  const styles = useStyles();
  const typeLabel = (SIGNER_TYPE_LABELS as Record<string, string>)[role.type] ?? role.type;
  const other = fill.choice === OTHER;
  return (
    <li className={styles.role} data-testid={`role-${role.name}`}>
      <Field
        className={styles.field}
        label={`${index + 1}. ${role.name} (${typeLabel.toLowerCase()})`}
        validationState={problem && !other ? "error" : "none"}
        validationMessage={problem && !other ? problem : undefined}
      >
        <Select
          className={styles.select}
          select={{ className: styles.selectControl }}
          id={fieldId(role.id)}
          value={fill.choice}
          disabled={disabled}
          onChange={(_, data) => onChange({ choice: data.value })}
        >
          <option value="">Choose…</option>
          {persons.length > 0 ? (
            <optgroup label="On this message">
              {persons.map((p) => (
                <option key={p.key} value={personValue(p.email)}>
                  {p.name && p.name !== p.email ? `${p.name} <${p.email}>` : p.email}
                </option>
              ))}
            </optgroup>
          ) : null}
          {groupList.length > 0 ? (
            <optgroup label="Signing groups">
              {groupList.map((g) => (
                <option key={g.id} value={groupValue(g.id)}>
                  {`Group ${g.name} (${count(g.memberCount, "member")})`}
                </option>
              ))}
            </optgroup>
          ) : null}
          <option value={OTHER}>Someone else…</option>
        </Select>
      </Field>
      {other ? (
        <>
          <Field
            label={`Email address for ${role.name}`}
            required
            validationState={problem ? "error" : "none"}
            validationMessage={problem}
          >
            <Input
              id={fieldId(role.id, fill)}
              type="email"
              value={fill.email}
              disabled={disabled}
              onChange={(_, data) => onChange({ email: data.value })}
            />
          </Field>
          <Field label={`Name for ${role.name} (optional)`}>
            <Input
              value={fill.name}
              disabled={disabled}
              onChange={(_, data) => onChange({ name: data.value })}
            />
          </Field>
        </>
      ) : null}
    </li>
  );
}
