import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
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

/** The add-in's webpack dev server as a child process; it serves the workbench and the task pane. */
function startAddinDevServer(sessionFile: string): { child: ChildProcess; origin: string } {
  // The same certificate check webpack.config.js makes decides http or https; that file is CommonJS.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { devCertificate } = require(path.join(ROOT, "webpack.config.js")) as {
    devCertificate: () => { problem?: string };
  };
  const port = Number(process.env.ADDIN_PORT || 3000);
  const origin = `${devCertificate().problem ? "http" : "https"}://localhost:${port}`;
  // --watch-options-stdin: the dev server stops when its stdin (a pipe from this process) closes, so
  // it goes with this process however that ends, even by SIGKILL, and never keeps its port.
  const child = spawn(
    process.execPath,
    [require.resolve("webpack-cli/bin/cli.js"), "serve", "--mode", "development", "--watch-options-stdin"],
    {
      cwd: ROOT,
      env: { ...process.env, SIGN_WORKBENCH_SESSION: sessionFile },
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
  // Development routes (the workbench Mailbox's GET /api/dev/outbox) exist only here.
  const service = await startService({ ...loadConfig(), devRoutes: true });
  const sessionFile = workbenchSessionFile(service.config.dataDir);
  rmSync(sessionFile, { force: true }); // the previous run's token is about to be revoked
  const addin = process.env.SIGN_SERVICE_ONLY ? null : startAddinDevServer(sessionFile);
  stopOnSignals(service, () => {
    addin?.child.kill("SIGTERM");
    process.exit(0);
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
  if (addin) writeWorkbenchSession(sessionFile, { serviceUrl: service.url, token: pat.token });
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
    ...(addin
      ? ["  The workbench signs its task pane in with this token. In Outlook, paste it in Settings, or try:"]
      : ["  Paste the token in the task pane's Settings to sign in, or try:"]),
    `  curl -H "Authorization: Bearer ${pat.token}" ${service.url}/api/v1/me`,
    "",
  ];
  process.stdout.write(lines.join("\n") + "\n");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
