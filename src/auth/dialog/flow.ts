/**
 * What auth-dialog.html does, apart from loading Office and MSAL (index.ts): on the first visit it
 * sends the user to Microsoft (loginRedirect); back from Microsoft it hands the result to the pane
 * through messageParent (dialog-protocol.ts) and stops.
 */
import type { AuthenticationResult, IPublicClientApplication } from "@azure/msal-browser";
import type { EntraConfig } from "../config";
import { failureMessage, tokenMessage } from "../dialog-protocol";

export type RedirectApp = Pick<IPublicClientApplication, "handleRedirectPromise" | "loginRedirect">;

export interface DialogFlowOptions {
  config: EntraConfig | null;
  /** Makes and initialises MSAL's PublicClientApplication. */
  createApp: (config: EntraConfig) => Promise<RedirectApp>;
  /** messageParent. */
  send: (message: string) => void;
  now?: () => number;
}

/** Used when Entra gives no expiry: short, so the pane asks again soon rather than send a dead token. */
const UNKNOWN_EXPIRY_MS = 10 * 60_000;

/** What happened: the pane has a token, the pane has a failure, or the page is on its way to Microsoft. */
export type DialogOutcome = "signed-in" | "failed" | "redirecting";

export async function runDialogFlow(options: DialogFlowOptions): Promise<DialogOutcome> {
  const { config, send } = options;
  const now = options.now ?? Date.now;
  if (!config) {
    send(failureMessage({ errorCode: "not_configured" }));
    return "failed";
  }
  try {
    const app = await options.createApp(config);
    // Handled here, on the redirect URI itself: Office may have added a query (_host_Info) to the
    // address the sign-in started from, and going back there would only cost another page load.
    const result: AuthenticationResult | null = await app.handleRedirectPromise({
      navigateToLoginRequestUrl: false,
    });
    if (result) {
      if (!result.accessToken) {
        send(failureMessage({ errorCode: "no_access_token" }));
        return "failed";
      }
      send(tokenMessage(result.accessToken, result.expiresOn?.getTime() ?? now() + UNKNOWN_EXPIRY_MS));
      return "signed-in";
    }
    // The API's scopes here, so the answer carries the signing service's access token directly.
    await app.loginRedirect({ scopes: config.scopes, prompt: "select_account" });
    return "redirecting";
  } catch (error) {
    send(failureMessage(error));
    return "failed";
  }
}
