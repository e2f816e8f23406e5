/**
 * The workbench's Office dialog (development only): displayDialogAsync opens the page in a browser
 * window, as Outlook on the web does. The window is named WORKBENCH_DIALOG_NAME…, which tells
 * auth-dialog.html (development build) to stand a messageParent in for Office.js: it posts to this
 * pane, which passes it on as DialogMessageReceived. Closing the window is DialogEventReceived 12006.
 */

/** The start of the dialog window's name; auth-dialog.html checks it (keep both in step). */
export const WORKBENCH_DIALOG_NAME = "sign-for-outlook-workbench-dialog";

type DialogHandler = (args: unknown) => void;

interface AsyncResultLike {
  status: "succeeded" | "failed";
  value: unknown;
  error?: { code: number; name: string; message: string };
}

let opened = 0;

/** Office.context.ui.displayDialogAsync over window.open, in the pane's window (asked for at each call). */
export function fakeDisplayDialogAsync(paneWindow: () => Window) {
  return (url: string, ...rest: unknown[]): void => {
    const win = paneWindow();
    const callback = rest.find((a) => typeof a === "function") as
      ((result: AsyncResultLike) => void) | undefined;
    const options = (rest.find((a) => typeof a === "object" && a !== null) ?? {}) as {
      height?: number;
      width?: number;
    };
    const screen = win.screen ?? { availWidth: 1280, availHeight: 800 };
    const width = Math.round((screen.availWidth * (options.width ?? 30)) / 100);
    const height = Math.round((screen.availHeight * (options.height ?? 60)) / 100);
    opened += 1;
    const dialog = win.open(
      url,
      `${WORKBENCH_DIALOG_NAME}-${opened}`,
      `popup,width=${width},height=${height}`,
    );
    if (!dialog) {
      // What Outlook on the web answers when the browser blocks the window.
      const error = { code: 12011, name: "Blocked", message: "The browser blocked the dialog window." };
      setTimeout(() => callback?.({ status: "failed", value: undefined, error }), 0);
      return;
    }
    const handlers = new Map<string, DialogHandler>();
    const onMessage = (event: MessageEvent): void => {
      if (event.source !== dialog || event.origin !== win.location.origin) return;
      const message = (event.data as { workbenchDialog?: unknown } | null)?.workbenchDialog;
      if (typeof message !== "string") return;
      handlers.get("dialogMessageReceived")?.({ message, origin: event.origin });
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
        // DialogApi 1.2: not offered (isSetSupported says 1.1).
      },
    };
    setTimeout(() => callback?.({ status: "succeeded", value: handle }), 0);
  };
}
