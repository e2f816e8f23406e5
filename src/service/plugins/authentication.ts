import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { InvalidCredentialError, type Authenticator, type Principal } from "../domain/authenticate";
import type { Scope } from "../../shared/scopes";
import { rateLimitedError, type Budget, type RateLimiter } from "../domain/rate-limits";
import { looksLikePersonalAccessToken } from "../domain/tokens";
import { ApiError } from "../errors";

export interface RouteAuth {
  /** Every one of these scopes is needed; empty = any valid credential. */
  scopes: Scope[];
  /** Whether `X-API-KEY: <PAT>` is accepted (signing-group and tag operations, contract §2). */
  apiKey: boolean;
}

declare module "fastify" {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const REALM = 'Bearer realm="sign"';
/** `Authorization: Bearer <token>`, the token in its group. */
const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

function unauthorized(detail: string, error?: "invalid_token" | "invalid_request"): ApiError {
  const challenge = error
    ? `${REALM}, error="${error}", error_description="${detail.replace(/"/g, "'")}"`
    : REALM;
  return new ApiError(401, "unauthorized", detail, undefined, { "WWW-Authenticate": challenge });
}

const LEGACY_KEY_DETAIL =
  "Static API keys are no longer accepted. Send a personal access token as 'Authorization: Bearer <token>' " +
  "(or as X-API-KEY on signing-group and tag operations), or an access token from POST /connect/token.";

/** The route options an operation needs to be protected and to say so in the OpenAPI document. */
export function secured(scopes: Scope[], options: { apiKey?: boolean } = {}) {
  const apiKey = options.apiKey ?? false;
  const security: Record<string, string[]>[] = [{ Bearer: [] }, { OAuth2: scopes }];
  if (apiKey) security.push({ ApiKey: [] });
  return {
    config: { auth: { scopes, apiKey } satisfies RouteAuth },
    security,
    scopesNote: scopes.length ? `Needs scope ${scopes.join(" and ")}.` : "Needs any valid credential.",
  };
}

/** The principal of the request's credential; throws ApiError, or InvalidCredentialError for a refused one. */
async function principalOf(
  request: FastifyRequest,
  auth: RouteAuth,
  authenticator: Authenticator,
): Promise<Principal> {
  const authorization = request.headers.authorization;
  const apiKey = request.headers["x-api-key"];
  if (authorization !== undefined) {
    const match = BEARER.exec(authorization);
    if (!match)
      throw unauthorized("Send the credential as 'Authorization: Bearer <token>'.", "invalid_request");
    return await authenticator.bearer(match[1]!);
  }
  if (typeof apiKey === "string" && apiKey !== "") {
    if (!looksLikePersonalAccessToken(apiKey)) {
      throw new ApiError(401, "legacy_api_key", LEGACY_KEY_DETAIL, undefined, {
        "WWW-Authenticate": REALM,
      });
    }
    if (!auth.apiKey) {
      throw unauthorized(
        "X-API-KEY is accepted only on signing-group and tag operations; send 'Authorization: Bearer <token>' here.",
      );
    }
    const principal = await authenticator.personalAccessToken(apiKey);
    if (principal) return principal;
  }
  throw unauthorized(
    "This operation needs a credential: 'Authorization: Bearer <token>' with a personal access token or an access token from POST /connect/token.",
  );
}

export interface AuthenticationOptions {
  authenticator: Authenticator;
  limiter: RateLimiter;
  /** Failed authentications from one address per minute before every credential from it gets 429. */
  failuresPerMinute: number;
}

/**
 * How old this instance's knowledge of an address's failures may be when a request is checked: its
 * own failures count at once, other instances' within this time (the budget's window is a minute).
 */
const CHECK_MAX_AGE_MS = 1000;

/** The budget of failed authentications, shared with POST /connect/token (per client id and address). */
export const authFailures = (max: number): Budget => ({ name: "auth-failures", max });

export default fp(
  async function authentication(app: FastifyInstance, options: AuthenticationOptions) {
    const failures = authFailures(options.failuresPerMinute);
    app.decorateRequest("principal", null);
    /** Checks the address's budget and the credential, and answers its principal (or throws). */
    const authenticate = async (request: FastifyRequest, auth: RouteAuth): Promise<Principal> => {
      // Checked before the credential, so that guessing gets no answer at all once over the budget.
      const address = [`ip:${request.ip}`];
      const verdict = await options.limiter.check(failures, address, CHECK_MAX_AGE_MS);
      if (!verdict.allowed) {
        throw rateLimitedError(
          "Too many failed authentications from this address.",
          verdict.retryAfterSeconds,
        );
      }
      try {
        return await principalOf(request, auth, options.authenticator);
      } catch (error) {
        // Only a credential that was checked and refused counts: a missing one guesses nothing.
        if (!(error instanceof InvalidCredentialError)) throw error;
        await options.limiter.spend(failures, address);
        throw unauthorized(error.message, "invalid_token");
      }
    };
    /**
     * What `authenticate` would answer, at once, when this instance knows the address is within its
     * budget and the bearer token was verified and is still trusted; undefined otherwise. Most
     * requests of a busy client are such, and skip the promises of the checks (issue 31).
     */
    const known = (request: FastifyRequest): Principal | undefined => {
      const authorization = request.headers.authorization;
      if (authorization === undefined || !options.authenticator.knownBearer) return undefined;
      if (!options.limiter.checkKnown(failures, [`ip:${request.ip}`], CHECK_MAX_AGE_MS)?.allowed)
        return undefined;
      const match = BEARER.exec(authorization);
      return match ? options.authenticator.knownBearer(match[1]!) : undefined;
    };
    /** The principal's scopes are checked against the route's; it becomes the request's principal. */
    const admit = (request: FastifyRequest, auth: RouteAuth, principal: Principal): void => {
      const missing = auth.scopes.filter((scope) => !principal.scopes.includes(scope));
      if (missing.length > 0) {
        throw new ApiError(
          403,
          "insufficient_scope",
          `This operation needs the scope ${missing.join(" and ")}, which the credential does not have.`,
          undefined,
          { "WWW-Authenticate": `${REALM}, error="insufficient_scope", scope="${auth.scopes.join(" ")}"` },
        );
      }
      request.principal = principal;
    };
    // A callback hook: a known credential is admitted without a promise made.
    app.addHook("onRequest", (request, _reply, done) => {
      const auth = request.routeOptions.config.auth;
      if (!auth) return done();
      const principal = known(request);
      if (principal) {
        try {
          admit(request, auth, principal);
        } catch (error) {
          return done(error as Error);
        }
        return done();
      }
      authenticate(request, auth).then(
        (checked) => {
          try {
            admit(request, auth, checked);
          } catch (error) {
            return done(error as Error);
          }
          done();
        },
        (error: Error) => done(error),
      );
    });
  },
  { name: "authentication" },
);

/** The principal of an authenticated route; the hook guarantees it is there. */
export function principal(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error("route has no auth config");
  return request.principal;
}
