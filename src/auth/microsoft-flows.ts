/**
 * The interactive half of Microsoft sign-in (see microsoft.ts), loaded with MSAL on first use so none
 * of it weighs on the pane's first load: MSAL's nestable client, its standard client with the Office
 * dialog, and the words for everything that can go wrong.
 */
import type { AccountInfo, AuthenticationResult, SilentRequest } from "@azure/msal-browser";
import type { DialogEvent, DialogHandle, DialogOptions } from "../outlook/types";
import type { EntraConfig } from "./config";
import { aadstsOf, parseDialogResult } from "./dialog-protocol";
import { msalConfiguration } from "./msal-config";
import type { CreateDialogApp, DialogApp, NestedApp, SignInHost } from "./microsoft-deps";
import { SignInError } from "./sign-in-error";

export const DIALOG_OPTIONS: DialogOptions = { height: 60, width: 30 };

/** MSAL (only nested app authentication needs it in the pane) and its nestable client. */
export async function loadNestedApp(config: EntraConfig): Promise<NestedApp> {
  const msal = await import(/* webpackChunkName: "msal" */ "@azure/msal-browser");
  return msal.createNestablePublicClientApplication(
    msalConfiguration(config, msal.LogLevel, { cacheLocation: "sessionStorage" }),
  );
}

/**
 * MSAL's standard client for the dialog fallback, in the pane: its cache (sessionStorage) holds the
 * account and the refresh token, so tokens are renewed without a window. Its "redirect" goes to
 * `navigate` (the dialog) instead of moving the pane.
 */
export const loadDialogApp: CreateDialogApp = async (config, redirectUri, navigate) => {
  const msal = await import(/* webpackChunkName: "msal" */ "@azure/msal-browser");
  const app = new msal.PublicClientApplication(
    msalConfiguration(config, msal.LogLevel, {
      cacheLocation: "sessionStorage",
      redirectUri,
      onRedirectNavigate: (url) => {
        navigate(url);
        return false;
      },
    }),
  );
  await app.initialize();
  // A sign-in the pane began before it was reloaded (or closed) is over: MSAL forgets it here.
  await app.handleRedirectPromise({ navigateToLoginRequestUrl: false }).catch(() => null);
  return app;
};

const consentMessage = (ref: string): string =>
  `Your organisation has not yet approved Sign for Outlook for your account${ref}. Ask your administrator to grant consent to the add-in, then try again.`;
const TRY_AGAIN = "Select Sign in with Microsoft to try again.";
const SIGN_IN_AGAIN = (ref: string): string =>
  `Microsoft needs you to sign in again before Sign for Outlook can go on${ref}. Select Sign in with Microsoft, then follow the steps in the window that opens.`;

/** An MSAL or OAuth error code (and AADSTS number) in words the user can act on. */
export function signInErrorFor(code: string, aadsts: string | null, cause?: unknown): SignInError {
  const options = cause === undefined ? undefined : { cause };
  const ref = aadsts ? ` (${aadsts})` : ` (${code})`;
  switch (aadsts) {
    case "AADSTS65001":
    case "AADSTS90094":
      return new SignInError("consent", consentMessage(ref), options);
    case "AADSTS50011":
    case "AADSTS700016":
    case "AADSTS500011":
    case "AADSTS650057":
      return new SignInError(
        "setup",
        `Microsoft sign-in is not set up correctly for Sign for Outlook${ref}. Ask your administrator to check the add-in's app registration in Microsoft Entra.`,
        options,
      );
  }
  switch (code) {
    case "user_cancelled":
    case "access_denied":
      return new SignInError("cancelled", `Sign-in was cancelled. ${TRY_AGAIN}`, options);
    case "popup_window_error":
    case "empty_window_error":
      return new SignInError(
        "blocked",
        "The Microsoft sign-in window was blocked. Allow pop-ups for Outlook in your browser, then try again.",
        options,
      );
    case "interaction_in_progress":
      return new SignInError(
        "in_progress",
        "A sign-in is already under way. Finish it in its window, or close that window and try again.",
        options,
      );
    case "consent_required":
      return new SignInError("consent", consentMessage(ref), options);
    case "interaction_required":
    case "login_required":
    case "no_account":
      return new SignInError("interaction", SIGN_IN_AGAIN(ref), options);
    case "no_network_connectivity":
    case "endpoints_resolution_error":
    case "network_error":
    case "timed_out":
    case "monitor_window_timeout":
      return new SignInError(
        "network",
        "Microsoft sign-in could not be reached. Check your connection and try again.",
        options,
      );
    case "invalid_client":
    case "unauthorized_client":
    case "invalid_request":
    case "invalid_scope":
    case "redirect_uri_empty":
    case "not_configured":
      return new SignInError(
        "setup",
        `Microsoft sign-in is not set up correctly for Sign for Outlook${ref}. Ask your administrator to check the add-in's app registration in Microsoft Entra.`,
        options,
      );
    default:
      return new SignInError(
        "failed",
        `Microsoft sign-in did not succeed${ref}. Try again; if it keeps failing, ask your administrator.`,
        options,
      );
  }
}

export function fromMsalError(error: unknown): SignInError {
  if (error instanceof SignInError) return error;
  const e = (error ?? {}) as {
    errorCode?: unknown;
    errorNo?: unknown;
    errorMessage?: unknown;
    message?: unknown;
  };
  const code = typeof e.errorCode === "string" && e.errorCode ? e.errorCode : "unknown";
  return signInErrorFor(code, aadstsOf(e), error);
}

/** An OutlookError of displayDialogAsync (or a closed-dialog event code) for sign-in. */
function fromDialogFailure(code: number, message: string | null, cause?: unknown): SignInError {
  const options = cause === undefined ? undefined : { cause };
  switch (code) {
    case 12006:
      return new SignInError(
        "cancelled",
        `The sign-in window was closed before sign-in finished. ${TRY_AGAIN}`,
        options,
      );
    case 12007:
      return new SignInError(
        "in_progress",
        "A sign-in window is already open. Finish signing in there, or close it and try again.",
        options,
      );
    case 12009:
      return new SignInError(
        "blocked",
        "Outlook was not allowed to open the sign-in window. Select Sign in with Microsoft again and choose Allow.",
        options,
      );
    case 12011:
      return new SignInError(
        "blocked",
        "Your browser blocked the sign-in window. Allow pop-ups for Outlook on the web in your browser's settings, then try again.",
        options,
      );
    case 12002:
      return new SignInError(
        "network",
        "The sign-in window could not load its page. Check your connection and try again.",
        options,
      );
    default:
      return new SignInError(
        code === 12003 || code === 12004 || code === 12005 ? "setup" : "failed",
        message ?? `The sign-in window failed (Office error ${code}). Try again.`,
        options,
      );
  }
}

/** Silently through the host first; the host's popup when the user has to take part. */
export async function nestedToken(app: Promise<NestedApp>, config: EntraConfig): Promise<string> {
  let pca: NestedApp;
  try {
    pca = await app;
  } catch (error) {
    throw fromMsalError(error);
  }
  const account: AccountInfo | null = pca.getActiveAccount() ?? pca.getAllAccounts()[0] ?? null;
  const request = { scopes: config.scopes, ...(account ? { account } : {}) };
  let result: AuthenticationResult | null = null;
  try {
    result = await pca.acquireTokenSilent(request);
  } catch {
    // Any silent failure (no account yet, consent, expired session): the user's turn, through the host.
  }
  if (!result?.accessToken) {
    try {
      result = await pca.acquireTokenPopup({ scopes: config.scopes });
    } catch (error) {
      throw fromMsalError(error);
    }
  }
  if (!result?.accessToken) throw signInErrorFor("no_access_token", null);
  if (result.account) pca.setActiveAccount(result.account);
  return result.accessToken;
}

/** The account this pane signed in last, if MSAL still knows it. */
function accountOf(pca: NestedApp): AccountInfo | null {
  return pca.getActiveAccount() ?? pca.getAllAccounts()[0] ?? null;
}

/**
 * Dialog fallback, without a window: the cached access token while it is fresh, else a new one for
 * the refresh token (MSAL's cache in the pane). Never a hidden frame: Outlook's would be refused.
 */
export async function dialogSilentToken(app: Promise<DialogApp>, config: EntraConfig): Promise<string> {
  let pca: DialogApp;
  try {
    pca = await app;
  } catch (error) {
    throw fromMsalError(error);
  }
  const account = accountOf(pca);
  if (!account) throw signInErrorFor("no_account", null);
  const { CacheLookupPolicy } = await import(/* webpackChunkName: "msal" */ "@azure/msal-browser");
  const request: SilentRequest = {
    scopes: config.scopes,
    account,
    cacheLookupPolicy: CacheLookupPolicy.AccessTokenAndRefreshToken,
  };
  try {
    const result = await pca.acquireTokenSilent(request);
    if (!result?.accessToken) throw signInErrorFor("no_access_token", null);
    return result.accessToken;
  } catch (error) {
    throw fromMsalError(error);
  }
}

/**
 * Dialog fallback, with the user: silently when the pane's session still holds; else MSAL prepares
 * the sign-in request (its state and PKCE verifier stay in the pane), the Office dialog visits it,
 * and MSAL redeems the answer the dialog brings back.
 */
export async function dialogSignIn(
  host: SignInHost,
  dialogUrl: string,
  config: EntraConfig,
  app: Promise<DialogApp>,
  takeNavigation: () => string | null,
): Promise<string> {
  let pca: DialogApp;
  try {
    pca = await app;
  } catch (error) {
    throw fromMsalError(error);
  }
  if (accountOf(pca)) {
    try {
      return await dialogSilentToken(app, config);
    } catch {
      // The session is over (refresh token expired or revoked): the user's turn.
    }
  }
  try {
    // Entra: pick the account; another OpenID provider: ask who it is (it may not know select_account).
    await pca.acquireTokenRedirect({
      scopes: config.scopes,
      prompt: config.protocolMode === "OIDC" ? "login" : "select_account",
    });
  } catch (error) {
    throw fromMsalError(error);
  }
  const authorize = takeNavigation();
  if (!authorize) throw signInErrorFor("empty_navigate_uri", null);
  const start = new URL(dialogUrl);
  start.searchParams.set("authorize", authorize);
  let response: string;
  try {
    response = await dialogAnswer(host, start.href);
  } catch (error) {
    // MSAL still waits for this request's answer: tell it the user went away, so the next try starts.
    const state = new URL(authorize).searchParams.get("state") ?? "";
    const cancelled = `#${new URLSearchParams({ error: "access_denied", state }).toString()}`;
    await pca.handleRedirectPromise({ hash: cancelled, navigateToLoginRequestUrl: false }).catch(() => null);
    throw error;
  }
  let result: AuthenticationResult | null;
  try {
    result = await pca.handleRedirectPromise({ hash: response, navigateToLoginRequestUrl: false });
  } catch (error) {
    throw fromMsalError(error);
  }
  if (!result?.accessToken) throw signInErrorFor("no_access_token", null);
  if (result.account) pca.setActiveAccount(result.account);
  return result.accessToken;
}

/** Opens auth-dialog.html and waits for its answer (dialog-protocol.ts) or for the user to close it. */
export function dialogAnswer(host: SignInHost, dialogUrl: string): Promise<string> {
  const expectedOrigin = new URL(dialogUrl).origin;
  return new Promise<string>((resolve, reject) => {
    let handle: DialogHandle | null = null;
    let done = false;
    const finish = (outcome: () => void): void => {
      if (done) return;
      done = true;
      handle?.close();
      outcome();
    };
    const onEvent = (event: DialogEvent): void => {
      if (event.kind === "closed") {
        finish(() => reject(fromDialogFailure(event.code, null)));
        return;
      }
      // A message from another origin is not our dialog page: wait for the real one.
      if (event.origin !== null && event.origin !== expectedOrigin) return;
      const result = parseDialogResult(event.message);
      if (!result) {
        finish(() =>
          reject(
            new SignInError(
              "bad_response",
              "The sign-in window sent an answer Sign for Outlook does not understand. Try again; if it keeps happening, ask your administrator to check the add-in's address.",
            ),
          ),
        );
      } else if (!result.ok) {
        finish(() => reject(signInErrorFor(result.error, result.aadsts)));
      } else {
        finish(() => resolve(result.response));
      }
    };
    host.openDialog(dialogUrl, DIALOG_OPTIONS, onEvent).then(
      (opened) => {
        handle = opened;
        if (done) opened.close(); // answered before Office handed over the dialog
      },
      (error: unknown) => {
        const e = error as { code?: unknown; message?: unknown };
        const code = typeof e?.code === "number" ? e.code : -1;
        finish(() =>
          reject(fromDialogFailure(code, typeof e?.message === "string" ? e.message : null, error)),
        );
      },
    );
  });
}
