import { useId, useMemo, useState } from "react";
import {
  Caption1,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Option,
  Subtitle2,
  Textarea,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import {
  TAG_FORMATS,
  TagParseError,
  convertTag,
  validateTag,
  type ParsedTag,
  type TagFormat,
  type TagProblem,
} from "../../../tags";
import { FORMAT_LABEL, TagOutput } from "./TagOutput";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  tagInput: { fontFamily: tokens.fontFamilyMonospace },
  fields: {
    display: "grid",
    gridTemplateColumns: "max-content 1fr",
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: "anywhere" },
  problems: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingLeft: tokens.spacingHorizontalL },
  shown: {
    fontFamily: tokens.fontFamilyMonospace,
    whiteSpace: "pre-wrap",
    overflowWrap: "anywhere",
    margin: `${tokens.spacingVerticalXS} 0 0`,
  },
  mark: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    borderRadius: tokens.borderRadiusSmall,
    outline: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteRedBorder2}`,
  },
});

const AUTO = "auto";

/** The tag with the character at `position` marked (a space-wide marker when it is past the end). */
function MarkedTag({ tag, position }: { tag: string; position: number }) {
  const styles = useStyles();
  const at = Math.min(Math.max(position, 0), tag.length);
  const char = tag.slice(at, at + 1);
  return (
    <pre className={styles.shown} aria-hidden="true">
      {tag.slice(0, at)}
      <mark className={styles.mark}>{char === "" || char === "\n" ? " " : char}</mark>
      {char === "\n" ? "\n" : ""}
      {tag.slice(at + 1)}
    </pre>
  );
}

function ParsedFields({ parsed }: { parsed: ParsedTag }) {
  const styles = useStyles();
  const rows: [string, string][] = [
    ["Format", FORMAT_LABEL[parsed.format]],
    ["Type", parsed.type],
    ["Signer", String(parsed.signerIndex)],
    ["Required", parsed.required ? "Yes" : "No"],
    ["Label", parsed.label ?? "—"],
    ["Group", parsed.group ?? "—"],
  ];
  if (parsed.options) rows.push(["Options", parsed.options.join(", ")]);
  return (
    <dl className={styles.fields} aria-label="Parsed tag">
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: "contents" }}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Problems({ tag, problems }: { tag: string; problems: readonly TagProblem[] }) {
  const styles = useStyles();
  const placed = problems.find((p) => p.position !== null);
  return (
    <>
      <ul className={styles.problems}>
        {problems.map((p, i) => (
          <li key={i}>{p.message}</li>
        ))}
      </ul>
      {placed && placed.position !== null && <MarkedTag tag={tag} position={placed.position} />}
    </>
  );
}

export function TagChecker({ canInsert }: { canInsert: boolean }) {
  const styles = useStyles();
  const headingId = useId();
  const [tag, setTag] = useState("");
  const [hint, setHint] = useState<TagFormat | typeof AUTO>(AUTO);
  const [target, setTarget] = useState<TagFormat | null>(null);

  const validation = useMemo(
    () => (tag.trim() === "" ? null : validateTag(tag, hint === AUTO ? undefined : hint)),
    [tag, hint],
  );
  const source = validation?.isValid ? validation.format : null;
  const targets = TAG_FORMATS.filter((f) => f !== source);
  const chosenTarget = target && targets.includes(target) ? target : (targets[0] ?? null);

  const conversion = useMemo(() => {
    if (!source || !chosenTarget) return null;
    try {
      return { result: convertTag(tag, chosenTarget, source), error: null };
    } catch (error) {
      const message =
        error instanceof TagParseError || error instanceof Error ? error.message : String(error);
      return { result: null, error: message };
    }
  }, [tag, source, chosenTarget]);

  const hintLabel = hint === AUTO ? "Detect automatically" : FORMAT_LABEL[hint];

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        Check and convert a tag
      </Subtitle2>

      <Field label="Tag" hint="Paste a Platform, DocuSign or Adobe Sign tag.">
        <Textarea
          value={tag}
          onChange={(_, data) => setTag(data.value)}
          rows={2}
          resize="vertical"
          textarea={{ className: styles.tagInput, spellCheck: false }}
          placeholder="{{sig:1:req}}"
        />
      </Field>
      <Field label="Format">
        <Dropdown
          value={hintLabel}
          selectedOptions={[hint]}
          onOptionSelect={(_, data) =>
            data.optionValue && setHint(data.optionValue as TagFormat | typeof AUTO)
          }
        >
          <Option value={AUTO}>Detect automatically</Option>
          {TAG_FORMATS.map((f) => (
            <Option key={f} value={f}>
              {FORMAT_LABEL[f]}
            </Option>
          ))}
        </Dropdown>
      </Field>

      <div aria-live="polite">
        {validation && validation.isValid && validation.parsed && (
          <MessageBar intent="success" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>Valid {FORMAT_LABEL[validation.parsed.format]} tag</MessageBarTitle>
              <ParsedFields parsed={validation.parsed} />
            </MessageBarBody>
          </MessageBar>
        )}
        {validation && !validation.isValid && (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>
                {validation.format ? `Not a valid ${FORMAT_LABEL[validation.format]} tag` : "Not a valid tag"}
              </MessageBarTitle>
              <Problems tag={tag} problems={validation.errors} />
            </MessageBarBody>
          </MessageBar>
        )}
      </div>

      {source && chosenTarget && (
        <>
          <Field label="Convert to">
            <Dropdown
              value={FORMAT_LABEL[chosenTarget]}
              selectedOptions={[chosenTarget]}
              onOptionSelect={(_, data) => data.optionValue && setTarget(data.optionValue as TagFormat)}
            >
              {targets.map((f) => (
                <Option key={f} value={f}>
                  {FORMAT_LABEL[f]}
                </Option>
              ))}
            </Dropdown>
          </Field>
          {conversion?.result && (
            <TagOutput
              format={conversion.result.targetFormat}
              tag={conversion.result.tag}
              warnings={conversion.result.warnings.map((w) =>
                w.replace(/^(DocuSign|AdobeSign|Platform):\s*/, ""),
              )}
              canInsert={canInsert}
            />
          )}
          {conversion?.error && <Caption1 role="alert">{conversion.error}</Caption1>}
        </>
      )}
    </section>
  );
}
