import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import path from "node:path";
import type { DevIdpFacts } from "../dev-idp/provider";
import { DEV_PASSWORD, DEV_USERS } from "../dev-idp/users";
import { createPersonalAccessToken } from "./domain/credentials";
import { loadConfig } from "./config";
import { startService, stopOnSignals } from "./server";

const DEV_TENANT = "dev";
const DEV_LABEL = "development token (npm start)";
const ROOT = path.resolve(__dirname, "../..");

/** Where `npm start` leaves the development session for the workbench page (see writeWorkbenchSession). */
function workbenchSessionFile(dataDir: string): string {
  return path.join(dataDir, "workbench-session.json");
}

/**
 * Leaves the service URL and development token where the dev server serves them to the workbench
 * page (GET /workbench-session.json, webpack.config.js), which signs the pane in with them. Readable
 * by the user only; the token is the one printed, revoked by the next `npm start`.
 */
function writeWorkbenchSession(file: string, session: { serviceUrl: string; token: string }): void {
  mkdirSync(path.dirname(file), { recursive: true });
  rmSync(file, { force: true });
  writeFileSync(file, JSON.stringify(session), { mode: 0o600 });
}

/** The add-in dev server's origin: the same certificate check webpack.config.js makes decides http or https. */
function addinOrigin(): string {
  // That file is CommonJS.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { devCertificate } = require(path.join(ROOT, "webpack.config.js")) as {
    devCertificate: () => { problem?: string };
  };
  const port = Number(process.env.ADDIN_PORT || 3000);
  return `${devCertificate().problem ? "http" : "https"}://localhost:${port}`;
}

/**
 * SIGN_DEV_IDP=1: the local identity provider (src/dev-idp, an OpenID provider standing in for
 * Microsoft Entra) as a child process of its own (it moves its own clock for tests), over https for
 * MSAL, with the add-in's sign-in dialog as its redirect URI. It stops when this process's pipe to
 * its stdin closes, however this process ends.
 */
async function startDevIdp(origin: string): Promise<{ child: ChildProcess; facts: DevIdpFacts }> {
  const port = process.env.SIGN_DEV_IDP_PORT || "3002";
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "src/dev-idp/main.ts",
      "--https",
      "--https-port",
      port,
      "--redirect-uri",
      `${origin}/auth-dialog.html`,
    ],
    { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] },
  );
  let errors = "";
  child.stderr!.on("data", (d: Buffer) => {
    // oidc-provider's warnings about its in-memory store and Node 20 are expected here.
    errors += d.toString("utf8");
  });
  const facts = await new Promise<DevIdpFacts>((resolve, reject) => {
    let line = "";
    child.stdout!.on("data", (d: Buffer) => {
      line += d.toString("utf8");
      const end = line.indexOf("\n");
      if (end >= 0) resolve(JSON.parse(line.slice(0, end)) as DevIdpFacts);
    });
    child.once("exit", (code) =>
      reject(new Error(`the local identity provider exited (${code}):\n${errors}`)),
    );
  });
  return { child, facts };
}

/**
 * The provider's discovery document, baked into the add-in (SIGN_ENTRA_METADATA) so that
 * MSAL need not fetch it: with a self-signed certificate the browser refuses that until the user has
 * accepted the certificate in the sign-in window. Our own child on loopback: its certificate is
 * not checked here.
 */
function discoveryDocument(issuer: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      `${issuer}/.well-known/openid-configuration`,
      {
        rejectUnauthorized: false,
        lookup: (_host, _options, done) => done(null, [{ address: "127.0.0.1", family: 4 }]),
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () =>
          response.statusCode === 200 ? resolve(body) : reject(new Error(`HTTP ${response.statusCode}`)),
        );
      },
    );
    request.on("error", reject);
  });
}

/** The add-in's webpack dev server as a child process; it serves the workbench and the task pane. */
function startAddinDevServer(
  sessionFile: string,
  env: Record<string, string> = {},
): { child: ChildProcess; origin: string } {
  const origin = addinOrigin();
  // --watch-options-stdin: the dev server stops when its stdin (a pipe from this process) closes, so
  // it goes with this process however that ends, even by SIGKILL, and never keeps its port.
  const child = spawn(
    process.execPath,
    [require.resolve("webpack-cli/bin/cli.js"), "serve", "--mode", "development", "--watch-options-stdin"],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, SIGN_WORKBENCH_SESSION: sessionFile },
      stdio: ["pipe", "inherit", "inherit"],
    },
  );
  return { child, origin };
}

/**
 * Stops this process as a SIGTERM would once the process that started it (npm) is gone, e.g. killed
 * by a process manager without passing the signal on: an orphan would keep the service's port.
 */
function stopWhenOrphaned(): void {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, "SIGTERM");
  }, 1000).unref();
}

async function waitFor(url: string, child: ChildProcess, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      await fetch(url);
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return false;
}

/** `npm start`: the service, the add-in dev server, and a fresh development token (the previous one is revoked). */
async function main() {
  const addinPort = Number(process.env.ADDIN_PORT || 3000);
  // The workbench calls the service from the dev server's origin, whatever port it is on.
  process.env.SIGN_CORS_ORIGINS ??= `http://localhost:${addinPort},https://localhost:${addinPort}`;
  // SIGN_DEV_IDP=1: Microsoft sign-in against the local identity provider, in the service and the add-in.
  const idp = process.env.SIGN_DEV_IDP === "1" ? await startDevIdp(addinOrigin()) : null;
  let entraEnv: Record<string, string> = {};
  if (idp) {
    const { facts } = idp;
    process.env.OIDC_ISSUER = facts.issuer;
    process.env.OIDC_AUDIENCE = facts.audience;
    process.env.OIDC_JWKS_URI = facts.jwksUri;
    entraEnv = {
      SIGN_ENTRA_CLIENT_ID: facts.clientId,
      SIGN_ENTRA_AUTHORITY: facts.issuer,
      SIGN_ENTRA_API_SCOPE: facts.scopes.join(" "),
      SIGN_ENTRA_PROTOCOL_MODE: "OIDC",
      SIGN_ENTRA_METADATA: await discoveryDocument(facts.issuer),
    };
  }
  // Development routes (the workbench Mailbox's GET /api/dev/outbox) exist only here.
  const service = await startService({ ...loadConfig(), devRoutes: true });
  const sessionFile = workbenchSessionFile(service.config.dataDir);
  rmSync(sessionFile, { force: true }); // the previous run's token is about to be revoked
  const addin = process.env.SIGN_SERVICE_ONLY ? null : startAddinDevServer(sessionFile, entraEnv);
  stopOnSignals(service, () => {
    addin?.child.kill("SIGTERM");
    idp?.child.kill("SIGTERM");
    process.exit(0);
  });
  idp?.child.on("exit", (code) => {
    if (code) service.app.log.error(`the local identity provider exited with code ${code}`);
  });
  stopWhenOrphaned();
  addin?.child.on("exit", (code) => {
    if (code) service.app.log.error(`the add-in dev server exited with code ${code}`);
  });

  const { credentials } = service.storage;
  const tenant = await credentials.findTenantByName(DEV_TENANT);
  if (tenant)
    await credentials.revokePersonalAccessTokensByLabel(tenant.id, DEV_LABEL, new Date().toISOString());
  const pat = await createPersonalAccessToken(service.storage, {
    tenant: DEV_TENANT,
    scopes: [],
    label: DEV_LABEL,
  });
  // With the local identity provider the workbench starts signed out: the newcomer signs in with Microsoft.
  if (addin && !idp) writeWorkbenchSession(sessionFile, { serviceUrl: service.url, token: pat.token });
  const ready = addin ? await waitFor(`${addin.origin}/workbench.html`, addin.child, 120) : false;

  const lines = [
    "",
    "Sign for Outlook is running.",
    ...(addin
      ? [`  Workbench (open this): ${addin.origin}/workbench.html${ready ? "" : "   (still building…)"}`]
      : []),
    `  Signing service:        ${service.url}   (OpenAPI: ${service.url}/openapi/tenant-api.json)`,
    `  Database:               ${service.config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `SQLite in ${service.config.dataDir}`}`,
    `  Tenant:                 ${pat.tenantName}`,
    `  Development token:      ${pat.token}`,
    "",
    ...(addin && !idp
      ? ["  The workbench signs its task pane in with this token. In Outlook, paste it in Settings, or try:"]
      : ["  Paste the token in the task pane's Settings to sign in, or try:"]),
    `  curl -H "Authorization: Bearer ${pat.token}" ${service.url}/api/v1/me`,
    "",
    ...(idp ? devIdpBanner(idp.facts, Boolean(addin)) : []),
  ];
  process.stdout.write(lines.join("\n") + "\n");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/** What `SIGN_DEV_IDP=1 npm start` adds to the banner: where to sign in, as whom, and the certificate. */
function devIdpBanner(facts: DevIdpFacts, workbench: boolean): string[] {
  return [
    "Microsoft sign-in (SIGN_DEV_IDP=1) against a local identity provider standing in for Entra:",
    `  Identity provider:      ${facts.issuer}   (client id ${facts.clientId}, audience ${facts.audience})`,
    ...DEV_USERS.map(
      (u) => `  Sign in as:             ${u.email.padEnd(24)} (${u.name}, tenant ${u.email.split("@")[1]})`,
    ),
    `  Password (everyone):    ${DEV_PASSWORD}`,
    ...(workbench
      ? [
          "  In the workbench, open Settings and select Sign in with Microsoft (the workbench starts signed out).",
        ]
      : []),
    ...(facts.trustedCertificate
      ? []
      : [
          "  The provider's certificate is self-signed (no office-addin-dev-certs certificate): the browser warns",
          "  once in the sign-in window; continue to localhost there (Advanced, then Proceed).",
        ]),
    "",
  ];
}
