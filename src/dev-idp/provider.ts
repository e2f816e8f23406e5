/**
 * A local OpenID provider standing in for Microsoft Entra: panva's oidc-provider (OpenID certified)
 * with one public client for the add-in (authorization code + PKCE), one API audience whose access
 * tokens are JWTs carrying Entra's claims (`tid`, `oid`, `scp`, `name`, `preferred_username`), and
 * the people of ./users.ts, who sign in with their email address and password on its own page.
 * Development and tests only.
 *
 * It listens on loopback over http (the key set for the service, the controls below) and, given a
 * certificate, over https too: MSAL in the browser accepts https authorities only, so the issuer is
 * then https://localhost:HTTPS_PORT.
 *
 * Besides the provider's own endpoints it answers a few loopback-only controls for tests:
 * POST /dev/rotate-keys (a new signing key, published first and used from now on),
 * POST /dev/next-error (the next authorization request answers that OAuth error, e.g.
 * interaction_required, as Entra does when it needs the user) and POST /dev/clock (offsetSeconds:
 * the provider's clock runs ahead or behind, as a badly set server's would); GET /dev/jwks-fetches
 * counts the key set's fetches.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { escapeHtml } from "../shared/html";
import { SCOPES } from "../shared/scopes";
import type { TlsCertificate } from "./tls";
import { DEV_USERS, devUser, devUserByCredentials } from "./users";

/**
 * The add-in's client id at the local provider: a GUID, as Entra's application ids are (the add-in's
 * build accepts nothing else as SIGN_ENTRA_CLIENT_ID).
 */
export const DEV_CLIENT_ID = "5b1e6c2a-8f0d-4e3a-9c71-d2a4f6e8b013";

export interface DevIdpOptions {
  /** Listening port; 0 picks a free one. */
  port?: number;
  /** The issuer to claim; default this server's own http://127.0.0.1:PORT. */
  issuer?: string;
  /** The API's audience (OIDC_AUDIENCE); default api://sign-for-outlook. */
  audience?: string;
  /** The add-in's client id; default DEV_CLIENT_ID. */
  clientId?: string;
  /** Where the add-in's sign-in may return (MSAL's redirect URIs). */
  redirectUris?: string[];
  /** Access tokens' lifetime; default one hour, as Entra's. */
  accessTokenTtlSeconds?: number;
  /** Serve https too, with this certificate; the issuer is then https://localhost:<httpsPort>. */
  tls?: TlsCertificate;
  /** The https port; 0 (default) picks a free one. */
  httpsPort?: number;
}

export interface DevIdp {
  issuer: string;
  /** The provider over loopback http: the controls (/dev/...) and the key set. */
  url: string;
  /** The provider's key set (OIDC_JWKS_URI). */
  jwksUri: string;
  audience: string;
  clientId: string;
  /** The API scopes a client asks for (the add-in's SIGN_ENTRA_API_SCOPE). */
  scopes: string[];
  close(): Promise<void>;
}

/**
 * What main.ts prints as its first line for the process that started it (npm start): the provider
 * without its close, and whether its https certificate is office-addin-dev-certs' (trusted) rather
 * than self-signed (null: served over http only).
 */
export type DevIdpFacts = Omit<DevIdp, "close"> & { trustedCertificate: boolean | null };

type Jwk = Record<string, unknown> & { kid: string };

/** An RSA signing key as a private JWK, with a kid of its own. */
function newSigningKey(): Jwk {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" }) as Record<string, unknown>;
  return { ...jwk, kid: randomBytes(8).toString("hex"), alg: "RS256", use: "sig" };
}

let clockOffsetMs = 0;
const realNow = Date.now.bind(Date);

/** Moves this process's clock (the provider reads Date.now); only the dev provider's process calls it. */
function setClockOffset(seconds: number): void {
  if (!Number.isFinite(seconds)) return;
  clockOffsetMs = seconds * 1000;
  Date.now = () => realNow() + clockOffsetMs;
}

/** The sign-in page: email address and password (a wrong pair says so), or cancel. */
function loginPage(uid: string, problem: string | null, email = ""): string {
  const people = DEV_USERS.map(
    (u) => `<li>${escapeHtml(u.name)}: <code>${escapeHtml(u.email)}</code></li>`,
  ).join("");
  const action = `/interaction/${escapeHtml(uid)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in – local identity provider</title>
<meta name="viewport" content="width=device-width"><style>
body{font:14px system-ui,sans-serif;margin:2em;max-width:28em;color:#242424}label{display:block;margin:1em 0 .25em}
input{font:inherit;width:100%;box-sizing:border-box;padding:.4em}button{font:inherit;padding:.4em 1.2em;margin:1em .5em 0 0}
.problem{color:#b10e1c}.note{color:#616161;font-size:12px;margin-top:2em}</style></head>
<body><h1>Sign in</h1><p>to Sign for Outlook, with your work account.</p>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ""}
<form method="post" action="${action}/login">
<label for="email">Email address</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button><button type="submit" formaction="${action}/cancel" formnovalidate>Cancel</button></form>
<div class="note"><p>Local identity provider for development, standing in for Microsoft Entra. People:</p><ul>${people}</ul></div>
</body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error("form too large");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if ((req.headers["content-type"] ?? "").includes("application/json")) {
    const body = JSON.parse(text || "{}") as Record<string, string>;
    return new URLSearchParams(body);
  }
  return new URLSearchParams(text);
}

export async function startDevIdp(options: DevIdpOptions = {}): Promise<DevIdp> {
  // ESM only; loaded when needed so that CommonJS code can import this module.
  const { default: Provider, errors } = await import("oidc-provider");
  const audience = options.audience ?? "api://sign-for-outlook";
  const clientId = options.clientId ?? DEV_CLIENT_ID;
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  const scopes = [...SCOPES];

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const secure = options.tls ? https.createServer({ cert: options.tls.cert, key: options.tls.key }) : null;
  if (secure)
    await new Promise<void>((resolve) => secure.listen(options.httpsPort ?? 0, "127.0.0.1", resolve));
  const ownIssuer = secure
    ? `https://localhost:${(secure.address() as AddressInfo).port}`
    : `http://127.0.0.1:${port}`;
  const issuer = options.issuer ?? ownIssuer;

  let keys: Jwk[] = [newSigningKey()];
  // How often the key set was fetched: tests check that a verifier does not hammer it.
  let jwksFetches = 0;
  let nextError: { error: string; error_description: string } | null = null;
  const cookieKeys = [randomBytes(32).toString("hex")];

  function build() {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          token_endpoint_auth_method: "none",
          application_type: "web",
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
          redirect_uris: options.redirectUris ?? [],
          post_logout_redirect_uris: options.redirectUris ?? [],
        },
      ],
      jwks: { keys },
      cookies: { keys: cookieKeys },
      // Like Entra's v2.0 endpoint: what a person is, on request; offline_access gives a refresh token.
      claims: { openid: ["sub", "tid"], profile: ["name", "preferred_username"], email: ["email"] },
      scopes: ["openid", "profile", "email", "offline_access"],
      pkce: { required: () => true },
      // The add-in renews silently with a refresh token, as MSAL does with Entra's.
      issueRefreshToken: (_ctx, client) => client.grantTypeAllowed("refresh_token"),
      features: {
        devInteractions: { enabled: false },
        rpInitiatedLogout: { enabled: true },
        resourceIndicators: {
          enabled: true,
          // MSAL sends no resource indicator: every request is for the API, as with Entra's scopes.
          defaultResource: () => audience,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx: unknown, resource: string) => {
            if (resource !== audience) throw new errors.InvalidTarget();
            return {
              scope: scopes.join(" "),
              audience,
              accessTokenTTL: ttl,
              accessTokenFormat: "jwt",
              jwt: { sign: { alg: "RS256" } },
            };
          },
        },
      },
      // An SPA's token requests are cross-origin: allowed from the registered redirect URIs' origins.
      clientBasedCORS: (_ctx, origin, client) =>
        client.redirectUris.some((uri: string) => new URL(uri).origin === origin),
      findAccount: (_ctx, id) => {
        const user = devUser(id);
        if (!user) return undefined;
        return {
          accountId: user.id,
          claims: () => ({
            sub: user.id,
            tid: user.tid,
            name: user.name,
            preferred_username: user.email,
            email: user.email,
          }),
        };
      },
      // Entra's access-token claims, which the service reads (tenant, person, delegated scopes).
      extraTokenClaims: (_ctx, token) => {
        const user = token.accountId ? devUser(token.accountId) : undefined;
        if (!user || token.kind !== "AccessToken") return undefined;
        return {
          tid: user.tid,
          oid: user.id,
          name: user.name,
          preferred_username: user.email,
          scp: token.scope,
          nbf: Math.floor(Date.now() / 1000),
        };
      },
      // Refresh tokens of a single-page application live 24 hours at Entra.
      ttl: {
        AccessToken: ttl,
        IdToken: ttl,
        RefreshToken: 24 * 3600,
        Session: 8 * 3600,
        Grant: 8 * 3600,
        Interaction: 600,
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      renderError: (ctx, out) => {
        ctx.type = "html";
        ctx.body = `<!doctype html><title>Sign-in error</title><h1>${escapeHtml(String(out.error))}</h1><p>${escapeHtml(String(out.error_description ?? ""))}</p>`;
      },
    });
    // Loopback over plain http: the provider must not insist on secure cookies.
    provider.proxy = false;
    return provider;
  }

  let provider = build();

  /** Answers an OAuth error to the client's redirect URI, as Entra does for a request it will not serve. */
  function answerError(
    res: http.ServerResponse,
    url: URL,
    failure: { error: string; error_description: string },
  ) {
    const redirectUri = url.searchParams.get("redirect_uri") ?? "";
    if (!(options.redirectUris ?? []).includes(redirectUri)) {
      res.writeHead(400, { "content-type": "text/plain" }).end("unregistered redirect_uri");
      return;
    }
    const target = new URL(redirectUri);
    const responseMode = url.searchParams.get("response_mode");
    const params = new URLSearchParams({ ...failure, state: url.searchParams.get("state") ?? "" });
    // MSAL asks for the answer in the fragment (response_mode=fragment) or the query.
    if (responseMode === "fragment") target.hash = params.toString();
    else for (const [k, v] of params) target.searchParams.set(k, v);
    res.writeHead(303, { location: target.toString() }).end();
  }

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const [, , uid, action] = url.pathname.split("/");
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new errors.SessionNotFound("interaction mismatch");
    if (req.method === "GET" && details.prompt.name === "login") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(loginPage(uid!, null));
      return;
    }
    if (req.method === "GET" && details.prompt.name === "consent") {
      // Consent is the administrator's (Entra's admin consent): granted for the API's scopes.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session!.accountId, clientId });
      grant!.addOIDCScope("openid profile email offline_access");
      grant!.addResourceScope(audience, scopes.join(" "));
      const grantId = await grant!.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    if (req.method === "POST" && action === "login") {
      const form = await readForm(req);
      const email = form.get("email") ?? "";
      const user = devUserByCredentials(email, form.get("password") ?? "");
      if (!user) {
        const problem = "That email address or password is not right. Try again.";
        res
          .writeHead(200, { "content-type": "text/html; charset=utf-8" })
          .end(loginPage(uid!, problem, email));
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: user.id } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (req.method === "POST" && action === "cancel") {
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "The user cancelled the sign-in." },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    res.writeHead(405).end();
  }

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", issuer);
    void (async () => {
      try {
        if (url.pathname === "/dev/rotate-keys" && req.method === "POST") {
          // Published first, so the new key signs from now on; the old one stays for tokens in flight.
          keys = [newSigningKey(), ...keys].slice(0, 2);
          provider = build();
          res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify({ kid: keys[0]!.kid }));
          return;
        }
        if (url.pathname === "/dev/clock" && req.method === "POST") {
          // The provider's clock ahead or behind: tokens that are expired or not yet valid when issued.
          setClockOffset(Number((await readForm(req)).get("offsetSeconds") ?? 0));
          res.writeHead(204).end();
          return;
        }
        if (url.pathname === "/dev/next-error" && req.method === "POST") {
          const form = await readForm(req);
          nextError = {
            error: form.get("error") ?? "interaction_required",
            error_description: form.get("error_description") ?? "The user must sign in again.",
          };
          res.writeHead(204).end();
          return;
        }
        if (url.pathname === "/auth" && req.method === "GET") {
          // Entra gives offline_access (a refresh token, which MSAL asks for with the API's scopes)
          // with the application's consent; oidc-provider keeps it only when the request prompts for
          // consent (OIDC Core 11), which the administrator's consent here answers at once.
          const prompts = new Set((url.searchParams.get("prompt") ?? "").split(" ").filter(Boolean));
          const scopes = (url.searchParams.get("scope") ?? "").split(" ");
          if (scopes.includes("offline_access") && !prompts.has("none") && !prompts.has("consent")) {
            url.searchParams.set("prompt", [...prompts, "consent"].join(" "));
            req.url = `${url.pathname}${url.search}`;
          }
        }
        if (url.pathname === "/auth" && nextError) {
          const failure = nextError;
          nextError = null;
          answerError(res, url, failure);
          return;
        }
        if (url.pathname === "/dev/jwks-fetches" && req.method === "GET") {
          res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify({ count: jwksFetches }));
          return;
        }
        if (url.pathname === "/jwks") jwksFetches += 1;
        if (url.pathname.startsWith("/interaction/")) {
          await interaction(req, res, url);
          return;
        }
        provider.callback()(req, res);
      } catch (error) {
        if (!res.headersSent) {
          res.writeHead(400, { "content-type": "text/plain" });
          res.end(error instanceof Error ? error.message : "error");
        }
      }
    })();
  };
  server.on("request", handle);
  secure?.on("request", handle);

  return {
    issuer,
    url: `http://127.0.0.1:${port}`,
    jwksUri: `http://127.0.0.1:${port}/jwks`,
    audience,
    clientId,
    scopes,
    close: async () => {
      for (const s of [server, secure]) {
        if (!s) continue;
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}
