import { useReducer } from "react";
import { SIGNING_GROUP_LIMITS, type BulkDeleteResult, type SigningGroup } from "../../../api/signing-groups";
import { useTelemetry } from "../../telemetry";
import { useGroups } from "./groups-context";

export type BulkOutcome =
  { result: BulkDeleteResult; names: ReadonlyMap<string, string> } | { error: unknown };

export interface GroupSelectionState {
  /** The groups ticked, by id, with their names (they stay ticked across pages). */
  selected: ReadonlyMap<string, string>;
  confirming: boolean;
  deleting: boolean;
  outcome: BulkOutcome | null;
}

export type GroupSelectionAction =
  | { type: "toggled"; group: SigningGroup; on: boolean }
  | { type: "confirmAsked" }
  | { type: "confirmCancelled" }
  | { type: "deleteStarted" }
  /** Those deleted are no longer selected; those that failed stay, to try again. */
  | { type: "deleted"; result: BulkDeleteResult; names: ReadonlyMap<string, string> }
  | { type: "deleteFailed"; error: unknown };

export const initialGroupSelection: GroupSelectionState = {
  selected: new Map(),
  confirming: false,
  deleting: false,
  outcome: null,
};

export function groupSelectionReducer(
  state: GroupSelectionState,
  action: GroupSelectionAction,
): GroupSelectionState {
  switch (action.type) {
    case "toggled": {
      const selected = new Map(state.selected);
      if (action.on) selected.set(action.group.id, action.group.name);
      else selected.delete(action.group.id);
      return { ...state, selected };
    }
    case "confirmAsked":
      return { ...state, confirming: true };
    case "confirmCancelled":
      return { ...state, confirming: false };
    case "deleteStarted":
      return { ...state, confirming: false, deleting: true };
    case "deleted": {
      const { result, names } = action;
      return {
        ...state,
        deleting: false,
        outcome: { result, names },
        selected: new Map([...names].filter(([id]) => !result.results.find((r) => r.id === id)?.success)),
      };
    }
    case "deleteFailed":
      return { ...state, deleting: false, outcome: { error: action.error } };
  }
}

/** The groups ticked in the list, and deleting them together with each one's result. */
export function useGroupSelection() {
  const { api, changed } = useGroups();
  const track = useTelemetry();
  const [state, dispatch] = useReducer(groupSelectionReducer, initialGroupSelection);

  const bulkDelete = async (): Promise<void> => {
    dispatch({ type: "deleteStarted" });
    const names = new Map(state.selected);
    const action = track.actionStarted("groups.bulk_delete");
    try {
      const result = await api.bulkDelete([...names.keys()]);
      action.succeeded();
      dispatch({ type: "deleted", result, names });
      changed();
    } catch (error) {
      action.failed(error);
      dispatch({ type: "deleteFailed", error });
    }
  };

  return {
    ...state,
    tooMany: state.selected.size > SIGNING_GROUP_LIMITS.idsPerBulkDelete,
    toggle: (group: SigningGroup, on: boolean) => dispatch({ type: "toggled", group, on }),
    ask: () => dispatch({ type: "confirmAsked" }),
    cancel: () => dispatch({ type: "confirmCancelled" }),
    bulkDelete,
  };
}
