import { useState } from "react";
import type { SigningGroup } from "../../../api/signing-groups";
import { useTelemetry } from "../../telemetry";
import type { ActionState } from "./action-state";
import { useGroups } from "./groups-context";

/** Deleting one group: asking first, then deleting and closing the group with a message. */
export function useGroupDelete(group: SigningGroup, onClose: (message?: string) => void) {
  const { api, changed } = useGroups();
  const track = useTelemetry();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState<ActionState>({ status: "idle" });

  const deleteGroup = async (): Promise<void> => {
    setConfirming(false);
    setDeleting({ status: "busy" });
    const action = track.actionStarted("groups.delete");
    try {
      await api.delete(group.id);
      action.succeeded();
      changed();
      onClose(`Deleted “${group.name}”.`);
    } catch (error) {
      action.failed(error);
      setDeleting({ status: "failed", title: "The group was not deleted", error });
    }
  };

  return {
    confirming,
    deleting,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    deleteGroup,
  };
}
