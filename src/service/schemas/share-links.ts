import { Type, type TSchema } from "@sinclair/typebox";
import { SHARE_LIMITS, SHARE_SCOPES } from "../domain/share-links";
import { ref } from "./common";

// Scope, days and uses are checked by the domain (scope in any case) so that each error names the
// field and what is allowed; the schemas state types and describe the rules.
export const MintShareLinkApiRequest = Type.Object(
  {
    scope: Type.String({
      description: `One of ${SHARE_SCOPES.join(", ")}: one signed document, all of them (a zip), the evidence pack (documents and audit trail, a zip) or the certificate of completion.`,
    }),
    documentId: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: "The document, for the SignedDocument scope only (required there).",
      }),
    ),
    expiresInDays: Type.Optional(
      Type.Union([Type.Integer(), Type.Null()], {
        description: `1 to ${SHARE_LIMITS.expiresInDaysMax}; default ${SHARE_LIMITS.expiresInDaysDefault}.`,
      }),
    ),
    maxUses: Type.Optional(
      Type.Union([Type.Integer(), Type.Null()], {
        description: `How many times it may be opened, 1 to ${SHARE_LIMITS.maxUsesMax}; omitted or null: any number until it expires.`,
      }),
    ),
  },
  { $id: "MintShareLinkApiRequest" },
);

const shareLinkFields = {
  id: Type.String({ format: "uuid" }),
  packageId: Type.String({ format: "uuid" }),
  documentId: Type.Union([Type.String({ format: "uuid" }), Type.Null()]),
  scope: Type.Union(SHARE_SCOPES.map((s) => Type.Literal(s))),
  status: Type.Union([Type.Literal("Active"), Type.Literal("Expired"), Type.Literal("UsedUp")], {
    description: "Revoked links are not listed.",
  }),
  createdOn: Type.String({ format: "date-time" }),
  expiresOn: Type.String({ format: "date-time" }),
  maxUses: Type.Union([Type.Integer(), Type.Null()]),
  useCount: Type.Integer({ minimum: 0 }),
  lastUsedOn: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
};

export const ShareLinkApiResponse = Type.Object(shareLinkFields, { $id: "ShareLinkApiResponse" });

export const MintedShareLinkApiResponse = Type.Object(
  {
    ...shareLinkFields,
    url: Type.String({
      description:
        "Where the link opens, relative to the service's address. Shown this once: only its hash is kept.",
    }),
  },
  { $id: "MintedShareLinkApiResponse" },
);

export const ShareLinkListApiResponse = Type.Object(
  {
    items: Type.Array(ref(ShareLinkApiResponse)),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    totalCount: Type.Integer({ minimum: 0 }),
    totalPages: Type.Integer({ minimum: 0 }),
  },
  { $id: "ShareLinkListApiResponse" },
);

export const ListShareLinksQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: SHARE_LIMITS.pageSizeMax, default: 25 })),
  packageId: Type.Optional(Type.String({ description: "Only the links of this package." })),
});

export const SHARE_LINK_MODELS: TSchema[] = [
  MintShareLinkApiRequest,
  ShareLinkApiResponse,
  MintedShareLinkApiResponse,
  ShareLinkListApiResponse,
];
