// A package's audit trail: its events and the check of their hash chain.
import { Type } from "@sinclair/typebox";

export const AuditEventResponse = Type.Object(
  {
    id: Type.String(),
    at: Type.String({ format: "date-time" }),
    action: Type.String(),
    actor: Type.Object({
      type: Type.String(),
      email: Type.Union([Type.String(), Type.Null()]),
      name: Type.Union([Type.String(), Type.Null()]),
    }),
    ip: Type.Union([Type.String(), Type.Null()]),
    details: Type.Record(Type.String(), Type.Unknown()),
    hash: Type.String(),
    previousHash: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: "AuditEventResponse" },
);

export const AuditVerifyResponse = Type.Object(
  {
    isValid: Type.Boolean(),
    eventCount: Type.Integer(),
    firstBrokenEventId: Type.Union([Type.String(), Type.Null()], {
      description: "The first event that does not follow from those before it; null for a trail cut short.",
    }),
    reason: Type.Union([Type.String(), Type.Null()], {
      description:
        "Why the trail is not valid (null when it is): an event breaks the chain, or events are missing from its end (fewer than the package recorded).",
    }),
  },
  { $id: "AuditVerifyResponse" },
);
