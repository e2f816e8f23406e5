/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * When the pane offers Microsoft sign-in, and which kind: decided from this build's Entra
 * configuration and what the Outlook host supports (the real adapter over faked Office).
 */
import { createAsyncLimiter, createOutlookHost } from "../../src/outlook";
import { authDialogUrl, microsoftTokenSourceFor } from "../../src/taskpane/session";
import { fakeMailbox, fakeOffice, fakeUi, readItem } from "../outlook/fakes";

const CONFIG = {
  clientId: "3f2b6c1e-8d4a-4c2b-9e7f-0a1b2c3d4e5f",
  authority: "https://login.microsoftonline.com/organizations",
  scopes: ["api://sign.example.com/api/.default"],
};
const PAGE = "https://sign.example.com/addin/taskpane.html?view=settings#x";

function host(sets: string[]) {
  return createOutlookHost(fakeOffice(fakeMailbox(readItem()), { sets, ui: fakeUi() }), {
    limiter: createAsyncLimiter(3),
  });
}

describe("Microsoft sign-in in the pane", () => {
  it("finds the dialog page beside the pane's page", () => {
    expect(authDialogUrl(PAGE)).toBe("https://sign.example.com/addin/auth-dialog.html");
  });

  it("is not offered outside Outlook, without configuration, or where the host can do neither", () => {
    expect(microsoftTokenSourceFor(null, CONFIG, null, PAGE)).toBeNull();
    expect(microsoftTokenSourceFor(host(["NestedAppAuth 1.1"]), null, null, PAGE)).toBeNull();
    expect(microsoftTokenSourceFor(host(["Mailbox 1.8"]), CONFIG, null, PAGE)).toBeNull();
  });

  it("uses nested app authentication where the host has it, else the dialog", () => {
    expect(
      microsoftTokenSourceFor(host(["NestedAppAuth 1.1", "DialogApi 1.1"]), CONFIG, null, PAGE)?.mode,
    ).toBe("nested");
    expect(microsoftTokenSourceFor(host(["DialogApi 1.1"]), CONFIG, null, PAGE)?.mode).toBe("dialog");
  });
});
