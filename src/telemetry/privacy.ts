/**
 * The add-in's privacy filter: every event passes through it before it is queued. Anything the
 * catalogue does not name is dropped, and a value that does not fit its property (an enum it is not
 * in, text where a code belongs) drops the whole event rather than being sent in some other form.
 */
import {
  EVENTS,
  type PropertySpec,
  type TelemetryEventName,
  type TelemetryProperties,
  admitValue,
} from "./catalogue";

/** The event's properties as they may be sent, or null when the event cannot be sent at all. */
export function filterEvent(name: string, props: Record<string, unknown>): TelemetryProperties | null {
  if (!Object.hasOwn(EVENTS, name)) return null;
  const spec = EVENTS[name as TelemetryEventName];
  const out: TelemetryProperties = {};
  for (const [key, p] of Object.entries(spec.required) as [string, PropertySpec][]) {
    const value = admitValue(p, props[key]);
    if (value === undefined) return null;
    out[key] = value;
  }
  for (const [key, p] of Object.entries(spec.optional as Record<string, PropertySpec>)) {
    if (props[key] === undefined) continue;
    const value = admitValue(p, props[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

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
