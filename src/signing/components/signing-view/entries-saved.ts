/** All entries' save state in one: saving while any is on its way, failed while any is not saved, saved once one was. */
import type { SaveState } from "../FieldEditor";

export function entriesSavedOf(saveStates: Readonly<Record<string, SaveState>>): SaveState {
  const states = Object.values(saveStates);
  return states.some((s) => s === "saving" || s === "pending")
    ? "saving"
    : states.includes("failed")
      ? "failed"
      : states.includes("saved")
        ? "saved"
        : "idle";
}
