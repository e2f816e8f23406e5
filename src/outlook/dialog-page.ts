/**
 * The other side of `OutlookHost.openDialog`: what a page shown in an Office dialog may do. It has
 * no mailbox, so it gets this small adapter instead of an OutlookHost.
 */
import { AdapterErrorCode, OutlookError, toOutlookError } from "./errors";

export interface DialogPage {
  /** Whether the page runs inside an Office dialog (messageParent exists). */
  inDialog(): boolean;
  /** Sends `message` to the page that opened the dialog (Office.context.ui.messageParent). */
  messageParent(message: string): void;
}

export function createDialogPage(office: typeof Office): DialogPage {
  // Partial: outside a dialog (or before Office is ready) the object or its messageParent is missing.
  const ui = (): Partial<Office.UI> | undefined => {
    try {
      return office.context?.ui;
    } catch {
      return undefined;
    }
  };
  return {
    inDialog: () => typeof ui()?.messageParent === "function",
    messageParent(message: string) {
      const target = ui();
      if (typeof target?.messageParent !== "function") {
        throw new OutlookError(
          AdapterErrorCode.Unknown,
          "This page only works in a window opened by Sign for Outlook.",
          {
            operation: "messageParent",
          },
        );
      }
      try {
        target.messageParent(message);
      } catch (error) {
        throw toOutlookError(error, "messageParent");
      }
    },
  };
}
