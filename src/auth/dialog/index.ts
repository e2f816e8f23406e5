/**
 * auth-dialog.html: the Office dialog fallback of Microsoft sign-in (see src/auth/microsoft.ts and
 * ./flow.ts). Registered in Entra as a single-page application redirect URI. It carries no MSAL and
 * keeps nothing: it takes the user to sign in and brings the provider's answer back to the pane.
 */
import { createDialogPage } from "../../outlook/dialog-page";
import { builtInEntraConfig } from "../config";
import { runDialogFlow } from "./flow";

function status(text: string): void {
  const element = document.getElementById("status");
  if (element) element.textContent = text;
}

const NOT_HERE =
  "This page only works in a window opened by Sign for Outlook. Close it and sign in from the add-in.";

async function start(): Promise<void> {
  if (typeof Office === "undefined") {
    status(NOT_HERE);
    return;
  }
  await Office.onReady();
  const page = createDialogPage(Office);
  if (!page.inDialog()) {
    status(NOT_HERE);
    return;
  }
  const outcome = runDialogFlow({
    config: builtInEntraConfig(),
    href: window.location.href,
    send: page.messageParent,
    navigate: (url) => window.location.replace(url),
  });
  // The pane closes this window once it has the answer; until then, say what happened.
  if (outcome === "answered") status("Finishing sign-in. This window closes by itself.");
  if (outcome === "failed")
    status("Sign-in did not succeed. Sign for Outlook says why; this window closes by itself.");
}

start().catch((error: unknown) => {
  console.error("Sign for Outlook: the sign-in window failed", error);
  status("Sign-in failed. Close this window and try again from Sign for Outlook.");
});
