/**
 * Signing: the guide (the field it is on, its control, Previous / Next field / Finish) stays at the top
 * of the screen while the documents scroll beneath it with the signer's fields on the pages. Every
 * value is saved as the signer goes (PUT .../fields/{id}), one request at a time per field, so leaving
 * and coming back with the same link finds them again. Finish first saves what is pending, then says
 * next to each required field that is still empty what is missing.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type RefObject } from "react";
import { SigningApiError, type SigningApi } from "../api";
import {
  DECLINE_REASON_MAX,
  checkValue,
  fieldName,
  hasValue,
  inputFields,
  missingRequired,
  nextField,
  previousField,
  progressOf,
} from "../fields";
import type { PdfLoader } from "../pdf";
import type { SigningField, SigningSession } from "../types";
import { DocumentPages, fieldElementId } from "./DocumentPages";
import { FieldEditor, type SaveState } from "./FieldEditor";
import { sender } from "./words";

type Dict<T> = Record<string, T>;

/** When the signer pauses typing this long, the text is saved. */
const TYPING_PAUSE_MS = 700;

function DeclineForm({
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
        <button type="submit" className="button danger" disabled={busy}>
          {busy ? "Declining…" : "Decline"}
        </button>
      </div>
    </form>
  );
}

export function SigningView({
  api,
  session,
  pdf,
  headingRef,
  onDone,
  onReload,
}: {
  api: SigningApi;
  session: SigningSession;
  pdf: PdfLoader;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The session after finishing or declining. */
  onDone: (session: SigningSession) => void;
  /** The link changed under the page (voided, access code asked again): ask the service what it is now. */
  onReload: () => void;
}) {
  const fields = session.fields;
  const byId = useMemo(() => new Map(fields.map((f) => [f.id, f])), [fields]);
  const inputs = useMemo(() => inputFields(fields), [fields]);
  const initial = useMemo(() => Object.fromEntries(fields.map((f) => [f.id, f.value])), [fields]);
  const [values, setValues] = useState<Dict<string | null>>(initial);
  const saved = useRef<Dict<string | null>>({ ...initial });
  const [saveStates, setSaveStates] = useState<Dict<SaveState>>({});
  const [errors, setErrors] = useState<Dict<string | null>>({});
  const [currentId, setCurrentId] = useState<string | null>(
    () => nextField(fields, initial, null)?.id ?? null,
  );
  const [declining, setDeclining] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);
  const chains = useRef(new Map<string, Promise<void>>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const editor = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const declineButton = useRef<HTMLButtonElement>(null);
  const finishButton = useRef<HTMLButtonElement>(null);
  // The guide folded to its progress line and buttons, so that more of the documents shows.
  const [collapsed, setCollapsed] = useState(false);
  const guideBodyId = useId();
  const valuesRef = useRef(values);
  valuesRef.current = values;

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => clearTimeout(t));
  }, []);

  // The page is usable: what the browser test measures from opening the link.
  useEffect(() => {
    performance.mark?.("sign-interactive");
    document.documentElement.dataset.signingReady = "true";
  }, []);

  const setError = useCallback((id: string, message: string | null) => {
    setErrors((e) => (e[id] === message ? e : { ...e, [id]: message }));
  }, []);
  const setSaveState = useCallback((id: string, state: SaveState) => {
    setSaveStates((s) => ({ ...s, [id]: state }));
  }, []);

  const writeFailed = useCallback(
    (field: SigningField, error: unknown) => {
      setSaveState(field.id, "failed");
      if (error instanceof SigningApiError) {
        if (error.code === "access_code_required" || error.code === "invalid_state" || error.status === 404) {
          onReload();
          return;
        }
        const own = error.fieldProblems.find((p) => p.fieldId === field.id);
        if (error.code === "network") {
          setError(
            field.id,
            "Not saved: the service could not be reached. What you entered is kept; try again.",
          );
        } else {
          setError(field.id, `Not saved: ${own?.message ?? error.message}`);
        }
        return;
      }
      setError(field.id, `Not saved: ${error instanceof Error ? error.message : String(error)}`);
    },
    [onReload, setError, setSaveState],
  );

  /** Saves a value of a field now (after the field's earlier saves), unless it is what the service has. */
  const save = useCallback(
    (field: SigningField, value: string | null) => {
      const timer = timers.current.get(field.id);
      if (timer) clearTimeout(timer);
      timers.current.delete(field.id);
      const problem = checkValue(field, value);
      if (problem) {
        setError(field.id, problem);
        setSaveState(field.id, "failed");
        return;
      }
      const previous = chains.current.get(field.id) ?? Promise.resolve();
      const next = previous.then(async () => {
        if (value === saved.current[field.id]) {
          setError(field.id, null);
          setSaveStates((s) =>
            s[field.id] === "pending" || s[field.id] === "failed" ? { ...s, [field.id]: "saved" } : s,
          );
          return;
        }
        setSaveState(field.id, "saving");
        try {
          const result = await api.saveField(field.id, value);
          saved.current[field.id] = result.value;
          setSaveState(field.id, "saved");
          setError(field.id, null);
        } catch (error) {
          writeFailed(field, error);
        }
      });
      chains.current.set(field.id, next);
    },
    [api, setError, setSaveState, writeFailed],
  );

  const attach = useCallback(
    (field: SigningField, file: File) => {
      setError(field.id, null);
      const previous = chains.current.get(field.id) ?? Promise.resolve();
      const next = previous.then(async () => {
        setSaveState(field.id, "saving");
        try {
          const result = await api.attach(field.id, file);
          saved.current[field.id] = result.value;
          setValues((v) => ({ ...v, [field.id]: result.value }));
          setSaveState(field.id, "saved");
        } catch (error) {
          writeFailed(field, error);
        }
      });
      chains.current.set(field.id, next);
    },
    [api, setError, setSaveState, writeFailed],
  );

  /** Typed text: shown at once, saved when the signer pauses (or leaves the control). */
  const change = useCallback(
    (field: SigningField, value: string | null) => {
      setValues((v) => ({ ...v, [field.id]: value }));
      setSaveState(field.id, "pending");
      const timer = timers.current.get(field.id);
      if (timer) clearTimeout(timer);
      timers.current.set(
        field.id,
        setTimeout(() => save(field, value), TYPING_PAUSE_MS),
      );
    },
    [save, setSaveState],
  );

  const commit = useCallback(
    (field: SigningField, value: string | null) => {
      setValues((v) => ({ ...v, [field.id]: value }));
      save(field, value);
    },
    [save],
  );

  /**
   * Saves every value the service does not have yet (text waiting for a pause in typing, a save that
   * failed on the network), then waits for every save.
   */
  const flush = useCallback(async () => {
    for (const field of inputs) {
      if (field.type === "Attachment") continue;
      const value = valuesRef.current[field.id] ?? null;
      if (timers.current.has(field.id) || value !== saved.current[field.id]) save(field, value);
    }
    await Promise.all(chains.current.values());
  }, [inputs, save]);

  const goTo = useCallback((id: string | null) => {
    moved.current = true;
    setCollapsed(false);
    setCurrentId(id);
  }, []);

  // After "Next field", "Previous" or a click on a field: show it on its page and put the keyboard in it.
  useEffect(() => {
    if (!moved.current || currentId === null) return;
    moved.current = false;
    document.getElementById(fieldElementId(currentId))?.scrollIntoView?.({ block: "center" });
    const control = editor.current?.querySelector<HTMLElement>(
      "input:not([type=hidden]):not([disabled]), select, textarea, button:not([disabled])",
    );
    control?.focus({ preventScroll: true });
  }, [currentId]);

  const current = currentId ? (byId.get(currentId) ?? null) : null;
  // All entries: saving while any is on its way, failed while any is not saved, saved once one was.
  const states = Object.values(saveStates);
  const entriesSaved: SaveState = states.some((s) => s === "saving" || s === "pending")
    ? "saving"
    : states.includes("failed")
      ? "failed"
      : states.includes("saved")
        ? "saved"
        : "idle";
  const progress = progressOf(fields, values);
  const allRequiredDone = progress.requiredDone === progress.requiredTotal;

  function next() {
    if (current && timers.current.has(current.id)) save(current, values[current.id] ?? null);
    goTo(nextField(fields, values, currentId)?.id ?? null);
  }

  /** After "Sign with this signature": on to the next empty field, or to Finish when none is left. */
  function afterSigned(field: SigningField, png: string) {
    const after = { ...valuesRef.current, [field.id]: png };
    const following = nextField(fields, after, field.id);
    if (following && following.id !== field.id && !hasValue(after[following.id])) goTo(following.id);
    else finishButton.current?.focus();
  }

  async function finish() {
    setFinishError(null);
    await flush();
    const missing = missingRequired(fields, valuesRef.current);
    if (missing.length > 0) {
      setErrors((e) => {
        const out = { ...e };
        for (const f of missing) out[f.id] = `${fieldName(f)} is required: fill it in before finishing.`;
        return out;
      });
      setFinishError(
        missing.length === 1
          ? "One required field is still empty; it is selected above."
          : `${missing.length} required fields are still empty; the first is selected above.`,
      );
      goTo(missing[0]!.id);
      return;
    }
    const unsaved = inputs.find((f) => valuesRef.current[f.id] !== saved.current[f.id]);
    if (unsaved) {
      setFinishError(`${fieldName(unsaved)} is not saved yet; see the message next to it.`);
      goTo(unsaved.id);
      return;
    }
    setFinishing(true);
    try {
      onDone(await api.finish());
    } catch (error) {
      setFinishing(false);
      if (error instanceof SigningApiError) {
        if (error.code === "access_code_required" || error.code === "invalid_state" || error.status === 404) {
          onReload();
          return;
        }
        if (error.fieldProblems.length > 0) {
          setErrors((e) => {
            const out = { ...e };
            for (const p of error.fieldProblems) out[p.fieldId] = p.message;
            return out;
          });
          const first = inputs.find((f) => error.fieldProblems.some((p) => p.fieldId === f.id));
          if (first) goTo(first.id);
        }
      }
      setFinishError(`Not finished: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function decline(reason: string): Promise<string | null> {
    try {
      onDone(await api.decline(reason));
      return null;
    } catch (error) {
      if (
        error instanceof SigningApiError &&
        (error.code === "access_code_required" || error.code === "invalid_state")
      ) {
        onReload();
        return null;
      }
      return error instanceof Error ? error.message : String(error);
    }
  }

  const pkg = session.package;
  const index = current ? inputs.findIndex((f) => f.id === current.id) : -1;
  const doc = current ? session.documents.find((d) => d.id === current.documentId) : undefined;
  const hasAuto = fields.some((f) => f.auto);

  return (
    <div className="page signing">
      <header className="top">
        <div className="top-text">
          <p className="brand">Sign for Outlook</p>
          <h1 ref={headingRef} tabIndex={-1}>
            {pkg.name}
          </h1>
          <p className="from">From {sender(session)}</p>
        </div>
        {!declining && (
          <button
            ref={declineButton}
            type="button"
            className="button subtle"
            onClick={() => setDeclining(true)}
          >
            Decline
          </button>
        )}
      </header>
      {pkg.emailMessage && <p className="message">{pkg.emailMessage}</p>}
      <p className="hint intro">
        Fill in your fields, then select Finish. What you enter is saved as you go: you can leave and come
        back with the same link.
        {hasAuto ? " Your name, email and the date are filled in for you when you finish." : ""}
      </p>

      <section className="guide" aria-label="Your fields">
        {declining ? (
          <DeclineForm
            onCancel={() => {
              setDeclining(false);
              setTimeout(() => declineButton.current?.focus(), 0);
            }}
            onDecline={decline}
          />
        ) : (
          <>
            <div className="guide-head">
              <p className="progress" aria-live="polite">
                {progress.requiredTotal > 0
                  ? `${progress.requiredDone} of ${progress.requiredTotal} required fields filled`
                  : `${progress.done} of ${progress.total} fields filled`}
              </p>
              {current && (
                <button
                  type="button"
                  className="button subtle toggle"
                  aria-expanded={!collapsed}
                  aria-controls={guideBodyId}
                  onClick={() => setCollapsed((c) => !c)}
                >
                  {collapsed ? "Show field" : "Hide field"}
                </button>
              )}
            </div>
            {current ? (
              <div id={guideBodyId} className="guide-body" hidden={collapsed}>
                <p className="where">
                  Field {index + 1} of {inputs.length}
                  {current.required ? "" : " (optional)"}
                  {doc ? ` · ${doc.name}, page ${current.page}` : ""}
                </p>
                <div ref={editor} className="guide-editor">
                  <FieldEditor
                    key={current.id}
                    field={current}
                    value={values[current.id] ?? null}
                    error={errors[current.id] ?? null}
                    saveState={saveStates[current.id] ?? "idle"}
                    entriesSaved={entriesSaved}
                    signer={session.signer}
                    onChange={(v) => change(current, v)}
                    onCommit={(v) => commit(current, v)}
                    onAttach={(file) => attach(current, file)}
                    onProblem={(message) => setError(current.id, message)}
                    onSigned={(png) => afterSigned(current, png)}
                  />
                </div>
              </div>
            ) : (
              <p>You have no fields to fill in: read the documents, then select Finish.</p>
            )}
            <div className="button-row">
              {inputs.length > 1 && (
                <button
                  type="button"
                  className="button"
                  onClick={() => goTo(previousField(fields, currentId)?.id ?? null)}
                >
                  Previous
                </button>
              )}
              {inputs.length > 0 && (
                <button type="button" className={`button${allRequiredDone ? "" : " primary"}`} onClick={next}>
                  Next field
                </button>
              )}
              <button
                ref={finishButton}
                type="button"
                className={`button${allRequiredDone ? " primary" : ""}`}
                disabled={finishing}
                onClick={() => void finish()}
              >
                {finishing ? "Finishing…" : "Finish"}
              </button>
            </div>
            {finishError && (
              <p className="field-error" role="alert">
                {finishError}
              </p>
            )}
          </>
        )}
      </section>

      <section className="documents" aria-label="Documents">
        <DocumentPages
          api={api}
          pdf={pdf}
          documents={session.documents}
          fields={fields}
          values={values}
          currentId={currentId}
          signer={session.signer}
          onSelect={(id) => {
            if (current && timers.current.has(current.id)) save(current, values[current.id] ?? null);
            goTo(id);
          }}
        />
      </section>
      <p className="hint legal">
        By selecting Finish you sign these documents electronically, and agree that your electronic signature
        is as valid as one on paper.
      </p>
    </div>
  );
}
