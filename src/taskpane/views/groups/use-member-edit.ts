import { useReducer, type FormEvent } from "react";
import { isApiError } from "../../../api/errors";
import { SIGNING_GROUP_LIMITS, type SigningGroupMember } from "../../../api/signing-groups";
import { characters } from "../../../shared/signing-group-rules";
import { useTelemetry } from "../../telemetry";
import type { ActionState } from "./action-state";
import { useGroups } from "./groups-context";

export function emailProblem(email: string): string | null {
  const value = email.trim();
  if (!value) return "Enter an email address.";
  if (characters(value) > SIGNING_GROUP_LIMITS.emailLength)
    return `Use at most ${SIGNING_GROUP_LIMITS.emailLength} characters.`;
  const at = value.lastIndexOf("@");
  if (at <= 0 || at === value.length - 1 || /\s/.test(value))
    return "Enter an address like name@example.com.";
  return null;
}

export interface MemberEditState {
  /** The add form: the address, the optional name, and the address's problem shown. */
  email: string;
  name: string;
  emailShown: string | null;
  adding: ActionState;
  /** The member last removed, while Undo is offered. */
  removed: SigningGroupMember | null;
  removing: ActionState;
}

export type MemberEditAction =
  | { type: "emailChanged"; email: string }
  | { type: "nameChanged"; name: string }
  /** Add pressed: the address's problem is shown, and adding starts only when there is none. */
  | { type: "addAsked"; problem: string | null }
  | { type: "added"; email: string }
  /** The service refused the address: its reason goes next to it. */
  | { type: "addRefused"; message: string }
  | { type: "addFailed"; error: unknown }
  | { type: "removeStarted" }
  | { type: "removed"; member: SigningGroupMember }
  | { type: "removeFailed"; member: SigningGroupMember; error: unknown }
  | { type: "undoStarted" }
  | { type: "undoFailed"; member: SigningGroupMember; error: unknown };

export const initialMemberEdit: MemberEditState = {
  email: "",
  name: "",
  emailShown: null,
  adding: { status: "idle" },
  removed: null,
  removing: { status: "idle" },
};

export function memberEditReducer(state: MemberEditState, action: MemberEditAction): MemberEditState {
  switch (action.type) {
    case "emailChanged":
      return { ...state, email: action.email, emailShown: null };
    case "nameChanged":
      return { ...state, name: action.name };
    case "addAsked":
      return {
        ...state,
        emailShown: action.problem,
        ...(action.problem ? {} : { adding: { status: "busy" } }),
      };
    case "added":
      return { ...state, email: "", name: "", adding: { status: "done", message: `Added ${action.email}.` } };
    case "addRefused":
      return { ...state, emailShown: action.message, adding: { status: "idle" } };
    case "addFailed":
      return { ...state, adding: { status: "failed", title: "Not added", error: action.error } };
    case "removeStarted":
      return { ...state, removing: { status: "busy" } };
    case "removed":
      return { ...state, removed: action.member, removing: { status: "idle" } };
    case "removeFailed":
      return {
        ...state,
        removing: { status: "failed", title: `${action.member.email} was not removed`, error: action.error },
      };
    case "undoStarted":
      return { ...state, removed: null };
    case "undoFailed":
      return {
        ...state,
        removing: {
          status: "failed",
          title: `${action.member.email} was not added back`,
          error: action.error,
        },
      };
  }
}

/** A group's members as changed here: adding one, removing one, and undoing the last removal. */
export function useMemberEdit(groupId: string) {
  const { api, changed } = useGroups();
  const track = useTelemetry();
  const [state, dispatch] = useReducer(memberEditReducer, initialMemberEdit);

  const addMember = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const problem = emailProblem(state.email);
    dispatch({ type: "addAsked", problem });
    if (problem) return;
    const action = track.actionStarted("groups.members.add");
    try {
      const added = await api.addMember(groupId, {
        email: state.email.trim(),
        ...(state.name.trim() ? { name: state.name.trim() } : {}),
      });
      dispatch({ type: "added", email: added.email });
      action.succeeded();
      changed();
    } catch (error) {
      action.failed(error);
      // The service's reason belongs next to the address (duplicate, invalid, group full).
      const onEmail =
        isApiError(error) &&
        (error.code === "duplicate_member" ||
          error.code === "member_limit_reached" ||
          error.errors.some((e) => e.field === "email"));
      if (onEmail && isApiError(error)) {
        dispatch({
          type: "addRefused",
          message: error.errors.find((e) => e.field === "email")?.message ?? error.message,
        });
      } else {
        dispatch({ type: "addFailed", error });
      }
    }
  };

  const removeMember = async (member: SigningGroupMember): Promise<void> => {
    dispatch({ type: "removeStarted" });
    const action = track.actionStarted("groups.members.remove");
    try {
      await api.removeMember(groupId, member.email);
      action.succeeded();
      dispatch({ type: "removed", member });
      changed();
    } catch (error) {
      action.failed(error);
      dispatch({ type: "removeFailed", member, error });
    }
  };

  const undoRemove = async (): Promise<void> => {
    const member = state.removed;
    if (!member) return;
    dispatch({ type: "undoStarted" });
    try {
      await api.addMember(groupId, { email: member.email, ...(member.name ? { name: member.name } : {}) });
      changed();
    } catch (error) {
      dispatch({ type: "undoFailed", member, error });
    }
  };

  return {
    ...state,
    setEmail: (email: string) => dispatch({ type: "emailChanged", email }),
    setName: (name: string) => dispatch({ type: "nameChanged", name }),
    addMember,
    removeMember,
    undoRemove,
  };
}
