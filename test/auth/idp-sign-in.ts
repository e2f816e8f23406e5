import { createHash, randomBytes } from "node:crypto";
import { DEV_PASSWORD, devUser } from "../../src/dev-idp/users";
import type { DevIdpProcess } from "../service/processes";

export const REDIRECT_URI = "https://localhost:3000/auth-dialog.html";

export interface IdpTokens {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_in: number;
}

/**
 * Signs a person in at the local identity provider the way a browser would (authorization code with
 * PKCE, the provider's sign-in page, its cookies), without a browser: the tokens are the provider's
 * own. The add-in's redirect is not followed; its code is exchanged here as MSAL would.
 */
export async function signInAt(idp: DevIdpProcess, userId: string): Promise<IdpTokens> {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const state = randomBytes(8).toString("hex");
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");

  const start = new URL("/auth", idp.url);
  for (const [k, v] of Object.entries({
    client_id: idp.clientId,
    response_type: "code",
    redirect_uri: REDIRECT_URI,
    scope: ["openid", "profile", "offline_access", ...idp.scopes].join(" "),
    code_challenge: challenge,
    code_challenge_method: "S256",
    state,
    nonce: randomBytes(8).toString("hex"),
  }))
    start.searchParams.set(k, v);

  let next: { url: string; init?: RequestInit } = { url: start.toString() };
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(next.url, {
      ...next.init,
      redirect: "manual",
      headers: { ...(next.init?.headers as Record<string, string>), cookie: cookieHeader() },
    });
    remember(response);
    const location = response.headers.get("location");
    if (location?.startsWith(REDIRECT_URI)) {
      await response.arrayBuffer();
      const answer = new URL(location);
      const error = answer.searchParams.get("error");
      if (error) throw new Error(`${error}: ${answer.searchParams.get("error_description") ?? ""}`);
      if (answer.searchParams.get("state") !== state) throw new Error("state mismatch");
      const token = await fetch(new URL("/token", idp.url), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          client_id: idp.clientId,
          code: answer.searchParams.get("code")!,
          redirect_uri: REDIRECT_URI,
          code_verifier: verifier,
        }),
      });
      const body = (await token.json()) as IdpTokens & { error?: string; error_description?: string };
      if (!token.ok) throw new Error(`token: ${body.error}: ${body.error_description}`);
      return body;
    }
    if (location) {
      await response.arrayBuffer();
      next = { url: new URL(location, idp.url).toString() };
      continue;
    }
    const page = await response.text();
    const form = /action="([^"]*\/login)"/.exec(page);
    if (response.status !== 200 || !form)
      throw new Error(`unexpected answer ${response.status}: ${page.slice(0, 300)}`);
    // The sign-in page: the person's email address and password.
    next = {
      url: new URL(form[1]!, idp.url).toString(),
      init: {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: devUser(userId)!.email, password: DEV_PASSWORD }).toString(),
      },
    };
  }
  throw new Error("the sign-in did not end");
}

/** A token's claims, unverified (what the test looks at). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as Record<
    string,
    unknown
  >;
}
