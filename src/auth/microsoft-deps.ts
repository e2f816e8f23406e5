/**
 * What Microsoft sign-in needs from MSAL and from the Outlook adapter. Its own module so that
 * microsoft.ts and the lazily loaded microsoft-flows.ts both use it without importing each other.
 */
import type { IPublicClientApplication } from "@azure/msal-browser";
import type { DialogEvent, DialogHandle, DialogOptions } from "../outlook/types";

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

/** The part of the Outlook adapter sign-in uses. */
export interface SignInHost {
  supportsNestedAppAuth(): boolean;
  openDialog(
    url: string,
    options: DialogOptions,
    onEvent: (event: DialogEvent) => void,
  ): Promise<DialogHandle>;
}
