import { Type, type TSchema } from "@sinclair/typebox";
import { PACKAGE_STATUSES } from "../domain/packages";
import { SESSION_STATES, SIGNING_LIMITS, SIGNING_URL_LIMITS } from "../domain/signing";
import { SIGNER_TYPES } from "../domain/signers";
import { TAG_TYPES } from "../../tags";
import { ref } from "./common";

// The signing page's API (docs/signing-page-api.md). Values are checked by the domain, by the field's
// type, so that a refusal names the field; the schemas state shapes.
const nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});

export const SigningField = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    documentId: Type.String({ format: "uuid" }),
    type: Type.Union(TAG_TYPES.map((t) => Type.Literal(t.type))),
    page: Type.Integer({ minimum: 1 }),
    x: Type.Number(),
    y: Type.Number(),
    width: Type.Number(),
    height: Type.Number(),
    required: Type.Boolean(),
    label: nullable(Type.String()),
    group: nullable(Type.String()),
    options: nullable(Type.Array(Type.String())),
    value: nullable(Type.String(), "What the person has put in it so far (or the sender's prefilled value)."),
    isCompleted: Type.Boolean({ description: "True once the slot is finished and the value is final." }),
    auto: nullable(
      Type.Union([Type.Literal("Name"), Type.Literal("Email"), Type.Literal("DateSigned")]),
      "Filled by the service at finish; shown read-only.",
    ),
  },
  { $id: "SigningField" },
);

export const SigningSession = Type.Object(
  {
    state: Type.Union(SESSION_STATES.map((s) => Type.Literal(s))),
    package: Type.Object({
      id: Type.String({ format: "uuid" }),
      name: Type.String(),
      status: Type.Union(PACKAGE_STATUSES.map((s) => Type.Literal(s))),
      emailMessage: nullable(Type.String()),
      senderName: nullable(Type.String()),
      senderEmail: nullable(Type.String()),
      expirationDate: nullable(Type.String({ format: "date-time" })),
    }),
    signer: Type.Object({
      id: Type.String(),
      name: Type.String({ description: "The person following the link (a group slot: the member)." }),
      email: Type.String(),
      type: Type.Union(SIGNER_TYPES.map((t) => Type.Literal(t))),
      status: Type.String(),
      routingOrder: Type.Integer(),
      isGroupSlot: Type.Boolean(),
      groupName: nullable(Type.String()),
    }),
    completedBy: nullable(
      Type.Object({
        name: Type.String(),
        email: Type.String(),
        completedOn: nullable(Type.String({ format: "date-time" })),
      }),
      "The member who finished a group slot.",
    ),
    declineReason: nullable(Type.String()),
    voidedReason: nullable(Type.String()),
    returnUrl: nullable(
      Type.String({ format: "uri" }),
      "A signing-url link's returnUrl: the page goes there once the signer finishes or declines.",
    ),
    documents: Type.Array(
      Type.Object({
        id: Type.String({ format: "uuid" }),
        name: Type.String(),
        pageCount: Type.Integer({ minimum: 0 }),
        pages: Type.Array(Type.Object({ width: Type.Number(), height: Type.Number() })),
      }),
      { description: "Empty unless the state is Ready, NotYourTurn or Completed." },
    ),
    fields: Type.Array(ref(SigningField), { description: "This signer's fields in signing order." }),
  },
  { $id: "SigningSession" },
);

export const AccessCodeRequest = Type.Object(
  { accessCode: Type.String({ description: "The code the sender gave the signer." }) },
  { $id: "SigningAccessCodeRequest" },
);

export const AccessCodeGrant = Type.Object(
  {
    grant: Type.String({ description: "Send it as X-Signing-Grant on every other call of this link." }),
    expiresOn: Type.String({ format: "date-time" }),
  },
  { $id: "SigningAccessCodeGrant" },
);

export const FieldValueRequest = Type.Object(
  {
    value: Type.Union([Type.String(), Type.Null()], {
      description: `A string checked by the field's type (text at most ${SIGNING_LIMITS.textLength} characters; Number a decimal; Date YYYY-MM-DD; Checkbox "true" or "false"; RadioGroup and Dropdown one of the options; Signature and Initials a data:image/png;base64 URL of at most ${SIGNING_LIMITS.imageBytes / 1024} KB); null clears it.`,
    }),
  },
  { $id: "SigningFieldValueRequest" },
);

export const DeclineRequest = Type.Object(
  { reason: Type.String({ description: `1 to ${SIGNING_LIMITS.declineReasonLength} characters.` }) },
  { $id: "SigningDeclineRequest" },
);

export const GetSigningUrlApiRequest = Type.Object(
  {
    returnUrl: Type.Optional(
      nullable(
        Type.String(),
        "Where the page sends the signer after they finish or decline: an absolute https URL (http only for localhost), an RFC 3986 URI (spaces, quotes and braces percent-encoded).",
      ),
    ),
    expiresInMinutes: Type.Optional(
      nullable(
        Type.Integer(),
        `Default ${SIGNING_URL_LIMITS.defaultMinutes}, at most ${SIGNING_URL_LIMITS.maxMinutes}.`,
      ),
    ),
    allowedOrigins: Type.Optional(
      nullable(
        Type.Array(Type.String()),
        `At most ${SIGNING_URL_LIMITS.maxOrigins} origins (such as https://app.example.com; http only for localhost) that may show this link's page in a frame: its Content-Security-Policy's frame-ancestors.`,
      ),
    ),
  },
  { $id: "GetSigningUrlApiRequest" },
);

export const SigningUrlResponse = Type.Object(
  { url: Type.String(), expiresOn: Type.String({ format: "date-time" }) },
  { $id: "SigningUrlResponse" },
);

export const SigningPath = Type.Object({ token: Type.String() });
export const SigningDocumentPath = Type.Object({ token: Type.String(), documentId: Type.String() });
export const SigningFieldPath = Type.Object({ token: Type.String(), fieldId: Type.String() });

export const SIGNING_MODELS: TSchema[] = [
  SigningField,
  SigningSession,
  AccessCodeRequest,
  AccessCodeGrant,
  FieldValueRequest,
  DeclineRequest,
  GetSigningUrlApiRequest,
  SigningUrlResponse,
];
