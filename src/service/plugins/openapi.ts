import swagger from "@fastify/swagger";
import type { TSchema } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { SCOPES } from "../../shared/scopes";

export const OPENAPI_PATH = "/openapi/tenant-api.json";

const SCOPE_DESCRIPTIONS: Record<(typeof SCOPES)[number], string> = {
  "sign.package.read": "Read packages",
  "sign.package.create": "Create packages",
  "sign.package.send": "Send packages",
  "sign.template.read": "Read templates",
  "sign.signinggroup.read": "Read signing groups and their members",
  "sign.signinggroup.write": "Create, change and delete signing groups and their members",
};

/**
 * The OpenAPI 3 document is generated from the routes' own schemas, so it cannot drift from what the
 * service validates. Named models are registered with addSchema and keep their names as components.
 */
export default fp(
  async function openapi(app: FastifyInstance, options: { models: TSchema[]; version: string }) {
    for (const model of options.models) app.addSchema(model);
    await app.register(swagger, {
      openapi: {
        openapi: "3.0.3",
        info: {
          title: "Sign for Outlook: tenant API",
          version: options.version,
          description:
            "The e-signature API behind the Sign for Outlook add-in. Errors are SignErrorResponse bodies with a stable `code`.",
        },
        components: {
          securitySchemes: {
            Bearer: {
              type: "http",
              scheme: "bearer",
              description:
                "A personal access token, an access token from /connect/token, or a token of the configured identity provider.",
            },
            OAuth2: {
              type: "oauth2",
              flows: { clientCredentials: { tokenUrl: "/connect/token", scopes: SCOPE_DESCRIPTIONS } },
            },
            ApiKey: {
              type: "apiKey",
              in: "header",
              name: "X-API-KEY",
              description: "A personal access token; accepted on signing-group and tag operations only.",
            },
          },
        },
      },
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) =>
          typeof json.$id === "string" ? json.$id : `def-${i}`,
      },
    });
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
