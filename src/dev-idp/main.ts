/**
 * Starts the local identity provider (./provider.ts) and prints, as its first line of output, a JSON
 * object with what the service and the add-in need (issuer, jwksUri, audience, clientId, scopes).
 *
 *   node --import tsx src/dev-idp/main.ts [--port N] [--issuer URL] [--audience AUD]
 *       [--client-id ID] [--redirect-uri URL]... [--access-token-ttl SECONDS]
 */
import { parseArgs } from "node:util";
import { startDevIdp } from "./provider";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    issuer: { type: "string" },
    audience: { type: "string" },
    "client-id": { type: "string" },
    "redirect-uri": { type: "string", multiple: true },
    "access-token-ttl": { type: "string" },
  },
});

async function main() {
  const idp = await startDevIdp({
    port: values.port ? Number(values.port) : 0,
    ...(values.issuer ? { issuer: values.issuer } : {}),
    ...(values.audience ? { audience: values.audience } : {}),
    ...(values["client-id"] ? { clientId: values["client-id"] } : {}),
    redirectUris: values["redirect-uri"] ?? [],
    ...(values["access-token-ttl"] ? { accessTokenTtlSeconds: Number(values["access-token-ttl"]) } : {}),
  });
  const { close, ...facts } = idp;
  process.stdout.write(`${JSON.stringify(facts)}\n`);
  const stop = () => void close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // Ends with the process that started it (npm start, a test): stdin closes when the parent goes.
  process.stdin.on("end", stop);
  process.stdin.resume();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
