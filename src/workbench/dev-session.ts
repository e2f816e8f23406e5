/**
 * The development session of `npm start` (development only): the dev server answers
 * /workbench-session.json with the service URL and the development token it printed, read from the
 * file SIGN_WORKBENCH_SESSION names (see webpack.config.js). The workbench page, never the task
 * pane, stores them where Settings would before the pane loads: the pane (an iframe of the same
 * origin, sharing this sessionStorage) then starts signed in. In Outlook there is no workbench page,
 * so nothing signs the pane in by itself there.
 */
import { PAT_STORAGE_KEY, type KeyValueStorage } from "../auth";
import { SERVICE_URL_STORAGE_KEY } from "../taskpane/session";

export const DEV_SESSION_PATH = "workbench-session.json";
/** The development token this page stored last: a token the user entered instead is left alone. */
export const APPLIED_TOKEN_KEY = "sign-for-outlook.workbenchToken";

export interface DevSession {
  serviceUrl: string;
  token: string;
}

function parse(value: unknown): DevSession | null {
  if (typeof value !== "object" || value === null) return null;
  const { serviceUrl, token } = value as Record<string, unknown>;
  return typeof serviceUrl === "string" && typeof token === "string" && token.trim() !== ""
    ? { serviceUrl, token: token.trim() }
    : null;
}

/**
 * Signs the pane in with the development session when there is one and the pane holds no other
 * token (none, or the one stored here before, e.g. of an earlier `npm start`). Answers whether it did.
 */
export async function applyDevSession(
  storage: KeyValueStorage | null,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<boolean> {
  if (!storage) return false;
  let session: DevSession | null;
  try {
    const response = await fetchImpl(DEV_SESSION_PATH, { cache: "no-store" });
    if (response.status !== 200) return false; // 204: no session (a plain `npm run dev-server`)
    session = parse(await response.json());
  } catch {
    return false; // then the user signs in in Settings
  }
  if (!session) return false;
  try {
    const current = storage.getItem(PAT_STORAGE_KEY);
    if (current && current !== storage.getItem(APPLIED_TOKEN_KEY)) return false;
    storage.setItem(PAT_STORAGE_KEY, session.token);
    storage.setItem(SERVICE_URL_STORAGE_KEY, session.serviceUrl);
    storage.setItem(APPLIED_TOKEN_KEY, session.token);
    return true;
  } catch {
    return false;
  }
}
