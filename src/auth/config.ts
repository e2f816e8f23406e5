/**
 * Microsoft Entra configuration of the add-in's sign-in, baked in at build time: webpack's
 * DefinePlugin replaces `__SIGN_ENTRA__` with the SIGN_ENTRA_* environment variables (see
 * webpack.config.js). No client id: no Microsoft sign-in, only the personal access token.
 */

export const DEFAULT_AUTHORITY = "https://login.microsoftonline.com/organizations";

export interface EntraConfig {
  /** The add-in's application (client) id in Entra. */
  clientId: string;
  /** e.g. https://login.microsoftonline.com/organizations, or one tenant's authority. */
  authority: string;
  /** The signing service's scopes, e.g. api://sign.example.com/<api-id>/.default. */
  scopes: string[];
  /**
   * "OIDC" for an OpenID provider that is not Entra (the local one of `SIGN_DEV_IDP=1 npm start`):
   * MSAL then speaks plain OpenID Connect to it and trusts it as a known authority.
   */
  protocolMode?: "OIDC";
  /** The provider's discovery document (JSON), so that MSAL need not fetch it. OIDC mode only. */
  authorityMetadata?: string;
}

export interface RawEntraConfig {
  clientId?: string | undefined;
  authority?: string | undefined;
  /** One or more scopes, separated by spaces or commas. */
  apiScope?: string | undefined;
  /** "OIDC", or empty for Entra. */
  protocolMode?: string | undefined;
  authorityMetadata?: string | undefined;
}

declare const __SIGN_ENTRA__: RawEntraConfig | undefined;

/** Null when no client id or no scope is given: Microsoft sign-in is then not offered. */
export function entraConfigFrom(raw: RawEntraConfig | null | undefined): EntraConfig | null {
  const clientId = raw?.clientId?.trim() ?? "";
  const scopes = (raw?.apiScope ?? "").split(/[\s,]+/).filter(Boolean);
  if (!clientId || scopes.length === 0) return null;
  const config: EntraConfig = { clientId, authority: raw?.authority?.trim() || DEFAULT_AUTHORITY, scopes };
  if (raw?.protocolMode?.trim().toUpperCase() === "OIDC") {
    config.protocolMode = "OIDC";
    const metadata = raw.authorityMetadata?.trim();
    if (metadata) config.authorityMetadata = metadata;
  }
  return config;
}

/** What this build was configured with; null outside webpack (tests) or when not configured. */
export function builtInEntraConfig(): EntraConfig | null {
  return typeof __SIGN_ENTRA__ === "undefined" ? null : entraConfigFrom(__SIGN_ENTRA__);
}
