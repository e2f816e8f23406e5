import { useReducer, type FormEvent } from "react";
import type { SigningGroup } from "../../../api/signing-groups";
import { useTelemetry } from "../../telemetry";
import type { ActionState } from "./action-state";
import { descriptionProblem, fieldErrors, nameProblem } from "./CreateGroupForm";
import { useGroups } from "./groups-context";

export type DetailProblems = { name?: string | null; description?: string | null };

export interface GroupSaveState {
  name: string;
  description: string;
  problems: DetailProblems;
  saving: ActionState;
}

export type GroupSaveAction =
  | { type: "nameChanged"; name: string }
  | { type: "descriptionChanged"; description: string }
  /** Save pressed: the problems found are shown, and saving starts only when there are none. */
  | { type: "saveAsked"; problems: DetailProblems }
  | { type: "saved"; group: SigningGroup }
  | { type: "saveFailed"; problems: DetailProblems; error: unknown };

export function startGroupSave(group: SigningGroup): GroupSaveState {
  return { name: group.name, description: group.description ?? "", problems: {}, saving: { status: "idle" } };
}

export function groupSaveReducer(state: GroupSaveState, action: GroupSaveAction): GroupSaveState {
  switch (action.type) {
    case "nameChanged":
      return { ...state, name: action.name };
    case "descriptionChanged":
      return { ...state, description: action.description };
    case "saveAsked":
      return {
        ...state,
        problems: action.problems,
        ...(action.problems.name || action.problems.description ? {} : { saving: { status: "busy" } }),
      };
    case "saved":
      return {
        ...state,
        name: action.group.name,
        description: action.group.description ?? "",
        saving: { status: "done", message: "Saved." },
      };
    case "saveFailed":
      return {
        ...state,
        problems: action.problems,
        saving: { status: "failed", title: "Not saved", error: action.error },
      };
  }
}

/** A group's name and description as edited, and saving them. */
export function useGroupSave(group: SigningGroup, setGroup: (group: SigningGroup) => void) {
  const { api, changed } = useGroups();
  const track = useTelemetry();
  const [state, dispatch] = useReducer(groupSaveReducer, group, startGroupSave);
  const { name, description } = state;

  const dirty = name.trim() !== group.name || description.trim() !== (group.description ?? "");

  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const problems = { name: nameProblem(name), description: descriptionProblem(description) };
    dispatch({ type: "saveAsked", problems });
    if (problems.name || problems.description) return;
    const action = track.actionStarted("groups.update");
    try {
      // "" clears the description (contract §4).
      const updated = await api.update(group.id, { name: name.trim(), description: description.trim() });
      setGroup(updated);
      dispatch({ type: "saved", group: updated });
      action.succeeded();
      changed();
    } catch (error) {
      action.failed(error);
      dispatch({ type: "saveFailed", problems: fieldErrors(error), error });
    }
  };

  return {
    ...state,
    dirty,
    setName: (value: string) => dispatch({ type: "nameChanged", name: value }),
    setDescription: (value: string) => dispatch({ type: "descriptionChanged", description: value }),
    save,
  };
}
