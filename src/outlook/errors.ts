/**
 * Typed errors of the Outlook adapter, and the mapping from Office.js AsyncResult errors to them.
 *
 * Office error codes come from Office.js itself (the OutlookErrorManager table in outlook-web-16.01.js
 * and the common `ooe*` codes of the Office runtime). Codes below 0 are the adapter's own.
 */

/** Office.js error codes this adapter gives a specific message for. */
export const OfficeErrorCode = {
  InternalError: 5001,
  DocumentReadOnly: 5002,
  RequestTimeout: 5011,
  InvalidOrTimedOutSession: 5012,
  TooManyIncompleteRequests: 5100,
  ActivityLimitReached: 5102,
  RequestPayloadSizeLimitExceeded: 5103,
  ResponsePayloadSizeLimitExceeded: 5104,
  NoCapability: 7000,
  AttachmentSizeExceeded: 9000,
  InternalFormatError: 9002,
  InvalidAttachmentId: 9003,
  CursorPositionChanged: 9014,
  InvalidSelection: 9016,
  AccessRestricted: 9017,
  SaveError: 9021,
  CanOnlyGetTokenForSavedItem: 9029,
  APICallFailedDueToItemChange: 9030,
  ApiCallNotSupportedByExtensionPoint: 9032,
  InsufficientItemPermissionsError: 9038,
  HTTPRequestFailure: 9040,
  NetworkError: 9041,
  InternalServerError: 9042,
  AttachmentTypeNotSupported: 9043,
  ItemNotSaved: 9046,
  ItemNotFound: 9049,
  AttachmentResourceNotFound: 9052,
  AttachmentResourceUnAuthorizedAccess: 9053,
  AttachmentDownloadFailed: 9054,
  APINotSupportedForSharedFolders: 9055,
  DialogPageNotLoaded: 12002,
  DialogPageNotHttps: 12003,
  DialogDomainNotTrusted: 12004,
  DialogUrlNotHttps: 12005,
  DialogClosedByUser: 12006,
  DialogAlreadyOpen: 12007,
  DialogIgnoredByUser: 12009,
  DialogPopupBlocked: 12011,
} as const;

/** The adapter's own error codes (negative, so they never collide with Office's). */
export const AdapterErrorCode = {
  /** Office reported a failure without an error object, or threw something unexpected. */
  Unknown: -1,
  /** No item is open or selected. */
  NoItem: -2,
  /** The operation needs a message being composed (e.g. insertText in read mode). */
  ComposeOnly: -3,
  /** Office returned attachment content that could not be decoded. */
  InvalidContent: -4,
} as const;

const BUSY = "Outlook is busy. Wait a moment and try again.";
const TOO_LARGE =
  "The attachment is too large for Outlook to hand over to Sign for Outlook. Use a smaller file, or upload the document to the signing service directly.";
const INTERNAL = "Outlook reported an internal error. Try again; if it keeps happening, restart Outlook.";
const OFFLINE = "Outlook can't reach the mail server. Check your network connection and try again.";
const SAVE_FIRST =
  "This draft hasn't been saved yet. Save it (or wait a moment for Outlook to save it) and try again.";

interface Mapping {
  message: string;
  retryable: boolean;
}

const DIALOG_SETUP =
  "Sign for Outlook is not set up correctly for this window. Ask your administrator to check the add-in's address.";

// Dialog errors (Office.context.ui.displayDialogAsync and its DialogEventReceived).
const DIALOG_MESSAGES: ReadonlyArray<[number, Mapping]> = [
  [
    OfficeErrorCode.DialogPageNotLoaded,
    {
      message: "The window could not load its page. Check your connection and try again.",
      retryable: true,
    },
  ],
  [OfficeErrorCode.DialogPageNotHttps, { message: DIALOG_SETUP, retryable: false }],
  [OfficeErrorCode.DialogDomainNotTrusted, { message: DIALOG_SETUP, retryable: false }],
  [OfficeErrorCode.DialogUrlNotHttps, { message: DIALOG_SETUP, retryable: false }],
  [OfficeErrorCode.DialogClosedByUser, { message: "The window was closed.", retryable: true }],
  [
    OfficeErrorCode.DialogAlreadyOpen,
    {
      message: "A Sign for Outlook window is already open. Finish or close it, then try again.",
      retryable: true,
    },
  ],
  [
    OfficeErrorCode.DialogIgnoredByUser,
    { message: "Outlook was not allowed to open the window. Try again and choose Allow.", retryable: true },
  ],
  [
    OfficeErrorCode.DialogPopupBlocked,
    {
      message:
        "Your browser blocked the window. Allow pop-ups for Outlook on the web in your browser's settings, then try again.",
      retryable: true,
    },
  ],
];
const MESSAGES: ReadonlyMap<number, Mapping> = new Map<number, Mapping>([
  [OfficeErrorCode.InternalError, { message: INTERNAL, retryable: true }],
  [
    OfficeErrorCode.DocumentReadOnly,
    { message: "This message can't be changed right now: it is read-only.", retryable: false },
  ],
  [
    OfficeErrorCode.RequestTimeout,
    { message: "Outlook took too long to answer. Try again.", retryable: true },
  ],
  [
    OfficeErrorCode.InvalidOrTimedOutSession,
    { message: "Your Outlook session has expired. Reload Outlook and try again.", retryable: false },
  ],
  [OfficeErrorCode.TooManyIncompleteRequests, { message: BUSY, retryable: true }],
  [OfficeErrorCode.ActivityLimitReached, { message: BUSY, retryable: true }],
  [OfficeErrorCode.RequestPayloadSizeLimitExceeded, { message: TOO_LARGE, retryable: false }],
  [OfficeErrorCode.ResponsePayloadSizeLimitExceeded, { message: TOO_LARGE, retryable: false }],
  [
    OfficeErrorCode.NoCapability,
    {
      message:
        "Sign for Outlook doesn't have permission to do this. Ask your administrator to update the add-in.",
      retryable: false,
    },
  ],
  [OfficeErrorCode.AttachmentSizeExceeded, { message: TOO_LARGE, retryable: false }],
  [OfficeErrorCode.InternalFormatError, { message: INTERNAL, retryable: true }],
  [
    OfficeErrorCode.InvalidAttachmentId,
    {
      message: "Outlook can't find that attachment any more. Refresh the attachment list and try again.",
      retryable: false,
    },
  ],
  [
    OfficeErrorCode.CursorPositionChanged,
    {
      message:
        "The cursor moved while the text was being inserted. Click where the text should go and try again.",
      retryable: true,
    },
  ],
  [
    OfficeErrorCode.InvalidSelection,
    {
      message:
        "Text can't be inserted at the current selection. Click inside the message body and try again.",
      retryable: false,
    },
  ],
  [
    OfficeErrorCode.AccessRestricted,
    { message: "Outlook couldn't complete the request. Try again in a moment.", retryable: true },
  ],
  [
    OfficeErrorCode.SaveError,
    { message: "Outlook couldn't save the draft. Check your connection and try again.", retryable: true },
  ],
  [OfficeErrorCode.CanOnlyGetTokenForSavedItem, { message: SAVE_FIRST, retryable: false }],
  [
    OfficeErrorCode.APICallFailedDueToItemChange,
    {
      message:
        "The selected message changed while Sign for Outlook was working on it. Select the message you want and try again.",
      retryable: false,
    },
  ],
  [
    OfficeErrorCode.ApiCallNotSupportedByExtensionPoint,
    { message: "This action isn't available in this Outlook view.", retryable: false },
  ],
  [
    OfficeErrorCode.InsufficientItemPermissionsError,
    {
      message:
        "You don't have permission to do this with this message (for example in a shared or delegated mailbox). Ask the mailbox owner for access.",
      retryable: false,
    },
  ],
  [OfficeErrorCode.HTTPRequestFailure, { message: OFFLINE, retryable: true }],
  [OfficeErrorCode.NetworkError, { message: OFFLINE, retryable: true }],
  [
    OfficeErrorCode.InternalServerError,
    { message: "The mail server returned an error. Try again in a moment.", retryable: true },
  ],
  [
    OfficeErrorCode.AttachmentTypeNotSupported,
    {
      message:
        "Outlook can't hand over this kind of attachment. Attach the document as a regular file and try again.",
      retryable: false,
    },
  ],
  [OfficeErrorCode.ItemNotSaved, { message: SAVE_FIRST, retryable: false }],
  [
    OfficeErrorCode.ItemNotFound,
    {
      message:
        "This message can't be found: it may have been moved or deleted. Select it again and try again.",
      retryable: false,
    },
  ],
  [
    OfficeErrorCode.AttachmentResourceNotFound,
    {
      message:
        "The attachment can't be found: it may have been removed. Refresh the attachment list and try again.",
      retryable: false,
    },
  ],
  [
    OfficeErrorCode.AttachmentResourceUnAuthorizedAccess,
    {
      message: "You don't have access to this attachment. Ask its owner to share it with you.",
      retryable: false,
    },
  ],
  [
    OfficeErrorCode.AttachmentDownloadFailed,
    {
      message: "Outlook couldn't download the attachment. Check your connection and try again.",
      retryable: true,
    },
  ],
  [
    OfficeErrorCode.APINotSupportedForSharedFolders,
    {
      message:
        "This doesn't work for messages in shared folders or shared mailboxes. Open the message from your own mailbox.",
      retryable: false,
    },
  ],
  ...DIALOG_MESSAGES,
]);

export interface OutlookErrorDetails {
  /** Office's error name (e.g. "NetworkError"), when the error came from Office. */
  officeName?: string | null;
  /** Office's own message, kept for logs. */
  officeMessage?: string | null;
  /** The Office.js method that failed, e.g. "getAttachmentContentAsync". */
  operation?: string | null;
  /** Whether retrying the same call later may succeed. */
  retryable?: boolean;
  cause?: unknown;
}

/** An Outlook operation failed. `message` is written for the user; the rest is for logs and logic. */
export class OutlookError extends Error {
  override name = "OutlookError";
  readonly code: number;
  readonly officeName: string | null;
  readonly officeMessage: string | null;
  readonly operation: string | null;
  readonly retryable: boolean;

  constructor(code: number, message: string, details: OutlookErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.officeName = details.officeName ?? null;
    this.officeMessage = details.officeMessage ?? null;
    this.operation = details.operation ?? null;
    this.retryable = details.retryable ?? false;
  }
}

export type UnsupportedAttachmentKind = "cloud" | "item" | "unknown";

/** The attachment exists but its bytes can't be had (cloud link, attached message or event, unknown format). */
export class UnsupportedAttachmentError extends OutlookError {
  override name = "UnsupportedAttachmentError";
  readonly kind: UnsupportedAttachmentKind;
  /** The content format Office returned ("url", "eml", "iCalendar"), if any. */
  readonly format: string | null;

  constructor(kind: UnsupportedAttachmentKind, format: string | null, details: OutlookErrorDetails = {}) {
    super(OfficeErrorCode.AttachmentTypeNotSupported, unsupportedAttachmentMessage(kind), details);
    this.kind = kind;
    this.format = format;
  }
}

export function unsupportedAttachmentMessage(kind: UnsupportedAttachmentKind): string {
  switch (kind) {
    case "cloud":
      return "This attachment is a link to a file stored online (for example on OneDrive or SharePoint). Download the file, attach it to the message as a copy, and try again.";
    case "item":
      return "This attachment is an email or calendar item, not a document. Open it, save the document you want signed, attach that file, and try again.";
    default:
      return "Outlook can't hand over this kind of attachment. Attach the document as a regular file and try again.";
  }
}

/** Office's error object as found on a failed AsyncResult (all fields optional: fakes and old hosts vary). */
export interface OfficeErrorLike {
  code?: number | string;
  name?: string;
  message?: string;
}

/** Turns the `error` of a failed AsyncResult into an OutlookError with a message the user can act on. */
export function fromOfficeError(error: OfficeErrorLike | null | undefined, operation: string): OutlookError {
  const code = typeof error?.code === "number" ? error.code : Number(error?.code ?? NaN);
  const officeName = error?.name || null;
  const officeMessage = error?.message || null;
  const details: OutlookErrorDetails = { officeName, officeMessage, operation };
  if (!Number.isFinite(code)) {
    return new OutlookError(
      AdapterErrorCode.Unknown,
      officeMessage ?? "Outlook couldn't complete the request. Try again.",
      { ...details, retryable: true },
    );
  }
  if (code === OfficeErrorCode.AttachmentTypeNotSupported) {
    return new UnsupportedAttachmentError("unknown", null, details);
  }
  const known = MESSAGES.get(code);
  if (known) {
    return new OutlookError(code, known.message, { ...details, retryable: known.retryable });
  }
  return new OutlookError(
    code,
    officeMessage ?? `Outlook couldn't complete the request (error ${code}). Try again.`,
    details,
  );
}

/** Wraps anything thrown while calling Office (not an AsyncResult) into an OutlookError. */
export function toOutlookError(thrown: unknown, operation: string): OutlookError {
  if (thrown instanceof OutlookError) return thrown;
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new OutlookError(
    AdapterErrorCode.Unknown,
    message ? `Outlook couldn't complete the request: ${message}` : "Outlook couldn't complete the request.",
    { operation, cause: thrown, officeMessage: message || null },
  );
}
