/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * The one message the sign-in dialog sends the pane: what crosses, and what the pane refuses.
 */
import {
  DIALOG_MESSAGE_TYPE,
  failureMessage,
  parseDialogResult,
  tokenMessage,
} from "../../src/auth/dialog-protocol";

describe("dialog messages", () => {
  it("carries the access token and its expiry, nothing else", () => {
    const text = tokenMessage("eyJ.token", 1_800_000_000_000);
    expect(JSON.parse(text)).toEqual({
      type: DIALOG_MESSAGE_TYPE,
      ok: true,
      accessToken: "eyJ.token",
      expiresOn: 1_800_000_000_000,
    });
    expect(parseDialogResult(text)).toEqual(JSON.parse(text));
  });

  it("sends a failure as MSAL's code and the AADSTS number, without the server's text", () => {
    const error = Object.assign(new Error("x"), {
      errorCode: "invalid_grant",
      errorMessage: "AADSTS65001: The user megan@contoso.com has not consented. Trace ID: abc",
    });
    const text = failureMessage(error);
    expect(text).not.toContain("megan");
    expect(parseDialogResult(text)).toEqual({
      type: DIALOG_MESSAGE_TYPE,
      ok: false,
      error: "invalid_grant",
      aadsts: "AADSTS65001",
    });
    expect(parseDialogResult(failureMessage("boom"))).toMatchObject({ error: "unknown", aadsts: null });
  });

  it.each([
    ["not JSON", "hello"],
    ["JSON of another kind", "[1,2]"],
    ["another message type", JSON.stringify({ type: "other", ok: true, accessToken: "t", expiresOn: 1 })],
    [
      "an empty token",
      JSON.stringify({ type: DIALOG_MESSAGE_TYPE, ok: true, accessToken: "", expiresOn: 1 }),
    ],
    ["no expiry", JSON.stringify({ type: DIALOG_MESSAGE_TYPE, ok: true, accessToken: "t" })],
    [
      "an expiry that is not a number",
      JSON.stringify({ type: DIALOG_MESSAGE_TYPE, ok: true, accessToken: "t", expiresOn: "soon" }),
    ],
    ["no outcome", JSON.stringify({ type: DIALOG_MESSAGE_TYPE })],
    ["null", "null"],
  ])("refuses %s", (_, text) => {
    expect(parseDialogResult(text)).toBeNull();
  });

  it("does not pass on an error code or AADSTS value of an unexpected shape", () => {
    const text = JSON.stringify({ type: DIALOG_MESSAGE_TYPE, ok: false, error: "<script>", aadsts: "megan" });
    expect(parseDialogResult(text)).toEqual({
      type: DIALOG_MESSAGE_TYPE,
      ok: false,
      error: "unknown",
      aadsts: null,
    });
  });
});
