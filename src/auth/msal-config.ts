/**
 * MSAL's configuration, shared by the task pane (nested app authentication) and the sign-in dialog.
 * Takes MSAL's LogLevel as an argument so this module does not pull MSAL into the pane's first load.
 */
import type { Configuration, LogLevel } from "@azure/msal-browser";
import type { EntraConfig } from "./config";

export interface MsalConfigurationOptions {
  /** "sessionStorage" in the pane (survives a reload, not the session); "memoryStorage" in the dialog. */
  cacheLocation: "sessionStorage" | "memoryStorage";
  /** The dialog's own address (registered in Entra); unset for nested app authentication. */
  redirectUri?: string;
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
  return {
    auth: {
      clientId: config.clientId,
      authority: config.authority,
      ...(options.redirectUri ? { redirectUri: options.redirectUri } : {}),
    },
    // Never localStorage: a token must not outlive the browser session.
    cache: { cacheLocation: options.cacheLocation },
    system: {
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
