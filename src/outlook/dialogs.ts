/** Windows outside the pane: Office dialogs (sign-in) and links opened in the user's browser. */
import { AdapterErrorCode, OfficeErrorCode, OutlookError } from "./errors";
import { officeEnum, type OfficeContext } from "./office-context";
import type { DialogEvent, DialogHandle, DialogOptions, OutlookHost } from "./types";

/** displayDialogAsync's overload with options and a callback, the one the adapter calls. */
type DisplayDialog = (
  startAddress: string,
  options: Office.DialogOptions,
  callback: (result: Office.AsyncResult<Office.Dialog>) => void,
) => void;

export function dialogsOf(
  context: OfficeContext,
): Pick<OutlookHost, "supportsNestedAppAuth" | "supportsDialogs" | "openDialog" | "openBrowserWindow"> {
  const { office, call, ui, requirementSet, notSupported } = context;
  return {
    supportsNestedAppAuth: () => requirementSet("NestedAppAuth", "1.1"),

    supportsDialogs: () =>
      typeof ui()?.displayDialogAsync === "function" && requirementSet("DialogApi", "1.1"),

    async openDialog(url: string, options: DialogOptions, onEvent: (event: DialogEvent) => void) {
      const display: DisplayDialog | undefined = ui()?.displayDialogAsync;
      if (typeof display !== "function") throw notSupported("displayDialogAsync", "open a window");
      const dialog = await call<Office.Dialog>("displayDialogAsync", (callback) =>
        display.call(ui(), url, options, callback),
      );
      let open = true;
      const messageType = officeEnum(office.EventType?.DialogMessageReceived, "dialogMessageReceived");
      const eventType = officeEnum(office.EventType?.DialogEventReceived, "dialogEventReceived");
      dialog.addEventHandler(messageType, (args) => {
        const { message, origin } = (args ?? {}) as { message?: unknown; origin?: unknown };
        if (!open) return;
        onEvent({
          kind: "message",
          message: typeof message === "string" ? message : "",
          origin: typeof origin === "string" ? origin : null,
        });
      });
      dialog.addEventHandler(eventType, (args) => {
        const code = Number((args as { error?: unknown } | undefined)?.error);
        if (!open) return;
        open = false;
        onEvent({ kind: "closed", code: Number.isFinite(code) ? code : OfficeErrorCode.DialogClosedByUser });
      });
      const handle: DialogHandle = {
        close() {
          if (!open) return;
          open = false;
          try {
            dialog.close();
          } catch {
            // Already gone (the user closed it at the same moment): nothing left to close.
          }
        },
      };
      return handle;
    },

    openBrowserWindow(url: string) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch (error) {
        throw new OutlookError(AdapterErrorCode.InvalidContent, "This link can't be opened.", {
          operation: "openBrowserWindow",
          cause: error,
        });
      }
      if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
        throw new OutlookError(AdapterErrorCode.InvalidContent, "Only web links can be opened.", {
          operation: "openBrowserWindow",
        });
      }
      const open: Office.UI["openBrowserWindow"] | undefined = ui()?.openBrowserWindow;
      if (typeof open === "function" && requirementSet("OpenBrowserWindowApi", "1.1")) {
        try {
          open.call(ui(), parsed.href);
          return;
        } catch {
          // Some hosts expose the call but throw: a plain window still gets the user there.
        }
      }
      if (typeof window === "undefined" || typeof window.open !== "function") {
        throw notSupported("openBrowserWindow", "open a link in your browser");
      }
      // With "noopener" browsers answer null even when the window opened: nothing to check there.
      window.open(parsed.href, "_blank", "noopener");
    },
  };
}
