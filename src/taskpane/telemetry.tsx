/**
 * Telemetry in the pane: a TelemetryProvider (inside the session) owns the queue of src/telemetry,
 * and views call `useTelemetry()`:
 *
 *   const track = useTelemetry();
 *   const action = track.actionStarted("groups.create");
 *   try { ...; action.succeeded(); } catch (error) { action.failed(error); }
 *
 * What can be sent is fixed by src/telemetry/catalogue.ts: ids, durations and codes, never text.
 * Off when the user turns it off in Settings (kept in localStorage) or the tenant has it off.
 *
 * The queue itself (src/telemetry/pane.ts) loads with import() after the first paint; events tracked
 * before it arrives wait here, a few at most.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { OfficeClientInfo } from "../outlook";
import type { TelemetryActionId, TelemetryEventName, TelemetryViewId } from "../telemetry/catalogue";
import type { TelemetryClient, TelemetryTransport } from "../telemetry/client";
import { errorCodeOf, statusOf } from "../telemetry/codes";
import type { TelemetryFetch } from "../telemetry/transport";
import { useItemMode } from "./host-context";
import { useSession } from "./session";

/** Set by webpack's DefinePlugin: the manifest version this bundle was built with. */
declare const __SIGN_ADDIN_VERSION__: string;

export const TELEMETRY_SWITCH_KEY = "sign-for-outlook.telemetry";
const EARLY_EVENTS_MAX = 20;

export interface ActionTracker {
  succeeded(): void;
  /** The error's code (ApiError.code, or its class name) and HTTP status go along; its message never does. */
  failed(error: unknown): void;
}

export interface Telemetry {
  paneOpened(view: TelemetryViewId): void;
  viewShown(view: TelemetryViewId): void;
  actionStarted(action: TelemetryActionId): ActionTracker;
  /** The user's switch. */
  userEnabled: boolean;
  setUserEnabled(on: boolean): void;
  /** False once the service said the tenant has telemetry off. */
  tenantEnabled: boolean;
}

const ignored: ActionTracker = { succeeded: () => undefined, failed: () => undefined };

/** Without a provider (tests of single views) nothing is tracked. */
const NO_TELEMETRY: Telemetry = {
  paneOpened: () => undefined,
  viewShown: () => undefined,
  actionStarted: () => ignored,
  userEnabled: false,
  setUserEnabled: () => undefined,
  tenantEnabled: true,
};

const TelemetryContext = createContext<Telemetry>(NO_TELEMETRY);

export function useTelemetry(): Telemetry {
  return useContext(TelemetryContext);
}

type KeyValue = { getItem(key: string): string | null; setItem(key: string, value: string): void };

function localStorageOrNull(): KeyValue | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null;
  }
}

export interface TelemetryProviderProps {
  children: ReactNode;
  /** Which Office client runs the pane (src/outlook's officeClientInfo); null outside Office. */
  office?: OfficeClientInfo | null;
  /** Default: localStorage (the install id and the user's switch). */
  storage?: KeyValue | null;
  /** Tests: another transport or queue timing. */
  transport?: TelemetryTransport;
  flushIntervalMs?: number;
}

export function TelemetryProvider({
  children,
  office = null,
  storage,
  transport,
  flushIntervalMs,
}: TelemetryProviderProps) {
  const session = useSession();
  const store = useMemo(() => (storage === undefined ? localStorageOrNull() : storage), [storage]);
  // Read at send time: the queue outlives a change of service URL or sign-in.
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const mode = useItemMode();
  const modeRef = useRef(mode);
  modeRef.current = mode;

  const [userEnabled, setUserState] = useState(() => {
    try {
      return store?.getItem(TELEMETRY_SWITCH_KEY) !== "off";
    } catch {
      return true;
    }
  });
  const userEnabledRef = useRef(userEnabled);
  userEnabledRef.current = userEnabled;
  const [tenantEnabled, setTenantEnabled] = useState(true);

  const clientRef = useRef<TelemetryClient | null>(null);
  const early = useRef<[TelemetryEventName, Record<string, unknown>][]>([]);
  const track = useMemo(
    () =>
      (name: TelemetryEventName, props: Record<string, unknown>): void => {
        if (clientRef.current) clientRef.current.track(name, props);
        else if (userEnabledRef.current && early.current.length < EARLY_EVENTS_MAX)
          early.current.push([name, props]);
      },
    [],
  );

  useEffect(() => {
    let live = true;
    import(/* webpackChunkName: "telemetry" */ "../telemetry/pane")
      .then(({ createPaneTelemetry }) => {
        if (!live) return;
        const client = createPaneTelemetry({
          office,
          storage: store,
          addinVersion: typeof __SIGN_ADDIN_VERSION__ === "string" ? __SIGN_ADDIN_VERSION__ : "unknown",
          serviceUrl: () => sessionRef.current.serviceUrl,
          token: () =>
            sessionRef.current.signedInWith() !== null
              ? sessionRef.current.tokens.getToken()
              : Promise.resolve(null),
          ...(sessionRef.current.fetch
            ? { fetch: sessionRef.current.fetch as unknown as TelemetryFetch }
            : {}),
          onTenantDisabled: () => setTenantEnabled(false),
          ...(transport ? { transport } : {}),
          ...(flushIntervalMs ? { flushIntervalMs } : {}),
        });
        client.setUserEnabled(userEnabledRef.current);
        clientRef.current = client;
        for (const [name, props] of early.current.splice(0)) client.track(name, props);
      })
      .catch(() => {
        // Without its chunk (offline), the pane works on without telemetry.
      });

    const hide = (): void => clientRef.current?.flushOnHide();
    const hidden = (): void => {
      if (document.visibilityState === "hidden") hide();
    };
    const onError = (event: ErrorEvent): void =>
      track("unexpected_error", { source: "window_error", errorCode: errorCodeOf(event.error) });
    const onRejection = (event: PromiseRejectionEvent): void =>
      track("unexpected_error", { source: "unhandled_rejection", errorCode: errorCodeOf(event.reason) });
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("pagehide", hide);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      live = false;
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", hide);
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
      clientRef.current?.dispose();
      clientRef.current = null;
    };
    // One queue per pane: the session is read through sessionRef at each send.
  }, []);

  useEffect(() => {
    clientRef.current?.setUserEnabled(userEnabled);
    if (!userEnabled) early.current = [];
  }, [userEnabled]);

  const telemetry = useMemo<Telemetry>(
    () => ({
      paneOpened: (view) =>
        track("pane_opened", {
          // Since the page started loading: what the user waited for.
          loadMs: typeof performance !== "undefined" ? performance.now() : 0,
          view,
          mode: modeRef.current ?? "none",
        }),
      viewShown: (view) => track("view_shown", { view }),
      actionStarted: (action) => {
        const started = Date.now();
        track("action_started", { action });
        let done = false;
        return {
          succeeded: () => {
            if (done) return;
            done = true;
            track("action_succeeded", { action, durationMs: Date.now() - started });
          },
          failed: (error) => {
            if (done) return;
            done = true;
            const status = statusOf(error);
            track("action_failed", {
              action,
              durationMs: Date.now() - started,
              errorCode: errorCodeOf(error),
              ...(status === undefined ? {} : { status }),
            });
          },
        };
      },
      userEnabled,
      setUserEnabled: (on) => {
        try {
          store?.setItem(TELEMETRY_SWITCH_KEY, on ? "on" : "off");
        } catch {
          // this pane only
        }
        setUserState(on);
      },
      tenantEnabled,
    }),
    [track, store, userEnabled, tenantEnabled],
  );

  return <TelemetryContext.Provider value={telemetry}>{children}</TelemetryContext.Provider>;
}
