/**
 * The signing page: asks the service what the link is (GET /api/v1/signing/{token}) and shows the
 * matching page: the access-code prompt, the signing view, or a page that says plainly why there is
 * nothing to sign (not your turn, done, done by another member of the group, declined, voided,
 * expired, reassigned, not a valid link). After finish or decline, a link made with a returnUrl
 * (signing-url) sends the signer there.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { SigningApiError, type SigningApi } from "../api";
import type { PdfLoader } from "../pdf";
import type { SigningSession } from "../types";
import { AccessCodeForm } from "./AccessCodeForm";
import { NarrowPage } from "./NarrowPage";
import { SigningView } from "./SigningView";
import { StatePage } from "./StatePage";
import { signingWindowMessage } from "../../shared/signing-window-message";

type Phase =
  | { kind: "loading" }
  | { kind: "invalid" }
  | { kind: "failed"; message: string }
  | { kind: "session"; session: SigningSession; justDone: boolean };

/**
 * Tells the window that opened the page that the signer is done: an Office dialog's parent through
 * messageParent (when Office.js is on the page), or the opener (the pane's window, the workbench's
 * simulated dialog). Nothing else is said: no token, no values.
 */
export function tellOpener(state: string, win: Window = window): void {
  const message = signingWindowMessage(state);
  const office = (
    win as unknown as { Office?: { context?: { ui?: { messageParent?: (m: string) => void } } } }
  ).Office;
  try {
    if (typeof office?.context?.ui?.messageParent === "function") {
      office.context.ui.messageParent(message);
      return;
    }
    win.opener?.postMessage(message, "*");
  } catch {
    // The opener went away or forbids it: the pane reads the package's state anyway.
  }
}

/** Where the page goes after finish or decline, when the link has a returnUrl (http or https only). */
function returnTo(session: SigningSession): string | null {
  const url = session.returnUrl;
  return url && /^https?:\/\//i.test(url) ? url : null;
}

export function App({
  api,
  pdf,
  navigate = (url) => window.location.assign(url),
}: {
  api: SigningApi | null;
  pdf: PdfLoader;
  /** Leaves the page for another address (tests pass their own). */
  navigate?: (url: string) => void;
}) {
  const [phase, setPhase] = useState<Phase>(api ? { kind: "loading" } : { kind: "invalid" });
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    if (!api) return;
    setPhase({ kind: "loading" });
    try {
      setPhase({ kind: "session", session: await api.session(), justDone: false });
    } catch (error) {
      if (error instanceof SigningApiError && error.status === 404) setPhase({ kind: "invalid" });
      else setPhase({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  // A new page (not a re-render): its heading takes the focus, so a screen reader says where the
  // signer is and the keyboard starts from the top.
  const pageKey =
    phase.kind === "session" ? `${phase.kind}:${phase.session.state}:${phase.justDone}` : phase.kind;
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      if (phase.kind === "loading") return;
    }
    heading.current?.focus();
  }, [pageKey, phase.kind]);

  const title =
    phase.kind === "session" ? phase.session.package.name || "Documents to sign" : "Sign for Outlook";
  useEffect(() => {
    document.title = `${title} – Sign for Outlook`;
  }, [title]);

  if (phase.kind === "loading") {
    return <NarrowPage title="Opening your documents…" headingRef={heading} busy />;
  }
  if (phase.kind === "invalid") {
    return (
      <NarrowPage title="This link is not valid" headingRef={heading}>
        <p>
          The address may be cut off or changed. Open the link again from the email you received, or ask the
          sender for a new one.
        </p>
      </NarrowPage>
    );
  }
  if (phase.kind === "failed") {
    return (
      <NarrowPage title="The documents could not be opened" headingRef={heading}>
        <p role="alert">{phase.message}</p>
        <button type="button" className="button primary" onClick={() => void load()}>
          Try again
        </button>
      </NarrowPage>
    );
  }

  const { session } = phase;
  if (session.state === "AccessCodeRequired") {
    return (
      <AccessCodeForm
        api={api!}
        session={session}
        headingRef={heading}
        onAccepted={(next) => setPhase({ kind: "session", session: next, justDone: false })}
      />
    );
  }
  if (session.state === "Ready") {
    return (
      <SigningView
        api={api!}
        session={session}
        pdf={pdf}
        headingRef={heading}
        onDone={(next) => {
          setPhase({ kind: "session", session: next, justDone: true });
          tellOpener(next.state);
          // An embedded signing (a signing-url link with returnUrl, contract §6.3) goes back to the
          // app that opened it, which learns the outcome from the API or its webhooks.
          const back = returnTo(next);
          if (back) navigate(back);
        }}
        onReload={() => void load()}
      />
    );
  }
  return <StatePage session={session} justDone={phase.justDone} headingRef={heading} api={api!} pdf={pdf} />;
}
