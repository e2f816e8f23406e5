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
  // Not Object.hasOwn: the pane targets es2020 WebViews (Safari before 15.4 lacks it).
  if (!Object.prototype.hasOwnProperty.call(EVENTS, name)) return null;
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
