import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { secured, principal } from "../plugins/authentication";
import { errorResponses, ref } from "../schemas/common";
import { MeApiResponse } from "../schemas/me";

const meRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = secured([]);
  app.get(
    "/api/v1/me",
    {
      config: auth.config,
      schema: {
        operationId: "apiV1MeGet",
        tags: ["Current user"],
        summary: "The caller's tenant, credential kind and scopes",
        description: auth.scopesNote,
        security: auth.security,
        response: { 200: ref(MeApiResponse), ...errorResponses(401) },
      },
    },
    async (request) => {
      const p = principal(request);
      return {
        tenantId: p.tenantId,
        tenantName: p.tenantName,
        credentialKind: p.kind,
        scopes: p.scopes,
        subject: p.subject,
      };
    },
  );
};

export default meRoutes;
