/**
 * What the sign-in dialog (auth-dialog.html) sends to the task pane through messageParent, one JSON
 * message. Only what the pane needs crosses: the access token for the signing service and when it
 * expires. No id token, no refresh token, no account details: the pane learns who signed in from the
 * service (GET /api/v1/me), and MSAL's cache stays in the dialog, which is gone once it closes.
 * A failure crosses as MSAL's error code and the AADSTS number only, never the server's text (which
 * can name the user).
 */

export const DIALOG_MESSAGE_TYPE = "sign-for-outlook/sign-in";

export type DialogResult =
  | { type: typeof DIALOG_MESSAGE_TYPE; ok: true; accessToken: string; expiresOn: number }
  | { type: typeof DIALOG_MESSAGE_TYPE; ok: false; error: string; aadsts: string | null };

export function tokenMessage(accessToken: string, expiresOn: number): string {
  const result: DialogResult = { type: DIALOG_MESSAGE_TYPE, ok: true, accessToken, expiresOn };
  return JSON.stringify(result);
}

const CODE = /^[A-Za-z0-9_.-]{1,100}$/;
const AADSTS = /AADSTS\d{4,8}/;

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

/** The dialog's message, or null for anything else (not JSON, another shape, an empty token). */
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
    if (typeof m.accessToken !== "string" || !m.accessToken) return null;
    if (typeof m.expiresOn !== "number" || !Number.isFinite(m.expiresOn)) return null;
    return { type: DIALOG_MESSAGE_TYPE, ok: true, accessToken: m.accessToken, expiresOn: m.expiresOn };
  }
  if (m.ok === false) {
    const error = typeof m.error === "string" && CODE.test(m.error) ? m.error : "unknown";
    const aadsts = typeof m.aadsts === "string" && AADSTS.test(m.aadsts) ? m.aadsts : null;
    return { type: DIALOG_MESSAGE_TYPE, ok: false, error, aadsts };
  }
  return null;
}
