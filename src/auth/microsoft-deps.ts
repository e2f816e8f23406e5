/**
 * What Microsoft sign-in needs from MSAL and from the Outlook adapter. Its own module so that
 * microsoft.ts and the lazily loaded microsoft-flows.ts both use it without importing each other.
 */
import type { IPublicClientApplication } from "@azure/msal-browser";
import type { DialogEvent, DialogHandle, DialogOptions } from "../outlook/types";
import type { EntraConfig } from "./config";

/** The part of MSAL's client the pane uses. */
export type NestedApp = Pick<
  IPublicClientApplication,
  | "acquireTokenSilent"
  | "acquireTokenPopup"
  | "getActiveAccount"
  | "getAllAccounts"
  | "setActiveAccount"
  | "clearCache"
>;

/**
 * The part of MSAL's standard client the Office dialog fallback uses: its "redirect" only prepares
 * the request (PKCE, state) and hands over the address, which the dialog then visits; the answer
 * the dialog brings back is handled as a redirect's (handleRedirectPromise with that hash).
 */
export type DialogApp = NestedApp &
  Pick<IPublicClientApplication, "acquireTokenRedirect" | "handleRedirectPromise">;

/** Makes the dialog fallback's client; `navigate` receives each sign-in address MSAL would go to. */
export type CreateDialogApp = (
  config: EntraConfig,
  redirectUri: string,
  navigate: (url: string) => void,
) => Promise<DialogApp>;

/** The part of the Outlook adapter sign-in uses. */
export interface SignInHost {
  supportsNestedAppAuth(): boolean;
  openDialog(
    url: string,
    options: DialogOptions,
    onEvent: (event: DialogEvent) => void,
  ): Promise<DialogHandle>;
}
