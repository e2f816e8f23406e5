/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * The Microsoft token source against the real Outlook adapter over faked Office (test/outlook/fakes.ts)
 * and a fake of MSAL's nestable client (its boundary: what Entra and the host would answer). MSAL's own
 * error classes are used, so the codes are the ones MSAL really throws.
 */
import {
  BrowserAuthError,
  BrowserAuthErrorCodes,
  InteractionRequiredAuthError,
  type AccountInfo,
  type AuthenticationResult,
} from "@azure/msal-browser";
import {
  MICROSOFT_STORAGE_KEY,
  SignInError,
  createMicrosoftTokenSource,
  type DialogApp,
  type EntraConfig,
  type NestedApp,
} from "../../src/auth";
import { createAsyncLimiter, createOutlookHost } from "../../src/outlook";
import { failed, fakeMailbox, fakeOffice, fakeUi, readItem, type FakeUi } from "../outlook/fakes";
import { responseMessage } from "../../src/auth/dialog-protocol";

const CONFIG = {
  clientId: "3f2b6c1e-8d4a-4c2b-9e7f-0a1b2c3d4e5f",
  authority: "https://login.microsoftonline.com/organizations",
  scopes: ["api://sign.example.com/api/.default"],
};
const DIALOG_URL = "https://sign.example.com/addin/auth-dialog.html";
const ORIGIN = "https://sign.example.com";
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const AUTHORIZE =
  "https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize?client_id=x&state=s1";

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const ACCOUNT = {
  homeAccountId: "home-1",
  environment: "login.microsoftonline.com",
  tenantId: "tid-1",
  username: "megan@contoso.com",
  localAccountId: "oid-1",
} as AccountInfo;

function result(accessToken: string): AuthenticationResult {
  return { accessToken, account: ACCOUNT, expiresOn: new Date(T0 + 3600_000) } as AuthenticationResult;
}

/** MSAL's nestable client as the host would drive it: silent answers, popup answers, a cache. */
function fakeNestedApp(answers: {
  silent?: () => Promise<AuthenticationResult>;
  popup?: () => Promise<AuthenticationResult>;
}) {
  let active: AccountInfo | null = null;
  const app = {
    acquireTokenSilent: jest.fn(
      answers.silent ??
        (() => Promise.reject(new InteractionRequiredAuthError("interaction_required", "no account"))),
    ),
    acquireTokenPopup: jest.fn(answers.popup ?? (() => Promise.resolve(result("popup-token")))),
    getActiveAccount: jest.fn(() => active),
    getAllAccounts: jest.fn(() => (active ? [active] : [])),
    setActiveAccount: jest.fn((account: AccountInfo | null) => {
      active = account;
    }),
    clearCache: jest.fn(() => Promise.resolve()),
  };
  return app;
}

function outlook(sets: string[], ui: FakeUi = fakeUi()) {
  const host = createOutlookHost(fakeOffice(fakeMailbox(readItem()), { sets, ui }), {
    limiter: createAsyncLimiter(3),
  });
  return { host, ui };
}

function nested(app: ReturnType<typeof fakeNestedApp>, storage = memoryStorage()) {
  const { host, ui } = outlook(["NestedAppAuth 1.1", "DialogApi 1.1"]);
  const createNestedApp = jest.fn(() => Promise.resolve(app as unknown as NestedApp));
  const source = createMicrosoftTokenSource({
    config: CONFIG,
    host,
    dialogUrl: DIALOG_URL,
    storage,
    createNestedApp,
  });
  return { source, createNestedApp, storage, ui };
}

/**
 * MSAL's standard client as the pane's dialog fallback drives it: its "redirect" hands the sign-in
 * address to `navigate`; the dialog's answer goes to handleRedirectPromise; a cache with an account.
 */
function fakeDialogApp(navigate: (url: string) => void) {
  let active: AccountInfo | null = null;
  let signedIn = false;
  const app = {
    acquireTokenRedirect: jest.fn(() => {
      navigate(AUTHORIZE);
      return Promise.resolve();
    }),
    handleRedirectPromise: jest.fn(({ hash }: { hash?: string } = {}) => {
      const answer = new URLSearchParams((hash ?? "").slice(1));
      if (answer.get("error"))
        return Promise.reject(
          Object.assign(new Error(answer.get("error")!), { errorCode: answer.get("error") }),
        );
      if (!answer.get("code")) return Promise.resolve(null);
      signedIn = true;
      return Promise.resolve(result(`token-for-${answer.get("code")}`));
    }),
    acquireTokenSilent: jest.fn(() =>
      signedIn
        ? Promise.resolve(result("renewed-token"))
        : Promise.reject(new InteractionRequiredAuthError("interaction_required", "no refresh token")),
    ),
    getActiveAccount: jest.fn(() => active),
    getAllAccounts: jest.fn(() => (active ? [active] : [])),
    setActiveAccount: jest.fn((account: AccountInfo | null) => {
      active = account;
    }),
    clearCache: jest.fn(() => {
      signedIn = false;
      return Promise.resolve();
    }),
    /** The refresh token expired or was revoked. */
    endSession: () => (signedIn = false),
  };
  return app;
}

function dialog(
  storage: ReturnType<typeof memoryStorage> | null = memoryStorage(),
  config: EntraConfig = CONFIG,
) {
  const { host, ui } = outlook(["DialogApi 1.1"]);
  let app: ReturnType<typeof fakeDialogApp> | null = null;
  const createNestedApp = jest.fn();
  const createDialogApp = jest.fn(
    (_c: EntraConfig, _redirectUri: string, navigate: (url: string) => void) => {
      app = fakeDialogApp(navigate);
      return Promise.resolve(app as unknown as DialogApp);
    },
  );
  const source = createMicrosoftTokenSource({
    config,
    host,
    dialogUrl: DIALOG_URL,
    storage,
    createNestedApp,
    createDialogApp,
  });
  return { source, ui, storage, createNestedApp, createDialogApp, app: () => app! };
}

/** Waits until Office has been asked to open the dialog and returns it. */
async function opened(ui: FakeUi) {
  for (let i = 0; i < 50 && ui.opened.length === 0; i++) await new Promise((r) => setTimeout(r, 1));
  const d = ui.opened.at(-1);
  if (!d) throw new Error("no dialog was opened");
  await new Promise((r) => setTimeout(r, 1)); // the pane has its handle
  return d;
}

async function signInError(promise: Promise<unknown>): Promise<SignInError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SignInError);
  return error as SignInError;
}

describe("which sign-in", () => {
  it("uses nested app authentication where the host supports NestedAppAuth 1.1", async () => {
    const app = fakeNestedApp({});
    const { source, createNestedApp, ui } = nested(app);
    expect(source.mode).toBe("nested");
    await expect(source.signIn()).resolves.toBe("popup-token");
    expect(createNestedApp).toHaveBeenCalledWith(CONFIG);
    expect(ui.displayDialogAsync).not.toHaveBeenCalled();
  });

  it("falls back to MSAL's standard client with the Office dialog elsewhere", async () => {
    const { source, ui, createNestedApp, createDialogApp } = dialog();
    expect(source.mode).toBe("dialog");
    const signIn = source.signIn();
    const d = await opened(ui);
    expect(d.url).toBe(`${DIALOG_URL}?authorize=${encodeURIComponent(AUTHORIZE)}`);
    d.send(responseMessage("#code=c1&state=s1"), ORIGIN);
    await expect(signIn).resolves.toBe("token-for-c1");
    expect(createNestedApp).not.toHaveBeenCalled();
    expect(createDialogApp).toHaveBeenCalledWith(CONFIG, DIALOG_URL, expect.any(Function));
  });
});

describe("nested app authentication", () => {
  it("asks silently first and opens no popup when that works", async () => {
    const app = fakeNestedApp({ silent: () => Promise.resolve(result("silent-token")) });
    const { source } = nested(app);
    await expect(source.signIn()).resolves.toBe("silent-token");
    expect(app.acquireTokenSilent).toHaveBeenCalledWith({ scopes: CONFIG.scopes });
    expect(app.acquireTokenPopup).not.toHaveBeenCalled();
    expect(app.setActiveAccount).toHaveBeenCalledWith(ACCOUNT);
  });

  it("asks the user (popup through the host) when silent sign-in needs interaction", async () => {
    const app = fakeNestedApp({});
    const { source } = nested(app);
    await expect(source.signIn()).resolves.toBe("popup-token");
    expect(app.acquireTokenPopup).toHaveBeenCalledWith({ scopes: CONFIG.scopes });
  });

  it("gives no token before sign-in, and loads nothing for it", async () => {
    const app = fakeNestedApp({});
    const { source, createNestedApp } = nested(app);
    expect(source.isSignedIn()).toBe(false);
    await expect(source.getToken()).resolves.toBeNull();
    expect(createNestedApp).not.toHaveBeenCalled();
  });

  it("after sign-in, gets each token silently for the signed-in account", async () => {
    const app = fakeNestedApp({});
    const { source } = nested(app);
    await source.signIn();
    app.acquireTokenSilent.mockImplementation(() => Promise.resolve(result("fresh-token")));
    expect(source.isSignedIn()).toBe(true);
    await expect(source.getToken()).resolves.toBe("fresh-token");
    expect(app.acquireTokenSilent).toHaveBeenLastCalledWith({ scopes: CONFIG.scopes, account: ACCOUNT });
    expect(app.acquireTokenPopup).toHaveBeenCalledTimes(1);
  });

  it("remembers the sign-in for the session (a reloaded pane is still signed in)", async () => {
    const storage = memoryStorage();
    const first = nested(fakeNestedApp({}), storage);
    await first.source.signIn();
    const again = nested(fakeNestedApp({ silent: () => Promise.resolve(result("t2")) }), storage);
    expect(again.source.isSignedIn()).toBe(true);
    await expect(again.source.getToken()).resolves.toBe("t2");
    expect(storage.data.get(MICROSOFT_STORAGE_KEY)).toBe(JSON.stringify({ mode: "nested" }));
  });

  it("signs out: MSAL's cache for the account is cleared and no token is given", async () => {
    const app = fakeNestedApp({});
    const { source, storage } = nested(app);
    await source.signIn();
    source.signOut();
    await new Promise((r) => setTimeout(r, 0));
    expect(app.clearCache).toHaveBeenCalledWith({ account: ACCOUNT });
    expect(source.isSignedIn()).toBe(false);
    await expect(source.getToken()).resolves.toBeNull();
    expect(storage.data.has(MICROSOFT_STORAGE_KEY)).toBe(false);
  });

  it("makes one popup for two clicks", async () => {
    let finish: (r: AuthenticationResult) => void = () => undefined;
    const app = fakeNestedApp({ popup: () => new Promise((resolve) => (finish = resolve)) });
    const { source } = nested(app);
    const a = source.signIn();
    const b = source.signIn();
    await new Promise((r) => setTimeout(r, 5));
    finish(result("one"));
    await expect(Promise.all([a, b])).resolves.toEqual(["one", "one"]);
    expect(app.acquireTokenPopup).toHaveBeenCalledTimes(1);
  });

  it.each([
    [BrowserAuthErrorCodes.userCancelled, "cancelled", /Sign-in was cancelled/],
    [BrowserAuthErrorCodes.popupWindowError, "blocked", /Allow pop-ups/],
    [BrowserAuthErrorCodes.emptyWindowError, "blocked", /Allow pop-ups/],
    [BrowserAuthErrorCodes.interactionInProgress, "in_progress", /already under way/],
  ])("says what to do when the popup fails with %s", async (code, kind, words) => {
    const app = fakeNestedApp({ popup: () => Promise.reject(new BrowserAuthError(code, "correlation-1")) });
    const { source } = nested(app);
    const error = await signInError(source.signIn());
    expect(error.code).toBe(kind);
    expect(error.message).toMatch(words);
    expect(source.isSignedIn()).toBe(false);
  });

  it("names missing admin consent", async () => {
    const app = fakeNestedApp({
      popup: () =>
        Promise.reject(
          new InteractionRequiredAuthError(
            "consent_required",
            "correlation-1",
            "The user or administrator has not consented",
            "",
            "",
            "",
            "",
            "65001",
          ),
        ),
    });
    const error = await signInError(nested(app).source.signIn());
    expect(error.code).toBe("consent");
    expect(error.message).toContain("(AADSTS65001)");
    expect(error.message).toMatch(/administrator to grant consent/);
  });

  it("reports MSAL failing to start, and tries again next time", async () => {
    const app = fakeNestedApp({});
    const { host } = outlook(["NestedAppAuth 1.1"]);
    const createNestedApp = jest
      .fn()
      .mockRejectedValueOnce(
        new BrowserAuthError(BrowserAuthErrorCodes.noNetworkConnectivity, "correlation-1"),
      )
      .mockResolvedValue(app);
    const source = createMicrosoftTokenSource({
      config: CONFIG,
      host,
      dialogUrl: DIALOG_URL,
      createNestedApp,
    });
    expect((await signInError(source.signIn())).code).toBe("network");
    await expect(source.signIn()).resolves.toBe("popup-token");
  });
});

describe("the Office dialog fallback", () => {
  it("hands the dialog's answer to MSAL and renews tokens silently afterwards, without a window", async () => {
    const { source, ui, storage, app } = dialog();
    const signIn = source.signIn();
    (await opened(ui)).send(responseMessage("#code=c1&state=s1"), ORIGIN);
    await expect(signIn).resolves.toBe("token-for-c1");
    expect(app().handleRedirectPromise).toHaveBeenCalledWith({
      hash: "#code=c1&state=s1",
      navigateToLoginRequestUrl: false,
    });
    expect(ui.opened[0]!.close).toHaveBeenCalled();
    // Only a note that someone signed in: the tokens are MSAL's, in its own cache.
    expect(JSON.parse(storage!.data.get(MICROSOFT_STORAGE_KEY)!)).toEqual({ mode: "dialog" });

    expect(source.isSignedIn()).toBe(true);
    await expect(source.getToken()).resolves.toBe("renewed-token");
    expect(app().acquireTokenSilent).toHaveBeenCalledWith(
      expect.objectContaining({
        scopes: CONFIG.scopes,
        account: ACCOUNT,
        cacheLookupPolicy: expect.any(Number),
      }),
    );
    expect(ui.opened).toHaveLength(1); // no window the user did not ask for
  });

  it("signs the user out when the session cannot be renewed, without opening a window", async () => {
    const { source, ui, storage, app } = dialog();
    const signIn = source.signIn();
    (await opened(ui)).send(responseMessage("#code=c1&state=s1"), ORIGIN);
    await signIn;
    app().endSession();
    await expect(source.getToken()).resolves.toBeNull();
    expect(source.isSignedIn()).toBe(false);
    expect(storage!.data.has(MICROSOFT_STORAGE_KEY)).toBe(false);
    expect(ui.opened).toHaveLength(1);
  });

  it("signs out: MSAL's cache for the account is cleared and no token is given", async () => {
    const { source, ui, app } = dialog(null);
    const signIn = source.signIn();
    (await opened(ui)).send(responseMessage("#code=c1&state=s1"));
    await signIn;
    source.signOut();
    await expect(source.getToken()).resolves.toBeNull();
    await new Promise((r) => setTimeout(r, 1));
    expect(app().clearCache).toHaveBeenCalledWith({ account: ACCOUNT });
  });

  it("says the window was closed when the user closes it (12006), and lets MSAL forget the request", async () => {
    const { source, ui, app } = dialog();
    const signIn = source.signIn();
    (await opened(ui)).event(12006);
    const error = await signInError(signIn);
    expect(error.code).toBe("cancelled");
    expect(error.message).toBe(
      "The sign-in window was closed before sign-in finished. Select Sign in with Microsoft to try again.",
    );
    expect(source.isSignedIn()).toBe(false);
    expect(app().handleRedirectPromise).toHaveBeenCalledWith({
      hash: "#error=access_denied&state=s1",
      navigateToLoginRequestUrl: false,
    });
  });

  it("refuses a malformed answer and closes the window", async () => {
    const { source, ui } = dialog();
    const signIn = source.signIn();
    const d = await opened(ui);
    d.send("{not json", ORIGIN);
    const error = await signInError(signIn);
    expect(error.code).toBe("bad_response");
    expect(d.close).toHaveBeenCalled();
    expect(source.isSignedIn()).toBe(false);
  });

  it("ignores a message from another origin", async () => {
    const { source, ui } = dialog();
    const signIn = source.signIn();
    const d = await opened(ui);
    d.send(responseMessage("#code=evil&state=s1"), "https://evil.example");
    d.send(responseMessage("#code=good&state=s1"), ORIGIN);
    await expect(signIn).resolves.toBe("token-for-good");
  });

  it.each([
    [
      "interaction_required",
      "interaction",
      "Microsoft needs you to sign in again before Sign for Outlook can go on (interaction_required). Select Sign in with Microsoft, then follow the steps in the window that opens.",
    ],
    [
      "consent_required",
      "consent",
      "Your organisation has not yet approved Sign for Outlook for your account (consent_required). Ask your administrator to grant consent to the add-in, then try again.",
    ],
    ["access_denied", "cancelled", "Sign-in was cancelled. Select Sign in with Microsoft to try again."],
  ])("words the provider's %s", async (code, kind, message) => {
    const { source, ui } = dialog();
    const signIn = source.signIn();
    (await opened(ui)).send(responseMessage(`#error=${code}&state=s1`), ORIGIN);
    const error = await signInError(signIn);
    expect(error.code).toBe(kind);
    expect(error.message).toBe(message);
    expect(source.isSignedIn()).toBe(false);
  });

  it("turns the dialog's reported failure into words", async () => {
    const { source, ui } = dialog();
    const signIn = source.signIn();
    (await opened(ui)).send(
      JSON.stringify({
        type: "sign-for-outlook/sign-in",
        ok: false,
        error: "invalid_request",
        aadsts: "AADSTS50011",
      }),
      ORIGIN,
    );
    const error = await signInError(signIn);
    expect(error.code).toBe("setup");
    expect(error.message).toBe(
      "Microsoft sign-in is not set up correctly for Sign for Outlook (AADSTS50011). Ask your administrator to check the add-in's app registration in Microsoft Entra.",
    );
  });

  it.each([
    [
      12011,
      "blocked",
      "Your browser blocked the sign-in window. Allow pop-ups for Outlook on the web in your browser's settings, then try again.",
    ],
    [
      12009,
      "blocked",
      "Outlook was not allowed to open the sign-in window. Select Sign in with Microsoft again and choose Allow.",
    ],
    [
      12007,
      "in_progress",
      "A sign-in window is already open. Finish signing in there, or close it and try again.",
    ],
  ])("says what to do when Office does not open the window (%i)", async (code, kind, message) => {
    const { source, ui } = dialog();
    ui.refuse = failed(code, "Refused", "refused");
    const error = await signInError(source.signIn());
    expect(error.code).toBe(kind);
    expect(error.message).toBe(message);
  });
});
