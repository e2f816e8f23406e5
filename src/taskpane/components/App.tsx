import { useCallback, useEffect, useMemo, useRef, useState } from "react";
// One module per icon: the package's shared icon modules would bring every icon the views use
// from them into the pane's first download.
import type { FluentIcon } from "@fluentui/react-icons";
import { PeopleTeamRegular } from "@fluentui/react-icons/svg/people-team";
import { SendRegular } from "@fluentui/react-icons/svg/send";
import { SettingsRegular } from "@fluentui/react-icons/svg/settings";
import { SignatureRegular } from "@fluentui/react-icons/svg/signature";
import { StatusRegular } from "@fluentui/react-icons/svg/status";
import { TagRegular } from "@fluentui/react-icons/svg/tag";
import { useHost } from "../host-context";
import { useSession } from "../session";
import { prefetchStatus, threadHasPackages, threadListKey } from "../status/prefetch";
import { useTelemetry } from "../telemetry";
import { LazyView, preloadView, type ViewLoader } from "./LazyView";
import { UpdateBanner } from "./UpdateBanner";
import { ViewTabs } from "./ViewTabs";

import { NavigationProvider, type Navigation, type NavigationTarget, type ViewId } from "../navigation";
import { useAppStyles } from "./App.styles";

export type { ViewId };

export interface ViewDefinition {
  id: ViewId;
  label: string;
  icon: FluentIcon;
  load: ViewLoader;
}

// Each view is its own chunk, loaded the first time it is shown.
export const VIEWS: readonly ViewDefinition[] = [
  {
    id: "send",
    label: "Send",
    icon: SendRegular,
    load: () => import(/* webpackChunkName: "view-send" */ "../views/SendView"),
  },
  {
    id: "sign",
    label: "Sign",
    icon: SignatureRegular,
    load: () => import(/* webpackChunkName: "view-self-sign" */ "../views/self-sign/SelfSignView"),
  },
  {
    id: "groups",
    label: "Groups",
    icon: PeopleTeamRegular,
    load: () => import(/* webpackChunkName: "view-groups" */ "../views/GroupsView"),
  },
  {
    id: "tags",
    label: "Tags",
    icon: TagRegular,
    load: () => import(/* webpackChunkName: "view-tags" */ "../views/TagsView"),
  },
  {
    id: "status",
    label: "Status",
    icon: StatusRegular,
    // Prefetched (a <link rel=prefetch> once the pane has loaded, fetched when the browser is idle):
    // choosing Status then waits for no download, only for the view's start.
    load: () => import(/* webpackChunkName: "view-status", webpackPrefetch: true */ "../views/StatusView"),
  },
  {
    id: "settings",
    label: "Settings",
    icon: SettingsRegular,
    load: () => import(/* webpackChunkName: "view-settings" */ "../views/SettingsView"),
  },
];

export interface AppProps {
  initialView?: ViewId;
  /**
   * No view was asked for: the pane opens on `initialView` (Send) and moves to Status when the open
   * message's conversation already has packages, unless the user has chosen a tab meanwhile.
   */
  statusWhenThreadHasPackages?: boolean;
  /** Replaces the view loaders (tests). */
  views?: readonly ViewDefinition[];
}

/** The task pane: a tab list of views. Views once shown stay mounted (hidden), so typed input survives a tab switch. */
export function App({ initialView = "send", statusWhenThreadHasPackages = false, views = VIEWS }: AppProps) {
  const styles = useAppStyles();
  const [selected, setSelected] = useState<ViewId>(initialView);
  const [visited, setVisited] = useState<ReadonlySet<ViewId>>(() => new Set([initialView]));
  const track = useTelemetry();
  // Once: the pane is on screen with its first view.
  useEffect(() => track.paneOpened(initialView), []);

  // The Status view's reads start with its chunk's download, not after it (status/prefetch.ts).
  const session = useSession();
  const { host } = useHost();
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const visitedRef = useRef(visited);
  visitedRef.current = visited;
  const prefetch = useCallback(() => {
    const { signedInWith, serviceUrl, tokens, identity } = sessionRef.current;
    if (signedInWith() === null) return;
    let source = { conversationId: null as string | null, internetMessageId: null as string | null };
    try {
      if (host?.hasItem())
        source = { conversationId: host.conversationId(), internetMessageId: host.internetMessageId() };
    } catch {
      // No item to read: only who is signed in.
    }
    prefetchStatus({ serviceUrl, getToken: () => tokens.getToken(), ...source, identity: identity === null });
  }, [host]);
  // In the first render, not an effect: a view whose module is already loaded renders in this same
  // render, and its effects (RequireIdentity's GET /me, the feed's list) run before App's would, so
  // they would not find the early reads and would ask a second time.
  const prefetched = useRef(false);
  if (!prefetched.current) {
    prefetched.current = true;
    if (initialView === "status") prefetch();
  }

  const selectedRef = useRef(selected);
  const [request, setRequest] = useState<Navigation["request"]>(null);
  /** The user chose a tab (or a view sent them somewhere): the pane no longer moves by itself. */
  const chosen = useRef(false);

  const show = useCallback(
    (id: ViewId): void => {
      if (id !== selectedRef.current) track.viewShown(id);
      // First shown: its feed's first reads are what the prefetch asks (later it polls with ETags).
      if (id === "status" && !visitedRef.current.has("status")) prefetch();
      // The view's module starts downloading now, not after React has rendered the tab change.
      const view = views.find((v) => v.id === id);
      if (view) preloadView(view.load).catch(() => undefined);
      selectedRef.current = id;
      setSelected(id);
      setVisited((seen) => (seen.has(id) ? seen : new Set([...seen, id])));
    },
    [track, prefetch, views],
  );
  const select = (id: ViewId): void => {
    chosen.current = true;
    show(id);
  };

  // A conversation that already has packages opens on Status, where the user follows
  // them; otherwise Send. The thread's list is the Status view's own early read (taken by it later).
  useEffect(() => {
    if (!statusWhenThreadHasPackages || initialView === "status") return;
    if (!views.some((v) => v.id === "status")) return;
    let source = { conversationId: null as string | null, internetMessageId: null as string | null };
    try {
      if (host?.hasItem())
        source = { conversationId: host.conversationId(), internetMessageId: host.internetMessageId() };
    } catch {
      return;
    }
    const key = threadListKey(source);
    if (!key || sessionRef.current.signedInWith() === null) return;
    prefetch();
    let alive = true;
    threadHasPackages(key).then(
      (has) => {
        if (alive && has && !chosen.current && selectedRef.current === initialView) show("status");
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  const navigation = useMemo<Navigation>(
    () => ({
      request,
      navigate: (target: NavigationTarget) => {
        chosen.current = true;
        setRequest((last) => ({ ...target, seq: (last?.seq ?? 0) + 1 }));
        show(target.view);
        // Focus follows the user to the view they were sent to (keyboard and screen readers).
        requestAnimationFrame(() => document.getElementById(`tab-${target.view}`)?.focus());
      },
    }),
    [request, show],
  );

  return (
    <NavigationProvider value={navigation}>
      <div className={styles.root}>
        <UpdateBanner />
        <ViewTabs tabs={views} selected={selected} onSelect={select} label="Sign for Outlook views" />
        {views.map(({ id, label, load }) =>
          visited.has(id) ? (
            <div
              key={id}
              id={`panel-${id}`}
              role="tabpanel"
              aria-labelledby={`tab-${id}`}
              hidden={id !== selected}
              className={styles.panel}
            >
              <LazyView label={label} load={load} />
            </div>
          ) : null,
        )}
      </div>
    </NavigationProvider>
  );
}
