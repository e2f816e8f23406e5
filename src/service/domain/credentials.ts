import type { Storage } from "../storage";
import { knownScopes, SCOPES, type Scope, isScope } from "../../shared/scopes";
import {
  displayPrefix,
  hashSecret,
  newAccessToken,
  newClientId,
  newClientSecret,
  newId,
  newPersonalAccessToken,
  secretMatches,
} from "./tokens";

export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

export class CredentialInputError extends Error {}

function checkTenantName(name: string): string {
  const trimmed = name.trim();
  if (!/^[\p{L}\p{N}][\p{L}\p{N}._-]{0,99}$/u.test(trimmed)) {
    throw new CredentialInputError(
      `tenant name "${name}" is not valid: use 1 to 100 letters, digits, ".", "_" or "-", starting with a letter or digit`,
    );
  }
  return trimmed;
}

function checkScopes(scopes: readonly string[]): Scope[] {
  if (scopes.length === 0) return [...SCOPES];
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) {
    throw new CredentialInputError(`unknown scope ${unknown.join(", ")}; known scopes: ${SCOPES.join(", ")}`);
  }
  return knownScopes(scopes);
}

export interface IssuedPersonalAccessToken {
  id: string;
  tenantId: string;
  tenantName: string;
  token: string;
  scopes: Scope[];
}

/** Creates the tenant if new and a personal access token; the token itself exists only in the answer. */
export async function createPersonalAccessToken(
  storage: Storage,
  input: { tenant: string; scopes: readonly string[]; label?: string },
  now = new Date(),
): Promise<IssuedPersonalAccessToken> {
  const tenantName = checkTenantName(input.tenant);
  const scopes = checkScopes(input.scopes);
  const token = newPersonalAccessToken();
  const id = newId();
  return storage.transaction(async (s) => {
    const tenant = await s.credentials.ensureTenant(tenantName, newId(), now.toISOString());
    await s.credentials.insertPersonalAccessToken({
      id,
      tenantId: tenant.id,
      label: input.label?.trim() || "personal access token",
      tokenHash: hashSecret(token),
      tokenPrefix: displayPrefix(token),
      scopes,
      createdOn: now.toISOString(),
    });
    return { id, tenantId: tenant.id, tenantName: tenant.name, token, scopes };
  });
}

export interface IssuedClient {
  clientId: string;
  clientSecret: string;
  tenantName: string;
  scopes: Scope[];
}

export async function createOAuthClient(
  storage: Storage,
  input: { tenant: string; scopes: readonly string[]; label?: string },
  now = new Date(),
): Promise<IssuedClient> {
  const tenantName = checkTenantName(input.tenant);
  const scopes = checkScopes(input.scopes);
  const clientId = newClientId();
  const clientSecret = newClientSecret();
  return storage.transaction(async (s) => {
    const tenant = await s.credentials.ensureTenant(tenantName, newId(), now.toISOString());
    await s.credentials.insertOAuthClient({
      id: clientId,
      tenantId: tenant.id,
      label: input.label?.trim() || "oauth client",
      secretHash: hashSecret(clientSecret),
      scopes,
      createdOn: now.toISOString(),
    });
    return { clientId, clientSecret, tenantName: tenant.name, scopes };
  });
}

/** RFC 6749 §5.2 error codes. */
/** RFC 6749 §5.2's codes, and contract §3's `rate_limited` for the one answer RFC 6749 does not name (429). */
export type TokenErrorCode =
  | "invalid_client"
  | "invalid_grant"
  | "invalid_scope"
  | "invalid_request"
  | "unsupported_grant_type"
  | "rate_limited";

export class TokenRequestError extends Error {
  readonly status: number;

  constructor(
    readonly error: TokenErrorCode,
    readonly description: string,
    status?: number,
  ) {
    super(description);
    this.status = status ?? (error === "invalid_client" ? 401 : 400);
  }
}

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  scope: string;
}

/** OAuth 2.0 client credentials grant (RFC 6749 §4.4). */
export async function exchangeClientCredentials(
  storage: Storage,
  request: { clientId: string; clientSecret: string; scope: string | undefined },
  now = new Date(),
): Promise<TokenResponse> {
  const client = await storage.credentials.findActiveOAuthClient(request.clientId);
  if (!client || !secretMatches(request.clientSecret, client.secretHash)) {
    throw new TokenRequestError(
      "invalid_client",
      "Client authentication failed: unknown client or wrong secret.",
    );
  }
  let scopes: Scope[] = knownScopes(client.scopes);
  if (request.scope !== undefined && request.scope.trim() !== "") {
    const asked = request.scope.trim().split(/\s+/);
    const refused = asked.filter((s) => !(client.scopes as string[]).includes(s));
    if (refused.length > 0) {
      throw new TokenRequestError(
        "invalid_scope",
        `The client may not ask for ${refused.join(", ")}; its scopes are: ${client.scopes.join(" ") || "(none)"}.`,
      );
    }
    scopes = knownScopes(asked);
  }
  const token = newAccessToken();
  const expires = new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000);
  await storage.credentials.insertAccessToken({
    tokenHash: hashSecret(token),
    clientId: client.id,
    tenantId: client.tenantId,
    scopes,
    createdOn: now.toISOString(),
    expiresOn: expires.toISOString(),
  });
  return {
    access_token: token,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
    scope: scopes.join(" "),
  };
}
