/** Marks the page usable once it is on screen: what the browser test measures from opening the link. */
import { useEffect } from "react";

export function useSigningReady() {
  useEffect(() => {
    performance.mark?.("sign-interactive");
    document.documentElement.dataset.signingReady = "true";
  }, []);
}
