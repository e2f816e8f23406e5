import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import {
  addRole,
  bulkDeleteTemplates,
  createTemplate,
  deleteTemplate,
  getTemplate,
  listRoles,
  listTemplates,
  removeRole,
  reorderRoles,
  updateRole,
  updateTemplate,
  useTemplate,
} from "../domain/templates";
import { ApiError } from "../errors";
import { PackageResponse } from "../schemas/packages";
import { principal, secured } from "../plugins/authentication";
import { errorResponses, ref } from "../schemas/common";
import { BulkResultResponse } from "../schemas/packages";
import { UseTemplateApiRequest } from "../schemas/templates";
import {
  CreateTemplateApiRequest,
  CreateTemplateRoleApiRequest,
  ListTemplatesQuery,
  ReorderTemplateRolesApiRequest,
  TemplateApiResponse,
  TemplateBulkApiRequest,
  TemplateListApiResponse,
  TemplatePath,
  TemplateRoleApiResponse,
  TemplateRolePath,
  UpdateTemplateApiRequest,
  UpdateTemplateRoleApiRequest,
} from "../schemas/templates";
import { actorOf, operation, tenantOf } from "./route-kit";

const BASE = "/api/v1/templates";

/** Templates of contract §7 and their roles. Reads need sign.template.read, writes sign.package.create. */
const templateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage } = app;
  const read = secured(["sign.template.read"]);
  const write = secured(["sign.package.create"]);
  const tags = ["Templates"];
  const tenant = tenantOf;
  const RoleList = Type.Array(ref(TemplateRoleApiResponse));

  app.post(
    BASE,
    operation(write, tags, {
      operationId: "createTemplate",
      summary: "Create a template",
      body: ref(CreateTemplateApiRequest),
      response: { 201: ref(TemplateApiResponse), ...errorResponses(400, 401, 403, 413, 415) },
    }),
    async (request, reply) => {
      const t = await createTemplate(storage, tenant(request), request.body);
      return reply.code(201).header("Location", `${BASE}/${t.id}`).send(t);
    },
  );

  app.get(
    BASE,
    operation(read, tags, {
      operationId: "listTemplates",
      summary: "The tenant's templates, newest first",
      querystring: ListTemplatesQuery,
      response: { 200: ref(TemplateListApiResponse), ...errorResponses(400, 401, 403) },
    }),
    async (request) => listTemplates(storage, tenant(request), request.query),
  );

  app.post(
    `${BASE}/bulk-delete`,
    operation(write, tags, {
      operationId: "bulkDeleteTemplates",
      summary: "Delete 1 to 50 templates; each item succeeds or fails on its own",
      body: ref(TemplateBulkApiRequest),
      response: { 200: ref(BulkResultResponse), ...errorResponses(400, 401, 403, 413, 415) },
    }),
    async (request) => bulkDeleteTemplates(storage, tenant(request), request.body.ids),
  );

  app.get(
    `${BASE}/:id`,
    operation(read, tags, {
      operationId: "getTemplate",
      summary: "A template",
      params: TemplatePath,
      response: { 200: ref(TemplateApiResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request) => getTemplate(storage, tenant(request), request.params.id),
  );

  app.put(
    `${BASE}/:id`,
    operation(write, tags, {
      operationId: "updateTemplate",
      summary: "Change a template's name or description",
      params: TemplatePath,
      body: ref(UpdateTemplateApiRequest),
      response: { 200: ref(TemplateApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request) => updateTemplate(storage, tenant(request), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    operation(write, tags, {
      operationId: "deleteTemplate",
      summary: "Delete a template with its roles (packages made from it stay)",
      params: TemplatePath,
      response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) => {
      await deleteTemplate(storage, tenant(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${BASE}/:id/roles`,
    operation(read, tags, {
      operationId: "listTemplateRoles",
      summary: "The template's roles in routing order (ties: in the order they were added)",
      params: TemplatePath,
      response: { 200: RoleList, ...errorResponses(401, 403, 404) },
    }),
    async (request) => listRoles(storage, tenant(request), request.params.id),
  );

  app.post(
    `${BASE}/:id/roles`,
    operation(write, tags, {
      operationId: "addTemplateRole",
      summary: "Add a role (a signer slot filled when the template is used)",
      description: `At most 100 roles a template; names unique in the template, any case.`,
      params: TemplatePath,
      body: ref(CreateTemplateRoleApiRequest),
      response: { 201: ref(TemplateRoleApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request, reply) =>
      reply.code(201).send(await addRole(storage, tenant(request), request.params.id, request.body)),
  );

  app.put(
    `${BASE}/:id/roles/reorder`,
    operation(write, tags, {
      operationId: "reorderTemplateRoles",
      summary: "New routing orders for some roles, all or none; answers the roles in their new order",
      params: TemplatePath,
      body: ref(ReorderTemplateRolesApiRequest),
      response: { 200: RoleList, ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request) => reorderRoles(storage, tenant(request), request.params.id, request.body.order),
  );

  app.put(
    `${BASE}/:id/roles/:roleId`,
    operation(write, tags, {
      operationId: "updateTemplateRole",
      summary: "Change a role; null or omitted fields stay unchanged",
      params: TemplateRolePath,
      body: ref(UpdateTemplateRoleApiRequest),
      response: { 200: ref(TemplateRoleApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request) =>
      updateRole(storage, tenant(request), request.params.id, request.params.roleId, request.body),
  );

  app.post(
    `${BASE}/:id/use`,
    operation(write, tags, {
      operationId: "createPackageFromTemplate",
      summary: "A package from the template, each role filled with a person or a signing group",
      description: `Every role is filled once; each becomes a signer with the role's routing order, type and name (roleName). A Draft, or sent at once with send (then the package must be valid to send: 400 validation_failed otherwise, and nothing is made). All or nothing. send also needs sign.package.send.`,
      params: TemplatePath,
      body: ref(UseTemplateApiRequest),
      response: { 201: ref(PackageResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request, reply) => {
      if (request.body.send && !principal(request).scopes.includes("sign.package.send")) {
        throw new ApiError(
          403,
          "insufficient_scope",
          "Sending needs the scope sign.package.send, which the credential does not have.",
        );
      }
      const pkg = await useTemplate(
        storage,
        tenant(request),
        request.params.id,
        request.body,
        actorOf(request),
      );
      return reply.code(201).header("Location", `/api/v1/packages/${pkg.id}`).send(pkg);
    },
  );

  app.delete(
    `${BASE}/:id/roles/:roleId`,
    operation(write, tags, {
      operationId: "removeTemplateRole",
      summary: "Remove a role",
      params: TemplateRolePath,
      response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) => {
      await removeRole(storage, tenant(request), request.params.id, request.params.roleId);
      return reply.code(204).send(null);
    },
  );
};

export default templateRoutes;
