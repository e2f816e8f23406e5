/** Whether the pane shows this view's tab panel (a view once shown stays mounted, hidden, in App). */
import { useEffect, useState } from "react";

export function usePanelShown(ref: React.RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const panel = ref.current?.closest("[role=tabpanel]");
    if (!panel) return;
    const update = () => setShown(!panel.hasAttribute("hidden"));
    update();
    const observer = new MutationObserver(update);
    observer.observe(panel, { attributes: true, attributeFilter: ["hidden"] });
    return () => observer.disconnect();
  }, [ref]);
  return shown;
}
