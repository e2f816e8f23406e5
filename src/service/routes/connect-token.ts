import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Storage } from "../storage";
import { exchangeClientCredentials, TokenRequestError } from "../domain/credentials";

type Form = Record<string, string | string[] | undefined>;

function single(form: Form, name: string): string | undefined {
  const value = form[name];
  if (Array.isArray(value))
    throw new TokenRequestError("invalid_request", `The parameter ${name} is repeated.`);
  return value;
}

/** RFC 6749 §2.3.1: client_id:client_secret in HTTP Basic, each form-urlencoded first. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = header && /^Basic[ ]+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0)
    throw new TokenRequestError("invalid_client", "The Basic credentials must be client_id:client_secret.");
  const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));
  try {
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    throw new TokenRequestError("invalid_client", "The Basic credentials are not correctly encoded.");
  }
}

function sendTokenError(reply: FastifyReply, error: TokenRequestError) {
  if (error.status === 401) reply.header("WWW-Authenticate", 'Basic realm="sign"');
  return reply
    .code(error.status)
    .header("Cache-Control", "no-store")
    .send({ error: error.error, error_description: error.description });
}

/** OAuth 2.0 token endpoint (client credentials only). Its errors follow RFC 6749 §5.2, not SignErrorResponse. */
export default async function connectTokenRoutes(app: FastifyInstance, options: { storage: Storage }) {
  // Form bodies are accepted here only; everywhere else they are 415.
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  app.post(
    "/connect/token",
    {
      schema: {
        operationId: "connectToken",
        tags: ["Authentication"],
        summary: "Exchange OAuth client credentials for an access token valid for 1 hour",
        consumes: ["application/x-www-form-urlencoded"],
        body: {
          type: "object",
          properties: {
            grant_type: { type: "string" },
            client_id: { type: "string" },
            client_secret: { type: "string" },
            scope: { type: "string" },
          },
        },
        response: {
          200: {
            type: "object",
            required: ["access_token", "token_type", "expires_in", "scope"],
            properties: {
              access_token: { type: "string" },
              token_type: { type: "string", enum: ["Bearer"] },
              expires_in: { type: "integer" },
              scope: { type: "string" },
            },
          },
          "4xx": {
            type: "object",
            required: ["error"],
            properties: { error: { type: "string" }, error_description: { type: "string" } },
          },
        },
      },
      // Validation of this body is RFC 6749's job, not the schema's: see the handler.
      attachValidation: true,
    },
    async (request, reply) => {
      try {
        if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers["content-type"] ?? "")) {
          throw new TokenRequestError(
            "invalid_request",
            "Send the request as application/x-www-form-urlencoded.",
          );
        }
        const form = (request.body ?? {}) as Form;
        const grantType = single(form, "grant_type");
        if (!grantType) throw new TokenRequestError("invalid_request", "grant_type is required.");
        if (grantType !== "client_credentials") {
          throw new TokenRequestError(
            "unsupported_grant_type",
            `The grant type "${grantType}" is not supported; use client_credentials.`,
          );
        }
        const basic = basicCredentials(request.headers.authorization);
        const formId = single(form, "client_id");
        const formSecret = single(form, "client_secret");
        if (basic && (formId !== undefined || formSecret !== undefined)) {
          throw new TokenRequestError(
            "invalid_request",
            "Authenticate the client by one method only: Basic or form fields.",
          );
        }
        const clientId = basic?.id ?? formId;
        const clientSecret = basic?.secret ?? formSecret;
        if (!clientId || !clientSecret) {
          throw new TokenRequestError(
            "invalid_client",
            "Client authentication is required (HTTP Basic or client_id and client_secret).",
          );
        }
        const token = await exchangeClientCredentials(options.storage, {
          clientId,
          clientSecret,
          scope: single(form, "scope"),
        });
        return reply.header("Cache-Control", "no-store").header("Pragma", "no-cache").send(token);
      } catch (error) {
        if (error instanceof TokenRequestError) return sendTokenError(reply, error);
        throw error;
      }
    },
  );
}
