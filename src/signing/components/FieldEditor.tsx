/**
 * The control for the field the guide is on, by type, with its label, what is wrong next to it, and
 * whether its value is saved. Choices save at once; typed text saves as the signer pauses and when
 * the control loses focus (SigningView decides when).
 */
import { useId } from "react";
import { ATTACHMENT_TYPES, checkAttachment, fieldName } from "../fields";
import type { SigningField, SigningSession } from "../types";
import { SignatureEditor } from "./SignatureEditor";

/** "pending": typed text waiting for a pause in typing before it is saved. */
export type SaveState = "idle" | "pending" | "saving" | "saved" | "failed";

export function FieldEditor({
  field,
  value,
  error,
  saveState,
  entriesSaved,
  signer,
  onChange,
  onCommit,
  onAttach,
  onProblem,
  onSigned,
}: {
  field: SigningField;
  value: string | null;
  error: string | null;
  saveState: SaveState;
  /**
   * Whether everything the signer entered so far (in any field) is saved: what the line under the
   * control says, since "Saved" about only the field just opened would say nothing after moving on.
   */
  entriesSaved: SaveState;
  signer: SigningSession["signer"];
  /** The signer changed the value (typed text: saved a little later). */
  onChange: (value: string | null) => void;
  /** Save this value now. */
  onCommit: (value: string | null) => void;
  onAttach: (file: File) => void;
  onProblem: (message: string | null) => void;
  /** A signature or initials was adopted ("Sign with this …"): the guide goes on. */
  onSigned?: (png: string) => void;
}) {
  const id = useId();
  const controlId = `${id}-control`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const name = fieldName(field);
  const needed = field.required ? "required" : "optional";
  const describedBy = `${hintId}${error ? ` ${errorId}` : ""}`;
  const invalid = error ? true : undefined;
  const text = value ?? "";
  const busy = saveState === "saving";

  let control;
  switch (field.type) {
    case "Checkbox":
      control = (
        <label className="checkbox-row" htmlFor={controlId}>
          <input
            id={controlId}
            type="checkbox"
            checked={value === "true"}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => onCommit(e.target.checked ? "true" : "false")}
          />
          {name} <span className="needed">({needed})</span>
        </label>
      );
      break;
    case "RadioGroup":
      control = (
        <fieldset className="choice-list" aria-describedby={describedBy} aria-invalid={invalid}>
          <legend>
            {name} <span className="needed">({needed})</span>
          </legend>
          {(field.options ?? []).map((option, i) => (
            <label key={option} htmlFor={`${controlId}-${i}`}>
              <input
                id={`${controlId}-${i}`}
                type="radio"
                name={controlId}
                value={option}
                checked={value === option}
                onChange={() => onCommit(option)}
              />
              {option}
            </label>
          ))}
        </fieldset>
      );
      break;
    case "Dropdown":
      control = (
        <>
          <label htmlFor={controlId}>
            {name} <span className="needed">({needed})</span>
          </label>
          <select
            id={controlId}
            value={text}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => onCommit(e.target.value || null)}
          >
            <option value="">Choose…</option>
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </>
      );
      break;
    case "Signature":
    case "Initials":
      control = (
        <>
          <p className="editor-label" id={controlId}>
            {name} <span className="needed">({needed})</span>
          </p>
          <SignatureEditor
            kind={field.type}
            name={signer.name}
            value={value}
            describedBy={`${controlId} ${describedBy}`}
            busy={busy}
            onAdopt={(png) => {
              onCommit(png);
              if (png !== null) onSigned?.(png);
            }}
            onProblem={onProblem}
          />
        </>
      );
      break;
    case "Attachment":
      control = (
        <>
          <label htmlFor={controlId}>
            {name} <span className="needed">({needed})</span>
          </label>
          {value && <p className="attached">Attached: {value}</p>}
          <input
            id={controlId}
            type="file"
            accept={ATTACHMENT_TYPES.join(",")}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            // Off while the upload is in flight, yet focusable (see BusyButton): no file chooser then.
            aria-disabled={busy || undefined}
            onClick={(e) => {
              if (busy) e.preventDefault();
            }}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              const problem = checkAttachment(file);
              if (problem) onProblem(problem);
              else onAttach(file);
            }}
          />
        </>
      );
      break;
    default: {
      const kind = field.type === "Date" ? "date" : "text";
      control = (
        <>
          <label htmlFor={controlId}>
            {name} <span className="needed">({needed})</span>
          </label>
          <input
            id={controlId}
            type={kind}
            inputMode={field.type === "Number" ? "decimal" : undefined}
            autoComplete={
              field.type === "Company"
                ? "organization"
                : field.type === "Title"
                  ? "organization-title"
                  : "off"
            }
            value={text}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) =>
              kind === "date" ? onCommit(e.target.value || null) : onChange(e.target.value || null)
            }
            onBlur={() => kind !== "date" && onCommit(value)}
          />
        </>
      );
    }
  }

  const hint =
    field.type === "Number"
      ? "A number, such as 1250 or 12.5."
      : field.type === "Attachment"
        ? "A PDF, PNG or JPEG file of at most 10 MB."
        : field.type === "Date"
          ? "Pick or type a date."
          : "";

  return (
    <div className="editor" data-field-type={field.type}>
      {control}
      <p id={hintId} className="hint">
        {hint}
      </p>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="save-state" aria-live="polite">
        {entriesSaved === "saving" || entriesSaved === "pending"
          ? "Saving…"
          : entriesSaved === "saved"
            ? "Saved"
            : ""}
      </p>
    </div>
  );
}
