/**
 * The view's tab (This conversation, All packages), the tabs once chosen (mounted from then on), and
 * the package another view sent the user here to see (Send's "see its status").
 */
import { useEffect, useState } from "react";
import { useNavigationRequest } from "../../navigation";

export type StatusTab = "thread" | "all";

export function useStatusTabs() {
  const request = useNavigationRequest("status");
  const [tab, setTab] = useState<StatusTab>("thread");
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set(["thread"]));
  const [focusId, setFocusId] = useState<string | null>(null);

  const seq = request?.seq;
  useEffect(() => {
    if (!request?.packageId) return;
    setFocusId(request.packageId);
    setTab("thread");
  }, [seq]);

  const select = (value: StatusTab) => {
    setTab(value);
    setVisited((seen) => (seen.has(value) ? seen : new Set([...seen, value])));
  };

  return { tab, visited, select, focusId, clearFocus: () => setFocusId(null) };
}
