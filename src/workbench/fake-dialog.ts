/**
 * The workbench's Office dialogs (issue 33): displayDialogAsync opens the page in a pop-up window, as
 * Outlook on the web does; what the page posts to its opener arrives as DialogMessageReceived (the
 * stand-in for messageParent), and the window closing as DialogEventReceived 12006 (closed by the
 * user). `?dialogs=0` leaves the Dialog API out: the pane then uses its browser-window fallback.
 */

interface DialogResult {
  status: "succeeded" | "failed";
  value: unknown;
  error?: { code: number; name: string; message: string };
}

export const DIALOGS_PARAM = "dialogs";

/** Office.context.ui.displayDialogAsync over pop-up windows of the window `current()` answers when called. */
export function fakeDisplayDialog(current: () => Window, latencyMs: number) {
  return (url: string, ...args: unknown[]): void => {
    const win = current();
    const callback = args.find((a) => typeof a === "function") as ((r: DialogResult) => void) | undefined;
    setTimeout(() => {
      const popup = win.open(url, "sfo-office-dialog", "popup,width=640,height=820");
      if (!popup) {
        callback?.({
          status: "failed",
          value: undefined,
          error: { code: 12009, name: "DialogBlocked", message: "The browser blocked the dialog." },
        });
        return;
      }
      const handlers = new Map<string, (args: unknown) => void>();
      const onMessage = (event: MessageEvent) => {
        if (event.source !== popup) return;
        handlers.get("dialogMessageReceived")?.({ message: String(event.data), origin: event.origin });
      };
      const stop = () => {
        clearInterval(watch);
        win.removeEventListener("message", onMessage);
      };
      win.addEventListener("message", onMessage);
      const watch = setInterval(() => {
        if (!popup.closed) return;
        stop();
        handlers.get("dialogEventReceived")?.({ error: 12006 });
      }, 200);
      callback?.({
        status: "succeeded",
        value: {
          addEventHandler: (type: string, handler: (args: unknown) => void) => handlers.set(type, handler),
          close: () => {
            stop();
            popup.close();
          },
          messageChild: () => undefined,
        },
      });
    }, latencyMs);
  };
}
