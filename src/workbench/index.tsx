/**
 * The workbench (development only): the real task pane (taskpane.html?workbench=1 in an iframe)
 * next to a simulated Outlook message from test/fixtures/message.json, in read or compose mode.
 * The simulated compose body is on this page, so "Insert" (at the cursor) in the pane is visible here.
 * Under `npm start` the page signs the pane in with the development token (dev-session.ts).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import {
  Badge,
  Body1,
  Caption1,
  FluentProvider,
  Link,
  Radio,
  RadioGroup,
  Select,
  Subtitle1,
  Text,
  Textarea,
  Title3,
  Tooltip,
  Button,
  makeStyles,
  tokens,
  webDarkTheme,
  webLightTheme,
} from "@fluentui/react-components";
import { ArrowClockwiseRegular, DocumentPdfRegular } from "@fluentui/react-icons";
import {
  BRIDGE_KEY,
  MAILBOX_VERSION_PARAM,
  fixtureRecipients,
  type FixtureAddress,
  type MessageFixture,
  type ReplyDraft,
  type WorkbenchBridge,
  type WorkbenchMode,
  type WorkbenchTheme,
} from "./bridge";
import { applyDevSession } from "./dev-session";
import { Mailbox } from "./mailbox";
import { WORKBENCH_MAILBOX_VERSION } from "./fake-compose";
import { ReplyDraftView, sizeWords } from "./reply-draft";
import { PAT_STORAGE_KEY, sessionStorageOrNull } from "../auth";
import { SERVICE_URL_STORAGE_KEY } from "../taskpane/session";

const useStyles = makeStyles({
  page: {
    display: "flex",
    flexDirection: "column",
    height: "100vh",
    backgroundColor: tokens.colorNeutralBackground3,
  },
  bar: {
    display: "flex",
    alignItems: "center",
    flexWrap: "wrap",
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  barTitle: { color: tokens.colorNeutralForegroundOnBrand },
  barLink: {
    color: tokens.colorNeutralForegroundOnBrand,
    ":hover": { color: tokens.colorNeutralForegroundOnBrand },
    ":hover:active": { color: tokens.colorNeutralForegroundOnBrand },
  },
  control: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  controlBox: {
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusMedium,
    padding: `0 ${tokens.spacingHorizontalS}`,
  },
  main: {
    display: "flex",
    flexGrow: 1,
    minHeight: 0,
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
  },
  message: {
    flexGrow: 1,
    minWidth: 0,
    overflowY: "auto",
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
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
  attachments: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  attachment: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  body: { whiteSpace: "pre-wrap", fontFamily: tokens.fontFamilyBase, margin: 0 },
  composeBody: { minHeight: "16rem", fontFamily: tokens.fontFamilyBase },
  pane: {
    flexShrink: 0,
    width: "360px",
    display: "flex",
    flexDirection: "column",
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    overflow: "hidden",
  },
  paneHeader: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  frame: { border: "none", flexGrow: 1, width: "100%" },
  note: { color: tokens.colorNeutralForeground3 },
  inserted: { fontFamily: tokens.fontFamilyMonospace },
});

function address(a: FixtureAddress): string {
  return `${a.displayName} <${a.emailAddress}>`;
}

/** The Mailbox requirement sets the workbench can pretend to be, newest first (fake-compose.ts). */
const MAILBOX_VERSIONS = ["1.15", "1.14", "1.9", "1.8", "1.7", "1.2", "1.1"];

function readQuery(): { mode: WorkbenchMode; theme: WorkbenchTheme; mailbox: string } {
  const params = new URLSearchParams(window.location.search);
  const mailbox = params.get(MAILBOX_VERSION_PARAM) ?? "";
  return {
    mode: params.get("mode") === "compose" ? "compose" : "read",
    theme: params.get("theme") === "dark" ? "dark" : "light",
    mailbox: /^1\.\d{1,2}$/.test(mailbox) ? mailbox : WORKBENCH_MAILBOX_VERSION,
  };
}

function writeQuery(mode: WorkbenchMode, theme: WorkbenchTheme, mailbox: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set("mode", mode);
  url.searchParams.set("theme", theme);
  if (mailbox === WORKBENCH_MAILBOX_VERSION) url.searchParams.delete(MAILBOX_VERSION_PARAM);
  else url.searchParams.set(MAILBOX_VERSION_PARAM, mailbox);
  window.history.replaceState(null, "", url);
}

function Workbench({ fixture }: { fixture: MessageFixture }) {
  const styles = useStyles();
  const [{ mode, theme, mailbox }, setQuery] = useState(readQuery);
  const [replyDraft, setReplyDraft] = useState<ReplyDraft | null>(null);
  const [draftFiles, setDraftFiles] = useState<{ id: string; name: string; size: number }[] | null>(null);
  const [body, setBody] = useState(fixture.composeBody);
  const [lastInsert, setLastInsert] = useState<{ text: string; at: number } | null>(null);
  const [reloads, setReloads] = useState(0);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);

  useEffect(() => writeQuery(mode, theme, mailbox), [mode, theme, mailbox]);
  // Another message or another Outlook: the draft and its files start again from the fixture.
  useEffect(() => {
    setReplyDraft(null);
    setDraftFiles(null);
  }, [mode, mailbox]);

  // The cursor starts on the empty line above the signature, where a tag would go.
  useEffect(() => {
    const el = bodyRef.current;
    if (!el) return;
    const at = Math.max(0, fixture.composeBody.indexOf("\n\nBest regards"));
    el.setSelectionRange(at, at);
  }, [mode, fixture.composeBody]);

  useLayoutEffect(() => {
    const el = bodyRef.current;
    if (el && caret.current !== null) {
      el.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  }, [body]);

  const insertAtCursor = useCallback((text: string) => {
    const el = bodyRef.current;
    if (!el) throw new Error("The simulated message body is not shown.");
    const start = el.selectionStart ?? el.value.length;
    const end = el.selectionEnd ?? start;
    const next = el.value.slice(0, start) + text + el.value.slice(end);
    caret.current = start + text.length;
    setBody(next);
    setLastInsert({ text, at: start });
  }, []);

  useEffect(() => {
    const bridge: WorkbenchBridge = {
      getBody: () => bodyRef.current?.value ?? body,
      insertAtCursor,
      showReply: setReplyDraft,
      draftAttachmentsChanged: setDraftFiles,
    };
    (window as unknown as Record<string, unknown>)[BRIDGE_KEY] = bridge;
  }, [body, insertAtCursor]);

  const paneUrl =
    `taskpane.html?workbench=1&mode=${mode}&theme=${theme}` +
    (mailbox === WORKBENCH_MAILBOX_VERSION ? "" : `&${MAILBOX_VERSION_PARAM}=${mailbox}`);
  const attachments =
    mode === "compose" && draftFiles
      ? draftFiles.map((f) => ({ id: f.id, name: f.name, size: f.size, file: null as string | null }))
      : fixture.attachments.map((a) => ({
          id: a.id,
          name: a.name,
          size: a.size,
          file: a.file as string | null,
        }));

  return (
    // The layout class is not on FluentProvider: Fluent copies the provider's class onto its portals.
    <FluentProvider theme={theme === "dark" ? webDarkTheme : webLightTheme}>
      <div className={styles.page}>
        <header className={styles.bar}>
          <Title3 as="h1" className={styles.barTitle}>
            Sign for Outlook workbench
          </Title3>
          <div className={`${styles.control} ${styles.controlBox}`}>
            <Text id="mode-label" weight="semibold">
              Message
            </Text>
            <RadioGroup
              layout="horizontal"
              aria-labelledby="mode-label"
              value={mode}
              onChange={(_, data) => setQuery((q) => ({ ...q, mode: data.value as WorkbenchMode }))}
            >
              <Radio value="read" label="Reading" />
              <Radio value="compose" label="Writing" />
            </RadioGroup>
          </div>
          <div className={`${styles.control} ${styles.controlBox}`}>
            <Text id="theme-label" weight="semibold">
              Office theme
            </Text>
            <RadioGroup
              layout="horizontal"
              aria-labelledby="theme-label"
              value={theme}
              onChange={(_, data) => setQuery((q) => ({ ...q, theme: data.value as WorkbenchTheme }))}
            >
              <Radio value="light" label="Light" />
              <Radio value="dark" label="Dark" />
            </RadioGroup>
          </div>
          <div className={`${styles.control} ${styles.controlBox}`}>
            <Text id="mailbox-label" weight="semibold">
              Outlook supports
            </Text>
            <Select
              aria-labelledby="mailbox-label"
              value={mailbox}
              onChange={(_, data) => setQuery((q) => ({ ...q, mailbox: data.value }))}
            >
              {MAILBOX_VERSIONS.map((v) => (
                <option key={v} value={v}>
                  {`Mailbox ${v}`}
                </option>
              ))}
            </Select>
          </div>
          <Link href="?view=mailbox" className={styles.barLink}>
            Mailbox
          </Link>
        </header>

        <main className={styles.main}>
          <article className={styles.message} aria-label="Simulated message">
            <Subtitle1 as="h2">{fixture.subject}</Subtitle1>
            <Caption1 className={styles.note}>
              {mode === "read"
                ? "A received message, open for reading. The pane on the right is the real task pane, talking to this simulated Outlook."
                : "A message being written. Click in the body to place the cursor, then use Insert in the pane's Tags view."}
            </Caption1>
            <dl className={styles.headers}>
              <dt className={styles.term}>From</dt>
              <dd className={styles.value}>{address(mode === "read" ? fixture.from : fixture.user)}</dd>
              <dt className={styles.term}>To</dt>
              <dd className={styles.value}>{fixtureRecipients(fixture, mode).to.map(address).join("; ")}</dd>
              <dt className={styles.term}>Cc</dt>
              <dd className={styles.value}>
                {fixtureRecipients(fixture, mode).cc.map(address).join("; ") || "—"}
              </dd>
              <dt className={styles.term}>You are</dt>
              <dd className={styles.value}>{address(fixture.user)}</dd>
            </dl>
            {replyDraft && <ReplyDraftView draft={replyDraft} />}
            <div className={styles.attachments} aria-label="Attachments">
              {attachments.map((a) => (
                <span key={a.id} className={styles.attachment}>
                  <DocumentPdfRegular aria-hidden />
                  {a.file ? (
                    <Link href={`fixtures/${encodeURIComponent(a.file)}`} target="_blank" rel="noreferrer">
                      {a.name}
                    </Link>
                  ) : (
                    <Text>{a.name}</Text>
                  )}
                  <Caption1 className={styles.note}>{sizeWords(a.size)}</Caption1>
                </span>
              ))}
            </div>
            {mode === "read" ? (
              <Body1 as="p" className={styles.body}>
                {fixture.body}
              </Body1>
            ) : (
              <>
                <Textarea
                  aria-label="Message body"
                  value={body}
                  resize="vertical"
                  onChange={(_, data) => setBody(data.value)}
                  textarea={
                    { ref: bodyRef, className: styles.composeBody, "data-testid": "compose-body" } as never
                  }
                />
                {lastInsert && (
                  <Caption1 role="status">
                    Inserted <span className={styles.inserted}>{lastInsert.text}</span> at character{" "}
                    {lastInsert.at}.{" "}
                    <Badge appearance="tint" color="success">
                      setSelectedDataAsync
                    </Badge>
                  </Caption1>
                )}
              </>
            )}
          </article>

          <aside className={styles.pane} aria-label="Task pane">
            <div className={styles.paneHeader}>
              <Text weight="semibold">Sign for Outlook</Text>
              <Tooltip content="Reload the task pane" relationship="label">
                <Button
                  appearance="subtle"
                  icon={<ArrowClockwiseRegular />}
                  onClick={() => setReloads((n) => n + 1)}
                />
              </Tooltip>
            </div>
            <iframe
              key={`${paneUrl}#${reloads}`}
              className={styles.frame}
              title="Sign for Outlook task pane"
              src={paneUrl}
            />
          </aside>
        </main>
      </div>
    </FluentProvider>
  );
}

async function start(): Promise<void> {
  const container = document.getElementById("workbench");
  if (!container) return;
  const response = await fetch("fixtures/message.json");
  if (!response.ok) throw new Error(`fixtures/message.json: HTTP ${response.status}`);
  const fixture = (await response.json()) as MessageFixture;
  // Before the pane loads: with `npm start`'s development token stored, it starts signed in.
  const storage = sessionStorageOrNull();
  await applyDevSession(storage);
  if (new URLSearchParams(window.location.search).get("view") === "mailbox") {
    document.title = "Mailbox – Sign for Outlook workbench";
    createRoot(container).render(
      <FluentProvider theme={webLightTheme}>
        <Mailbox
          serviceUrl={storage?.getItem(SERVICE_URL_STORAGE_KEY) ?? null}
          token={storage?.getItem(PAT_STORAGE_KEY) ?? null}
        />
      </FluentProvider>,
    );
    return;
  }
  createRoot(container).render(<Workbench fixture={fixture} />);
}

start().catch((error: unknown) => {
  const container = document.getElementById("workbench");
  if (container) container.textContent = `The workbench could not start: ${String(error)}`;
});
