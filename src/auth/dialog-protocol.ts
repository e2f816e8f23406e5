/**
 * What the sign-in dialog (auth-dialog.html) sends to the task pane through messageParent, one JSON
 * message: the identity provider's answer to the pane's sign-in request exactly as it reached the
 * dialog's address (`#code=…&state=…`, or `#error=…&state=…`). The pane's MSAL made that request
 * (state, PKCE verifier) and redeems the code itself: the code is worth nothing without the verifier,
 * which never leaves the pane, and no token crosses between the windows.
 * A failure of the dialog page itself crosses as an error code and AADSTS number only, never a
 * server's text (which can name the user).
 */

export const DIALOG_MESSAGE_TYPE = "sign-for-outlook/sign-in";

export type DialogResult =
  | { type: typeof DIALOG_MESSAGE_TYPE; ok: true; response: string }
  | { type: typeof DIALOG_MESSAGE_TYPE; ok: false; error: string; aadsts: string | null };

const CODE = /^[A-Za-z0-9_.-]{1,100}$/;
const AADSTS = /AADSTS\d{4,8}/;
/** A redirect's answer: a fragment or query with a state, of a sensible size. */
const RESPONSE = /^[#?][^\s]{1,16000}$/;

/** The authorization answer in this address (its fragment, else its query), or null when none. */
export function authorizationResponseOf(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  for (const part of [url.hash, url.search]) {
    const params = new URLSearchParams(part.slice(1));
    if (params.has("state") && (params.has("code") || params.has("error"))) return part;
  }
  return null;
}

export function responseMessage(response: string): string {
  const result: DialogResult = { type: DIALOG_MESSAGE_TYPE, ok: true, response };
  return JSON.stringify(result);
}

/** Entra's error number of an MSAL error (its errorNo, else an AADSTS… in its text), e.g. "AADSTS65001". */
export function aadstsOf(error: unknown): string | null {
  const e = (error ?? {}) as { errorNo?: unknown; errorMessage?: unknown; message?: unknown };
  if (typeof e.errorNo === "string" && /^\d{4,8}$/.test(e.errorNo)) return `AADSTS${e.errorNo}`;
  const text = [e.errorMessage, e.message].filter((t) => typeof t === "string").join(" ");
  return AADSTS.exec(text)?.[0] ?? null;
}

/** The error's MSAL/OAuth code (or "unknown") and its AADSTS number, if any. */
export function failureMessage(error: unknown): string {
  const e = (error ?? {}) as { errorCode?: unknown };
  const code = typeof e.errorCode === "string" && CODE.test(e.errorCode) ? e.errorCode : "unknown";
  const result: DialogResult = { type: DIALOG_MESSAGE_TYPE, ok: false, error: code, aadsts: aadstsOf(error) };
  return JSON.stringify(result);
}

/** The dialog's message, or null for anything else (not JSON, another shape, no answer in it). */
export function parseDialogResult(text: string): DialogResult | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const m = value as Record<string, unknown>;
  if (m.type !== DIALOG_MESSAGE_TYPE) return null;
  if (m.ok === true) {
    if (typeof m.response !== "string" || !RESPONSE.test(m.response)) return null;
    if (!new URLSearchParams(m.response.slice(1)).has("state")) return null;
    return { type: DIALOG_MESSAGE_TYPE, ok: true, response: m.response };
  }
  if (m.ok === false) {
    const error = typeof m.error === "string" && CODE.test(m.error) ? m.error : "unknown";
    const aadsts = typeof m.aadsts === "string" && AADSTS.test(m.aadsts) ? m.aadsts : null;
    return { type: DIALOG_MESSAGE_TYPE, ok: false, error, aadsts };
  }
  return null;
}
