import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import type { OidcConfig } from "../config";
import type { Storage } from "../storage";
import { knownScopes, type Scope } from "./scopes";
import {
  hashSecret,
  looksLikeAccessToken,
  looksLikeJwt,
  looksLikePersonalAccessToken,
  newId,
} from "./tokens";

export type CredentialKind = "personal_access_token" | "client_credentials" | "external";

export interface Principal {
  tenantId: string;
  tenantName: string;
  kind: CredentialKind;
  scopes: Scope[];
  subject: string | null;
  /**
   * Which credential this is, however it was written on the wire: a personal access token's id, an
   * OAuth client's id, an external token's tenant and subject. Per-credential budgets key on it.
   */
  credential: string;
  /**
   * Who acts, in words a person reading the audit trail knows: the signed-in person's name, a
   * token's or client's label (`token "Outlook add-in"`); never the credential's id alone.
   */
  who: { name: string; email: string | null };
}

/** Why a credential was refused; the message is safe to show (it never echoes the credential). */
export class InvalidCredentialError extends Error {}

export interface Authenticator {
  /** Answers the principal of a bearer token, or throws InvalidCredentialError. */
  bearer(token: string): Promise<Principal>;
  /** Answers the principal of a personal access token only (the X-API-KEY rule), or null when it is no PAT. */
  personalAccessToken(token: string): Promise<Principal | null>;
}

type ExternalVerifier = (token: string) => Promise<Principal>;

function claimText(payload: JWTPayload, name: string): string | null {
  const value = payload[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** An address-shaped claim (email, preferred_username, upn), or null. */
function emailClaim(payload: JWTPayload): string | null {
  for (const name of ["email", "preferred_username", "upn"]) {
    const value = claimText(payload, name);
    if (value && /^[^\s@]+@[^\s@]+$/.test(value)) return value;
  }
  return null;
}

function externalVerifier(storage: Storage, oidc: OidcConfig): ExternalVerifier {
  // jose caches the key set and refetches it when a token names an unknown key (rotation).
  const keys = createRemoteJWKSet(new URL(oidc.jwksUri), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: oidc.issuer,
        audience: oidc.audience,
        clockTolerance: oidc.clockSkewSeconds,
        algorithms: ["RS256", "RS384", "RS512", "PS256", "ES256", "ES384"],
        requiredClaims: ["exp"],
      }));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "ERR_JWT_EXPIRED") throw new InvalidCredentialError("The access token has expired.");
      if (code === "ERR_JWKS_TIMEOUT" || code === "ERR_JOSE_GENERIC") {
        throw new InvalidCredentialError(
          "The identity provider's signing keys could not be fetched; try again.",
        );
      }
      throw new InvalidCredentialError(
        "The access token is not valid for this service (signature, issuer or audience).",
      );
    }
    const tenantName = claimText(payload, oidc.tenantClaim);
    if (!tenantName) {
      throw new InvalidCredentialError(
        `The access token has no "${oidc.tenantClaim}" claim to name the tenant.`,
      );
    }
    const scp = claimText(payload, "scp") ?? claimText(payload, "scope") ?? "";
    const roles = Array.isArray(payload.roles)
      ? payload.roles.filter((r): r is string => typeof r === "string")
      : [];
    const tenant = await storage.credentials.ensureTenant(tenantName, newId(), new Date().toISOString());
    return {
      tenantId: tenant.id,
      tenantName: tenant.name,
      kind: "external",
      scopes: knownScopes([...scp.split(/\s+/), ...roles]),
      subject: claimText(payload, "sub"),
      credential: `external:${tenant.id}:${claimText(payload, "oid") ?? claimText(payload, "sub") ?? ""}`,
      // The identity provider's own words for the person (Entra: name, preferred_username).
      who: {
        name:
          claimText(payload, "name") ??
          emailClaim(payload) ??
          claimText(payload, "preferred_username") ??
          claimText(payload, "sub") ??
          "a signed-in user",
        email: emailClaim(payload),
      },
    };
  };
}

export function createAuthenticator(storage: Storage, oidc: OidcConfig | null): Authenticator {
  const external = oidc ? externalVerifier(storage, oidc) : null;

  async function personalAccessToken(token: string): Promise<Principal | null> {
    if (!looksLikePersonalAccessToken(token)) return null;
    const pat = await storage.credentials.findActivePersonalAccessToken(hashSecret(token));
    if (!pat) throw new InvalidCredentialError("The personal access token is not valid or has been revoked.");
    return {
      tenantId: pat.tenantId,
      tenantName: pat.tenantName,
      kind: "personal_access_token",
      scopes: knownScopes(pat.scopes),
      subject: null,
      credential: `pat:${pat.id}`,
      who: { name: `token “${pat.label}”`, email: null },
    };
  }

  async function bearer(token: string): Promise<Principal> {
    const pat = await personalAccessToken(token);
    if (pat) return pat;
    if (looksLikeAccessToken(token)) {
      const access = await storage.credentials.findActiveAccessToken(
        hashSecret(token),
        new Date().toISOString(),
      );
      if (!access)
        throw new InvalidCredentialError("The access token is not valid or has expired; request a new one.");
      return {
        tenantId: access.tenantId,
        tenantName: access.tenantName,
        kind: "client_credentials",
        scopes: knownScopes(access.scopes),
        subject: access.clientId,
        credential: `client:${access.clientId}`,
        who: { name: `client “${access.clientLabel}”`, email: null },
      };
    }
    if (external && looksLikeJwt(token)) return external(token);
    throw new InvalidCredentialError("The bearer token is not a credential this service issued or accepts.");
  }

  return { bearer, personalAccessToken };
}
