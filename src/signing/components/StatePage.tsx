/**
 * Pages for a link with nothing to sign now: each says what happened and what, if anything, the
 * signer can do. Where the service still shows the documents (not your turn yet, completed) they
 * follow, read-only.
 */
import type { ReactNode, RefObject } from "react";
import type { SigningApi } from "../api";
import type { PdfLoader } from "../pdf";
import type { SigningSession } from "../types";
import { DocumentPages } from "./DocumentPages";
import { formatDate, sender } from "./words";

function content(session: SigningSession, justDone: boolean): { title: string; body: ReactNode } {
  const pkg = session.package;
  const who = sender(session);
  switch (session.state) {
    case "NotYourTurn":
      return {
        title: "It is not your turn to sign yet",
        body: (
          <p>
            {who} asked others to sign “{pkg.name}” before you. You will get an email when it is your turn;
            you can read the documents below meanwhile.
          </p>
        ),
      };
    case "Completed":
      return justDone
        ? {
            title: "Thank you, you have signed",
            // The last signature completes the package: say so, and what comes next (domain/outbox.ts).
            body:
              pkg.status === "Completed" ? (
                <p>
                  Your signature on “{pkg.name}” is saved, and everyone has now signed. The signed documents
                  are being sealed; you and {who === "The sender" ? "the sender" : who} will get them by email
                  in a few minutes. You can close this page.
                </p>
              ) : (
                <p>
                  Your signature on “{pkg.name}” is saved. {who} has been told; when everyone has signed, the
                  signed documents are sent to you by email. You can close this page.
                </p>
              ),
          }
        : {
            title: "You have already signed",
            body: (
              <p>
                You signed “{pkg.name}”; there is nothing more for you to do. The documents as you signed them
                are below.
              </p>
            ),
          };
    case "CompletedByOther": {
      const by = session.completedBy;
      const group = session.signer.groupName ? ` for ${session.signer.groupName}` : "";
      return {
        title: "Someone else has already signed",
        body: (
          <p>
            {by ? (
              <>
                {by.name} ({by.email}) signed “{pkg.name}”{group}
                {by.completedOn ? ` on ${formatDate(by.completedOn)}` : ""}.
              </>
            ) : (
              <>
                Another member of your group signed “{pkg.name}”{group}.
              </>
            )}{" "}
            One signature was needed from the group, so there is nothing left for you to do.
          </p>
        ),
      };
    }
    case "Declined": {
      const byYou = session.signer.status === "Declined";
      return {
        title: byYou ? "You declined to sign" : "This package was declined",
        body: (
          <>
            <p>
              {byYou
                ? `You declined to sign “${pkg.name}”. ${who} has been told.`
                : `A signer declined to sign “${pkg.name}”, so it cannot be signed any more. ${who} has been told.`}
            </p>
            {session.declineReason && (
              <p>
                <strong>Reason given:</strong> {session.declineReason}
              </p>
            )}
          </>
        ),
      };
    }
    case "Voided":
      return {
        title: "This package was cancelled",
        body: (
          <>
            <p>
              {who} voided “{pkg.name}”: it can no longer be signed.
            </p>
            {session.voidedReason && (
              <p>
                <strong>Reason given:</strong> {session.voidedReason}
              </p>
            )}
          </>
        ),
      };
    case "Expired":
      return {
        title: "This package has expired",
        body: (
          <p>
            “{pkg.name}” could be signed until {formatDate(pkg.expirationDate) || "its expiry date"}. Ask{" "}
            {who} to send it again if it still needs your signature.
          </p>
        ),
      };
    case "Reassigned":
      return {
        title: "This signature was passed to someone else",
        body: (
          <p>
            {who} asked someone else to sign “{pkg.name}” in your place. There is nothing for you to sign; if
            you think this is a mistake, contact the sender.
          </p>
        ),
      };
    default:
      return {
        title: "There is nothing to sign here",
        body: (
          <p>
            The package “{pkg.name}” is {String(pkg.status).toLowerCase()}.
          </p>
        ),
      };
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "where you came from";
  }
}

export function StatePage({
  session,
  justDone,
  headingRef,
  api,
  pdf,
}: {
  session: SigningSession;
  justDone: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  api: SigningApi;
  pdf: PdfLoader;
}) {
  const { title, body } = content(session, justDone);
  const showDocuments = session.documents.length > 0;
  return (
    <div className="page">
      <main className="narrow" data-state={session.state}>
        <p className="brand">Sign for Outlook</p>
        <h1 ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {body}
        {justDone && session.returnUrl && (
          <p role="status">Taking you back to {hostOf(session.returnUrl)}…</p>
        )}
      </main>
      {showDocuments && (
        <section className="documents" aria-label="Documents">
          <DocumentPages
            api={api}
            pdf={pdf}
            documents={session.documents}
            fields={session.fields}
            values={Object.fromEntries(session.fields.map((f) => [f.id, f.value]))}
            currentId={null}
            signer={session.signer}
            onSelect={null}
          />
        </section>
      )}
    </div>
  );
}
