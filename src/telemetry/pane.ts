/**
 * The task pane's telemetry queue, put together: client info, install id, fetch transport. Loaded
 * with import() by src/taskpane/telemetry.tsx once the pane is up, so none of it (the catalogue, the
 * queue) weighs on the pane's first bundle.
 */
import { HOST_NAMES, PLATFORMS, VERSION_PATTERN, type TelemetryClientInfo } from "./catalogue";
import { createTelemetryClient, type TelemetryClient, type TelemetryTransport } from "./client";
import { createFetchTransport, installId, type TelemetryFetch } from "./transport";

export interface OfficeClient {
  host: string;
  platform: string;
  version: string;
}

const oneOf = <T extends string>(values: readonly T[], value: string): T =>
  values.includes(value as T) ? (value as T) : ("other" as T);
const versionOf = (value: string): string =>
  value.length <= 27 && new RegExp(VERSION_PATTERN).test(value) ? value : "unknown";

/** What a batch says about its sender: Office's names when known, "other"/"unknown" for anything else. */
export function clientInfoOf(
  office: OfficeClient | null,
  id: string,
  addinVersion: string,
): TelemetryClientInfo {
  return {
    installId: id,
    host: oneOf(HOST_NAMES, office?.host ?? ""),
    platform: oneOf(PLATFORMS, office?.platform ?? ""),
    hostVersion: versionOf(office?.version ?? ""),
    addinVersion: versionOf(addinVersion),
  };
}

export interface PaneTelemetryOptions {
  office: OfficeClient | null;
  storage: { getItem(key: string): string | null; setItem(key: string, value: string): void } | null;
  addinVersion: string;
  /** The session as it is at send time. */
  serviceUrl(): string;
  token(): Promise<string | null>;
  fetch?: TelemetryFetch;
  /** The service said the tenant has telemetry off. */
  onTenantDisabled(): void;
  transport?: TelemetryTransport;
  flushIntervalMs?: number;
}

export function createPaneTelemetry(options: PaneTelemetryOptions): TelemetryClient {
  const transport =
    options.transport ??
    createFetchTransport({
      serviceUrl: options.serviceUrl,
      token: options.token,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  return createTelemetryClient({
    client: clientInfoOf(options.office, installId(options.storage), options.addinVersion),
    ...(options.flushIntervalMs ? { flushIntervalMs: options.flushIntervalMs } : {}),
    transport: {
      async send(batch, sendOptions) {
        const outcome = await transport.send(batch, sendOptions);
        if (outcome.kind === "accepted" && !outcome.telemetryEnabled) options.onTenantDisabled();
        return outcome;
      },
    },
  });
}
