// The bounds of what a signer may send through their link (values, files, reasons, access codes).
export const SIGNING_LIMITS = {
  textLength: 4_000,
  numberLength: 50,
  imageBytes: 512 * 1024,
  attachmentBytes: 10 * 1024 * 1024,
  fileNameLength: 200,
  declineReasonLength: 500,
  /** Wrong access codes allowed for one person's slot within `accessCodeWindowMs`. */
  accessCodeFailures: 5,
  accessCodeWindowMs: 15 * 60_000,
} as const;
