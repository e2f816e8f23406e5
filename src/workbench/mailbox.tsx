/**
 * The workbench's Mailbox (workbench.html?view=mailbox, development only): the service's outbox as
 * `npm start` exposes it (GET /api/v1/dev/outbox, docs/signing-page-api.md), newest first, so that a
 * local user opens a signer's link as the signer would from their mail, without any mail server.
 * The service URL and development token are the ones `npm start` gave the workbench (dev-session.ts).
 */
import { useCallback, useEffect, useState } from "react";
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  Link,
  Spinner,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { ArrowClockwiseRegular } from "@fluentui/react-icons";

export interface MailboxItem {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdOn: string;
  status: string;
}

/** A notification's kind (the outbox's enum) in words; an unknown kind as it is. */
export function kindWords(kind: string): string {
  const words: Record<string, string> = {
    Invitation: "Invitation",
    Reminder: "Reminder",
    Reassigned: "Passed on to them",
    Voided: "Voided",
    SlotCompleted: "Signed by another group member",
    Declined: "Declined",
    Completed: "Everyone has signed",
  };
  return words[kind] ?? kind;
}

/** Where the mail is (the outbox's status) in words. */
function statusWords(status: string): string {
  const words: Record<string, string> = {
    Pending: "Not sent yet",
    Sending: "Sending",
    Delivered: "Sent",
    Failed: "Could not be sent",
  };
  return words[status] ?? status;
}

/** The doc's route; an older build of the dev outbox answered at the second. */
export const OUTBOX_PATHS = ["/api/v1/dev/outbox", "/api/dev/outbox"];

const SIGNING_LINK = /https?:\/\/[^\s<>"]+\/sign\/[A-Za-z0-9_-]{20,200}/g;

function str(value: unknown): string {
  return typeof value === "string" ? value : value === null || value === undefined ? "" : String(value);
}

/**
 * One outbox row as the page shows it, from either shape the dev outbox has had: the doc's
 * `{ email, name, link }` or `{ to, links }`; links written only in the text are found there too.
 */
export function normalizeItem(raw: Record<string, unknown>): MailboxItem {
  const email = str(raw.email);
  const name = str(raw.name);
  const to = str(raw.to) || (name && email ? `${name} <${email}>` : email || name);
  const text = str(raw.text);
  const links = new Set<string>();
  if (Array.isArray(raw.links)) for (const l of raw.links) if (typeof l === "string" && l) links.add(l);
  if (typeof raw.link === "string" && raw.link) links.add(raw.link);
  for (const match of text.matchAll(SIGNING_LINK)) links.add(match[0]);
  return {
    id: str(raw.id),
    kind: str(raw.kind),
    to,
    subject: str(raw.subject),
    text,
    links: [...links],
    createdOn: str(raw.createdOn),
    status: str(raw.status),
  };
}

export type OutboxResult = { kind: "items"; items: MailboxItem[] } | { kind: "unavailable"; message: string };

/** The outbox from the service, or why there is none to show. */
export async function loadOutbox(
  serviceUrl: string,
  token: string | null,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<OutboxResult> {
  const base = serviceUrl.replace(/\/+$/, "");
  for (const path of OUTBOX_PATHS) {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        headers: token
          ? { Authorization: `Bearer ${token}`, Accept: "application/json" }
          : { Accept: "application/json" },
        cache: "no-store",
      });
    } catch {
      return {
        kind: "unavailable",
        message: `The signing service at ${base} cannot be reached. Is \`npm start\` still running?`,
      };
    }
    if (response.status === 404) continue;
    if (!response.ok) {
      return { kind: "unavailable", message: `The service answered HTTP ${response.status} for the outbox.` };
    }
    const body = (await response.json()) as { items?: unknown };
    const items = Array.isArray(body.items)
      ? body.items
          .filter((i): i is Record<string, unknown> => typeof i === "object" && i !== null)
          .map(normalizeItem)
      : [];
    items.sort((a, b) => b.createdOn.localeCompare(a.createdOn));
    return { kind: "items", items };
  }
  return {
    kind: "unavailable",
    message:
      "This service has no development outbox: it is there only when the service runs with `npm start`.",
  };
}

const useStyles = makeStyles({
  page: {
    minHeight: "100vh",
    boxSizing: "border-box",
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
  },
  inner: {
    maxWidth: "56rem",
    margin: "0 auto",
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
  },
  bar: { display: "flex", alignItems: "center", flexWrap: "wrap", gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  list: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
  },
  meta: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
  links: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
    overflowWrap: "anywhere",
  },
  text: { whiteSpace: "pre-wrap", fontFamily: tokens.fontFamilyBase, margin: 0, overflowWrap: "anywhere" },
  note: { color: tokens.colorNeutralForeground3 },
});

function when(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
}

/** How often the open mailbox looks for new mail. */
const POLL_MS = 5000;

export function Mailbox({
  serviceUrl,
  token,
  fetchImpl,
}: {
  serviceUrl: string | null;
  token: string | null;
  fetchImpl?: typeof fetch;
}) {
  const styles = useStyles();
  const [result, setResult] = useState<OutboxResult | null>(null);
  const [loading, setLoading] = useState(false);

  const refresh = useCallback(async () => {
    if (!serviceUrl) return;
    setLoading(true);
    try {
      setResult(await loadOutbox(serviceUrl, token, fetchImpl));
    } finally {
      setLoading(false);
    }
  }, [serviceUrl, token, fetchImpl]);

  useEffect(() => {
    void refresh();
    if (!serviceUrl) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== "hidden") void refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [refresh, serviceUrl]);

  return (
    <main className={styles.page}>
      <div className={styles.inner}>
        <div className={styles.bar}>
          <Subtitle2 as="h1" className={styles.grow}>
            Mailbox: what the service would send
          </Subtitle2>
          <Link href="?">Back to the workbench</Link>
          <Button
            icon={<ArrowClockwiseRegular />}
            onClick={() => void refresh()}
            disabled={!serviceUrl || loading}
          >
            Refresh
          </Button>
        </div>
        <Body1 as="p" className={styles.note}>
          Every notification of the local service (invitations, reminders, completions), newest first. Open a
          link to sign as that person would from their mail; keep this tab to switch person.
        </Body1>
        {!serviceUrl ? (
          <Body1 as="p" role="alert">
            No local service: start everything with <code>npm start</code> and open the workbench from the
            address it prints.
          </Body1>
        ) : result === null ? (
          <Spinner label="Reading the outbox…" />
        ) : result.kind === "unavailable" ? (
          <Body1 as="p" role="alert">
            {result.message}
          </Body1>
        ) : result.items.length === 0 ? (
          <Body1 as="p">No mail yet. Send a package from the task pane, then come back here.</Body1>
        ) : (
          <ul className={styles.list} aria-label="Mail">
            {result.items.map((item) => (
              <li key={item.id}>
                <Card>
                  <Subtitle2 as="h2">{item.subject || "(no subject)"}</Subtitle2>
                  <div className={styles.meta}>
                    <Text>To {item.to}</Text>
                    {item.kind && (
                      <Badge appearance="tint" data-kind={item.kind}>
                        {kindWords(item.kind)}
                      </Badge>
                    )}
                    {item.status && (
                      <Badge
                        appearance="outline"
                        color={
                          item.status === "Delivered" || item.status === "Sent" ? "success" : "informative"
                        }
                      >
                        {statusWords(item.status)}
                      </Badge>
                    )}
                    <Caption1 className={styles.note}>{when(item.createdOn)}</Caption1>
                  </div>
                  {item.links.length > 0 && (
                    <div className={styles.links}>
                      {item.links.map((link) => (
                        <Link key={link} href={link} target="_blank" rel="noreferrer">
                          {`Open as ${item.to}: ${link}`}
                        </Link>
                      ))}
                    </div>
                  )}
                  <details>
                    <summary>The mail's text</summary>
                    <pre className={styles.text}>{item.text}</pre>
                  </details>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
