/**
 * Sign-in with a Microsoft 365 account (Microsoft Entra ID, MSAL), behind the TokenSource interface.
 *
 * - Where Outlook brokers it (requirement set NestedAppAuth 1.1): nested app authentication. MSAL's
 *   nestable client asks the host for tokens: acquireTokenSilent first, acquireTokenPopup when the
 *   user has to take part. MSAL keeps its cache in sessionStorage.
 * - Elsewhere: the Office dialog fallback. auth-dialog.html (src/auth/dialog) runs MSAL with a
 *   redirect on the add-in's origin and sends the access token back (dialog-protocol.ts). The pane
 *   keeps that token in sessionStorage (memory when refused) until shortly before it expires; a new
 *   one needs the dialog again, which opens only when the user asks (Sign in with Microsoft): a
 *   window opened from a background request would be blocked or come as a surprise.
 *
 * The interactive half (microsoft-flows.ts) and MSAL are loaded on first use, each in its own chunk:
 * the pane's first load only carries what says whether someone is signed in.
 */
import type { EntraConfig } from "./config";
import type * as Flows from "./microsoft-flows";
import type { NestedApp, SignInHost } from "./microsoft-deps";
import type { KeyValueStorage } from "./pat";
import type { TokenSource } from "./token-source";

import { SignInError } from "./sign-in-error";

export { SignInError, type SignInErrorCode } from "./sign-in-error";
export type { NestedApp, SignInHost } from "./microsoft-deps";

/**
 * The interactive half: its own chunk (MSAL another), loaded on first use. Prefetched (2 kB) so the
 * sign-in window opens right after the click: browsers block windows opened long after one.
 */
const loadFlows = (): Promise<typeof Flows> =>
  import(/* webpackChunkName: "sign-in", webpackPrefetch: true */ "./microsoft-flows");

export const MICROSOFT_STORAGE_KEY = "sign-for-outlook.microsoft";
/** A token closer than this to its expiry is not used: a request may take a while to arrive. */
export const EXPIRY_MARGIN_MS = 5 * 60_000;

export type MicrosoftSignInMode = "nested" | "dialog";

export interface MicrosoftTokenSource extends TokenSource {
  readonly mode: MicrosoftSignInMode;
  /** Signs in (with the user's help when needed) and resolves to the access token; rejects with a SignInError. */
  signIn(): Promise<string>;
  /** Whether someone signed in with Microsoft in this session, has not signed out, and (dialog) the token is fresh. */
  isSignedIn(): boolean;
}

export interface MicrosoftTokenSourceOptions {
  config: EntraConfig;
  host: SignInHost;
  /** Absolute URL of auth-dialog.html, on the add-in's origin. */
  dialogUrl: string;
  /** Default: none (memory only). */
  storage?: KeyValueStorage | null;
  /** Makes MSAL's nestable client; default: loads MSAL (its own chunk) and calls createNestablePublicClientApplication. */
  createNestedApp?: (config: EntraConfig) => Promise<NestedApp>;
  now?: () => number;
}

interface Stored {
  mode: MicrosoftSignInMode;
  /** Dialog only: the token the dialog sent and its expiry (ms since 1970). */
  accessToken?: string;
  expiresOn?: number;
}

export function createMicrosoftTokenSource(options: MicrosoftTokenSourceOptions): MicrosoftTokenSource {
  const { config, host, storage = null } = options;
  const now = options.now ?? Date.now;
  const createNestedApp =
    options.createNestedApp ?? ((c: EntraConfig) => loadFlows().then((flows) => flows.loadNestedApp(c)));
  // Decided once: the host does not change under a running pane.
  const mode: MicrosoftSignInMode = host.supportsNestedAppAuth() ? "nested" : "dialog";

  let memory: Stored | null = null;
  let app: Promise<NestedApp> | null = null;
  let pending: Promise<string> | null = null;

  const read = (): Stored | null => {
    if (!storage) return memory;
    try {
      const text = storage.getItem(MICROSOFT_STORAGE_KEY);
      const value = text ? (JSON.parse(text) as Stored) : null;
      return value && value.mode === mode ? value : null;
    } catch {
      return memory;
    }
  };
  const write = (value: Stored | null): void => {
    memory = value;
    if (!storage) return;
    try {
      if (value === null) storage.removeItem(MICROSOFT_STORAGE_KEY);
      else storage.setItem(MICROSOFT_STORAGE_KEY, JSON.stringify(value));
    } catch {
      // Storage full or refused: the in-memory copy still serves this page.
    }
  };

  /** The dialog's token while it is fresh; an expired one is forgotten. */
  const freshDialogToken = (): string | null => {
    const stored = read();
    if (!stored?.accessToken || typeof stored.expiresOn !== "number") return null;
    if (stored.expiresOn - EXPIRY_MARGIN_MS > now()) return stored.accessToken;
    write(null);
    return null;
  };

  const nestedApp = (): Promise<NestedApp> => {
    app ??= createNestedApp(config).catch((error: unknown) => {
      app = null; // a chunk that failed to load is fetched again next time
      throw error;
    });
    return app;
  };

  const signIn = (): Promise<string> => {
    // One interaction at a time: a second click joins the sign-in under way.
    pending ??= (async () => {
      try {
        const flows = await loadFlows().catch((error: unknown) => {
          throw new SignInError(
            "network",
            "Sign for Outlook could not load Microsoft sign-in. Check your connection and try again.",
            { cause: error },
          );
        });
        if (mode === "dialog") {
          const { accessToken, expiresOn } = await flows.dialogToken(options.host, options.dialogUrl);
          write({ mode, accessToken, expiresOn });
          return accessToken;
        }
        const token = await flows.nestedToken(nestedApp(), config);
        write({ mode });
        return token;
      } finally {
        pending = null;
      }
    })();
    return pending;
  };

  return {
    mode,
    signIn,
    isSignedIn: () => (mode === "dialog" ? freshDialogToken() !== null : read() !== null),
    async getToken() {
      if (mode === "dialog") return freshDialogToken();
      if (!read()) return null;
      return pending ?? loadFlows().then((flows) => flows.nestedToken(nestedApp(), config));
    },
    signOut() {
      const signedIn = read() !== null;
      write(null);
      if (mode !== "nested" || (!signedIn && !app)) return;
      // Forget MSAL's tokens for this account too, not only our note that someone signed in.
      void nestedApp()
        .then(async (pca) => {
          const account = pca.getActiveAccount();
          pca.setActiveAccount(null);
          await pca.clearCache(account ? { account } : {});
        })
        .catch(() => undefined);
    },
  };
}
