/**
 * The add-in's telemetry events: the one list both ends use. The service builds its request schema
 * from it (src/service/schemas/telemetry.ts) and the add-in filters every event through it before
 * queueing (privacy.ts). Pure data and functions: no DOM, no Node.
 *
 * Privacy rests on the shape, not on good intentions: every property is an enumerated value, a
 * bounded integer or a short lowercase code, so nothing typed by a user or read from a message (an
 * address, a name, a subject, a file name, a tag label) can fit into an event.
 */

import { ERROR_CODES } from "./error-codes";

export const VIEW_IDS = ["send", "groups", "tags", "status", "settings", "sign"] as const;
export type TelemetryViewId = (typeof VIEW_IDS)[number];

/**
 * What a user can do in the pane. A closed list rather than a pattern: a free-form id could carry
 * data ("groups.megan_bowen"). Adding an action means adding it here; old services then refuse the
 * batch (400), which the client drops, so add it to the service first.
 */
export const ACTION_IDS = [
  "settings.sign_in",
  "settings.sign_out",
  "settings.verify",
  "tags.copy",
  "tags.insert",
  "groups.list",
  "groups.resolve",
  "groups.create",
  "groups.update",
  "groups.delete",
  "groups.bulk_delete",
  "groups.members.add",
  "groups.members.remove",
  "send.prepare",
  "send.submit",
  "status.refresh",
  "status.remind",
  "status.void",
  "status.download",
  "status.certificate",
  "status.reply_signed",
  "status.audit_trail",
  "status.signing_link",
] as const;
export type TelemetryActionId = (typeof ACTION_IDS)[number];

/** Where an unexpected error was caught. */
export const ERROR_SOURCES = ["window_error", "unhandled_rejection", "render"] as const;
export type TelemetryErrorSource = (typeof ERROR_SOURCES)[number];

export const ITEM_MODES = ["read", "compose", "none"] as const;

/** Office.context.diagnostics.host / Office.context.platform values; anything else is "other". */
export const HOST_NAMES = ["Outlook", "OutlookWebApp", "OutlookIOS", "OutlookAndroid", "other"] as const;
export const PLATFORMS = ["PC", "OfficeOnline", "Mac", "iOS", "Android", "Universal", "other"] as const;

/**
 * The oldest event the service takes, in days: telemetry older than this is no use to a daily
 * report and is refused (as is an event more than MAX_CLOCK_AHEAD_MS ahead of the service's clock).
 */
export const TELEMETRY_RETENTION_DAYS = 90;
export const MAX_CLOCK_AHEAD_MS = 24 * 3_600_000;
/** Dotted numbers only ("16.0.17531.20000", "1.0.0.0"); anything else is sent as "unknown". */
export const VERSION_PATTERN = "^(unknown|[0-9]{1,6}(\\.[0-9]{1,6}){0,3})$";
export const MAX_DURATION_MS = 3_600_000;

export type PropertySpec =
  { kind: "enum"; values: readonly string[] } | { kind: "integer"; min: number; max: number };

const duration: PropertySpec = { kind: "integer", min: 0, max: MAX_DURATION_MS };
const view: PropertySpec = { kind: "enum", values: VIEW_IDS };
const action: PropertySpec = { kind: "enum", values: ACTION_IDS };
/** An error code of the closed list (error-codes.ts). */
const code: PropertySpec = { kind: "enum", values: ERROR_CODES };

interface EventSpec {
  /** Properties every event of this name carries. */
  required: Record<string, PropertySpec>;
  optional: Record<string, PropertySpec>;
}

export const EVENTS = {
  pane_opened: {
    required: { loadMs: duration, view, mode: { kind: "enum", values: ITEM_MODES } },
    optional: {},
  },
  view_shown: { required: { view }, optional: {} },
  action_started: { required: { action }, optional: {} },
  action_succeeded: { required: { action, durationMs: duration }, optional: {} },
  action_failed: {
    required: { action, durationMs: duration, errorCode: code },
    optional: { status: { kind: "integer", min: 0, max: 599 } },
  },
  unexpected_error: {
    required: { source: { kind: "enum", values: ERROR_SOURCES }, errorCode: code },
    optional: {},
  },
} satisfies Record<string, EventSpec>;

export type TelemetryEventName = keyof typeof EVENTS;
export const EVENT_NAMES = Object.keys(EVENTS) as TelemetryEventName[];

/** Every property an event may carry, as the wire has it. */
export type TelemetryProperties = Record<string, string | number>;

export interface TelemetryEvent {
  name: TelemetryEventName;
  /** When it happened, ISO 8601 UTC (the client's clock). */
  at: string;
  props: TelemetryProperties;
}

/** Who sent a batch: nothing that names a person or a mailbox. */
export interface TelemetryClientInfo {
  /** A random UUID made once per install (browser profile) of the add-in; not tied to a user. */
  installId: string;
  host: (typeof HOST_NAMES)[number];
  platform: (typeof PLATFORMS)[number];
  hostVersion: string;
  addinVersion: string;
}

export interface TelemetryBatch {
  client: TelemetryClientInfo;
  events: TelemetryEvent[];
}

/** Limits of one batch (POST /api/v1/telemetry/outlook). */
export const MAX_EVENTS_PER_BATCH = 50;
export const MAX_BATCH_BYTES = 64 * 1024;

/** The one value a property may take under its spec, or undefined when the value does not fit. */
export function admitValue(spec: PropertySpec, value: unknown): string | number | undefined {
  switch (spec.kind) {
    case "enum":
      return typeof value === "string" && spec.values.includes(value) ? value : undefined;
    case "integer":
      return typeof value === "number" && Number.isFinite(value)
        ? Math.min(spec.max, Math.max(spec.min, Math.round(value)))
        : undefined;
  }
}
