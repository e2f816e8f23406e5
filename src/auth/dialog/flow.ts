/**
 * What auth-dialog.html does (index.ts gives it Office and the page): opened by the pane with the
 * identity provider's sign-in address in `?authorize=`, it goes there; back from the provider (this
 * page is the redirect URI) it hands the provider's answer to the pane through messageParent
 * (dialog-protocol.ts) and stops. No MSAL here: the pane's MSAL made the request and redeems it.
 */
import type { EntraConfig } from "../config";
import { authorizationResponseOf, failureMessage, responseMessage } from "../dialog-protocol";

export interface DialogFlowOptions {
  config: EntraConfig | null;
  /** This page's address, as the browser shows it. */
  href: string;
  /** messageParent. */
  send: (message: string) => void;
  /** Leaves for the provider (location.replace). */
  navigate: (url: string) => void;
}

/** What happened: the pane has the answer, the pane has a failure, or the page is on its way to sign-in. */
export type DialogOutcome = "answered" | "failed" | "redirecting";

/** The origins this page may send the user to: the authority's, and the metadata's sign-in endpoint's. */
function signInOrigins(config: EntraConfig): string[] {
  const origins = [new URL(config.authority).origin];
  if (config.authorityMetadata) {
    try {
      const metadata = JSON.parse(config.authorityMetadata) as { authorization_endpoint?: unknown };
      if (typeof metadata.authorization_endpoint === "string")
        origins.push(new URL(metadata.authorization_endpoint).origin);
    } catch {
      // A broken document: the authority's origin only.
    }
  }
  return origins;
}

/** Only the configured provider, over https: anything else in `authorize` is someone's trick. */
export function allowedSignInAddress(config: EntraConfig, target: string): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  return (
    url.protocol === "https:" && !url.username && !url.password && signInOrigins(config).includes(url.origin)
  );
}

export function runDialogFlow(options: DialogFlowOptions): DialogOutcome {
  const { config, send } = options;
  const response = authorizationResponseOf(options.href);
  if (response) {
    send(responseMessage(response));
    return "answered";
  }
  if (!config) {
    send(failureMessage({ errorCode: "not_configured" }));
    return "failed";
  }
  const target = new URL(options.href).searchParams.get("authorize");
  if (!target || !allowedSignInAddress(config, target)) {
    send(failureMessage({ errorCode: "invalid_request" }));
    return "failed";
  }
  options.navigate(target);
  return "redirecting";
}
