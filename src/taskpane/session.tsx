/**
 * The pane's session: the signing service's URL, the sign-in (a TokenSource) and who is signed in.
 * Kept in sessionStorage (URL, token) for this browser session only. Views get an HTTP client bound to
 * it from service-client.ts (kept out of this module so the client loads with the views, lazily).
 *
 * Two ways to sign in: a personal access token (always), and Microsoft (when this build has an Entra
 * client id and the pane runs in an Outlook that can broker it or open a dialog). Signing in one way
 * signs out the other; `tokens` hands out whichever is signed in.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { MeApiResponse } from "../api/client";
import type { FetchLike } from "../api/http";
import {
  builtInEntraConfig,
  createMicrosoftTokenSource,
  createPatTokenSource,
  sessionStorageOrNull,
  type EntraConfig,
  type KeyValueStorage,
  type MicrosoftTokenSource,
  type PatTokenSource,
  type TokenSource,
} from "../auth";
import type { OutlookHost } from "../outlook";
import { useHost } from "./host-context";

export const DEFAULT_SERVICE_URL = "http://127.0.0.1:3001";
export const SERVICE_URL_STORAGE_KEY = "sign-for-outlook.serviceUrl";
/** The Groups view's copy of group memberships: signing out removes it with the token. */
export const GROUP_INDEX_STORAGE_KEY = "sign-for-outlook.groupIndex";

/**
 * Who the credential belongs to: the service's MeApiResponse (GET /api/v1/me, generated type), as the
 * pane keeps it: a credential kind it does not know is kept as sent, a null subject becomes "".
 */
export type Identity = Omit<MeApiResponse, "credentialKind" | "subject"> & {
  credentialKind: string;
  subject: string;
};

export interface Session {
  serviceUrl: string;
  setServiceUrl(url: string): void;
  /** Whichever sign-in is active (Microsoft first), for the HTTP clients. */
  tokens: TokenSource;
  pat: PatTokenSource;
  /** Null when Microsoft sign-in is not offered here (no client id in this build, or not inside Outlook). */
  microsoft: MicrosoftTokenSource | null;
  /** How the user is signed in right now, if at all. */
  signedInWith(): "pat" | "microsoft" | null;
  /** Signs out of both. */
  signOut(): void;
  /** The fetch the HTTP clients use (tests inject one); undefined: the browser's. */
  fetch: FetchLike | undefined;
  identity: Identity | null;
  setIdentity(identity: Identity | null): void;
  /** This browser session's storage (null: memory only), for caches that live as long as the sign-in. */
  storage: KeyValueStorage | null;
}

const SessionContext = createContext<Session | null>(null);

/** A service URL as typed: an error message, or null when it is a usable http(s) URL. */
export function serviceUrlProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return "Enter the address of the signing service, such as https://sign.example.com.";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "This is not a web address. Enter it in full, such as https://sign.example.com.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return "The address must start with https:// or http://.";
  if (url.search || url.hash) return "Leave out anything after ? or #.";
  return null;
}

export function normaliseServiceUrl(value: string): string {
  return value.trim().replace(/\/+$/, "");
}

/** auth-dialog.html beside the pane's own page (the add-in may live under a path). */
export function authDialogUrl(pageUrl: string): string {
  const url = new URL("auth-dialog.html", pageUrl);
  url.search = "";
  url.hash = "";
  return url.href;
}

/** Microsoft sign-in for this build and host, or null where it cannot work. */
export function microsoftTokenSourceFor(
  host: OutlookHost | null,
  config: EntraConfig | null,
  storage: KeyValueStorage | null,
  pageUrl: string,
): MicrosoftTokenSource | null {
  if (!host || !config) return null;
  if (!host.supportsNestedAppAuth() && !host.supportsDialogs()) return null;
  return createMicrosoftTokenSource({ config, host, storage, dialogUrl: authDialogUrl(pageUrl) });
}

export interface SessionProviderProps {
  children: ReactNode;
  /** Default: sessionStorage (memory when the browser refuses it). */
  storage?: KeyValueStorage | null;
  /** Default: the browser's fetch. */
  fetch?: FetchLike;
  /** Default: from this build's Entra configuration and the Outlook host (null: not offered). */
  microsoft?: MicrosoftTokenSource | null;
}

export function SessionProvider({ children, storage, fetch, microsoft: given }: SessionProviderProps) {
  const { host } = useHost();
  const store = useMemo(() => (storage === undefined ? sessionStorageOrNull() : storage), [storage]);
  const pat = useMemo(() => createPatTokenSource(store), [store]);
  const microsoft = useMemo(
    () =>
      given !== undefined
        ? given
        : host && microsoftTokenSourceFor(host, builtInEntraConfig(), store, window.location.href),
    [given, host, store],
  );
  const tokens = useMemo<TokenSource>(
    () => ({
      getToken: () => (microsoft?.isSignedIn() ? microsoft.getToken() : pat.getToken()),
      signOut: () => {
        microsoft?.signOut();
        pat.signOut();
      },
    }),
    [microsoft, pat],
  );
  const signedInWith = useCallback(
    () => (microsoft?.isSignedIn() ? "microsoft" : pat.hasToken() ? "pat" : null),
    [microsoft, pat],
  );
  const [serviceUrl, setUrlState] = useState<string>(() => {
    try {
      return store?.getItem(SERVICE_URL_STORAGE_KEY) || DEFAULT_SERVICE_URL;
    } catch {
      return DEFAULT_SERVICE_URL;
    }
  });
  const [identity, setIdentityState] = useState<Identity | null>(null);
  const setIdentity = useCallback(
    (next: Identity | null) => {
      setIdentityState(next);
      if (next) return;
      try {
        store?.removeItem(GROUP_INDEX_STORAGE_KEY);
      } catch {
        // Nothing kept.
      }
    },
    [store],
  );

  const setServiceUrl = useCallback(
    (url: string) => {
      const value = normaliseServiceUrl(url);
      setUrlState(value);
      try {
        store?.setItem(SERVICE_URL_STORAGE_KEY, value);
      } catch {
        // Kept in memory only.
      }
    },
    [store],
  );

  const session = useMemo<Session>(
    () => ({
      serviceUrl,
      setServiceUrl,
      tokens,
      pat,
      microsoft,
      signedInWith,
      signOut: tokens.signOut,
      fetch,
      identity,
      setIdentity,
      storage: store,
    }),
    [serviceUrl, setServiceUrl, tokens, pat, microsoft, signedInWith, fetch, identity, store],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession needs a SessionProvider");
  return session;
}
