import { Type } from "@sinclair/typebox";
import { LIMITS, SORT_FIELDS } from "../domain/signing-groups";
import { ref } from "./common";

// Lengths are checked after trimming (domain/signing-groups/text.ts), so the schemas state them in words
// rather than as maxLength, which would count the spaces a client may send around a name.
const nullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
const timestamp = (description: string) => Type.String({ format: "date-time", description });

export const SigningGroupMemberInputDto = Type.Object(
  {
    email: Type.String({
      description: `The member's email address, at most ${LIMITS.emailLength} characters; kept as given (trimmed), compared ignoring case.`,
    }),
    name: Type.Optional(
      nullableText(`The member's display name, at most ${LIMITS.memberNameLength} characters.`),
    ),
  },
  { $id: "SigningGroupMemberInputDto" },
);

export const CreateSigningGroupApiRequest = Type.Object(
  {
    name: Type.String({ description: `1 to ${LIMITS.nameLength} characters after trimming.` }),
    description: Type.Optional(
      nullableText(`At most ${LIMITS.descriptionLength} characters; empty or null for none.`),
    ),
    members: Type.Optional(
      Type.Union(
        [
          Type.Array(ref(SigningGroupMemberInputDto), {
            maxItems: LIMITS.membersPerCreate,
            description: `At most ${LIMITS.membersPerCreate}; no email twice (ignoring case). Add more with addSigningGroupMember.`,
          }),
          Type.Null(),
        ],
        { description: "The initial members, in the order the members list answers them." },
      ),
    ),
  },
  { $id: "CreateSigningGroupApiRequest" },
);

export const UpdateSigningGroupApiRequest = Type.Object(
  {
    name: Type.Optional(
      nullableText(
        `Omitted or null: unchanged. Otherwise 1 to ${LIMITS.nameLength} characters after trimming.`,
      ),
    ),
    description: Type.Optional(
      nullableText(
        `Omitted or null: unchanged. "" clears it. Otherwise at most ${LIMITS.descriptionLength} characters.`,
      ),
    ),
  },
  {
    $id: "UpdateSigningGroupApiRequest",
    description: "Changes only the fields given; members are changed with the member operations, never here.",
  },
);

export const AddSigningGroupMemberApiRequest = Type.Object(
  {
    email: Type.String({
      description: `At most ${LIMITS.emailLength} characters; kept as given (trimmed), compared ignoring case.`,
    }),
    name: Type.Optional(
      nullableText(`The member's display name, at most ${LIMITS.memberNameLength} characters.`),
    ),
  },
  { $id: "AddSigningGroupMemberApiRequest" },
);

export const BulkDeleteApiRequest = Type.Object(
  {
    ids: Type.Array(
      Type.String({
        description:
          "A signing group id (UUID). One that is no UUID makes the request invalid (400 naming its position); a UUID of no group fails as not_found.",
      }),
      {
        minItems: 1,
        maxItems: LIMITS.idsPerBulkDelete,
        description: `1 to ${LIMITS.idsPerBulkDelete} ids, each tried in order.`,
      },
    ),
  },
  { $id: "BulkDeleteApiRequest" },
);

export const SigningGroupApiResponse = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    memberCount: Type.Integer({ minimum: 0, maximum: LIMITS.membersPerGroup }),
    createdOn: timestamp("When the group was created (ISO 8601, UTC)."),
    updatedOn: timestamp(
      "When the group or its members last changed (ISO 8601, UTC); moves forward on every change.",
    ),
  },
  { $id: "SigningGroupApiResponse" },
);

export const SigningGroupListApiResponse = Type.Object(
  {
    items: Type.Array(ref(SigningGroupApiResponse)),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax }),
    totalCount: Type.Integer({ minimum: 0, description: "Groups matching the query, on all pages." }),
    totalPages: Type.Integer({ minimum: 0 }),
  },
  { $id: "SigningGroupListApiResponse" },
);

export const SigningGroupMemberApiResponse = Type.Object(
  {
    email: Type.String({ description: "As it was given when the member was added." }),
    name: Type.Union([Type.String(), Type.Null()]),
    addedOn: timestamp("When the member was added (ISO 8601, UTC)."),
  },
  { $id: "SigningGroupMemberApiResponse" },
);

export const BulkDeleteItemApiResponse = Type.Object(
  {
    id: Type.String({ description: "The id as given in the request." }),
    success: Type.Boolean(),
    error: Type.Union([
      Type.Object({
        code: Type.String({ description: "not_found: no such group of the tenant, or already deleted." }),
        message: Type.String(),
      }),
      Type.Null(),
    ]),
  },
  { $id: "BulkDeleteItemApiResponse" },
);

export const BulkDeleteApiResponse = Type.Object(
  {
    results: Type.Array(ref(BulkDeleteItemApiResponse), {
      description: "One per requested id, in request order.",
    }),
    successCount: Type.Integer({ minimum: 0 }),
    failureCount: Type.Integer({ minimum: 0 }),
  },
  { $id: "BulkDeleteApiResponse" },
);

export const ResolveSigningGroupsApiRequest = Type.Object(
  {
    emails: Type.Array(
      Type.String({
        description: `An email address (at most ${LIMITS.emailLength} characters, trimmed), compared ignoring case.`,
      }),
      {
        minItems: 1,
        maxItems: LIMITS.emailsPerResolve,
        description: `1 to ${LIMITS.emailsPerResolve} addresses; a repeated address is answered at each of its positions.`,
      },
    ),
  },
  { $id: "ResolveSigningGroupsApiRequest" },
);

export const ResolvedSigningGroupDto = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    name: Type.String(),
    memberCount: Type.Integer({ minimum: 0, maximum: LIMITS.membersPerGroup }),
  },
  { $id: "ResolvedSigningGroupDto" },
);

export const ResolvedAddressApiResponse = Type.Object(
  {
    email: Type.String({ description: "The address as given (trimmed)." }),
    groups: Type.Array(ref(ResolvedSigningGroupDto), {
      description: "The tenant's groups that hold the address (ignoring case), by name; empty when none.",
    }),
  },
  { $id: "ResolvedAddressApiResponse" },
);

export const ResolveSigningGroupsApiResponse = Type.Object(
  {
    items: Type.Array(ref(ResolvedAddressApiResponse), {
      description: "One per requested address, in request order: items[i] answers emails[i].",
    }),
  },
  { $id: "ResolveSigningGroupsApiResponse" },
);

/** Documents the list query; the values are checked by parseListQuery, whose messages name what is allowed. */
export const ListSigningGroupsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1, description: "1-based." })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax, default: LIMITS.pageSizeDefault }),
  ),
  search: Type.Optional(
    Type.String({
      maxLength: LIMITS.searchLength,
      description: "Case-insensitive substring of the name, the description or any member's email.",
    }),
  ),
  sortBy: Type.Optional(
    Type.Unsafe<string>({
      type: "string",
      enum: [...SORT_FIELDS],
      default: "name",
      description: "Any case. Ties are ordered by id, in the same direction.",
    }),
  ),
  descending: Type.Optional(Type.Boolean({ default: false })),
  updatedSince: Type.Optional(
    Type.String({
      description:
        "ISO 8601 date (midnight UTC) or date-time (UTC when it has no offset): only groups whose updatedOn is at or after it.",
    }),
  ),
});

export const GroupPath = Type.Object({
  id: Type.String({
    description: "The signing group's id (a UUID); anything else answers 404 like a missing group.",
  }),
});

export const MemberPath = Type.Object({
  id: Type.String({ description: "The signing group's id (a UUID)." }),
  email: Type.String({ description: "The member's email, URL-encoded; matched ignoring case." }),
});

export const SIGNING_GROUP_MODELS = [
  SigningGroupMemberInputDto,
  CreateSigningGroupApiRequest,
  UpdateSigningGroupApiRequest,
  AddSigningGroupMemberApiRequest,
  BulkDeleteApiRequest,
  SigningGroupApiResponse,
  SigningGroupListApiResponse,
  SigningGroupMemberApiResponse,
  BulkDeleteItemApiResponse,
  BulkDeleteApiResponse,
  ResolveSigningGroupsApiRequest,
  ResolvedSigningGroupDto,
  ResolvedAddressApiResponse,
  ResolveSigningGroupsApiResponse,
];
