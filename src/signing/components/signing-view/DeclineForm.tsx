/** Decline to sign: the reason (required, counted), Cancel and Decline; the keyboard starts in the reason. */
import { useEffect, useId, useRef, useState } from "react";
import { DECLINE_REASON_MAX } from "../../fields";
import { BusyButton } from "../BusyButton";

export function DeclineForm({
  onCancel,
  onDecline,
}: {
  onCancel: () => void;
  onDecline: (reason: string) => Promise<string | null>;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);

  async function submit() {
    if (busy) return;
    const text = reason.trim();
    if (!text) return setError("Say why you are declining; the sender will read it.");
    if (text.length > DECLINE_REASON_MAX) return setError(`Use at most ${DECLINE_REASON_MAX} characters.`);
    setBusy(true);
    setError(await onDecline(text));
    setBusy(false);
  }

  return (
    <form
      className="decline"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>Decline to sign</h2>
      <p>The sender is told, with your reason, and nobody can sign this package any more.</p>
      <div className="form-row">
        <label htmlFor={`${id}-reason`}>Why are you declining? (required)</label>
        <textarea
          id={`${id}-reason`}
          ref={field}
          rows={3}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
          onChange={(e) => setReason(e.target.value)}
        />
        <p id={`${id}-count`} className="hint">
          {reason.trim().length} of {DECLINE_REASON_MAX} characters
        </p>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="button-row">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <BusyButton type="submit" className="button danger" busy={busy}>
          {busy ? "Declining…" : "Decline"}
        </BusyButton>
      </div>
    </form>
  );
}
