/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * Build-time Entra configuration (SIGN_ENTRA_* → webpack → src/auth/config.ts) and MSAL's logging and
 * cache settings.
 */
import { LogLevel } from "@azure/msal-browser";
import { DEFAULT_AUTHORITY, builtInEntraConfig, entraConfigFrom } from "../../src/auth";
import { msalConfiguration } from "../../src/auth/msal-config";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { entraConfig } = require("../../webpack.config.js") as {
  entraConfig: (env: Record<string, string | undefined>) => {
    clientId: string;
    authority: string;
    apiScope: string;
    protocolMode?: string;
    authorityMetadata?: string;
  };
};

const CLIENT_ID = "3f2b6c1e-8d4a-4c2b-9e7f-0a1b2c3d4e5f";
const SCOPE = "api://sign.example.com/5e8c0000-0000-4000-8000-000000000001/.default";

describe("entraConfigFrom", () => {
  it("offers no Microsoft sign-in without a client id or a scope", () => {
    expect(entraConfigFrom(undefined)).toBeNull();
    expect(entraConfigFrom({ clientId: "", apiScope: SCOPE })).toBeNull();
    expect(entraConfigFrom({ clientId: CLIENT_ID, apiScope: "  " })).toBeNull();
  });

  it("defaults the authority to organisations and splits the scopes", () => {
    expect(entraConfigFrom({ clientId: ` ${CLIENT_ID} `, apiScope: "a/x, a/y  a/z" })).toEqual({
      clientId: CLIENT_ID,
      authority: DEFAULT_AUTHORITY,
      scopes: ["a/x", "a/y", "a/z"],
    });
    expect(DEFAULT_AUTHORITY).toBe("https://login.microsoftonline.com/organizations");
  });

  it("is not configured outside a webpack build", () => {
    expect(builtInEntraConfig()).toBeNull();
  });
});

describe("webpack's SIGN_ENTRA_* variables", () => {
  it("bakes in nothing when no client id is set", () => {
    expect(entraConfig({})).toEqual({ clientId: "", authority: DEFAULT_AUTHORITY, apiScope: "" });
  });

  it("takes the client id, authority and scope", () => {
    expect(
      entraConfig({
        SIGN_ENTRA_CLIENT_ID: CLIENT_ID,
        SIGN_ENTRA_AUTHORITY: "https://login.microsoftonline.com/contoso.onmicrosoft.com/",
        SIGN_ENTRA_API_SCOPE: SCOPE,
      }),
    ).toEqual({
      clientId: CLIENT_ID,
      authority: "https://login.microsoftonline.com/contoso.onmicrosoft.com",
      apiScope: SCOPE,
    });
  });

  it("takes an OpenID provider's protocol mode and discovery document (SIGN_DEV_IDP=1 npm start's)", () => {
    const env = {
      SIGN_ENTRA_CLIENT_ID: CLIENT_ID,
      SIGN_ENTRA_AUTHORITY: "https://localhost:3002",
      SIGN_ENTRA_API_SCOPE: "sign.package.read sign.signinggroup.read",
      SIGN_ENTRA_PROTOCOL_MODE: "oidc",
      SIGN_ENTRA_METADATA: '{"issuer":"https://localhost:3002"}',
    };
    const raw = entraConfig(env);
    expect(raw).toMatchObject({
      protocolMode: "OIDC",
      authorityMetadata: '{"issuer":"https://localhost:3002"}',
    });
    expect(entraConfigFrom(raw)).toEqual({
      clientId: CLIENT_ID,
      authority: "https://localhost:3002",
      scopes: ["sign.package.read", "sign.signinggroup.read"],
      protocolMode: "OIDC",
      authorityMetadata: '{"issuer":"https://localhost:3002"}',
    });
    expect(() => entraConfig({ ...env, SIGN_ENTRA_PROTOCOL_MODE: "saml" })).toThrow(/OIDC or AAD/);
    // Entra (no mode): nothing of OIDC's, even with a stray metadata variable.
    expect(entraConfig({ ...env, SIGN_ENTRA_PROTOCOL_MODE: "" })).not.toHaveProperty("authorityMetadata");
  });

  it("fails the build with a reason for a client id that is not a GUID, a missing scope, an http authority", () => {
    expect(() => entraConfig({ SIGN_ENTRA_CLIENT_ID: "my-app", SIGN_ENTRA_API_SCOPE: SCOPE })).toThrow(
      /GUID/,
    );
    expect(() => entraConfig({ SIGN_ENTRA_CLIENT_ID: CLIENT_ID })).toThrow(
      /SIGN_ENTRA_API_SCOPE is required/,
    );
    expect(() =>
      entraConfig({
        SIGN_ENTRA_CLIENT_ID: CLIENT_ID,
        SIGN_ENTRA_API_SCOPE: SCOPE,
        SIGN_ENTRA_AUTHORITY: "http://login.example",
      }),
    ).toThrow(/https/);
  });
});

describe("msalConfiguration", () => {
  const config = { clientId: CLIENT_ID, authority: DEFAULT_AUTHORITY, scopes: [SCOPE] };

  it("never logs PII and keeps the cache out of localStorage", () => {
    const logged: string[] = [];
    const c = msalConfiguration(config, LogLevel, {
      cacheLocation: "sessionStorage",
      log: (level, message) => logged.push(`${level}: ${message}`),
    });
    expect(c.auth).toEqual({ clientId: CLIENT_ID, authority: DEFAULT_AUTHORITY });
    expect(c.cache?.cacheLocation).toBe("sessionStorage");
    const logger = c.system?.loggerOptions;
    expect(logger?.piiLoggingEnabled).toBe(false);
    logger?.loggerCallback?.(LogLevel.Error, "token for megan@contoso.com", true);
    logger?.loggerCallback?.(LogLevel.Error, "network down", false);
    logger?.loggerCallback?.(LogLevel.Warning, "slow", false);
    logger?.loggerCallback?.(LogLevel.Verbose, "details", false);
    expect(logged).toEqual(["error: MSAL: network down", "warning: MSAL: slow"]);
  });

  it("gives the dialog fallback's client the dialog as redirect URI, and never moves the pane", () => {
    const navigate = jest.fn(() => false);
    const c = msalConfiguration(config, LogLevel, {
      cacheLocation: "sessionStorage",
      redirectUri: "https://sign.example.com/addin/auth-dialog.html",
      onRedirectNavigate: navigate,
    });
    expect(c.auth.redirectUri).toBe("https://sign.example.com/addin/auth-dialog.html");
    expect(c.auth.onRedirectNavigate).toBe(navigate);
    expect(c.system?.allowRedirectInIframe).toBe(true);
    expect(c.system?.protocolMode).toBeUndefined(); // Entra: MSAL's default
    expect(c.auth.knownAuthorities).toBeUndefined();
  });

  it("speaks plain OpenID Connect to another provider, trusted as configured, with its metadata", () => {
    const c = msalConfiguration(
      { ...config, authority: "https://localhost:3002", protocolMode: "OIDC", authorityMetadata: "{}" },
      LogLevel,
      { cacheLocation: "sessionStorage" },
    );
    expect(c.system?.protocolMode).toBe("OIDC");
    expect(c.auth.knownAuthorities).toEqual(["localhost:3002"]);
    expect(c.auth.authorityMetadata).toBe("{}");
  });
});
