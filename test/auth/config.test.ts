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

  it("gives the dialog a memory cache and its own redirect URI", () => {
    const c = msalConfiguration(config, LogLevel, {
      cacheLocation: "memoryStorage",
      redirectUri: "https://sign.example.com/addin/auth-dialog.html",
    });
    expect(c.cache?.cacheLocation).toBe("memoryStorage");
    expect(c.auth.redirectUri).toBe("https://sign.example.com/addin/auth-dialog.html");
  });
});
