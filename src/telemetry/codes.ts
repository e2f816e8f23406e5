/** Errors as telemetry codes; kept apart from the catalogue so the pane's first bundle stays small. */
import { isErrorCode, type TelemetryErrorCode } from "./error-codes";

/**
 * An error as a code of the closed list (error-codes.ts): the service's or the client's own `code`
 * when it is listed (validation_failed, network_error), else the error's class name in snake case
 * when that is (TypeError → type_error), else "other". Never its message, which may quote user data.
 */
export function errorCodeOf(error: unknown): TelemetryErrorCode {
  const code = (error as { code?: unknown } | null)?.code;
  if (isErrorCode(code)) return code;
  const name = error instanceof Error ? error.name : "";
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 64);
  return isErrorCode(snake) ? snake : "other";
}

/** An HTTP status of a failed call (ApiError.status), when it has one. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && Number.isInteger(status) && status >= 0 && status <= 599
    ? status
    : undefined;
}
