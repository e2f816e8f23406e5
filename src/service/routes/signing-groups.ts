import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import {
  LIMITS,
  addSigningGroupMember,
  bulkDeleteSigningGroups,
  createSigningGroup,
  deleteSigningGroup,
  getSigningGroup,
  listSigningGroupMembers,
  listSigningGroups,
  parseListQuery,
  removeSigningGroupMember,
  resolveSigningGroups,
  updateSigningGroup,
} from "../domain/signing-groups";
import { principal, secured } from "../plugins/authentication";
import { errorResponses, ref } from "../schemas/common";
import {
  AddSigningGroupMemberApiRequest,
  BulkDeleteApiRequest,
  BulkDeleteApiResponse,
  CreateSigningGroupApiRequest,
  GroupPath,
  ListSigningGroupsQuery,
  MemberPath,
  ResolveSigningGroupsApiRequest,
  ResolveSigningGroupsApiResponse,
  SigningGroupApiResponse,
  SigningGroupListApiResponse,
  SigningGroupMemberApiResponse,
  UpdateSigningGroupApiRequest,
} from "../schemas/signing-groups";
import { rawQuery } from "./raw-query";

const BASE = "/api/v1/signing-groups";

/**
 * The nine signing-group operations of service.md §4.1 with the rules of contract §4, and
 * resolveSigningGroups (which groups hold these recipients), for the task pane's first open.
 */
const signingGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage } = app;
  const read = secured(["sign.signinggroup.read"], { apiKey: true });
  const write = secured(["sign.signinggroup.write"], { apiKey: true });
  const readSchema = { tags: ["Signing groups"], security: read.security };
  const writeSchema = { tags: ["Signing groups"], security: write.security };
  const tenant = (request: Parameters<typeof principal>[0]) => principal(request).tenantId;

  app.post(
    BASE,
    {
      config: write.config,
      schema: {
        ...writeSchema,
        operationId: "createSigningGroup",
        summary: "Create a signing group, optionally with up to 100 members",
        description: `All or nothing: a duplicate email (ignoring case) or any invalid member creates nothing. ${write.scopesNote}`,
        body: ref(CreateSigningGroupApiRequest),
        response: { 201: ref(SigningGroupApiResponse), ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const group = await createSigningGroup(storage, tenant(request), request.body);
      return reply.code(201).header("Location", `${BASE}/${group.id}`).send(group);
    },
  );

  app.get(
    BASE,
    {
      config: read.config,
      // parseListQuery checks the query as sent, so that its messages name the allowed values (and
      // sortBy takes any case); the schema documents the parameters.
      attachValidation: true,
      schema: {
        ...readSchema,
        operationId: "listSigningGroups",
        summary: "List the tenant's signing groups, a page at a time",
        description: `Each item carries its member count, not its members. ${read.scopesNote}`,
        querystring: ListSigningGroupsQuery,
        response: { 200: ref(SigningGroupListApiResponse), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listSigningGroups(storage, tenant(request), parseListQuery(rawQuery(request.url))),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: read.config,
      schema: {
        ...readSchema,
        operationId: "getSigningGroup",
        summary: "A signing group with its member count (not its members)",
        description: read.scopesNote,
        params: GroupPath,
        response: { 200: ref(SigningGroupApiResponse), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getSigningGroup(storage, tenant(request), request.params.id),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: write.config,
      schema: {
        ...writeSchema,
        operationId: "updateSigningGroup",
        summary: "Change a signing group's name or description",
        description: `Omitted or null fields stay unchanged; members are never changed here. ${write.scopesNote}`,
        params: GroupPath,
        body: ref(UpdateSigningGroupApiRequest),
        response: { 200: ref(SigningGroupApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => updateSigningGroup(storage, tenant(request), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: write.config,
      schema: {
        ...writeSchema,
        operationId: "deleteSigningGroup",
        summary: "Delete a signing group and its members",
        description: `Packages already sent with the group are not affected. ${write.scopesNote}`,
        params: GroupPath,
        response: { 204: Type.Null({ description: "Deleted." }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteSigningGroup(storage, tenant(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${BASE}/bulk-delete`,
    {
      config: write.config,
      schema: {
        ...writeSchema,
        operationId: "bulkDeleteSigningGroups",
        summary: "Delete 1 to 50 signing groups, with a result per id",
        description: `Each id is tried in order; a group that is not found (or was already deleted, also by a repeated id) is a per-item failure, not an error of the request. ${write.scopesNote}`,
        body: ref(BulkDeleteApiRequest),
        response: { 200: ref(BulkDeleteApiResponse), ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => bulkDeleteSigningGroups(storage, tenant(request), request.body.ids),
  );

  app.post(
    `${BASE}/resolve`,
    {
      config: read.config,
      schema: {
        ...readSchema,
        operationId: "resolveSigningGroups",
        summary: `The groups that hold each of 1 to ${LIMITS.emailsPerResolve} email addresses`,
        description: `Addresses are compared ignoring case, as members are; an address in no group answers empty groups. One item per address given, in request order (a repeated address at each of its positions). 400 validation_failed names the position of an address that is not valid. Reads only: POST because the list is long. ${read.scopesNote}`,
        body: ref(ResolveSigningGroupsApiRequest),
        response: { 200: ref(ResolveSigningGroupsApiResponse), ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => resolveSigningGroups(storage, tenant(request), request.body.emails),
  );

  app.get(
    `${BASE}/:id/members`,
    {
      config: read.config,
      schema: {
        ...readSchema,
        operationId: "listSigningGroupMembers",
        summary: "Every member of a signing group, oldest first",
        description: read.scopesNote,
        params: GroupPath,
        response: { 200: Type.Array(ref(SigningGroupMemberApiResponse)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => listSigningGroupMembers(storage, tenant(request), request.params.id),
  );

  app.post(
    `${BASE}/:id/members`,
    {
      config: write.config,
      schema: {
        ...writeSchema,
        operationId: "addSigningGroupMember",
        summary: "Add a member to a signing group",
        description: `400 duplicate_member when the email (ignoring case) is already a member; 400 member_limit_reached at 1,000 members. A member added after a package was sent is included only in future sends. ${write.scopesNote}`,
        params: GroupPath,
        body: ref(AddSigningGroupMemberApiRequest),
        response: {
          201: ref(SigningGroupMemberApiResponse),
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const member = await addSigningGroupMember(storage, tenant(request), request.params.id, request.body);
      const location = `${BASE}/${request.params.id.toLowerCase()}/members/${encodeURIComponent(member.email)}`;
      return reply.code(201).header("Location", location).send(member);
    },
  );

  app.delete(
    `${BASE}/:id/members/:email`,
    {
      config: write.config,
      schema: {
        ...writeSchema,
        operationId: "removeSigningGroupMember",
        summary: "Remove the member with this email (URL-encoded, matched ignoring case)",
        description: `404 member_not_found when no member has that email. ${write.scopesNote}`,
        params: MemberPath,
        response: { 204: Type.Null({ description: "Removed." }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeSigningGroupMember(storage, tenant(request), request.params.id, request.params.email);
      return reply.code(204).send(null);
    },
  );
};

export default signingGroupRoutes;
