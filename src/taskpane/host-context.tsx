/**
 * The Outlook host (src/outlook adapter) for the views, and the current item's mode. The task pane
 * reaches Office only through this adapter. `host` is null when the pane runs outside Outlook.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { ItemMode, OutlookHost } from "../outlook";

interface HostState {
  host: OutlookHost | null;
  /** Bumped when the user selects another item (pinned pane): views re-read the item. */
  itemVersion: number;
}

const HostContext = createContext<HostState>({ host: null, itemVersion: 0 });

export function HostProvider({ host, children }: { host: OutlookHost | null; children: ReactNode }) {
  const [itemVersion, setItemVersion] = useState(0);
  useEffect(() => {
    if (!host) return;
    let unsubscribe: (() => Promise<void>) | null = null;
    let active = true;
    host
      .onItemChanged(() => setItemVersion((v) => v + 1))
      .then((off) => {
        if (active) unsubscribe = off;
        else void off();
      })
      .catch(() => {
        // Hosts without ItemChanged (no pinning): the pane simply doesn't follow the selection.
      });
    return () => {
      active = false;
      void unsubscribe?.();
    };
  }, [host]);
  return <HostContext.Provider value={{ host, itemVersion }}>{children}</HostContext.Provider>;
}

export function useHost(): HostState {
  return useContext(HostContext);
}

/** "read", "compose", or null when no item is open (or outside Outlook). */
export function useItemMode(): ItemMode | null {
  const { host } = useHost();
  if (!host) return null;
  try {
    return host.hasItem() ? host.mode() : null;
  } catch {
    return null;
  }
}
