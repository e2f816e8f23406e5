import { createPersonalAccessToken } from "./domain/credentials";
import { startService, stopOnSignals } from "./server";

const DEV_TENANT = "dev";
const DEV_LABEL = "development token (npm start)";

/** `npm start`: the service plus a fresh development token; the previous one is revoked so only one lives. */
async function main() {
  const service = await startService();
  stopOnSignals(service);
  const { credentials } = service.storage;
  const tenant = await credentials.findTenantByName(DEV_TENANT);
  if (tenant) await credentials.revokePersonalAccessTokensByLabel(tenant.id, DEV_LABEL, new Date().toISOString());
  const pat = await createPersonalAccessToken(service.storage, { tenant: DEV_TENANT, scopes: [], label: DEV_LABEL });
  const lines = [
    "",
    "Sign for Outlook is running.",
    `  Signing service:   ${service.url}   (OpenAPI: ${service.url}/openapi/tenant-api.json)`,
    `  Database:          ${service.config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `SQLite in ${service.config.dataDir}`}`,
    `  Tenant:            ${pat.tenantName}`,
    `  Development token: ${pat.token}`,
    "",
    `  Try: curl -H "Authorization: Bearer ${pat.token}" ${service.url}/api/v1/me`,
    "",
  ];
  process.stdout.write(lines.join("\n") + "\n");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
