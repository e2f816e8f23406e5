/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * The one message the sign-in dialog sends the pane: what crosses, and what the pane refuses.
 */
import {
  authorizationResponseOf,
  DIALOG_MESSAGE_TYPE,
  failureMessage,
  parseDialogResult,
  responseMessage,
} from "../../src/auth/dialog-protocol";

describe("dialog messages", () => {
  it("carries the provider's answer as it reached the dialog, nothing else", () => {
    const text = responseMessage("#code=abc&state=s1&session_state=x");
    expect(JSON.parse(text)).toEqual({
      type: DIALOG_MESSAGE_TYPE,
      ok: true,
      response: "#code=abc&state=s1&session_state=x",
    });
    expect(parseDialogResult(text)).toEqual(JSON.parse(text));
  });

  it("finds the answer in the fragment or the query of the dialog's address, else none", () => {
    const page = "https://sign.example.com/addin/auth-dialog.html";
    expect(authorizationResponseOf(`${page}#code=c&state=s`)).toBe("#code=c&state=s");
    expect(authorizationResponseOf(`${page}?code=c&state=s`)).toBe("?code=c&state=s");
    expect(authorizationResponseOf(`${page}?_host_Info=x#error=consent_required&state=s`)).toBe(
      "#error=consent_required&state=s",
    );
    expect(authorizationResponseOf(`${page}?authorize=https%3A%2F%2Flogin&_host_Info=x`)).toBeNull();
    expect(authorizationResponseOf(`${page}#code=c`)).toBeNull(); // no state: not an answer
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
    ["another message type", JSON.stringify({ type: "other", ok: true, response: "#code=c&state=s" })],
    ["an empty answer", JSON.stringify({ type: DIALOG_MESSAGE_TYPE, ok: true, response: "" })],
    ["an answer without state", JSON.stringify({ type: DIALOG_MESSAGE_TYPE, ok: true, response: "#code=c" })],
    [
      "an answer that is not a fragment or query",
      JSON.stringify({ type: DIALOG_MESSAGE_TYPE, ok: true, response: "code=c&state=s" }),
    ],
    ["a token instead", JSON.stringify({ type: DIALOG_MESSAGE_TYPE, ok: true, accessToken: "t" })],
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
