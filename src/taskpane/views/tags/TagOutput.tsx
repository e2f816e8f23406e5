import { useEffect, useRef, useState } from "react";
import {
  Button,
  Caption1,
  Text,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from "@fluentui/react-components";
import { CheckmarkRegular, CopyRegular, TextAddRegular } from "@fluentui/react-icons";
import type { TagFormat } from "../../../tags";
import { copyText } from "../../clipboard";
import { useHost } from "../../host-context";
import { useTelemetry } from "../../telemetry";

export const FORMAT_LABEL: Readonly<Record<TagFormat, string>> = {
  Platform: "Platform",
  DocuSign: "DocuSign",
  AdobeSign: "Adobe Sign",
};

const useStyles = makeStyles({
  row: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  head: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS },
  name: { flexGrow: 1 },
  tag: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase300,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    overflowWrap: "anywhere",
    userSelect: "all",
  },
  warnings: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    color: tokens.colorPaletteMarigoldForeground2,
  },
  status: { ":empty": { display: "none" } },
  error: { color: tokens.colorPaletteRedForeground1 },
  done: { color: tokens.colorPaletteGreenForeground1 },
});

export function CopyButton({ text, what }: { text: string; what: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => setState("idle"), [text]);
  const track = useTelemetry();
  const copy = async (): Promise<void> => {
    const action = track.actionStarted("tags.copy");
    const ok = await copyText(text);
    if (ok) action.succeeded();
    else action.failed({ code: "clipboard_refused" });
    setState(ok ? "copied" : "failed");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2500);
  };
  const label = state === "copied" ? "Copied" : state === "failed" ? "Select the tag and copy it" : "Copy";
  return (
    <Tooltip content={`Copy the ${what}`} relationship="description">
      <Button
        size="small"
        appearance="subtle"
        icon={state === "copied" ? <CheckmarkRegular /> : <CopyRegular />}
        onClick={() => void copy()}
        aria-label={state === "idle" ? `Copy ${what}` : `${label}: ${what}`}
      >
        {label}
      </Button>
    </Tooltip>
  );
}

/** Inserts `text` at the cursor of the message being written (compose mode only). */
export function InsertButton({
  text,
  what,
  onResult,
}: {
  text: string;
  what: string;
  onResult(message: string | null, error: boolean): void;
}) {
  const { host } = useHost();
  const [busy, setBusy] = useState(false);
  const track = useTelemetry();
  const insert = async (): Promise<void> => {
    if (!host) return;
    setBusy(true);
    onResult(null, false);
    const action = track.actionStarted("tags.insert");
    try {
      await host.insertText(text);
      action.succeeded();
      onResult("Inserted into the message at the cursor.", false);
    } catch (error) {
      action.failed(error);
      onResult(error instanceof Error ? error.message : String(error), true);
    } finally {
      setBusy(false);
    }
  };
  // The visible text is part of the accessible name (WCAG 2.5.3, label in name): "Insert", not
  // "Insert at cursor", which the name "Insert Platform tag at the cursor" does not contain.
  return (
    <Tooltip content={`Insert the ${what} at the cursor in your message`} relationship="description">
      <Button
        size="small"
        appearance="subtle"
        icon={<TextAddRegular />}
        disabled={busy || !host}
        onClick={() => void insert()}
        aria-label={`Insert ${what} at the cursor`}
      >
        Insert
      </Button>
    </Tooltip>
  );
}

export interface TagOutputProps {
  format: TagFormat;
  tag: string;
  warnings?: readonly string[];
  canInsert: boolean;
}

/** One format's tag: the text, Copy, Insert (at the cursor; compose), and what the format could not carry. */
export function TagOutput({ format, tag, warnings = [], canInsert }: TagOutputProps) {
  const styles = useStyles();
  const [status, setStatus] = useState<{ message: string; error: boolean } | null>(null);
  useEffect(() => setStatus(null), [tag]);
  const what = `${FORMAT_LABEL[format]} tag`;
  return (
    <div className={styles.row} role="group" aria-label={what}>
      <div className={styles.head}>
        <Text weight="semibold" className={styles.name}>
          {FORMAT_LABEL[format]}
        </Text>
        <CopyButton text={tag} what={what} />
        {canInsert && (
          <InsertButton
            text={tag}
            what={what}
            onResult={(message, error) => setStatus(message ? { message, error } : null)}
          />
        )}
      </div>
      <code className={styles.tag} data-testid={`tag-${format}`}>
        {tag}
      </code>
      {warnings.length > 0 && (
        <ul className={styles.warnings} aria-label={`What the ${FORMAT_LABEL[format]} tag leaves out`}>
          {warnings.map((w) => (
            <li key={w}>
              <Caption1>{w}</Caption1>
            </li>
          ))}
        </ul>
      )}
      <Caption1
        role="status"
        className={mergeClasses(styles.status, status?.error ? styles.error : styles.done)}
      >
        {status?.message ?? ""}
      </Caption1>
    </div>
  );
}
