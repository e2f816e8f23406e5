/**
 * Every error code a telemetry event may carry: a closed list, because an open pattern
 * (`^[a-z_]+$`) would carry data ("john_smith_at_contoso_dot_com"). Kept apart from the catalogue
 * so that the pane's first bundle (codes.ts) takes this list only. A code not listed is sent as
 * "other"; adding one means adding it here and to the service first (old services refuse it).
 */
export const ERROR_CODES = [
  // The service's codes (contract §3, and §6's for packages).
  "validation_failed",
  "duplicate_member",
  "member_limit_reached",
  "not_found",
  "member_not_found",
  "unauthorized",
  "legacy_api_key",
  "insufficient_scope",
  "unsupported_media_type",
  "payload_too_large",
  "tag_unparseable",
  "invalid_format",
  "rate_limited",
  "internal_error",
  "invalid_state",
  "duplicate_signer",
  "not_supported",
  "not_your_turn",
  "invalid_document",
  // The add-in's HTTP client (src/api/errors.ts) and sign-in (src/auth/sign-in-error.ts).
  "network_error",
  "timeout",
  "cancelled",
  "invalid_response",
  "invalid_service_url",
  "forbidden",
  "service_unavailable",
  "http_error",
  "blocked",
  "in_progress",
  "consent",
  "setup",
  "network",
  "bad_response",
  "failed",
  // Error classes, in snake case: JavaScript's, the DOM's, MSAL's and the add-in's own.
  "error",
  "type_error",
  "range_error",
  "reference_error",
  "syntax_error",
  "eval_error",
  "uri_error",
  "aggregate_error",
  "abort_error",
  "timeout_error",
  "not_allowed_error",
  "security_error",
  "quota_exceeded_error",
  "data_clone_error",
  "chunk_load_error",
  "api_error",
  "outlook_error",
  "unsupported_attachment_error",
  "sign_in_error",
  "auth_error",
  "browser_auth_error",
  "client_auth_error",
  "interaction_required_auth_error",
  "server_error",
  "tag_parse_error",
  "tag_spec_error",
  // Anything else.
  "other",
] as const;

export type TelemetryErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is TelemetryErrorCode {
  return typeof value === "string" && KNOWN.has(value);
}
