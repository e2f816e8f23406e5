/**
 * The signing page's window for Sign it yourself: an Office dialog where the host has the Dialog API,
 * else (or when Office refuses the dialog: blocked pop-up, a dialog already open) the user's browser.
 * The page says when the signer is done (signing-window-message.ts): through the dialog's
 * messageParent, or postMessage to the pane's window; the pane polls the package in any case.
 */
import type { DialogHandle, OutlookHost } from "../../outlook";
import { readSigningWindowMessage } from "../../shared/signing-window-message";

export type WindowKind = "dialog" | "browser";

export interface SigningWindow {
  kind: WindowKind;
  /** Closes the dialog (a browser window is the user's to close). */
  close(): void;
}

export interface WindowEvents {
  /** The page said the signer is done (Completed, Declined). */
  onDone(state: string): void;
  /** The user closed the dialog. */
  onClosed(): void;
}

/**
 * Office's dialog errors after which a browser window still gets the user there: 12004 and 12005
 * (Office opens a dialog only on the add-in's own https origin, and the signing page is the
 * service's when the two are hosted apart), 12007 (a dialog already open), 12009 (the user ignored
 * it), 12011 (the browser blocked the pop-up).
 */
export const FALL_BACK_CODES: ReadonlySet<number> = new Set([12004, 12005, 12007, 12009, 12011]);

function codeOf(error: unknown): number | null {
  const code = (error as { code?: unknown } | null)?.code;
  const n = typeof code === "string" ? Number(code) : code;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}

/** Opens the signing page at `url`; answers how, or throws when neither way could. */
export async function openSigningWindow(
  host: OutlookHost,
  url: string,
  events: WindowEvents,
  win: Window = window,
): Promise<SigningWindow> {
  // A window opened by the pane (the fallback) posts to it.
  const listener = (event: MessageEvent) => {
    const state = readSigningWindowMessage(event.data);
    if (state && event.origin === new URL(url).origin) events.onDone(state);
  };
  win.addEventListener("message", listener);
  const stopListening = () => win.removeEventListener("message", listener);

  if (host.supportsDialogs()) {
    try {
      let handle: DialogHandle | null = null;
      handle = await host.openDialog(url, { height: 85, width: 60, promptBeforeOpen: false }, (event) => {
        if (event.kind === "message") {
          const state = readSigningWindowMessage(event.message);
          if (state) events.onDone(state);
        } else events.onClosed();
      });
      const dialog = handle;
      return {
        kind: "dialog",
        close() {
          stopListening();
          dialog.close();
        },
      };
    } catch (error) {
      const code = codeOf(error);
      if (code === null || !FALL_BACK_CODES.has(code)) {
        stopListening();
        throw error;
      }
    }
  }
  try {
    host.openBrowserWindow(url);
  } catch (error) {
    stopListening();
    throw error;
  }
  return { kind: "browser", close: stopListening };
}
