// What every JSON route of the API sets up alike: the credential's scopes (enforced and written
// into the OpenAPI document, with a note after the description), its tags, the tenant and actor.
import type { FastifyRequest } from "fastify";
import { apiActor } from "../domain/audit";
import { principal, type secured } from "../plugins/authentication";

export const tenantOf = (request: FastifyRequest) => principal(request).tenantId;
export const actorOf = (request: FastifyRequest) => apiActor(principal(request), request.ip);

type Access = ReturnType<typeof secured>;

/** A route's options: `access`'s scopes and the operation's schema under `tags`. */
export function operation<S extends object>(access: Access, tags: string[], schema: S) {
  const { description } = schema as { description?: string };
  return {
    config: access.config,
    schema: {
      tags,
      security: access.security,
      ...schema,
      description: description ? `${description} ${access.scopesNote}` : access.scopesNote,
    },
  };
}
