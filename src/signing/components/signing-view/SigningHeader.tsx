/** The page's top: the package's name (where the keyboard starts), who sent it, and Decline. */
import type { RefObject } from "react";
import type { SigningSession } from "../../types";
import { sender } from "../words";

export function SigningHeader({
  session,
  headingRef,
  declineButton,
  showDecline,
  onDecline,
}: {
  session: SigningSession;
  headingRef: RefObject<HTMLHeadingElement | null>;
  declineButton: RefObject<HTMLButtonElement | null>;
  showDecline: boolean;
  onDecline: () => void;
}) {
  return (
    <header className="top">
      <div className="top-text">
        <p className="brand">Sign for Outlook</p>
        <h1 ref={headingRef} tabIndex={-1}>
          {session.package.name}
        </h1>
        <p className="from">From {sender(session)}</p>
      </div>
      {showDecline && (
        <button ref={declineButton} type="button" className="button subtle" onClick={onDecline}>
          Decline
        </button>
      )}
    </header>
  );
}
