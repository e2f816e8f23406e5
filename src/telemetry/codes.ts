/** Errors as telemetry codes; kept apart from the catalogue so the pane's first bundle stays small. */

/**
 * An error as a code: the service's or the client's own `code` when it already is one
 * (validation_failed, network_error), else the error's class name in snake case (TypeError →
 * type_error). Never its message, which may quote user data.
 */
export function errorCodeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^[a-z_]{1,64}$/.test(code)) return code;
  const name = error instanceof Error ? error.name : "";
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 64);
  return snake || "unknown";
}

/** An HTTP status of a failed call (ApiError.status), when it has one. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && Number.isInteger(status) && status >= 0 && status <= 599
    ? status
    : undefined;
}
