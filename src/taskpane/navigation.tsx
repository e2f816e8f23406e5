import { createContext, useContext, type ReactNode } from "react";

export type ViewId = "send" | "sign" | "groups" | "tags" | "status" | "settings";

/** What a view may be asked to show when another view switches to it. */
export interface NavigationTarget {
  view: ViewId;
  /** Status view: show this package (e.g. the one just sent). */
  packageId?: string;
}

export interface Navigation {
  /** Switches the pane to another view, optionally pointing it at something to show. */
  navigate(target: NavigationTarget): void;
  /** The last target that named this view, or null; a view reacts when `seq` changes. */
  request: (NavigationTarget & { seq: number }) | null;
}

const NavigationContext = createContext<Navigation>({ navigate: () => {}, request: null });

/** Lets one view send the user to another (Send's "see its status" opens the Status view). */
export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}

/** The latest request addressed to `view`, or null. */
export function useNavigationRequest(view: ViewId): (NavigationTarget & { seq: number }) | null {
  const { request } = useNavigation();
  return request && request.view === view ? request : null;
}
