/** The Office client and its user: theme, the user's address, and which client runs the add-in. */
import type { OfficeContext } from "./office-context";
import type { OfficeThemeInfo, OutlookHost } from "./types";

export function clientOf(context: OfficeContext): Pick<OutlookHost, "userAddress" | "theme"> {
  const { office, mailbox } = context;
  return {
    userAddress: () => mailbox().userProfile?.emailAddress ?? "",

    theme(): OfficeThemeInfo | null {
      let theme: Partial<Office.OfficeTheme> | undefined;
      try {
        theme = office.context.officeTheme;
      } catch {
        return null; // some hosts throw instead of returning undefined
      }
      if (!theme) return null;
      const info: OfficeThemeInfo = {
        bodyBackgroundColor: theme.bodyBackgroundColor ?? "",
        bodyForegroundColor: theme.bodyForegroundColor ?? "",
        controlBackgroundColor: theme.controlBackgroundColor ?? "",
        controlForegroundColor: theme.controlForegroundColor ?? "",
      };
      if (typeof theme.isDarkTheme === "boolean") info.isDarkTheme = theme.isDarkTheme;
      return info;
    },
  };
}

/** Which Office client runs the add-in, as Office.js reports it (telemetry's host/platform/version). */
export interface OfficeClientInfo {
  /** Office.context.diagnostics.host, e.g. "Outlook", "OutlookWebApp". */
  host: string;
  /** Office.context.platform (or diagnostics.platform), e.g. "PC", "OfficeOnline", "Mac". */
  platform: string;
  /** Office.context.diagnostics.version, e.g. "16.0.17531.20000". */
  version: string;
}

export function officeClientInfo(office: typeof Office): OfficeClientInfo {
  try {
    const context = office.context;
    // hostName: Mailbox.diagnostics's name for the host, which some hosts give here instead.
    const d: Partial<Office.ContextInformation> & { hostName?: unknown } = context.diagnostics ?? {};
    const text = (v: unknown): string => (typeof v === "string" ? v : "");
    return {
      host: text(d.host) || text(d.hostName),
      platform: text(context.platform) || text(d.platform),
      version: text(d.version),
    };
  } catch {
    return { host: "", platform: "", version: "" };
  }
}
