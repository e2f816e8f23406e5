/** The add-in's only door to Office.js: see host.ts. */
export type {
  AttachmentInfo,
  AttachmentKind,
  ComposeCapability,
  ComposeSupport,
  DialogEvent,
  DialogHandle,
  DialogOptions,
  DraftFile,
  ItemMode,
  MailAddress,
  OfficeThemeInfo,
  OutlookHost,
  Recipients,
  ReplyFile,
  ReplyOptions,
} from "./types";
export { createDialogPage, type DialogPage } from "./dialog-page";
export {
  createOutlookHost,
  officeClientInfo,
  COMPOSE_REQUIREMENTS,
  OUTLOOK_LIMITS,
  MAX_CONCURRENT_OFFICE_CALLS,
  type OfficeClientInfo,
  type OutlookHostOptions,
} from "./host";
export {
  AdapterErrorCode,
  OfficeErrorCode,
  OutlookError,
  UnsupportedAttachmentError,
  fromOfficeError,
  type OfficeErrorLike,
  type OutlookErrorDetails,
  type UnsupportedAttachmentKind,
} from "./errors";
export { createAsyncLimiter, type AsyncLimiter } from "./limiter";
export { base64ToBytes, bytesToBase64, guessContentType } from "./content";
