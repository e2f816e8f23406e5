// A package itself: where it came from, its create and update requests, its answer, its path.
import { Type } from "@sinclair/typebox";
import { PACKAGE_LIMITS } from "../../domain/package-rules";
import { PACKAGE_STATUSES } from "../../domain/packages";
import { ref } from "../common";
import { opt, text, timestamp } from "./fields";

export const PackageSource = Type.Object(
  {
    kind: Type.String({ description: 'Always "outlook": the package came from a mail.' }),
    conversationId: opt("Outlook's conversation id of the thread."),
    internetMessageId: opt("The mail's Internet message id."),
    subject: opt("The mail's subject when the package was made."),
  },
  { $id: "PackageSource" },
);

export const CreatePackageApiRequest = Type.Object(
  {
    name: Type.String({ description: `1 to ${PACKAGE_LIMITS.nameLength} characters after trimming.` }),
    emailSubject: opt(`At most ${PACKAGE_LIMITS.emailSubjectLength} characters.`),
    emailMessage: opt(`At most ${PACKAGE_LIMITS.emailMessageLength} characters.`),
    enforceSigningOrder: Type.Optional(
      Type.Union([Type.Boolean(), Type.Null()], { description: "Default false: everyone is asked at once." }),
    ),
    expirationDate: opt('RFC 3339 date-time in the future; "" clears it.'),
    scheduledSendOn: opt('RFC 3339 date-time in the future: send then; "" clears it.'),
    source: Type.Optional(Type.Union([ref(PackageSource), Type.Null()])),
    senderEmail: opt(
      'The sender\'s address: told when a signer declines and when it completes; "" clears it.',
    ),
    senderName: opt("The sender's name, shown to signers. At most 200 characters."),
  },
  { $id: "CreatePackageApiRequest" },
);

export const UpdatePackageApiRequest = Type.Partial(CreatePackageApiRequest, {
  $id: "UpdatePackageApiRequest",
  description: "Null or omitted fields stay unchanged.",
});

export const PackageResponse = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    name: Type.String(),
    status: Type.Union(PACKAGE_STATUSES.map((s) => Type.Literal(s))),
    createdOn: Type.String({ format: "date-time" }),
    updatedOn: Type.String({ format: "date-time" }),
    sentOn: timestamp("When it was sent."),
    completedOn: timestamp("When every signer finished."),
    enforceSigningOrder: Type.Boolean(),
    expirationDate: timestamp("After it, an unfinished package is Expired."),
    scheduledSendOn: timestamp("When a Scheduled package is sent."),
    emailSubject: text("Subject of the invitations."),
    emailMessage: text("Message of the invitations."),
    documentCount: Type.Integer({ minimum: 0 }),
    signerCount: Type.Integer({ minimum: 0 }),
    completedSignerCount: Type.Integer({ minimum: 0 }),
    isArchived: Type.Boolean(),
    voidedReason: text("Why it was voided."),
    source: Type.Union([ref(PackageSource), Type.Null()]),
    reminders: Type.Object({
      enabled: Type.Boolean(),
      firstAfterDays: Type.Union([Type.Integer(), Type.Null()]),
      everyDays: Type.Union([Type.Integer(), Type.Null()]),
    }),
    senderEmail: text("Who sent it: told when a signer declines."),
    senderName: text("The sender's name, shown to signers."),
    sealing: Type.Union(
      [Type.Literal("InProgress"), Type.Literal("Done"), Type.Literal("Failed"), Type.Null()],
      {
        description:
          "Ours. A Completed package's signed documents, certificate and zip: being made (InProgress: the " +
          "download operations answer 400 until Done), made (Done), or given up (Failed). Null before Completed.",
      },
    ),
  },
  { $id: "PackageResponse" },
);

export const PackagePath = Type.Object({ id: Type.String() });
