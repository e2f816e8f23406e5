/** The access-code prompt (authMethod AccessCode): the sender gave the signer the code some other way. */
import { useId, useState, type FormEvent, type RefObject } from "react";
import { SigningApiError, type SigningApi } from "../api";
import type { SigningSession } from "../types";
import { BusyButton } from "./BusyButton";
import { NarrowPage } from "./NarrowPage";
import { sender } from "./words";

function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? "a minute" : `${m} minutes`;
}

export function AccessCodeForm({
  api,
  session,
  headingRef,
  onAccepted,
}: {
  api: SigningApi;
  session: SigningSession;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onAccepted: (session: SigningSession) => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError("Enter the access code.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.submitAccessCode(code.trim());
      const next = await api.session();
      if (next.state === "AccessCodeRequired")
        setError("The code was accepted but the service asks again. Try once more.");
      else onAccepted(next);
    } catch (e) {
      if (e instanceof SigningApiError && e.code === "invalid_access_code") {
        setError("That code is not right. Check it and try again.");
      } else if (e instanceof SigningApiError && e.status === 429) {
        setError(`Too many wrong codes. Wait ${minutes(e.retryAfter ?? 900)} and try again.`);
      } else {
        setError(e instanceof Error ? e.message : String(e));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <NarrowPage title="Enter your access code" headingRef={headingRef}>
      <p>
        {sender(session)} protected “{session.package.name}” with an access code. They gave it to you apart
        from the email, for example by phone or text message.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="form-row">
          <label htmlFor={inputId}>Access code</label>
          <p id={hintId} className="hint">
            Ask {session.package.senderName || "the sender"} if you do not have it.
          </p>
          <input
            id={inputId}
            type="text"
            autoComplete="one-time-code"
            spellCheck={false}
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${hintId}${error ? ` ${errorId}` : ""}`}
            onChange={(e) => setCode(e.target.value)}
          />
          {error && (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <BusyButton type="submit" className="button primary" busy={busy}>
          {busy ? "Checking…" : "Continue"}
        </BusyButton>
      </form>
    </NarrowPage>
  );
}
