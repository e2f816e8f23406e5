/**
 * Sign-in with a Microsoft 365 account (Microsoft Entra ID, MSAL), behind the TokenSource interface.
 *
 * - Where Outlook brokers it (requirement set NestedAppAuth 1.1): nested app authentication. MSAL's
 *   nestable client asks the host for tokens: acquireTokenSilent first, acquireTokenPopup when the
 *   user has to take part. MSAL keeps its cache in sessionStorage.
 * - Elsewhere: the Office dialog fallback. MSAL's standard client runs in the pane (cache in
 *   sessionStorage): it prepares the sign-in request, auth-dialog.html (src/auth/dialog) takes the
 *   user through it and brings the provider's answer back (dialog-protocol.ts), and MSAL redeems it
 *   here. Expired access tokens are then renewed silently with the refresh token; the dialog opens
 *   again only when the user asks (Sign in with Microsoft): a window opened from a background
 *   request would be blocked or come as a surprise.
 *
 * The interactive half (microsoft-flows.ts) and MSAL are loaded on first use, each in its own chunk:
 * the pane's first load only carries what says whether someone is signed in.
 */
import type { EntraConfig } from "./config";
import type * as Flows from "./microsoft-flows";
import type { CreateDialogApp, DialogApp, NestedApp, SignInHost } from "./microsoft-deps";
import type { KeyValueStorage } from "./pat";
import type { TokenSource } from "./token-source";

import { SignInError } from "./sign-in-error";

export { SignInError, type SignInErrorCode } from "./sign-in-error";
export type { CreateDialogApp, DialogApp, NestedApp, SignInHost } from "./microsoft-deps";

/**
 * The interactive half: its own chunk (MSAL another), loaded on first use. Prefetched (2 kB) so the
 * sign-in window opens right after the click: browsers block windows opened long after one.
 */
const loadFlows = (): Promise<typeof Flows> =>
  import(/* webpackChunkName: "sign-in", webpackPrefetch: true */ "./microsoft-flows");

export const MICROSOFT_STORAGE_KEY = "sign-for-outlook.microsoft";
/** MSAL renews an access token this close to its expiry (its default): a request may take a while. */
export const EXPIRY_MARGIN_MS = 5 * 60_000;

export type MicrosoftSignInMode = "nested" | "dialog";

export interface MicrosoftTokenSource extends TokenSource {
  readonly mode: MicrosoftSignInMode;
  /** Signs in (with the user's help when needed) and resolves to the access token; rejects with a SignInError. */
  signIn(): Promise<string>;
  /** Whether someone signed in with Microsoft in this session and has not signed out (nor been signed out). */
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
  /** Makes MSAL's standard client of the dialog fallback; default: loads MSAL and makes a PublicClientApplication. */
  createDialogApp?: CreateDialogApp;
}

interface Stored {
  mode: MicrosoftSignInMode;
}

export function createMicrosoftTokenSource(options: MicrosoftTokenSourceOptions): MicrosoftTokenSource {
  const { config, host, storage = null } = options;
  const createNestedApp =
    options.createNestedApp ?? ((c: EntraConfig) => loadFlows().then((flows) => flows.loadNestedApp(c)));
  const createDialogApp: CreateDialogApp =
    options.createDialogApp ??
    ((c, redirectUri, navigate) =>
      loadFlows().then((flows) => flows.loadDialogApp(c, redirectUri, navigate)));
  // Decided once: the host does not change under a running pane.
  const mode: MicrosoftSignInMode = host.supportsNestedAppAuth() ? "nested" : "dialog";

  let memory: Stored | null = null;
  let app: Promise<NestedApp> | null = null;
  let dialogApp: Promise<DialogApp> | null = null;
  /** The sign-in address MSAL handed over last (dialog fallback), for the dialog to visit. */
  let navigation: string | null = null;
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

  const nestedApp = (): Promise<NestedApp> => {
    app ??= createNestedApp(config).catch((error: unknown) => {
      app = null; // a chunk that failed to load is fetched again next time
      throw error;
    });
    return app;
  };
  const standardApp = (): Promise<DialogApp> => {
    dialogApp ??= createDialogApp(config, options.dialogUrl, (url) => {
      navigation = url;
    }).catch((error: unknown) => {
      dialogApp = null;
      throw error;
    });
    return dialogApp;
  };
  const takeNavigation = (): string | null => {
    const url = navigation;
    navigation = null;
    return url;
  };
  /** MSAL's app of this mode, when one was made or someone signed in (else nothing to load). */
  const msalApp = (): Promise<NestedApp> | null => (mode === "nested" ? nestedApp() : standardApp());

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
        const token =
          mode === "dialog"
            ? await flows.dialogSignIn(host, options.dialogUrl, config, standardApp(), takeNavigation)
            : await flows.nestedToken(nestedApp(), config);
        write({ mode });
        return token;
      } finally {
        pending = null;
      }
    })();
    return pending;
  };

  const silentToken = async (): Promise<string | null> => {
    const flows = await loadFlows();
    if (mode === "nested") return flows.nestedToken(nestedApp(), config);
    try {
      return await flows.dialogSilentToken(standardApp(), config);
    } catch (error) {
      // The session is over (no refresh token, or the provider wants the user): signed out, so the
      // pane asks the user to sign in again rather than fail every call.
      if (error instanceof SignInError && (error.code === "interaction" || error.code === "consent")) {
        write(null);
        return null;
      }
      throw error;
    }
  };

  return {
    mode,
    signIn,
    isSignedIn: () => read() !== null,
    async getToken() {
      if (!read()) return null;
      return pending ?? silentToken();
    },
    signOut() {
      const signedIn = read() !== null;
      write(null);
      const made = mode === "nested" ? app : dialogApp;
      if (!signedIn && !made) return;
      // Forget MSAL's tokens for this account too, not only our note that someone signed in.
      void msalApp()!
        .then(async (pca) => {
          const account = pca.getActiveAccount();
          pca.setActiveAccount(null);
          await pca.clearCache(account ? { account } : {});
        })
        .catch(() => undefined);
    },
  };
}
