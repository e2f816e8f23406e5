/** Stable error codes of contract §3; clients switch on these, never on messages. */
export type ErrorCode =
  | "validation_failed"
  | "duplicate_member"
  | "member_limit_reached"
  | "not_found"
  | "member_not_found"
  | "unauthorized"
  | "legacy_api_key"
  | "insufficient_scope"
  | "unsupported_media_type"
  | "payload_too_large"
  | "tag_unparseable"
  | "invalid_format"
  | "rate_limited"
  | "invalid_state"
  | "duplicate_signer"
  | "not_supported"
  | "not_your_turn"
  | "invalid_document"
  | "invalid_access_code"
  | "access_code_required"
  | "internal_error";

export interface FieldError {
  field: string;
  message: string;
}

/** A failure a route or domain function answers on purpose; the error handler renders it as SignErrorResponse. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const notFound = (what: string) => new ApiError(404, "not_found", `${what} was not found.`);

export function validationFailed(errors: FieldError[], detail?: string): ApiError {
  return new ApiError(
    400,
    "validation_failed",
    detail ?? (errors.length === 1 ? errors[0]!.message : `The request has ${errors.length} invalid fields.`),
    errors,
  );
}
