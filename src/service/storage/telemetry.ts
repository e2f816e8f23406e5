import type { SqlExecutor } from "./driver";

/** One event as stored; `subject` is its view, action or error source ("" when it has none). */
export interface NewTelemetryEvent {
  id: string;
  tenantId: string;
  installId: string;
  name: string;
  subject: string;
  errorCode: string;
  durationMs: number | null;
  /** The event's properties as JSON (already checked against the catalogue). */
  props: string;
  host: string;
  platform: string;
  hostVersion: string;
  addinVersion: string;
  occurredOn: string;
  receivedOn: string;
  /** Its place in its batch: events of one batch share receivedOn. */
  batchIndex: number;
}

export interface TelemetryEventRecord extends Omit<NewTelemetryEvent, "props"> {
  props: Record<string, unknown>;
}

/** A day's count of one kind of event (name + subject + error code), with its durations. */
export interface TelemetryDailyRecord {
  /** YYYY-MM-DD, UTC, of when the service received the events. */
  day: string;
  name: string;
  subject: string;
  errorCode: string;
  events: number;
  durationCount: number;
  durationSumMs: number;
  durationMaxMs: number;
}

interface EventRow {
  id: string;
  tenant_id: string;
  install_id: string;
  name: string;
  subject: string;
  error_code: string;
  duration_ms: number | null;
  props: string;
  host: string;
  platform: string;
  host_version: string;
  addin_version: string;
  occurred_on: string;
  received_on: string;
  batch_index: number;
}

interface DailyRow {
  day: string;
  name: string;
  subject: string;
  error_code: string;
  events: number;
  duration_count: number;
  duration_sum: number;
  duration_max: number;
}

const EVENT_COLUMNS = `id, tenant_id, install_id, name, subject, error_code, duration_ms, props, host, platform,
  host_version, addin_version, occurred_on, received_on, batch_index`;

/** The add-in's telemetry: raw events, their daily aggregates, and whether a tenant takes any. */
export class TelemetryStore {
  constructor(private readonly db: SqlExecutor) {}

  /** Stores the events and adds them to the daily aggregates; call inside a transaction. */
  async insertEvents(events: readonly NewTelemetryEvent[]): Promise<void> {
    const daily = new Map<string, TelemetryDailyRecord & { tenantId: string }>();
    for (const e of events) {
      await this.db.run(
        `INSERT INTO telemetry_events (${EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          e.id,
          e.tenantId,
          e.installId,
          e.name,
          e.subject,
          e.errorCode,
          e.durationMs,
          e.props,
          e.host,
          e.platform,
          e.hostVersion,
          e.addinVersion,
          e.occurredOn,
          e.receivedOn,
          e.batchIndex,
        ],
      );
      const day = e.receivedOn.slice(0, 10);
      const key = JSON.stringify([e.tenantId, day, e.name, e.subject, e.errorCode]);
      const row = daily.get(key) ?? {
        tenantId: e.tenantId,
        day,
        name: e.name,
        subject: e.subject,
        errorCode: e.errorCode,
        events: 0,
        durationCount: 0,
        durationSumMs: 0,
        durationMaxMs: 0,
      };
      row.events += 1;
      if (e.durationMs !== null) {
        row.durationCount += 1;
        row.durationSumMs += e.durationMs;
        row.durationMaxMs = Math.max(row.durationMaxMs, e.durationMs);
      }
      daily.set(key, row);
    }
    for (const d of daily.values()) {
      await this.db.run(
        `INSERT INTO telemetry_daily (tenant_id, day, name, subject, error_code, events, duration_count,
           duration_sum, duration_max)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (tenant_id, day, name, subject, error_code) DO UPDATE SET
           events = telemetry_daily.events + excluded.events,
           duration_count = telemetry_daily.duration_count + excluded.duration_count,
           duration_sum = telemetry_daily.duration_sum + excluded.duration_sum,
           duration_max = CASE WHEN excluded.duration_max > telemetry_daily.duration_max
             THEN excluded.duration_max ELSE telemetry_daily.duration_max END`,
        [
          d.tenantId,
          d.day,
          d.name,
          d.subject,
          d.errorCode,
          d.events,
          d.durationCount,
          d.durationSumMs,
          d.durationMaxMs,
        ],
      );
    }
  }

  /** The tenant's daily aggregates from `fromDay` (YYYY-MM-DD) on, oldest day first. */
  async daily(tenantId: string, fromDay: string): Promise<TelemetryDailyRecord[]> {
    const rows = await this.db.all<DailyRow>(
      `SELECT day, name, subject, error_code, events, duration_count, duration_sum, duration_max
       FROM telemetry_daily WHERE tenant_id = ? AND day >= ?
       ORDER BY day, name, subject, error_code`,
      [tenantId, fromDay],
    );
    return rows.map((r) => ({
      day: r.day,
      name: r.name,
      subject: r.subject,
      errorCode: r.error_code,
      events: Number(r.events),
      durationCount: Number(r.duration_count),
      durationSumMs: Number(r.duration_sum),
      durationMaxMs: Number(r.duration_max),
    }));
  }

  /** The tenant's stored events, oldest first (admin and tests). */
  async events(tenantId: string, limit = 1000): Promise<TelemetryEventRecord[]> {
    const rows = await this.db.all<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM telemetry_events WHERE tenant_id = ?
       ORDER BY received_on, batch_index LIMIT ?`,
      [tenantId, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      tenantId: r.tenant_id,
      installId: r.install_id,
      name: r.name,
      subject: r.subject,
      errorCode: r.error_code,
      durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
      props: JSON.parse(r.props) as Record<string, unknown>,
      host: r.host,
      platform: r.platform,
      hostVersion: r.host_version,
      addinVersion: r.addin_version,
      occurredOn: r.occurred_on,
      receivedOn: r.received_on,
      batchIndex: Number(r.batch_index),
    }));
  }

  /** Deletes raw events received before `before` (ISO 8601); the daily aggregates stay. Answers how many. */
  async pruneEvents(before: string): Promise<number> {
    return this.db.run("DELETE FROM telemetry_events WHERE received_on < ?", [before]);
  }

  /** Whether the tenant takes telemetry; a tenant never switched either way does. */
  async isEnabled(tenantId: string): Promise<boolean> {
    const row = await this.db.get<{ enabled: number }>(
      "SELECT enabled FROM telemetry_tenant_settings WHERE tenant_id = ?",
      [tenantId],
    );
    return row ? Number(row.enabled) === 1 : true;
  }

  async setEnabled(tenantId: string, enabled: boolean, now: string): Promise<void> {
    await this.db.run(
      `INSERT INTO telemetry_tenant_settings (tenant_id, enabled, updated_on) VALUES (?, ?, ?)
       ON CONFLICT (tenant_id) DO UPDATE SET enabled = excluded.enabled, updated_on = excluded.updated_on`,
      [tenantId, enabled ? 1 : 0, now],
    );
  }
}
