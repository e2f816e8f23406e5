/**
 * auth-dialog.html: the Office dialog fallback of Microsoft sign-in (see src/auth/microsoft.ts).
 * Registered in Entra as a single-page application redirect URI. MSAL's cache is kept in memory: it
 * goes with the dialog, and only the access token reaches the pane.
 */
import { LogLevel, PublicClientApplication } from "@azure/msal-browser";
import { createDialogPage } from "../../outlook/dialog-page";
import { builtInEntraConfig, type EntraConfig } from "../config";
import { msalConfiguration } from "../msal-config";
import { runDialogFlow } from "./flow";

function status(text: string): void {
  const element = document.getElementById("status");
  if (element) element.textContent = text;
}

/** This page's address without query or fragment: the redirect URI registered in Entra. */
function ownAddress(): string {
  return `${window.location.origin}${window.location.pathname}`;
}

async function createApp(config: EntraConfig) {
  const app = new PublicClientApplication(
    msalConfiguration(config, LogLevel, { cacheLocation: "memoryStorage", redirectUri: ownAddress() }),
  );
  await app.initialize();
  return app;
}

async function start(): Promise<void> {
  if (typeof Office === "undefined") {
    status(
      "This page only works in a window opened by Sign for Outlook. Close it and sign in from the add-in.",
    );
    return;
  }
  await Office.onReady();
  const page = createDialogPage(Office);
  if (!page.inDialog()) {
    status(
      "This page only works in a window opened by Sign for Outlook. Close it and sign in from the add-in.",
    );
    return;
  }
  const outcome = await runDialogFlow({ config: builtInEntraConfig(), createApp, send: page.messageParent });
  // The pane closes this window once it has the answer; until then, say what happened.
  if (outcome === "signed-in") status("Signed in. This window closes by itself.");
  if (outcome === "failed")
    status("Sign-in did not succeed. Sign for Outlook says why; this window closes by itself.");
}

start().catch((error: unknown) => {
  console.error("Sign for Outlook: the sign-in window failed", error);
  status("Sign-in failed. Close this window and try again from Sign for Outlook.");
});
