/**
 * The workbench's Office dialogs (development only): displayDialogAsync opens the page in a browser
 * window, as Outlook on the web does. What the page says to its opener arrives as
 * DialogMessageReceived, the stand-in for messageParent:
 * - sign-in's auth-dialog.html (development build) sees the window's name start with
 *   WORKBENCH_DIALOG_NAME and posts `{ workbenchDialog: message }` from the pane's own origin;
 * - the signing page posts its message as a string from the service's origin.
 * Closing the window is DialogEventReceived 12006. `?dialogs=0` leaves the Dialog API out, so the
 * pane takes its browser-window fallback.
 */

/** The start of the dialog window's name; auth-dialog.html checks it (keep both in step). */
export const WORKBENCH_DIALOG_NAME = "sign-for-outlook-workbench-dialog";

/** The workbench's URL parameter: `?dialogs=0` is a host without the Dialog API. */
export const DIALOGS_PARAM = "dialogs";

type DialogHandler = (args: unknown) => void;

interface AsyncResultLike {
  status: "succeeded" | "failed";
  value: unknown;
  error?: { code: number; name: string; message: string };
}

let opened = 0;

/** What a message event from the dialog window says, or null when it is not a dialog message. */
function dialogMessage(event: MessageEvent, paneOrigin: string): string | null {
  const data = event.data as unknown;
  if (event.origin === paneOrigin && typeof data === "object" && data !== null) {
    const message = (data as { workbenchDialog?: unknown }).workbenchDialog;
    return typeof message === "string" ? message : null;
  }
  return typeof data === "string" ? data : null;
}

/**
 * Office.context.ui.displayDialogAsync over window.open, in the window `paneWindow()` answers when
 * called; the answer comes after `latencyMs`, as Office's does.
 */
export function fakeDisplayDialogAsync(paneWindow: () => Window, latencyMs = 0) {
  return (url: string, ...rest: unknown[]): void => {
    const win = paneWindow();
    const callback = rest.find((a) => typeof a === "function") as
      ((result: AsyncResultLike) => void) | undefined;
    const options = (rest.find((a) => typeof a === "object" && a !== null) ?? {}) as {
      height?: number;
      width?: number;
    };
    // Office sizes a dialog in percent of the display (80% when not said). A test's browser
    // reports its viewport as the screen, a pane's 320 px: the display is taken as at least 1280×800.
    const display = {
      width: Math.max(win.screen?.availWidth ?? 0, 1280),
      height: Math.max(win.screen?.availHeight ?? 0, 800),
    };
    const width = Math.round((display.width * (options.width ?? 80)) / 100);
    const height = Math.round((display.height * (options.height ?? 80)) / 100);
    opened += 1;
    const dialog = win.open(
      url,
      `${WORKBENCH_DIALOG_NAME}-${opened}`,
      `popup,width=${width},height=${height}`,
    );
    if (!dialog) {
      // What Outlook on the web answers when the browser blocks the window.
      const error = { code: 12011, name: "Blocked", message: "The browser blocked the dialog window." };
      setTimeout(() => callback?.({ status: "failed", value: undefined, error }), latencyMs);
      return;
    }
    const handlers = new Map<string, DialogHandler>();
    const onMessage = (event: MessageEvent): void => {
      if (event.source !== dialog) return;
      const message = dialogMessage(event, win.location.origin);
      if (message !== null) handlers.get("dialogMessageReceived")?.({ message, origin: event.origin });
    };
    const stop = (): void => {
      win.removeEventListener("message", onMessage);
      clearInterval(watch);
    };
    // A closed window sends nothing: look for it as Office does, and report 12006.
    const watch = setInterval(() => {
      if (!dialog.closed) return;
      stop();
      handlers.get("dialogEventReceived")?.({ error: 12006 });
    }, 200);
    win.addEventListener("message", onMessage);
    const handle = {
      addEventHandler(type: string, handler: DialogHandler) {
        handlers.set(type, handler);
      },
      close() {
        stop();
        dialog.close();
      },
      messageChild() {
        // DialogApi 1.2's messageChild: nothing here listens for it.
      },
    };
    setTimeout(() => callback?.({ status: "succeeded", value: handle }), latencyMs);
  };
}
