/**
 * What every part of the Outlook adapter shares: the queued, time-limited Office call, the current
 * item and its mode, and the host's requirement sets. Typed with @types/office-js; the run-time checks
 * stay because hosts (and older Outlook builds) lack parts of what the types promise.
 */
import { AdapterErrorCode, OfficeErrorCode, OutlookError, fromOfficeError, toOutlookError } from "./errors";
import { createAsyncLimiter, type AsyncLimiter } from "./limiter";
import type { ItemMode } from "./types";

/** Outlook on the web allows at most 3 async Office.js calls in flight. */
export const MAX_CONCURRENT_OFFICE_CALLS = 3;

/** Shared by every host by default: the limit is Outlook's, not one host's. */
const sharedLimiter = createAsyncLimiter(MAX_CONCURRENT_OFFICE_CALLS);

export interface OutlookHostOptions {
  /** Queue for every `*Async` call (default: one shared queue with 3 slots). */
  limiter?: AsyncLimiter;
  /**
   * Milliseconds after which an Office call that never called back is rejected (OutlookError 5011)
   * and its queue slot released. 0 disables. Default 120000.
   */
  callTimeoutMs?: number;
  /**
   * Called when an onItemChanged listener throws (the other listeners still run).
   * Default: rethrown on a later tick, so it reaches the global error handler.
   */
  onListenerError?: (error: unknown) => void;
}

/** A message in either mode, as Office.context.mailbox.item gives it. */
export type MailItem = Office.MessageRead | Office.MessageCompose;

export type OfficeCallback<T> = (result: Office.AsyncResult<T>) => void;

export interface OfficeContext {
  readonly office: typeof Office;
  readonly onListenerError: (error: unknown) => void;
  /** One Office `*Async` call, queued, with its AsyncResult turned into a value or an OutlookError. */
  call<T>(operation: string, invoke: (callback: OfficeCallback<T>) => void): Promise<T>;
  mailbox(): Office.Mailbox;
  currentItem(): MailItem | null;
  /** The current item; throws an OutlookError (NO_ITEM) when none is open. */
  requireItem(): MailItem;
  isCompose(item: MailItem): item is Office.MessageCompose;
  /** The error for a call this host does not have. */
  notSupported(operation: string, what: string): OutlookError;
  requirementSet(name: string, version: string): boolean;
  /** Office.context.ui, or undefined where the host has none (or throws reading it). */
  ui(): Office.UI | undefined;
}

/** An object with `getAsync`: a compose-mode field (subject, from, to...). */
export function hasGetAsync(value: unknown): value is { getAsync: unknown } {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { getAsync?: unknown }).getAsync === "function"
  );
}

/** A compose-mode body: one that can insert at the cursor. */
export function hasSetSelectedData(value: unknown): value is Pick<Office.Body, "setSelectedDataAsync"> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { setSelectedDataAsync?: unknown }).setSelectedDataAsync === "function"
  );
}

/**
 * An Office.js enum member, or its run-time value (Office's enums are strings) where the host's
 * Office object lacks it.
 */
export function officeEnum<T>(value: T | undefined, runtimeValue: string): T {
  return value ?? (runtimeValue as unknown as T);
}

function rethrowLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  }, 0);
}

export function createOfficeContext(office: typeof Office, options: OutlookHostOptions = {}): OfficeContext {
  const limiter = options.limiter ?? sharedLimiter;
  const callTimeoutMs = options.callTimeoutMs ?? 120_000;
  const succeeded = officeEnum(office.AsyncResultStatus?.Succeeded, "succeeded");

  const mailbox = (): Office.Mailbox => office.context.mailbox;
  const currentItem = (): MailItem | null => mailbox().item ?? null;

  const call = <T>(operation: string, invoke: (callback: OfficeCallback<T>) => void): Promise<T> =>
    limiter.run(
      () =>
        new Promise<T>((resolve, reject) => {
          let settled = false;
          let timer: ReturnType<typeof setTimeout> | undefined;
          const settle = (fn: () => void): void => {
            if (settled) return;
            settled = true;
            if (timer !== undefined) clearTimeout(timer);
            fn();
          };
          if (callTimeoutMs > 0) {
            timer = setTimeout(
              () =>
                settle(() =>
                  reject(
                    fromOfficeError(
                      {
                        code: OfficeErrorCode.RequestTimeout,
                        name: "RequestTimeout",
                        message: `No answer from Outlook after ${callTimeoutMs} ms`,
                      },
                      operation,
                    ),
                  ),
                ),
              callTimeoutMs,
            );
          }
          try {
            invoke((result) =>
              settle(() => {
                if (result && result.status === succeeded) resolve(result.value);
                else reject(fromOfficeError(result?.error, operation));
              }),
            );
          } catch (error) {
            settle(() => reject(toOutlookError(error, operation)));
          }
        }),
    );

  return {
    office,
    onListenerError: options.onListenerError ?? rethrowLater,
    call,
    mailbox,
    currentItem,
    requireItem() {
      const item = currentItem();
      if (!item) {
        throw new OutlookError(
          AdapterErrorCode.NoItem,
          "No message is selected. Select a message and try again.",
        );
      }
      return item;
    },
    isCompose: (item: MailItem): item is Office.MessageCompose =>
      hasGetAsync(item.subject) || hasSetSelectedData(item.body),
    notSupported: (operation, what) =>
      new OutlookError(
        OfficeErrorCode.ApiCallNotSupportedByExtensionPoint,
        `This version of Outlook can't ${what}. Update Outlook, or use Outlook on the web, and try again.`,
        { operation },
      ),
    requirementSet(name, version) {
      try {
        return office.context?.requirements?.isSetSupported?.(name, version) === true;
      } catch {
        return false; // hosts older than the requirements API
      }
    },
    ui() {
      try {
        return office.context?.ui;
      } catch {
        return undefined;
      }
    },
  };
}

export function modeOf(context: OfficeContext, item: MailItem): ItemMode {
  return context.isCompose(item) ? "compose" : "read";
}
