import { useRef, useState, type DragEvent } from "react";
import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Subtitle2,
  makeStyles,
  mergeClasses,
  tokens,
} from "@fluentui/react-components";
import { ArrowUploadRegular, DismissRegular } from "@fluentui/react-icons";
import { documentFromFile, documentsProblem, formatSize, type SendDocument } from "../../send/documents";
import { plainList } from "./list-style";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  list: plainList,
  item: { display: "flex", alignItems: "flex-start", gap: tokens.spacingHorizontalXS },
  text: {
    display: "flex",
    flexDirection: "column",
    minWidth: 0,
    flexGrow: 1,
    paddingTop: tokens.spacingVerticalXS,
  },
  name: { overflowWrap: "anywhere" },
  reason: { color: tokens.colorPaletteRedForeground1 },
  size: { color: tokens.colorNeutralForeground3 },
  drop: {
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalS,
    display: "flex",
    flexDirection: "column",
    alignItems: "flex-start",
    gap: tokens.spacingVerticalXS,
  },
  dropActive: { border: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}` },
});

const ACCEPT = ".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg";

export interface DocumentsStepProps {
  documents: readonly SendDocument[];
  onChange(documents: SendDocument[], added?: ReadonlyMap<string, File>): void;
  /** Documents the package already has (a template's): then none need be chosen here. */
  kept?: number;
}

/** Step 1: which of the message's attachments to send, and PDFs added from the user's disk. */
export function DocumentsStep({ documents, onChange, kept = 0 }: DocumentsStepProps) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const serial = useRef(0);
  const [dragging, setDragging] = useState(false);
  const problem = documentsProblem(documents, kept);

  const addFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const added = new Map<string, File>();
    // Keys stay unique after a restored draft brought back files numbered by an earlier pane.
    for (const d of documents)
      serial.current = Math.max(serial.current, Number(/^f:(\d+):/.exec(d.key)?.[1] ?? 0));
    const docs = [...files].map((file) => {
      const doc = documentFromFile(file, ++serial.current);
      added.set(doc.key, file);
      return doc;
    });
    onChange([...documents, ...docs], added);
  };
  const toggle = (key: string, included: boolean) =>
    onChange(documents.map((d) => (d.key === key ? { ...d, included } : d)));
  const remove = (key: string) => onChange(documents.filter((d) => d.key !== key));
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  return (
    <section className={styles.root} aria-labelledby="send-documents-heading">
      <Subtitle2 as="h3" id="send-documents-heading">
        1. Documents
      </Subtitle2>
      {documents.length === 0 ? <Body1>This message has no attachments. Add a PDF below.</Body1> : null}
      <ul className={styles.list} aria-label="Documents">
        {documents.map((doc) => (
          <li key={doc.key} className={styles.item}>
            <Checkbox
              checked={doc.included && doc.sendable}
              disabled={!doc.sendable}
              onChange={(_, data) => toggle(doc.key, data.checked === true)}
              aria-label={`Send ${doc.name}`}
              aria-describedby={`${doc.key}-about`}
            />
            <div className={styles.text}>
              <Body1 className={styles.name}>{doc.name}</Body1>
              <Caption1 id={`${doc.key}-about`} className={doc.sendable ? styles.size : styles.reason}>
                {doc.sendable
                  ? `${formatSize(doc.size)}${doc.source === "file" ? " · from your computer" : ""}`
                  : doc.reason}
              </Caption1>
            </div>
            {doc.source === "file" ? (
              <Button
                appearance="subtle"
                size="small"
                icon={<DismissRegular />}
                aria-label={`Remove ${doc.name}`}
                onClick={() => remove(doc.key)}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <div
        className={mergeClasses(styles.drop, dragging && styles.dropActive)}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Caption1>Drop a PDF, PNG or JPEG here, or</Caption1>
        <Button size="small" icon={<ArrowUploadRegular />} onClick={() => input.current?.click()}>
          Add from your computer
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          data-testid="send-file-input"
          onChange={(event) => {
            addFiles(event.target.files);
            event.target.value = "";
          }}
        />
      </div>
      {problem ? (
        <Caption1 role="status" className={styles.reason}>
          {problem}
        </Caption1>
      ) : null}
    </section>
  );
}
