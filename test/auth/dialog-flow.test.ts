/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * auth-dialog.html's flow with MSAL's redirect client faked at its boundary: off to Microsoft on the
 * first visit, the answer to the pane on the way back.
 */
import {
  BrowserAuthError,
  InteractionRequiredAuthError,
  type AuthenticationResult,
} from "@azure/msal-browser";
import { parseDialogResult } from "../../src/auth/dialog-protocol";
import { runDialogFlow, type RedirectApp } from "../../src/auth/dialog/flow";

const CONFIG = {
  clientId: "3f2b6c1e-8d4a-4c2b-9e7f-0a1b2c3d4e5f",
  authority: "https://login.microsoftonline.com/organizations",
  scopes: ["api://sign.example.com/api/.default"],
};

function app(handle: () => Promise<AuthenticationResult | null>) {
  return {
    handleRedirectPromise: jest.fn(handle),
    loginRedirect: jest.fn(() => Promise.resolve()),
  };
}

async function run(fake: ReturnType<typeof app> | null, config = CONFIG as typeof CONFIG | null) {
  const sent: string[] = [];
  const outcome = await runDialogFlow({
    config,
    createApp: () =>
      fake ? Promise.resolve(fake as unknown as RedirectApp) : Promise.reject(new Error("no")),
    send: (m) => sent.push(m),
    now: () => 1_000,
  });
  return { outcome, sent };
}

describe("the sign-in dialog", () => {
  it("goes to Microsoft for the API's scopes on the first visit", async () => {
    const fake = app(() => Promise.resolve(null));
    const { outcome, sent } = await run(fake);
    expect(outcome).toBe("redirecting");
    expect(fake.loginRedirect).toHaveBeenCalledWith({ scopes: CONFIG.scopes, prompt: "select_account" });
    expect(sent).toEqual([]);
  });

  it("back from Microsoft, sends the access token and its expiry only", async () => {
    const fake = app(() =>
      Promise.resolve({
        accessToken: "api-token",
        idToken: "id-token",
        expiresOn: new Date(5_000_000),
        account: { username: "megan@contoso.com", homeAccountId: "h" },
      } as unknown as AuthenticationResult),
    );
    const { outcome, sent } = await run(fake);
    expect(outcome).toBe("signed-in");
    expect(fake.loginRedirect).not.toHaveBeenCalled();
    expect(fake.handleRedirectPromise).toHaveBeenCalledWith({ navigateToLoginRequestUrl: false });
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toMatch(/megan|id-token/);
    expect(parseDialogResult(sent[0]!)).toMatchObject({
      ok: true,
      accessToken: "api-token",
      expiresOn: 5_000_000,
    });
  });

  it("gives an answer without an expiry a short life", async () => {
    const fake = app(() =>
      Promise.resolve({ accessToken: "t", expiresOn: null } as unknown as AuthenticationResult),
    );
    const { sent } = await run(fake);
    expect(parseDialogResult(sent[0]!)).toMatchObject({ ok: true, expiresOn: 1_000 + 10 * 60_000 });
  });

  it("sends MSAL's failure (code and AADSTS number) to the pane", async () => {
    const fake = app(() =>
      Promise.reject(
        new InteractionRequiredAuthError(
          "consent_required",
          "c",
          "megan@contoso.com must consent",
          "",
          "",
          "",
          "",
          "65001",
        ),
      ),
    );
    const { outcome, sent } = await run(fake);
    expect(outcome).toBe("failed");
    expect(sent[0]).not.toContain("megan");
    expect(parseDialogResult(sent[0]!)).toMatchObject({
      ok: false,
      error: "consent_required",
      aadsts: "AADSTS65001",
    });
  });

  it("reports a failed redirect start", async () => {
    const fake = app(() => Promise.resolve(null));
    fake.loginRedirect.mockRejectedValue(new BrowserAuthError("interaction_in_progress", "c"));
    const { sent } = await run(fake);
    expect(parseDialogResult(sent[0]!)).toMatchObject({ ok: false, error: "interaction_in_progress" });
  });

  it("says so when the build has no Entra configuration", async () => {
    const { sent } = await run(
      app(() => Promise.resolve(null)),
      null,
    );
    expect(parseDialogResult(sent[0]!)).toMatchObject({ ok: false, error: "not_configured" });
  });

  it("reports MSAL failing to start", async () => {
    const { sent } = await run(null);
    expect(parseDialogResult(sent[0]!)).toMatchObject({ ok: false, error: "unknown" });
  });
});
