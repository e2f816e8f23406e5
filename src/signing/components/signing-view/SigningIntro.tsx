/** The sender's message, if any, and what to do on this page. */
import type { SigningSession } from "../../types";

export function SigningIntro({ session }: { session: SigningSession }) {
  const message = session.package.emailMessage;
  const hasAuto = session.fields.some((f) => f.auto);
  return (
    <>
      {message && <p className="message">{message}</p>}
      <p className="hint intro">
        Fill in your fields, then select Finish. What you enter is saved as you go: you can leave and come
        back with the same link.
        {hasAuto ? " Your name, email and the date are filled in for you when you finish." : ""}
      </p>
    </>
  );
}
