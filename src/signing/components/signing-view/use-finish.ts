/**
 * Finish: first saves what is pending, then says next to each required field that is still empty what is
 * missing (and goes to the first), else asks the service to finish.
 */
import { useState } from "react";
import { SigningApiError, type SigningApi } from "../../api";
import { fieldName, missingRequired } from "../../fields";
import type { SigningField, SigningSession } from "../../types";
import { linkChanged } from "./link-changed";
import type { FieldSaves } from "./use-field-saves";

export function useFinish({
  api,
  fields,
  inputs,
  saves,
  goTo,
  onDone,
  onReload,
}: {
  api: SigningApi;
  fields: readonly SigningField[];
  inputs: readonly SigningField[];
  saves: FieldSaves;
  goTo: (id: string | null) => void;
  onDone: (session: SigningSession) => void;
  onReload: () => void;
}) {
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);

  async function finish() {
    setFinishError(null);
    await saves.flush();
    const missing = missingRequired(fields, saves.valuesRef.current);
    if (missing.length > 0) {
      saves.setErrorsOf(
        missing.map((f) => [f.id, `${fieldName(f)} is required: fill it in before finishing.`]),
      );
      setFinishError(
        missing.length === 1
          ? "One required field is still empty; it is selected above."
          : `${missing.length} required fields are still empty; the first is selected above.`,
      );
      goTo(missing[0]!.id);
      return;
    }
    const unsaved = inputs.find((f) => !saves.isSaved(f));
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
        if (linkChanged(error)) {
          onReload();
          return;
        }
        if (error.fieldProblems.length > 0) {
          saves.setErrorsOf(error.fieldProblems.map((p) => [p.fieldId, p.message]));
          const first = inputs.find((f) => error.fieldProblems.some((p) => p.fieldId === f.id));
          if (first) goTo(first.id);
        }
      }
      setFinishError(`Not finished: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return { finishing, finishError, finish };
}
