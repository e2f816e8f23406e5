/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * End to end without Microsoft: a local OpenID Connect issuer (a key pair and a JWKS server) stands
 * in for Entra, the real service accepts its tokens through OIDC_*, and the pane's Microsoft token
 * source hands them to the service through the pane's HTTP client. Faked only what cannot run here:
 * Office (the dialog) and MSAL's clients (they would talk to Entra).
 */
import type { AuthenticationResult } from "@azure/msal-browser";
import { generateKeyPair, SignJWT } from "jose";
import { createHttpClient } from "../../src/api/http";
import { createMicrosoftTokenSource, type DialogApp, type NestedApp } from "../../src/auth";
import { runDialogFlow } from "../../src/auth/dialog/flow";
import { createAsyncLimiter, createOutlookHost } from "../../src/outlook";
import { fakeMailbox, fakeOffice, fakeUi, readItem } from "../outlook/fakes";
import { BACKENDS, startTestService, type TestService } from "../service/harness";
import { startJwksServer } from "../service/jwks-server";

const ISSUER = "https://login.example.test/contoso-tid/v2.0";
const AUDIENCE = "api://sign.example.com/api";
const CONFIG = {
  clientId: "3f2b6c1e-8d4a-4c2b-9e7f-0a1b2c3d4e5f",
  authority: "https://login.example.test/contoso-tid",
  scopes: [`${AUDIENCE}/.default`],
};
const DIALOG_URL = "https://sign.example.com/addin/auth-dialog.html";

const backend = BACKENDS[0]!;
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
let jwks: Awaited<ReturnType<typeof startJwksServer>>;
let service: TestService;

beforeAll(async () => {
  keys = await generateKeyPair("RS256");
  jwks = await startJwksServer(keys.publicKey);
  service = await startTestService(backend, {
    OIDC_ISSUER: ISSUER,
    OIDC_AUDIENCE: AUDIENCE,
    OIDC_JWKS_URI: jwks.url,
  });
}, 120_000); // a service start (migrations, PostgreSQL) passed 30 s on a loaded machine (issue 29)

afterAll(async () => {
  await service?.close();
  await jwks?.close();
});

/**
 * Waits until the pane has opened its dialog (and registered its message handler, a tick later).
 * Bounded: were sign-in to fail before opening it, an unbounded poll would outlive the test and the
 * file and keep the Jest worker alive.
 */
async function dialogOpened(ui: ReturnType<typeof fakeUi>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (ui.opened.length === 0) {
    if (Date.now() > deadline) throw new Error(`no dialog opened within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 1));
  }
  await new Promise((r) => setTimeout(r, 1));
}

/** An access token as Entra would issue it for the API (v2.0, delegated scopes). */
async function mint(expiresInSeconds = 3600): Promise<{ token: string; expiresOn: Date }> {
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ tid: "contoso-tid", scp: "sign.package.read sign.signinggroup.read" })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject("megan-object-id")
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(keys.privateKey as CryptoKey);
  return { token, expiresOn: new Date((now + expiresInSeconds) * 1000) };
}

function host(sets: string[]) {
  const ui = fakeUi();
  return {
    ui,
    host: createOutlookHost(fakeOffice(fakeMailbox(readItem()), { sets, ui }), {
      limiter: createAsyncLimiter(3),
    }),
  };
}

const ME = {
  tenantId: expect.any(String),
  tenantName: "contoso-tid",
  credentialKind: "external",
  scopes: ["sign.package.read", "sign.signinggroup.read"],
  subject: "megan-object-id",
};

describe("Microsoft sign-in against the real service", () => {
  it("dialog fallback: the dialog page's answer reaches the pane, whose token the service accepts", async () => {
    const { host: outlook, ui } = host(["DialogApi 1.1"]);
    const { token, expiresOn } = await mint();
    const authorize = `${CONFIG.authority}/oauth2/v2.0/authorize?state=s1`;
    let signedIn = false;
    // MSAL's standard client at its boundary: the sign-in address it prepares, the code it redeems.
    const createDialogApp = (_c: unknown, _r: string, navigate: (url: string) => void) =>
      Promise.resolve({
        acquireTokenRedirect: () => Promise.resolve(navigate(authorize)),
        handleRedirectPromise: ({ hash }: { hash?: string } = {}) =>
          Promise.resolve(hash?.includes("code=") ? { accessToken: token, expiresOn, account: null } : null),
        acquireTokenSilent: () =>
          signedIn ? Promise.resolve({ accessToken: token }) : Promise.reject(new Error("no account")),
        getActiveAccount: () => (signedIn ? { homeAccountId: "h" } : null),
        getAllAccounts: () => [],
        setActiveAccount: () => undefined,
        clearCache: () => Promise.resolve(),
      } as unknown as DialogApp);
    const source = createMicrosoftTokenSource({
      config: CONFIG,
      host: outlook,
      dialogUrl: DIALOG_URL,
      createDialogApp,
    });
    const client = createHttpClient({ baseUrl: service.url, tokenSource: source, maxRetries: 0 });

    const signIn = source.signIn();
    await dialogOpened(ui);
    // auth-dialog.html back from "Microsoft": its flow sends through messageParent, here the fake dialog.
    runDialogFlow({
      config: CONFIG,
      href: `${DIALOG_URL}#code=the-code&state=s1`,
      send: (message) => ui.opened[0]!.send(message, "https://sign.example.com"),
      navigate: () => undefined,
    });
    await signIn;
    signedIn = true;

    const me = await client.send("GET", "/api/v1/me");
    expect(me.data).toEqual(ME);
  });

  it("nested app authentication: the token MSAL hands out is accepted", async () => {
    const { host: outlook } = host(["NestedAppAuth 1.1"]);
    const { token, expiresOn } = await mint();
    const app = {
      acquireTokenSilent: () => Promise.reject(new Error("no account yet")),
      acquireTokenPopup: () =>
        Promise.resolve({ accessToken: token, expiresOn, account: null } as AuthenticationResult),
      getActiveAccount: () => null,
      getAllAccounts: () => [],
      setActiveAccount: () => undefined,
      clearCache: () => Promise.resolve(),
    };
    const source = createMicrosoftTokenSource({
      config: CONFIG,
      host: outlook,
      dialogUrl: DIALOG_URL,
      createNestedApp: () => Promise.resolve(app as unknown as NestedApp),
    });
    await source.signIn();
    const client = createHttpClient({ baseUrl: service.url, tokenSource: source, maxRetries: 0 });
    expect((await client.send("GET", "/api/v1/me")).data).toEqual(ME);
  });
});
