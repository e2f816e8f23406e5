/** The field the guide is on: where it is (its number, document and page) and its control. */
import type { RefObject } from "react";
import type { SigningField, SigningSession } from "../../types";
import { FieldEditor } from "../FieldEditor";
import type { FieldSaves } from "./use-field-saves";

export function CurrentField({
  field,
  inputs,
  session,
  saves,
  bodyId,
  collapsed,
  editorRef,
  onSigned,
}: {
  field: SigningField;
  inputs: readonly SigningField[];
  session: SigningSession;
  saves: FieldSaves;
  bodyId: string;
  collapsed: boolean;
  editorRef: RefObject<HTMLDivElement | null>;
  onSigned: (field: SigningField, png: string) => void;
}) {
  const index = inputs.findIndex((f) => f.id === field.id);
  const doc = session.documents.find((d) => d.id === field.documentId);
  return (
    <div id={bodyId} className="guide-body" hidden={collapsed}>
      <p className="where">
        Field {index + 1} of {inputs.length}
        {field.required ? "" : " (optional)"}
        {doc ? ` · ${doc.name}, page ${field.page}` : ""}
      </p>
      <div ref={editorRef} className="guide-editor">
        <FieldEditor
          key={field.id}
          field={field}
          value={saves.values[field.id] ?? null}
          error={saves.errors[field.id] ?? null}
          saveState={saves.saveStates[field.id] ?? "idle"}
          entriesSaved={saves.entriesSaved}
          signer={session.signer}
          onChange={(v) => saves.change(field, v)}
          onCommit={(v) => saves.commit(field, v)}
          onAttach={(file) => saves.attach(field, file)}
          onProblem={(message) => saves.setError(field.id, message)}
          onSigned={(png) => onSigned(field, png)}
        />
      </div>
    </div>
  );
}
