/**
 * Starts the local identity provider (./provider.ts) and prints, as its first line of output, a JSON
 * object with what the service and the add-in need (issuer, jwksUri, audience, clientId, scopes).
 *
 *   node --import tsx src/dev-idp/main.ts [--port N] [--issuer URL] [--audience AUD]
 *       [--client-id ID] [--redirect-uri URL]... [--access-token-ttl SECONDS]
 *       [--https [--https-port N]]
 *
 * --https: the browser side over https too (MSAL's requirement), with the office-addin-dev-certs
 * certificate when usable, else a self-signed one (./tls.ts); the issuer is then https://localhost:N.
 */
import { parseArgs } from "node:util";
import { startDevIdp, type DevIdpFacts } from "./provider";
import { devIdpCertificate } from "./tls";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    issuer: { type: "string" },
    audience: { type: "string" },
    "client-id": { type: "string" },
    "redirect-uri": { type: "string", multiple: true },
    "access-token-ttl": { type: "string" },
    https: { type: "boolean" },
    "https-port": { type: "string" },
  },
});

async function main() {
  const tls = values.https ? devIdpCertificate() : null;
  const idp = await startDevIdp({
    port: values.port ? Number(values.port) : 0,
    ...(values.issuer ? { issuer: values.issuer } : {}),
    ...(values.audience ? { audience: values.audience } : {}),
    ...(values["client-id"] ? { clientId: values["client-id"] } : {}),
    redirectUris: values["redirect-uri"] ?? [],
    ...(values["access-token-ttl"] ? { accessTokenTtlSeconds: Number(values["access-token-ttl"]) } : {}),
    ...(tls ? { tls, httpsPort: Number(values["https-port"] ?? 0) } : {}),
  });
  const { close, ...facts } = idp;
  const line: DevIdpFacts = { ...facts, trustedCertificate: tls ? tls.devCerts : null };
  process.stdout.write(`${JSON.stringify(line)}\n`);
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
