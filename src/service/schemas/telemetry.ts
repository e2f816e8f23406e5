import { Type, type TSchema } from "@sinclair/typebox";
import {
  EVENTS,
  HOST_NAMES,
  MAX_BATCH_BYTES,
  MAX_EVENTS_PER_BATCH,
  PLATFORMS,
  VERSION_PATTERN,
  type PropertySpec,
} from "../../telemetry/catalogue";
import { ref } from "./common";

const enumOf = (values: readonly string[], description?: string) =>
  Type.Unsafe<string>({ type: "string", enum: [...values], ...(description ? { description } : {}) });

function propertySchema(spec: PropertySpec): TSchema {
  switch (spec.kind) {
    case "enum":
      return enumOf(spec.values);
    case "integer":
      return Type.Integer({ minimum: spec.min, maximum: spec.max });
  }
}

/** One schema per event name, generated from the shared catalogue (src/telemetry/catalogue.ts). */
const eventSchemas = Object.entries(EVENTS).map(([name, spec]) => {
  const props: Record<string, TSchema> = {};
  for (const [key, p] of Object.entries(spec.required)) props[key] = propertySchema(p);
  for (const [key, p] of Object.entries(spec.optional as Record<string, PropertySpec>))
    props[key] = Type.Optional(propertySchema(p));
  return Type.Object(
    {
      name: Type.Literal(name),
      at: Type.String({
        format: "date-time",
        maxLength: 40,
        description: "When it happened (client clock).",
      }),
      props: Type.Object(props, { additionalProperties: false }),
    },
    { additionalProperties: false, title: name },
  );
});

export const TelemetryClientInfoDto = Type.Object(
  {
    installId: Type.String({
      format: "uuid",
      description: "A random id made once per install of the add-in; it names no person or mailbox.",
    }),
    host: enumOf(HOST_NAMES, "Office's host name (Office.context.diagnostics.host)."),
    platform: enumOf(PLATFORMS, "Office's platform (Office.context.platform)."),
    hostVersion: Type.String({ pattern: VERSION_PATTERN, maxLength: 27 }),
    addinVersion: Type.String({ pattern: VERSION_PATTERN, maxLength: 27 }),
  },
  { $id: "TelemetryClientInfoDto", additionalProperties: false },
);

export const TelemetryBatchApiRequest = Type.Object(
  {
    client: ref(TelemetryClientInfoDto),
    events: Type.Array(Type.Union(eventSchemas), { minItems: 1, maxItems: MAX_EVENTS_PER_BATCH }),
  },
  {
    $id: "TelemetryBatchApiRequest",
    additionalProperties: false,
    description:
      `At most ${MAX_EVENTS_PER_BATCH} events and ${MAX_BATCH_BYTES} bytes. Unlike elsewhere in the API, ` +
      "unknown properties are refused: every value is enumerated, a bounded integer or a short code, so " +
      "that no personal data can be sent.",
  },
);

export const TelemetryBeaconApiRequest = Type.Object(
  {
    beaconKey: Type.String({ maxLength: 200, description: "From the previous 202's `beaconKey`." }),
    client: ref(TelemetryClientInfoDto),
    events: TelemetryBatchApiRequest.properties.events,
  },
  {
    $id: "TelemetryBeaconApiRequest",
    additionalProperties: false,
    description:
      "A telemetry batch sent with navigator.sendBeacon (as text/plain, which a beacon may send across " +
      "origins), authenticated by the beacon key in the body instead of a credential.",
  },
);

export const TelemetryAcceptedApiResponse = Type.Object(
  {
    accepted: Type.Integer({ description: "Events stored (0 when the tenant has telemetry off)." }),
    telemetryEnabled: Type.Boolean({
      description: "False when the tenant has turned telemetry off: the add-in stops sending.",
    }),
    beaconKey: Type.Optional(
      Type.String({
        description:
          "While telemetry is on: a key for POST /api/v1/telemetry/outlook/beacon, valid for an hour, for " +
          "the one request a closing pane can still make (navigator.sendBeacon cannot send a credential).",
      }),
    ),
  },
  { $id: "TelemetryAcceptedApiResponse" },
);

export const ManifestFingerprintApiResponse = Type.Object(
  {
    fingerprint: Type.String({
      pattern: "^[0-9a-f]{64}$",
      description: "SHA-256 (hex) of the canonical manifest the service serves for the current add-in build.",
    }),
    version: Type.String({ description: "The manifest's <Version>." }),
  },
  { $id: "ManifestFingerprintApiResponse" },
);

export const TELEMETRY_MODELS: TSchema[] = [
  TelemetryClientInfoDto,
  TelemetryBatchApiRequest,
  TelemetryBeaconApiRequest,
  TelemetryAcceptedApiResponse,
  ManifestFingerprintApiResponse,
];
