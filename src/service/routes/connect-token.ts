import formbody from "@fastify/formbody";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { exchangeClientCredentials, TokenRequestError } from "../domain/credentials";
import { hasUnsafeText } from "../text-safety";
import { ApiError } from "../errors";
import { authFailures } from "../plugins/authentication";

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
  let credentials: { id: string; secret: string };
  try {
    credentials = { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    throw new TokenRequestError("invalid_client", "The Basic credentials are not correctly encoded.");
  }
  if (hasUnsafeText(credentials.id) || hasUnsafeText(credentials.secret)) {
    throw new TokenRequestError(
      "invalid_request",
      "The Basic credentials hold a NUL character or an unpaired surrogate, which no credential has.",
    );
  }
  return credentials;
}

function sendTokenError(reply: FastifyReply, error: TokenRequestError, status: number = error.status) {
  if (status === 401) reply.header("WWW-Authenticate", 'Basic realm="sign"');
  return reply
    .code(status)
    .header("Cache-Control", "no-store")
    .type("application/json; charset=utf-8")
    .serializer(JSON.stringify)
    .send({ error: error.error, error_description: error.description });
}

const FORM_ONLY = "Send the request as application/x-www-form-urlencoded.";

/** Fastify's refusals of a body (size, type, syntax) in RFC 6749 §5.2's words, keeping their status. */
function tokenErrorOf(error: FastifyError | ApiError): { status: number; error: TokenRequestError } | null {
  if (error instanceof ApiError) {
    // The service-wide checks before a route (safe-text.ts) speak contract §3; here, RFC 6749.
    return error.status === 400
      ? { status: 400, error: new TokenRequestError("invalid_request", error.detail) }
      : null;
  }
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return {
        status: 413,
        error: new TokenRequestError("invalid_request", "The request body is larger than 16 KB."),
      };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { status: 415, error: new TokenRequestError("invalid_request", FORM_ONLY) };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status: 400,
      error: new TokenRequestError("invalid_request", "The request body could not be read; " + FORM_ONLY),
    };
  }
  return null;
}

export interface ConnectTokenOptions {
  /** Failed client authentications per client id and per address per minute before 429. */
  failuresPerMinute: number;
}

/** OAuth 2.0 token endpoint (client credentials only). Its errors follow RFC 6749 §5.2, not SignErrorResponse. */
export default async function connectTokenRoutes(app: FastifyInstance, options: ConnectTokenOptions) {
  const failures = authFailures(options.failuresPerMinute);
  // Form bodies are accepted here only; everywhere else they are 415.
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  // This plugin's scope only: even the body parser's refusals speak RFC 6749 here.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = tokenErrorOf(error);
    if (!refusal) throw error;
    request.log.info({ code: refusal.error.error, status: refusal.status }, "token request refused");
    return sendTokenError(reply, refusal.error, refusal.status);
  });
  app.route({
    method: ["GET", "HEAD", "PUT", "PATCH", "DELETE"],
    url: "/connect/token",
    schema: { hide: true },
    handler: (_request, reply) =>
      sendTokenError(
        reply.header("Allow", "POST"),
        new TokenRequestError("invalid_request", "The token endpoint takes POST only."),
        405,
      ),
  });
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
        // Secrets are not guessed at speed: each client id and each address has a budget of failures.
        const keys = [`client:${clientId}`, `ip:${request.ip}`];
        const verdict = await app.limiter.check(failures, keys);
        if (!verdict.allowed) {
          reply.header("Retry-After", String(verdict.retryAfterSeconds));
          throw new TokenRequestError(
            "rate_limited",
            `Too many failed client authentications; try again in ${verdict.retryAfterSeconds} s.`,
            429,
          );
        }
        let token;
        try {
          token = await exchangeClientCredentials(app.storage, {
            clientId,
            clientSecret,
            scope: single(form, "scope"),
          });
        } catch (error) {
          if (error instanceof TokenRequestError && error.error === "invalid_client") {
            await app.limiter.spend(failures, keys);
          }
          throw error;
        }
        return reply.header("Cache-Control", "no-store").header("Pragma", "no-cache").send(token);
      } catch (error) {
        if (error instanceof TokenRequestError) return sendTokenError(reply, error);
        throw error;
      }
    },
  );
}
