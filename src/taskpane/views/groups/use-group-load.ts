import { useEffect, useState } from "react";
import { isApiError } from "../../../api/errors";
import type { SigningGroup, SigningGroupMember } from "../../../api/signing-groups";
import { useGroups } from "./groups-context";

export type MembersLoad =
  | { status: "loading" }
  | { status: "ready"; members: SigningGroupMember[] }
  | { status: "failed"; error: unknown };

/**
 * One group as the service has it and its members, read again whenever the pane changes groups.
 * The members already shown stay while they are read again; a failed read of the group keeps the last.
 */
export function useGroupLoad(initial: SigningGroup) {
  const { api, revision } = useGroups();
  const [group, setGroup] = useState(initial);
  const [members, setMembers] = useState<MembersLoad>({ status: "loading" });

  useEffect(() => {
    const abort = new AbortController();
    api.members(group.id, { signal: abort.signal }).then(
      (list) => setMembers({ status: "ready", members: list }),
      (error: unknown) => {
        if (!(isApiError(error) && error.kind === "cancelled")) setMembers({ status: "failed", error });
      },
    );
    api.get(group.id, { signal: abort.signal }).then(setGroup, () => undefined);
    return () => abort.abort();
  }, [api, group.id, revision]);

  return { group, setGroup, members };
}
