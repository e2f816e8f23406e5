import { parseArgs } from "node:util";
import { ConfigError, loadConfig, type ServiceConfig } from "./config";
import { createOAuthClient, createPersonalAccessToken, CredentialInputError } from "./domain/credentials";
import { SCOPES } from "../shared/scopes";
import { formatDailyReport, reportStartDay } from "./domain/telemetry";
import { messageFor } from "./domain/outbox";
import { SigningLinks } from "./domain/signing-links";
import { LINKED_KINDS, signingLinkFor } from "./mail/signing-link";
import { openStorage, type OutboxStatus, type PackageRecord, type Storage } from "./storage";

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-token  --tenant NAME [--scope S]... [--label TEXT]
                Creates the tenant if new and a personal access token; prints the token alone on the last line.
  create-client --tenant NAME [--scope S]... [--label TEXT]
                Creates an OAuth client; prints CLIENT_ID:CLIENT_SECRET alone on the last line.
  revoke-token  --id TOKEN_ID
                Revokes a personal access token (ids are shown by list-tokens).
  revoke-client --id CLIENT_ID
                Revokes an OAuth client and every access token issued to it.
  list-tokens   [--tenant NAME]
                Lists personal access tokens (never the tokens themselves).
  disable-tenant --tenant NAME
                Refuses every credential of the tenant (tokens, clients, Microsoft sign-in) until enabled;
                its data stays.
  enable-tenant --tenant NAME
                Accepts the tenant's credentials again.
  telemetry     --tenant NAME [--days N] [--enable | --disable]
                Prints the add-in's daily telemetry of the last N days (default 7, today included), one
                tab-separated line per day and kind of event; --enable/--disable switches the tenant's
                telemetry on or off (off: the service drops its batches and the add-in stops sending).
  prune-telemetry --days N
                Deletes the add-in's raw telemetry events received more than N days ago, of every tenant;
                the daily aggregates stay.
  outbox        [--tenant NAME] [--status Pending|Sending|Delivered|Failed] [--limit N]
                Lists notifications, newest first (default 50, at most 1000), one tab-separated line each:
                created, kind, recipient, status, attempts, last error, package id, the mail's subject,
                and the signer's signing link (Invitation, Reminder, Reassigned; SIGN_PUBLIC_URL's, else
                http://localhost:PORT) for passing on by hand. They are sent by the service when SMTP_URL
                is set; otherwise they stay Pending.

Without --scope a credential gets every scope: ${SCOPES.join(", ")}.
Uses the same data as the service (SIGN_DATA_DIR or DATABASE_URL); the service may be running or not.`;

class UsageError extends Error {}

type Values = {
  tenant?: string;
  scope?: string[];
  label?: string;
  id?: string;
  days?: string;
  enable?: boolean;
  disable?: boolean;
  status?: string;
  limit?: string;
  help?: boolean;
};

const OUTBOX_STATUSES: readonly OutboxStatus[] = ["Pending", "Sending", "Delivered", "Failed"];

/** One field of a tab-separated line: tabs, line breaks and other control characters become spaces. */
function field(value: string | number | null): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes.
  return value === null ? "" : String(value).replace(/[\u0000-\u001f\u007f]+/g, " ");
}

function need(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`${flag} is required`);
  return value;
}

async function run(
  command: string,
  values: Values,
  storage: Storage,
  config: ServiceConfig,
  out: (line: string) => void,
) {
  switch (command) {
    case "create-token": {
      const pat = await createPersonalAccessToken(storage, {
        tenant: need(values.tenant, "--tenant"),
        scopes: values.scope ?? [],
        label: values.label,
      });
      out(`Personal access token ${pat.id} for tenant ${pat.tenantName}, scopes: ${pat.scopes.join(" ")}`);
      out("It is shown only now: store it as a secret.");
      out(pat.token);
      return;
    }
    case "create-client": {
      const client = await createOAuthClient(storage, {
        tenant: need(values.tenant, "--tenant"),
        scopes: values.scope ?? [],
        label: values.label,
      });
      out(`OAuth client for tenant ${client.tenantName}, scopes: ${client.scopes.join(" ")}`);
      out(
        "Exchange it at POST /connect/token (grant_type=client_credentials). The secret is shown only now.",
      );
      out(`${client.clientId}:${client.clientSecret}`);
      return;
    }
    case "revoke-token": {
      const id = need(values.id, "--id");
      if (!(await storage.credentials.revokePersonalAccessToken(id, new Date().toISOString()))) {
        throw new UsageError(`no active personal access token has the id ${id}`);
      }
      out(`Revoked personal access token ${id}.`);
      return;
    }
    case "revoke-client": {
      const id = need(values.id, "--id");
      if (!(await storage.credentials.revokeOAuthClient(id, new Date().toISOString()))) {
        throw new UsageError(`no active OAuth client has the id ${id}`);
      }
      out(`Revoked OAuth client ${id}.`);
      return;
    }
    case "disable-tenant":
    case "enable-tenant": {
      const name = need(values.tenant, "--tenant");
      const disable = command === "disable-tenant";
      if (!(await storage.credentials.setTenantDisabled(name, disable ? new Date().toISOString() : null))) {
        throw new UsageError(`there is no tenant named ${name}`);
      }
      out(`Tenant ${name} is ${disable ? "disabled: none of its credentials is accepted" : "enabled"}.`);
      return;
    }
    case "list-tokens": {
      let tenantId: string | null = null;
      if (values.tenant) {
        const tenant = await storage.credentials.findTenantByName(values.tenant);
        if (!tenant) throw new UsageError(`there is no tenant named ${values.tenant}`);
        tenantId = tenant.id;
      }
      const tokens = await storage.credentials.listPersonalAccessTokens(tenantId);
      if (tokens.length === 0) out("No personal access tokens.");
      for (const t of tokens) {
        out(
          [
            t.id,
            t.tenantName,
            `${t.tokenPrefix}…`,
            t.revokedOn ? `revoked ${t.revokedOn}` : "active",
            t.createdOn,
            t.label,
            t.scopes.join(" "),
          ].join("\t"),
        );
      }
      return;
    }
    case "telemetry": {
      const name = need(values.tenant, "--tenant");
      const tenant = await storage.credentials.findTenantByName(name);
      if (!tenant) throw new UsageError(`there is no tenant named ${name}`);
      if (values.enable && values.disable) throw new UsageError("give --enable or --disable, not both");
      if (values.enable || values.disable) {
        await storage.telemetry.setEnabled(tenant.id, Boolean(values.enable), new Date().toISOString());
        out(`Telemetry of tenant ${tenant.name} is ${values.enable ? "on" : "off"}.`);
        return;
      }
      const days = values.days === undefined ? 7 : Number(values.days);
      if (!Number.isInteger(days) || days < 1 || days > 3660)
        throw new UsageError("--days must be a whole number from 1 to 3660");
      const from = reportStartDay(days);
      const enabled = await storage.telemetry.isEnabled(tenant.id);
      out(`Telemetry of tenant ${tenant.name} since ${from} (UTC); telemetry is ${enabled ? "on" : "off"}.`);
      const rows = await storage.telemetry.daily(tenant.id, from);
      if (rows.length === 0) out("No events.");
      else for (const line of formatDailyReport(rows)) out(line);
      return;
    }
    case "prune-telemetry": {
      const days = Number(need(values.days, "--days"));
      if (!Number.isInteger(days) || days < 1 || days > 3660)
        throw new UsageError("--days must be a whole number from 1 to 3660");
      const before = new Date(Date.now() - days * 86_400_000).toISOString();
      const deleted = await storage.telemetry.pruneEvents(before);
      out(`Deleted ${deleted} telemetry event${deleted === 1 ? "" : "s"} received before ${before}.`);
      return;
    }
    case "outbox": {
      let tenantId: string | null = null;
      if (values.tenant) {
        const tenant = await storage.credentials.findTenantByName(values.tenant);
        if (!tenant) throw new UsageError(`there is no tenant named ${values.tenant}`);
        tenantId = tenant.id;
      }
      const status = values.status ?? null;
      if (status !== null && !OUTBOX_STATUSES.includes(status as OutboxStatus)) {
        throw new UsageError(`--status must be one of ${OUTBOX_STATUSES.join(", ")}`);
      }
      const limit = values.limit === undefined ? 50 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
        throw new UsageError("--limit must be a whole number from 1 to 1000");
      const rows = await storage.outbox.list({ tenantId, status: status as OutboxStatus | null, limit });
      if (rows.length === 0) out("No notifications.");
      // The mail's subject and the signer's link, as the mail says them (mail/messages.ts): an operator
      // without SMTP can forward them. The key is the service's; opened only when a row has a link.
      const packages = new Map<string, PackageRecord | null>();
      let links: SigningLinks | null = null;
      for (const r of rows) {
        if (!packages.has(r.packageId))
          packages.set(r.packageId, await storage.packages.get(r.tenantId, r.packageId));
        const pkg = packages.get(r.packageId) ?? null;
        if (!links && r.signerId !== null && LINKED_KINDS.has(r.kind))
          links = await SigningLinks.open(
            storage,
            () => config.publicUrl ?? `http://localhost:${config.port}`,
          );
        const link = signingLinkFor(r, links);
        out(
          [
            r.createdOn,
            r.kind,
            r.name && r.name.toLowerCase() !== r.email.toLowerCase() ? `${r.name} <${r.email}>` : r.email,
            r.status,
            r.attempts,
            r.lastError,
            r.packageId,
            pkg ? messageFor(r, pkg, link).subject : null,
            link,
          ]
            .map(field)
            .join("\t"),
        );
      }
      return;
    }
    default:
      throw new UsageError(command ? `unknown command ${command}` : "no command given");
  }
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        tenant: { type: "string" },
        scope: { type: "string", multiple: true },
        label: { type: "string" },
        id: { type: "string" },
        days: { type: "string" },
        enable: { type: "boolean" },
        disable: { type: "boolean" },
        status: { type: "string" },
        limit: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command = ""] = parsed.positionals;
  if (parsed.values.help || command === "help") {
    console.log(USAGE);
    return 0;
  }
  let storage: Storage | null = null;
  try {
    const config = loadConfig();
    storage = await openStorage(config);
    await run(command, parsed.values, storage, config, (line) => console.log(line));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof CredentialInputError || error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    console.error(error);
    return 1;
  } finally {
    await storage?.close();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
