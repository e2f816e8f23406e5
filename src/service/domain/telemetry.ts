/**
 * The add-in's telemetry (POST /api/v1/telemetry/outlook): a batch is checked against the shared
 * catalogue, property by property, then stored with its daily aggregates, unless the tenant has
 * telemetry off, in which case it is dropped and the answer says so.
 */
import {
  EVENTS,
  HOST_NAMES,
  MAX_CLOCK_AHEAD_MS,
  MAX_EVENTS_PER_BATCH,
  PLATFORMS,
  TELEMETRY_RETENTION_DAYS,
  VERSION_PATTERN,
  type PropertySpec,
  type TelemetryBatch,
  type TelemetryEventName,
} from "../../telemetry/catalogue";
import { validationFailed, type FieldError } from "../errors";
import type { NewTelemetryEvent, Storage, TelemetryDailyRecord } from "../storage";
import { newId } from "./tokens";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** RFC 3339 date-time, as JSON.stringify(new Date()) writes it (offsets allowed). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const version = new RegExp(VERSION_PATTERN);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const NOT_ALLOWED = "is not allowed: telemetry takes only the properties its catalogue names.";

function unknownKeys(
  value: Record<string, unknown>,
  allowed: readonly string[],
  at: string,
  out: FieldError[],
) {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key))
      out.push({ field: at ? `${at}.${key}` : key, message: `${key} ${NOT_ALLOWED}` });
  }
}

function checkValue(spec: PropertySpec, value: unknown, field: string, out: FieldError[]): void {
  switch (spec.kind) {
    case "enum":
      if (typeof value !== "string" || !spec.values.includes(value))
        out.push({
          field,
          message:
            spec.values.length > 20
              ? `${field} must be one of the catalogue's ${spec.values.length} values (see the OpenAPI document).`
              : `${field} must be one of: ${spec.values.join(", ")}.`,
        });
      return;
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value) || value < spec.min || value > spec.max)
        out.push({ field, message: `${field} must be an integer from ${spec.min} to ${spec.max}.` });
      return;
  }
}

/** The batch, or a validation_failed naming every field at fault. */
export function checkBatch(body: unknown, now: Date = new Date()): TelemetryBatch {
  const latest = now.getTime() + MAX_CLOCK_AHEAD_MS;
  const earliest = now.getTime() - TELEMETRY_RETENTION_DAYS * 86_400_000;
  const errors: FieldError[] = [];
  if (!isObject(body)) throw validationFailed([{ field: "body", message: "The body must be an object." }]);
  unknownKeys(body, ["client", "events"], "", errors);

  const client = body.client;
  if (!isObject(client)) {
    errors.push({ field: "client", message: "client is required and must be an object." });
  } else {
    unknownKeys(client, ["installId", "host", "platform", "hostVersion", "addinVersion"], "client", errors);
    if (typeof client.installId !== "string" || !UUID.test(client.installId))
      errors.push({ field: "client.installId", message: "client.installId must be a UUID." });
    checkValue({ kind: "enum", values: HOST_NAMES }, client.host, "client.host", errors);
    checkValue({ kind: "enum", values: PLATFORMS }, client.platform, "client.platform", errors);
    for (const key of ["hostVersion", "addinVersion"] as const) {
      const v = client[key];
      if (typeof v !== "string" || v.length > 27 || !version.test(v))
        errors.push({
          field: `client.${key}`,
          message: `client.${key} must be a dotted version number (up to four parts) or "unknown".`,
        });
    }
  }

  const events = body.events;
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS_PER_BATCH) {
    errors.push({
      field: "events",
      message: `events must be a list of 1 to ${MAX_EVENTS_PER_BATCH} events.`,
    });
  } else {
    events.forEach((event: unknown, i) => {
      const at = `events[${i}]`;
      if (!isObject(event)) {
        errors.push({ field: at, message: `${at} must be an object.` });
        return;
      }
      unknownKeys(event, ["name", "at", "props"], at, errors);
      // Own names only: "constructor" or "__proto__" must not find Object.prototype's members.
      const spec =
        typeof event.name === "string" && Object.hasOwn(EVENTS, event.name)
          ? EVENTS[event.name as TelemetryEventName]
          : undefined;
      if (!spec) {
        errors.push({
          field: `${at}.name`,
          message: `${at}.name must be one of: ${Object.keys(EVENTS).join(", ")}.`,
        });
      }
      if (
        typeof event.at !== "string" ||
        event.at.length > 40 ||
        !DATE_TIME.test(event.at) ||
        Number.isNaN(Date.parse(event.at))
      )
        errors.push({ field: `${at}.at`, message: `${at}.at must be an ISO 8601 date-time.` });
      else if (Date.parse(event.at) > latest)
        errors.push({
          field: `${at}.at`,
          message: `${at}.at is more than a day ahead of the service's clock.`,
        });
      else if (Date.parse(event.at) < earliest)
        errors.push({
          field: `${at}.at`,
          message: `${at}.at is older than the ${TELEMETRY_RETENTION_DAYS} days telemetry is kept.`,
        });
      const props = event.props;
      if (!isObject(props)) {
        errors.push({ field: `${at}.props`, message: `${at}.props is required and must be an object.` });
        return;
      }
      if (!spec) return;
      const optional = spec.optional as Record<string, PropertySpec>;
      unknownKeys(props, [...Object.keys(spec.required), ...Object.keys(optional)], `${at}.props`, errors);
      for (const [key, p] of Object.entries(spec.required)) {
        const field = `${at}.props.${key}`;
        if (props[key] === undefined) errors.push({ field, message: `${field} is required.` });
        else checkValue(p, props[key], field, errors);
      }
      for (const [key, p] of Object.entries(optional)) {
        if (props[key] !== undefined) checkValue(p, props[key], `${at}.props.${key}`, errors);
      }
    });
  }
  if (errors.length > 0) throw validationFailed(errors);
  return body as unknown as TelemetryBatch;
}

export interface TelemetryAccepted {
  accepted: number;
  telemetryEnabled: boolean;
}

/** Stores a checked batch for the tenant, or drops it when the tenant has telemetry off. */
export async function acceptBatch(
  storage: Storage,
  tenantId: string,
  batch: TelemetryBatch,
  now: Date = new Date(),
): Promise<TelemetryAccepted> {
  if (!(await storage.telemetry.isEnabled(tenantId))) return { accepted: 0, telemetryEnabled: false };
  const receivedOn = now.toISOString();
  const { client } = batch;
  const rows: NewTelemetryEvent[] = batch.events.map((event, batchIndex) => {
    const props = event.props;
    const subject = props.view ?? props.action ?? props.source ?? "";
    const duration = props.durationMs ?? props.loadMs;
    return {
      id: newId(),
      tenantId,
      installId: client.installId.toLowerCase(),
      name: event.name,
      subject: String(subject),
      errorCode: typeof props.errorCode === "string" ? props.errorCode : "",
      durationMs: typeof duration === "number" ? duration : null,
      props: JSON.stringify(props),
      host: client.host,
      platform: client.platform,
      hostVersion: client.hostVersion,
      addinVersion: client.addinVersion,
      occurredOn: new Date(event.at).toISOString(),
      receivedOn,
      batchIndex,
    };
  });
  await storage.transaction((stores) => stores.telemetry.insertEvents(rows));
  return { accepted: rows.length, telemetryEnabled: true };
}

/** The first day (YYYY-MM-DD, UTC) of a report covering the last `days` days, today included. */
export function reportStartDay(days: number, now: Date = new Date()): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  return start.toISOString().slice(0, 10);
}

/** The admin report: one tab-separated line per day and kind of event. */
export function formatDailyReport(rows: readonly TelemetryDailyRecord[]): string[] {
  const lines = [["day", "event", "subject", "error", "count", "avg_ms", "max_ms"].join("\t")];
  for (const r of rows) {
    const timed = r.durationCount > 0;
    lines.push(
      [
        r.day,
        r.name,
        r.subject || "-",
        r.errorCode || "-",
        String(r.events),
        timed ? String(Math.round(r.durationSumMs / r.durationCount)) : "-",
        timed ? String(r.durationMaxMs) : "-",
      ].join("\t"),
    );
  }
  return lines;
}
