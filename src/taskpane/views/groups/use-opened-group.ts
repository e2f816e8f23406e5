import { useState } from "react";
import type { SigningGroup } from "../../../api/signing-groups";

/** The group opened from the list, and the message it left when closed (e.g. "Deleted …"). */
export function useOpenedGroup() {
  const [open, setOpen] = useState<SigningGroup | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return {
    open,
    notice,
    openGroup: setOpen,
    close: (message?: string) => {
      setOpen(null);
      setNotice(message ?? null);
    },
  };
}
