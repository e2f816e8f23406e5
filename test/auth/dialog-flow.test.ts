/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * auth-dialog.html's flow: off to the configured provider's sign-in address the pane's MSAL
 * prepared, and the provider's answer back to the pane; nowhere else, whatever the address says.
 */
import { parseDialogResult } from "../../src/auth/dialog-protocol";
import { allowedSignInAddress, runDialogFlow } from "../../src/auth/dialog/flow";
import type { EntraConfig } from "../../src/auth";

const CONFIG: EntraConfig = {
  clientId: "3f2b6c1e-8d4a-4c2b-9e7f-0a1b2c3d4e5f",
  authority: "https://login.microsoftonline.com/organizations",
  scopes: ["api://sign.example.com/api/.default"],
};
const PAGE = "https://sign.example.com/addin/auth-dialog.html";
const AUTHORIZE =
  "https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize?client_id=x&state=s1&code_challenge=c";

function run(href: string, config: EntraConfig | null = CONFIG) {
  const sent: string[] = [];
  const visited: string[] = [];
  const outcome = runDialogFlow({
    config,
    href,
    send: (m) => sent.push(m),
    navigate: (u) => visited.push(u),
  });
  return { outcome, sent: sent.map((m) => parseDialogResult(m)), visited };
}

describe("the sign-in dialog", () => {
  it("goes to the sign-in address the pane gave it, sending nothing yet", () => {
    const { outcome, sent, visited } = run(
      `${PAGE}?authorize=${encodeURIComponent(AUTHORIZE)}&_host_Info=Outlook$Win32$16$en-US`,
    );
    expect(outcome).toBe("redirecting");
    expect(visited).toEqual([AUTHORIZE]);
    expect(sent).toEqual([]);
  });

  it("back from the provider, sends its answer to the pane as it came", () => {
    const { outcome, sent, visited } = run(`${PAGE}#code=the-code&state=s1&session_state=x`);
    expect(outcome).toBe("answered");
    expect(visited).toEqual([]);
    expect(sent).toEqual([
      { type: expect.any(String), ok: true, response: "#code=the-code&state=s1&session_state=x" },
    ]);
  });

  it("sends the provider's refusal the same way (the pane's MSAL words it)", () => {
    const { sent } = run(`${PAGE}#error=consent_required&error_description=AADSTS65001&state=s1`);
    expect(sent[0]).toMatchObject({ ok: true, response: expect.stringContaining("error=consent_required") });
  });

  it.each([
    ["another host", "https://evil.example/authorize?state=s"],
    ["http", "http://login.microsoftonline.com/organizations/oauth2/v2.0/authorize"],
    ["credentials in the address", "https://user:pw@login.microsoftonline.com/authorize"],
    ["a script", "javascript:alert(1)"],
    ["nothing", ""],
  ])("refuses to go to %s", (_, target) => {
    const { outcome, sent, visited } = run(`${PAGE}?authorize=${encodeURIComponent(target)}`);
    expect(outcome).toBe("failed");
    expect(visited).toEqual([]);
    expect(sent).toEqual([{ type: expect.any(String), ok: false, error: "invalid_request", aadsts: null }]);
  });

  it("allows an OpenID provider's sign-in endpoint named by its discovery document", () => {
    const oidc: EntraConfig = {
      ...CONFIG,
      authority: "https://localhost:3002",
      protocolMode: "OIDC",
      authorityMetadata: JSON.stringify({ authorization_endpoint: "https://idp.example/auth" }),
    };
    expect(allowedSignInAddress(oidc, "https://localhost:3002/auth?state=s")).toBe(true);
    expect(allowedSignInAddress(oidc, "https://idp.example/auth?state=s")).toBe(true);
    expect(allowedSignInAddress(oidc, "https://other.example/auth?state=s")).toBe(false);
  });

  it("says so when the build has no Entra configuration", () => {
    const { outcome, sent } = run(`${PAGE}?authorize=${encodeURIComponent(AUTHORIZE)}`, null);
    expect(outcome).toBe("failed");
    expect(sent[0]).toMatchObject({ ok: false, error: "not_configured" });
  });
});
