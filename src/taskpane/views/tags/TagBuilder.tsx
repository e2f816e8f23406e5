import { useId, useMemo, useState } from "react";
import {
  Dropdown,
  Field,
  Input,
  Option,
  Subtitle2,
  Switch,
  Textarea,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { MAX_SIGNER, MIN_SIGNER, TAG_TYPES, type TagType } from "../../../tags";
import { takesOptions } from "../../../shared/field-types";
import { INITIAL_FORM, evaluateForm, warningsFor, type BuilderField, type BuilderForm } from "./builder";
import { TagOutput } from "./TagOutput";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  row: { display: "flex", gap: tokens.spacingHorizontalM, alignItems: "flex-start", flexWrap: "wrap" },
  signer: { width: "7rem" },
  grow: { flexGrow: 1, minWidth: "9rem" },
  output: { display: "flex", flexDirection: "column" },
  pending: { color: tokens.colorNeutralForeground3 },
});

function message(problems: Partial<Record<BuilderField, string[]>>, field: BuilderField): string | undefined {
  return problems[field]?.join(" ");
}

export function TagBuilder({ canInsert }: { canInsert: boolean }) {
  const styles = useStyles();
  const headingId = useId();
  const [form, setForm] = useState<BuilderForm>(INITIAL_FORM);
  const update = (patch: Partial<BuilderForm>): void => setForm((f) => ({ ...f, ...patch }));
  const result = useMemo(() => evaluateForm(form), [form]);
  const { problems, build } = result;
  const typeInfo = TAG_TYPES.find((t) => t.type === form.type);

  const fieldProps = (field: BuilderField) => {
    const text = message(problems, field);
    return text ? { validationMessage: text, validationState: "error" as const } : {};
  };

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        Build a tag
      </Subtitle2>

      <div className={styles.row}>
        <Field
          label="Field type"
          className={styles.grow}
          hint={typeInfo?.description}
          {...fieldProps("type")}
        >
          <Dropdown
            value={form.type}
            selectedOptions={[form.type]}
            onOptionSelect={(_, data) => data.optionValue && update({ type: data.optionValue as TagType })}
          >
            {TAG_TYPES.map((t) => (
              <Option key={t.type} value={t.type}>
                {t.type}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field
          label="Signer"
          className={styles.signer}
          hint={`${MIN_SIGNER} to ${MAX_SIGNER}`}
          {...fieldProps("signer")}
        >
          <Input
            value={form.signer}
            inputMode="numeric"
            onChange={(_, data) => update({ signer: data.value })}
          />
        </Field>
      </div>

      <Field {...fieldProps("required")}>
        <Switch
          label={form.required ? "Required" : "Optional"}
          checked={form.required}
          onChange={(_, data) => update({ required: data.checked })}
        />
      </Field>

      <div className={styles.row}>
        <Field label="Label" className={styles.grow} {...fieldProps("label")}>
          <Input
            value={form.label}
            onChange={(_, data) => update({ label: data.value })}
            placeholder="e.g. Client signature"
          />
        </Field>
        <Field label="Group" className={styles.grow} {...fieldProps("group")}>
          <Input
            value={form.group}
            onChange={(_, data) => update({ group: data.value })}
            placeholder="e.g. consent"
          />
        </Field>
      </div>

      {takesOptions(form.type) && (
        <Field label="Options" hint="One option per line." {...fieldProps("options")}>
          <Textarea
            value={form.options}
            resize="vertical"
            rows={3}
            onChange={(_, data) => update({ options: data.value })}
            placeholder={"Red\nGreen"}
          />
        </Field>
      )}

      <div className={styles.output} aria-live="polite">
        {build ? (
          <>
            <TagOutput format="Platform" tag={build.platform} canInsert={canInsert} />
            <TagOutput
              format="DocuSign"
              tag={build.docuSign}
              warnings={warningsFor("DocuSign", build.warnings)}
              canInsert={canInsert}
            />
            <TagOutput
              format="AdobeSign"
              tag={build.adobeSign}
              warnings={warningsFor("AdobeSign", build.warnings)}
              canInsert={canInsert}
            />
          </>
        ) : (
          <p className={styles.pending}>Correct the fields marked above to see the tags.</p>
        )}
      </div>
    </section>
  );
}
