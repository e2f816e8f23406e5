import { Type, type TSchema } from "@sinclair/typebox";
import { PACKAGE_LIMITS } from "../../domain/package-rules";
import { PACKAGE_SORT_FIELDS, PACKAGE_STATUSES } from "../../domain/packages";
import { AUTH_METHODS, SIGNER_TYPES } from "../../domain/signers";
import { ANNOTATION_OPTIONS_MAX, ANNOTATION_VALUE_LENGTH } from "../../domain/annotations";
import { TAG_TYPES } from "../../../tags";
import { ref } from "../common";

// Lengths, dates and enums are checked by the domain (after trimming, any case) so that each error
// names the field and what is allowed; the schemas state types and describe the rules.
const text = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
const opt = (description: string) => Type.Optional(text(description));
const timestamp = (description: string) =>
  Type.Union([Type.String({ format: "date-time" }), Type.Null()], { description });

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

export const ListPackagesQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PACKAGE_LIMITS.pageSizeMax, default: 25 })),
  status: Type.Optional(
    Type.Array(Type.Union(PACKAGE_STATUSES.map((s) => Type.Literal(s))), {
      description: "Repeatable: status=Sent&status=Viewed.",
    }),
  ),
  search: Type.Optional(Type.String({ description: "Part of the name, ignoring case." })),
  conversationId: Type.Optional(Type.String({ description: "Packages made from this Outlook thread." })),
  internetMessageId: Type.Optional(Type.String({ description: "Packages made from this mail." })),
  senderEmail: Type.Optional(
    Type.String({
      description:
        "Packages whose senderEmail is this address, ignoring case: a user's own packages (the add-in's All packages).",
    }),
  ),
  includeArchived: Type.Optional(Type.Boolean({ default: false })),
  updatedSince: Type.Optional(Type.String({ description: "ISO 8601 date or date-time." })),
  sortBy: Type.Optional(
    Type.Union(
      PACKAGE_SORT_FIELDS.map((s) => Type.Literal(s)),
      { default: "createdOn" },
    ),
  ),
  descending: Type.Optional(Type.Boolean({ default: true })),
  includeSigners: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        "Ours: each item carries its signers (as GET /packages/{id}/signers answers them), so a page and its signers are one request and one ETag (the add-in's Status view polls a thread so).",
    }),
  ),
});

export const PackagePath = Type.Object({ id: Type.String() });
export const SignerPath = Type.Object({ id: Type.String(), signerId: Type.String() });

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

const Recipient = Type.Object({ email: Type.String(), name: Type.Union([Type.String(), Type.Null()]) });

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

// ---------------------------------------------------------------------------------------------
// Signers

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

/**
 * A package in a list: PackageResponse, and its signers when the list is asked with
 * includeSigners=true (not part of the public platform's model: ours, for the add-in's Status view).
 */
export const PackageListItemResponse = Type.Object(
  {
    ...PackageResponse.properties,
    signers: Type.Optional(
      Type.Array(ref(SignerApiResponse), {
        description:
          "Only with includeSigners=true: the package's signers as GET /packages/{id}/signers answers them (routing order).",
      }),
    ),
  },
  { $id: "PackageListItemResponse" },
);

export const PackageListApiResponse = Type.Object(
  {
    items: Type.Array(ref(PackageListItemResponse)),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    totalCount: Type.Integer({ minimum: 0 }),
    totalPages: Type.Integer({ minimum: 0 }),
  },
  { $id: "PackageListApiResponse" },
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

// ---------------------------------------------------------------------------------------------
// Annotations

const num = (description: string) => Type.Optional(Type.Union([Type.Number(), Type.Null()], { description }));

export const CreateAnnotationApiRequest = Type.Object(
  {
    documentId: Type.String({ description: "A document of this package." }),
    signerId: Type.String({ description: "A signer of this package." }),
    type: Type.String({ description: `${TAG_TYPES.map((t) => t.type).join(", ")} (any case).` }),
    page: Type.Integer({ description: "1-based page of the document." }),
    x: Type.Number({ description: "Points from the page's visible left edge." }),
    y: Type.Number({ description: "Points from the page's visible top edge (y grows downwards)." }),
    width: num("Points; default the type's defaultWidth (annotation-field-types)."),
    height: num("Points; default the type's defaultHeight."),
    required: Type.Optional(Type.Union([Type.Boolean(), Type.Null()], { description: "Default true." })),
    label: opt("At most 100 characters."),
    group: opt("At most 100 characters; fields of one group are checked together."),
    options: Type.Optional(
      Type.Union([Type.Array(Type.String(), { maxItems: ANNOTATION_OPTIONS_MAX }), Type.Null()], {
        description: "Dropdown and RadioGroup only, and required there: 1 or more distinct options.",
      }),
    ),
    value: opt(
      `A prefilled value (at most ${ANNOTATION_VALUE_LENGTH} characters): true/false for a Checkbox, one of the options for a choice, YYYY-MM-DD for a Date; none for fields filled at signing.`,
    ),
  },
  { $id: "CreateAnnotationApiRequest" },
);

// Every field optional and nullable: null or omitted = unchanged (contract §6 updates).
const { documentId, signerId, type: annotationType, page, x, y } = CreateAnnotationApiRequest.properties;
const nullable = <T extends TSchema>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()], { description: schema.description }));
export const UpdateAnnotationApiRequest = Type.Object(
  {
    ...CreateAnnotationApiRequest.properties,
    documentId: nullable(documentId),
    signerId: nullable(signerId),
    type: nullable(annotationType),
    page: nullable(page),
    x: nullable(x),
    y: nullable(y),
  },
  {
    $id: "UpdateAnnotationApiRequest",
    description: "Null or omitted fields stay unchanged; the result must still lie inside its page.",
  },
);

export const BulkAnnotationsApiRequest = Type.Object(
  {
    annotations: Type.Array(ref(CreateAnnotationApiRequest), {
      minItems: 1,
      maxItems: PACKAGE_LIMITS.annotationsPerBulk,
    }),
  },
  { $id: "BulkAnnotationsApiRequest" },
);

export const AnnotationApiResponse = Type.Object(
  {
    id: Type.String(),
    documentId: Type.String(),
    signerId: Type.String(),
    type: Type.String(),
    page: Type.Integer(),
    x: Type.Number(),
    y: Type.Number(),
    width: Type.Number(),
    height: Type.Number(),
    required: Type.Boolean(),
    label: Type.Union([Type.String(), Type.Null()]),
    group: Type.Union([Type.String(), Type.Null()]),
    options: Type.Union([Type.Array(Type.String()), Type.Null()]),
    value: Type.Union([Type.String(), Type.Null()]),
    source: Type.Union([Type.Literal("Manual"), Type.Literal("TextTag")]),
    isCompleted: Type.Boolean(),
    completedOn: timestamp("When the signer filled it in."),
    createdOn: Type.String({ format: "date-time" }),
  },
  { $id: "AnnotationApiResponse" },
);

export const AnnotationListApiResponse = Type.Object(
  {
    items: Type.Array(ref(AnnotationApiResponse)),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    totalCount: Type.Integer(),
    totalPages: Type.Integer(),
  },
  { $id: "AnnotationListApiResponse" },
);

export const AnnotationFieldTypeResponse = Type.Object(
  {
    type: Type.String(),
    description: Type.String(),
    acceptsInput: Type.Boolean({
      description: "False for fields the service fills in (date signed, name, email).",
    }),
    takesOptions: Type.Boolean({ description: "Dropdown and RadioGroup: options are required." }),
    defaultWidth: Type.Number({ description: "Points." }),
    defaultHeight: Type.Number({ description: "Points." }),
  },
  { $id: "AnnotationFieldTypeResponse" },
);

export const AnnotationPath = Type.Object({ id: Type.String(), annotationId: Type.String() });
export const AnnotationListQuery = Type.Object({
  documentId: Type.Optional(Type.String({ description: "Only this document's annotations." })),
  signerId: Type.Optional(Type.String({ description: "Only this signer's annotations." })),
});

export const PACKAGE_MODELS = [
  PackageSource,
  CreatePackageApiRequest,
  UpdatePackageApiRequest,
  PackageResponse,
  ValidationIssue,
  PackageValidationResponse,
  SendImpactResponse,
  VoidPackageApiRequest,
  UpdateRemindersApiRequest,
  PackageBulkApiRequest,
  BulkItemResult,
  BulkResultResponse,
  AuditEventResponse,
  AuditVerifyResponse,
  CreateSignerApiRequest,
  UpdateSignerApiRequest,
  BulkSignersApiRequest,
  SignerApiResponse,
  SignerListApiResponse,
  PackageListItemResponse,
  PackageListApiResponse,
  ReorderSignersApiRequest,
  ReassignSignerApiRequest,
  ResendSignersApiRequest,
  CreateAnnotationApiRequest,
  UpdateAnnotationApiRequest,
  BulkAnnotationsApiRequest,
  AnnotationApiResponse,
  AnnotationListApiResponse,
  AnnotationFieldTypeResponse,
];
