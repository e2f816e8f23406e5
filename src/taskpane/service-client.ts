/**
 * HTTP clients for the views, bound to the session's service URL and sign-in.
 * Imported by views only, so src/api loads with them (lazily), not with the pane.
 */
import { useCallback, useMemo } from "react";
import { createHttpClient, type HttpClient } from "../api/http";
import { useSession } from "./session";

/** Sends the signed-in credential to the session's service URL. */
export function useServiceClient(): HttpClient {
  const { serviceUrl, tokens, fetch } = useSession();
  return useMemo(
    () => createHttpClient({ baseUrl: serviceUrl, tokenSource: tokens, ...(fetch ? { fetch } : {}) }),
    [serviceUrl, tokens, fetch],
  );
}

/** Makes a client for a given URL and token (sign-in checks a token before keeping it). */
export function useClientFactory(): (serviceUrl: string, token: string | null) => HttpClient {
  const { fetch } = useSession();
  return useCallback(
    (baseUrl: string, token: string | null) =>
      createHttpClient({
        baseUrl,
        tokenSource: { getToken: () => Promise.resolve(token), signOut: () => undefined },
        ...(fetch ? { fetch } : {}),
      }),
    [fetch],
  );
}
