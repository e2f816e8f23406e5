// What is done to a package as a whole: validate it, see whom sending notifies, void it, set its
// reminders, and the bulk operations on many packages.
import { Type } from "@sinclair/typebox";
import { PACKAGE_LIMITS } from "../../domain/package-rules";
import { ref } from "../common";
import { Recipient } from "./fields";

export const ValidationIssue = Type.Object(
  {
    code: Type.String(),
    message: Type.String(),
    signerId: Type.Optional(Type.String()),
    documentId: Type.Optional(Type.String()),
  },
  { $id: "PackageValidationIssue" },
);

export const PackageValidationResponse = Type.Object(
  {
    isValid: Type.Boolean(),
    errors: Type.Array(ref(ValidationIssue)),
    warnings: Type.Array(ref(ValidationIssue)),
  },
  { $id: "PackageValidationResponse" },
);

export const SendImpactResponse = Type.Object(
  {
    packageId: Type.String(),
    status: Type.String(),
    notifiedNow: Type.Integer({
      description: "People notified when the package is sent (or now, if it is).",
    }),
    notifiedLater: Type.Integer({ description: "People notified when their routing order comes." }),
    signers: Type.Array(
      Type.Object({
        signerId: Type.String(),
        name: Type.String(),
        routingOrder: Type.Integer(),
        signingGroupId: Type.Union([Type.String(), Type.Null()]),
        notified: Type.Union([Type.Literal("now"), Type.Literal("later"), Type.Literal("never")]),
        recipients: Type.Array(Recipient, {
          description: "The signer, or a group slot's members (its snapshot once sent).",
        }),
      }),
    ),
  },
  { $id: "SendImpactResponse" },
);

export const VoidPackageApiRequest = Type.Object(
  { reason: Type.String({ description: `1 to ${PACKAGE_LIMITS.voidReasonLength} characters.` }) },
  { $id: "VoidPackageApiRequest" },
);

export const UpdateRemindersApiRequest = Type.Object(
  {
    enabled: Type.Boolean(),
    firstAfterDays: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    everyDays: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  },
  { $id: "UpdateRemindersApiRequest" },
);

export const PackageBulkApiRequest = Type.Object(
  {
    ids: Type.Array(Type.String({ description: "A package id (UUID)." }), {
      minItems: 1,
      maxItems: PACKAGE_LIMITS.idsPerBulk,
    }),
  },
  { $id: "PackageBulkApiRequest" },
);

export const BulkItemResult = Type.Object(
  {
    id: Type.String(),
    success: Type.Boolean(),
    error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
  },
  { $id: "BulkItemResult" },
);

export const BulkResultResponse = Type.Object(
  {
    results: Type.Array(ref(BulkItemResult)),
    successCount: Type.Integer(),
    failureCount: Type.Integer(),
  },
  { $id: "BulkResultResponse" },
);
