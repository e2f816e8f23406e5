// A package's signers: create, update, bulk, the answer and its list, reorder, reassign, resend.
import { Type } from "@sinclair/typebox";
import { PACKAGE_LIMITS } from "../../domain/package-rules";
import { AUTH_METHODS, SIGNER_TYPES } from "../../domain/signers";
import { ref } from "../common";
import { opt, Recipient, timestamp } from "./fields";

export const SignerPath = Type.Object({ id: Type.String(), signerId: Type.String() });

export const CreateSignerApiRequest = Type.Object(
  {
    email: opt("A person's address; omit with signingGroupId."),
    name: opt("Display name; a group slot defaults to the group's name, a person to the address."),
    type: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: `${SIGNER_TYPES.join(", ")} (default Signer).`,
      }),
    ),
    routingOrder: Type.Optional(
      Type.Union([Type.Integer(), Type.Null()], { description: "1 to 100, default 1." }),
    ),
    signingGroupId: opt("A signing group of the tenant: its members are copied in when the package is sent."),
    authMethod: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: `${AUTH_METHODS.join(", ")}; Sms, Kba and IdVerification answer 400 not_supported.`,
      }),
    ),
    accessCode: opt("Required with AccessCode: 4 to 50 characters, never answered back."),
    clientUserId: opt("Marks an embedded signer."),
    roleName: opt("A role name."),
  },
  { $id: "CreateSignerApiRequest" },
);

export const UpdateSignerApiRequest = Type.Partial(CreateSignerApiRequest, {
  $id: "UpdateSignerApiRequest",
  description: `Null or omitted fields stay unchanged; signingGroupId ${"00000000-0000-0000-0000-000000000000"} turns a group slot back into a person (email then required).`,
});

export const BulkSignersApiRequest = Type.Object(
  {
    signers: Type.Array(ref(CreateSignerApiRequest), {
      minItems: 1,
      maxItems: PACKAGE_LIMITS.signersPerBulk,
    }),
  },
  { $id: "BulkSignersApiRequest" },
);

export const SignerApiResponse = Type.Object(
  {
    id: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    name: Type.String(),
    type: Type.String(),
    routingOrder: Type.Integer(),
    status: Type.String(),
    authMethod: Type.String(),
    isEmbedded: Type.Boolean(),
    clientUserId: Type.Union([Type.String(), Type.Null()]),
    signingGroupId: Type.Union([Type.String(), Type.Null()]),
    roleName: Type.Union([Type.String(), Type.Null()]),
    viewedOn: timestamp(""),
    completedOn: timestamp(""),
    createdOn: Type.String({ format: "date-time" }),
    declinedOn: timestamp(""),
    declineReason: Type.Union([Type.String(), Type.Null()]),
    remindersSentCount: Type.Integer(),
    lastReminderSentOn: timestamp(""),
    groupMembers: Type.Union([Type.Array(Recipient), Type.Null()], {
      description:
        "A group slot's members as copied when the package was sent ([] before); null for a person.",
    }),
    completedBy: Type.Union([Type.String(), Type.Null()], {
      description: "Which member finished a group slot.",
    }),
  },
  { $id: "SignerApiResponse" },
);

export const SignerListApiResponse = Type.Object(
  {
    items: Type.Array(ref(SignerApiResponse)),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    totalCount: Type.Integer(),
    totalPages: Type.Integer(),
  },
  { $id: "SignerListApiResponse" },
);

export const ReorderSignersApiRequest = Type.Object(
  {
    order: Type.Array(Type.Object({ signerId: Type.String(), routingOrder: Type.Integer() }), {
      minItems: 1,
      maxItems: PACKAGE_LIMITS.signersPerPackage,
    }),
  },
  { $id: "ReorderSignersApiRequest" },
);

export const ReassignSignerApiRequest = Type.Object(
  { email: Type.String(), name: opt("The new person's name."), reason: opt("Why, for the audit trail.") },
  { $id: "ReassignSignerApiRequest" },
);

export const ResendSignersApiRequest = Type.Object(
  { signerIds: Type.Array(Type.String(), { minItems: 1, maxItems: PACKAGE_LIMITS.signersPerPackage }) },
  { $id: "ResendSignersApiRequest" },
);
