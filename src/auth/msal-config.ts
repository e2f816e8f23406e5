/**
 * MSAL's configuration of the task pane: nestable (nested app authentication) or standard (the
 * Office dialog fallback, microsoft-flows.ts). Takes MSAL's LogLevel as an argument so this module
 * does not pull MSAL into the pane's first load.
 */
import type { Configuration, LogLevel, ProtocolMode } from "@azure/msal-browser";
import type { EntraConfig } from "./config";

export interface MsalConfigurationOptions {
  /** "sessionStorage" in the pane: survives a reload, not the session. */
  cacheLocation: "sessionStorage" | "memoryStorage";
  /** auth-dialog.html's address (registered in Entra); unset for nested app authentication. */
  redirectUri?: string;
  /**
   * Dialog fallback: MSAL's "redirect" hands its sign-in address here instead of leaving the pane;
   * the Office dialog goes there and brings the answer back (microsoft-flows.ts). Returns false.
   */
  onRedirectNavigate?: (url: string) => boolean;
  /** Where MSAL's warnings and errors go; default console. Messages with PII never reach it. */
  log?: (level: "error" | "warning", message: string) => void;
}

export function msalConfiguration(
  config: EntraConfig,
  logLevel: typeof LogLevel,
  options: MsalConfigurationOptions,
): Configuration {
  const log =
    options.log ??
    ((level: "error" | "warning", message: string) =>
      level === "error" ? console.error(message) : console.warn(message));
  const oidc = config.protocolMode === "OIDC";
  return {
    auth: {
      clientId: config.clientId,
      authority: config.authority,
      ...(options.redirectUri ? { redirectUri: options.redirectUri } : {}),
      ...(options.onRedirectNavigate ? { onRedirectNavigate: options.onRedirectNavigate } : {}),
      // Another OpenID provider: trusted as configured (no instance discovery at Microsoft), with
      // its discovery document from the build when it has one.
      ...(oidc ? { knownAuthorities: [new URL(config.authority).host] } : {}),
      ...(oidc && config.authorityMetadata ? { authorityMetadata: config.authorityMetadata } : {}),
    },
    // Never localStorage: a token must not outlive the browser session.
    cache: { cacheLocation: options.cacheLocation },
    system: {
      ...(oidc ? { protocolMode: "OIDC" as ProtocolMode } : {}),
      // The pane is a frame in Outlook on the web; its "redirect" never moves it (onRedirectNavigate).
      ...(options.onRedirectNavigate ? { allowRedirectInIframe: true } : {}),
      loggerOptions: {
        piiLoggingEnabled: false,
        logLevel: logLevel.Warning,
        loggerCallback: (level, message, containsPii) => {
          if (containsPii) return;
          if (level === logLevel.Error) log("error", `MSAL: ${message}`);
          else if (level === logLevel.Warning) log("warning", `MSAL: ${message}`);
        },
      },
    },
  };
}
