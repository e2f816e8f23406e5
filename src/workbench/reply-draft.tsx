/**
 * The workbench page's view of a reply form the simulated Outlook opened (fake-compose.ts): who it
 * goes to, its subject and body, and each file as Outlook attached it (downloading, attached with its
 * size, or failed with why), so a test follows a path from the pane's click to the reply.
 */
import {
  Badge,
  Body1,
  Caption1,
  Spinner,
  Subtitle2,
  makeStyles,
  mergeClasses,
  tokens,
} from "@fluentui/react-components";
import { DocumentPdfRegular, ErrorCircleRegular } from "@fluentui/react-icons";
import type { FixtureAddress, ReplyDraft, ReplyDraftAttachment } from "./bridge";

const useStyles = makeStyles({
  draft: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
  },
  headers: {
    display: "grid",
    gridTemplateColumns: "max-content 1fr",
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: "anywhere" },
  files: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalS,
  },
  file: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  failed: { border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteRedBorder2}` },
  body: {
    padding: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflowWrap: "anywhere",
  },
  note: { color: tokens.colorNeutralForeground3 },
});

function address(a: FixtureAddress): string {
  return `${a.displayName} <${a.emailAddress}>`;
}

export function sizeWords(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function FileChip({ file }: { file: ReplyDraftAttachment }) {
  const styles = useStyles();
  return (
    <li
      className={mergeClasses(styles.file, file.status === "failed" && styles.failed)}
      data-status={file.status}
      aria-label={`${file.name}: ${
        file.status === "attached"
          ? `attached, ${sizeWords(file.size ?? 0)}`
          : file.status === "failed"
            ? `failed, ${file.error ?? ""}`
            : "attaching"
      }`}
    >
      {file.status === "failed" ? <ErrorCircleRegular aria-hidden /> : <DocumentPdfRegular aria-hidden />}
      <Body1>{file.name}</Body1>
      {file.status === "attaching" && <Spinner size="extra-tiny" label="Attaching…" />}
      {file.status === "attached" && <Caption1 className={styles.note}>{sizeWords(file.size ?? 0)}</Caption1>}
      {file.status === "failed" && (
        <Badge appearance="tint" color="danger">
          {`Couldn't attach: ${file.error ?? "unknown error"}`}
        </Badge>
      )}
      <Caption1 className={styles.note}>
        {file.source === "base64" ? "from the add-in" : "downloaded by Outlook"}
      </Caption1>
    </li>
  );
}

/** The newest reply form opened, as Outlook would show it. */
export function ReplyDraftView({ draft }: { draft: ReplyDraft }) {
  const styles = useStyles();
  return (
    <section
      className={styles.draft}
      aria-label="Reply draft"
      data-testid="reply-draft"
      data-draft-id={draft.id}
    >
      <Subtitle2 as="h3">{draft.kind === "replyAll" ? "Reply all (draft)" : "Reply (draft)"}</Subtitle2>
      <dl className={styles.headers}>
        <dt className={styles.term}>To</dt>
        <dd className={styles.value} data-testid="reply-to">
          {draft.to.map(address).join("; ")}
        </dd>
        <dt className={styles.term}>Cc</dt>
        <dd className={styles.value} data-testid="reply-cc">
          {draft.cc.map(address).join("; ") || "—"}
        </dd>
        <dt className={styles.term}>Subject</dt>
        <dd className={styles.value}>{draft.subject}</dd>
      </dl>
      {draft.attachments.length > 0 ? (
        <ul className={styles.files} aria-label="Reply attachments">
          {draft.attachments.map((file, i) => (
            <FileChip key={`${i}-${file.name}`} file={file} />
          ))}
        </ul>
      ) : (
        <Caption1 className={styles.note}>No files attached.</Caption1>
      )}
      {/* The body is the add-in's HTML, shown as Outlook's editor would render it (sandboxed: no scripts). */}
      <iframe
        title="Reply body"
        className={styles.body}
        sandbox=""
        srcDoc={draft.html}
        data-testid="reply-body"
      />
    </section>
  );
}
