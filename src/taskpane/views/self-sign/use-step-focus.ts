import { useEffect, useRef } from "react";
import { SELF_SIGN_HEADING_ID } from "./SelfSignPage";
import type { Phase } from "./phase-reducer";

/**
 * A new step: focus its heading, so keyboard and screen-reader users keep their place (the button
 * they pressed is gone). The fields step focuses its own heading once it is loaded.
 */
export function useStepFocus(kind: Phase["kind"]) {
  const shown = useRef(kind);
  useEffect(() => {
    if (shown.current === kind) return;
    shown.current = kind;
    if (kind !== "fields") document.getElementById(SELF_SIGN_HEADING_ID)?.focus();
  }, [kind]);
}
