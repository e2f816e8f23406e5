import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import type { OidcConfig } from "../config";
import type { Storage } from "../storage";
import { knownScopes, type Scope } from "../../shared/scopes";
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
  /**
   * A bearer token's principal when it was verified and is still trusted (credential-cache.ts), at
   * once; undefined when `bearer` must be asked. Lets a request with a known credential skip the
   * promises of a lookup.
   */
  knownBearer?(token: string): Principal | undefined;
}

/** A disabled tenant's credentials all stay valid, and are all refused until it is enabled again. */
function disabled(tenantName: string): InvalidCredentialError {
  return new InvalidCredentialError(
    `The tenant ${quoted(tenantName)} has been disabled by the service's administrator.`,
  );
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

/** The signing algorithms of OpenID providers' key sets; never "none" nor a shared-secret HMAC. */
const ACCEPTED_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "ES256", "ES384"];

/**
 * A value from a token (its kid, alg, aud, iss) as a refusal repeats it: quoted, at most 120
 * characters, printable ASCII only, since the refusal also goes into the WWW-Authenticate header.
 */
function quoted(value: unknown): string {
  const text = (Array.isArray(value) ? value.join(" ") : String(value ?? "")).replace(/[^\x20-\x7e]/g, "?");
  return JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}...` : text);
}

/** What the token's header and claims say, read without trusting them (for the refusal's words). */
function unverified(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const part = (i: number) => {
    try {
      const value: unknown = JSON.parse(Buffer.from(token.split(".")[i] ?? "", "base64url").toString("utf8"));
      return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  return { header: part(0), payload: part(1) };
}

/**
 * Why jose refused a token, in words that tell an administrator what to fix (which setting, which
 * clock, which key). Never the token itself; its header and claims are not secret.
 */
function refusal(error: unknown, token: string, oidc: OidcConfig): InvalidCredentialError {
  const { code, claim } = error as { code?: string; claim?: string };
  const { header, payload } = unverified(token);
  switch (code) {
    case "ERR_JWT_EXPIRED":
      return new InvalidCredentialError("The access token has expired; sign in again.");
    case "ERR_JWT_CLAIM_VALIDATION_FAILED":
      if (claim === "aud")
        return new InvalidCredentialError(
          `The access token is for another audience (aud ${quoted(payload.aud)}); this service accepts only tokens for ${quoted(oidc.audience)} (OIDC_AUDIENCE).`,
        );
      if (claim === "iss")
        return new InvalidCredentialError(
          `The access token comes from another issuer (iss ${quoted(payload.iss)}); this service trusts only ${quoted(oidc.issuer)} (OIDC_ISSUER).`,
        );
      if (claim === "nbf" || claim === "iat")
        return new InvalidCredentialError(
          "The access token is not valid yet; check the clocks of the identity provider and of this service.",
        );
      return new InvalidCredentialError(
        `The access token's "${claim ?? "?"}" claim is missing or not valid.`,
      );
    case "ERR_JOSE_ALG_NOT_ALLOWED":
    case "ERR_JOSE_NOT_SUPPORTED":
      return new InvalidCredentialError(
        `The access token is signed with an algorithm this service does not accept (alg ${quoted(header.alg)}); it accepts ${ACCEPTED_ALGORITHMS.join(", ")}.`,
      );
    case "ERR_JWKS_NO_MATCHING_KEY":
      return new InvalidCredentialError(
        `The access token is signed with a key (kid ${quoted(header.kid)}) that the identity provider does not publish at OIDC_JWKS_URI.`,
      );
    case "ERR_JWS_SIGNATURE_VERIFICATION_FAILED":
      return new InvalidCredentialError(
        "The access token's signature does not verify with the identity provider's key.",
      );
    case "ERR_JWKS_TIMEOUT":
    case "ERR_JOSE_GENERIC":
    case "ERR_JWKS_INVALID":
      return new InvalidCredentialError(
        "The identity provider's signing keys could not be fetched; try again.",
      );
    default:
      return new InvalidCredentialError("The access token is not a well-formed signed JWT.");
  }
}

function externalVerifier(storage: Storage, oidc: OidcConfig): ExternalVerifier {
  // jose caches the key set and fetches it again when a token names a key it lacks (a rotation), at
  // most once per cooldown: a stream of tokens with made-up kids cannot make it hammer the provider.
  const keys = createRemoteJWKSet(new URL(oidc.jwksUri), {
    timeoutDuration: 5000,
    cooldownDuration: oidc.jwksCooldownSeconds * 1000,
  });
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: oidc.issuer,
        audience: oidc.audience,
        clockTolerance: oidc.clockSkewSeconds,
        algorithms: ACCEPTED_ALGORITHMS,
        requiredClaims: ["exp"],
      }));
    } catch (error) {
      throw refusal(error, token, oidc);
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
    if (tenant.disabledOn) throw disabled(tenant.name);
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
    if (pat.tenantDisabledOn) throw disabled(pat.tenantName);
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
      if (access.tenantDisabledOn) throw disabled(access.tenantName);
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
