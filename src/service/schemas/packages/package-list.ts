// The package list: its query, an item (a package, with its signers when asked) and a page.
import { Type } from "@sinclair/typebox";
import { PACKAGE_LIMITS } from "../../domain/package-rules";
import { PACKAGE_SORT_FIELDS, PACKAGE_STATUSES } from "../../domain/packages";
import { ref } from "../common";
import { PackageResponse } from "./packages";
import { SignerApiResponse } from "./signers";

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
