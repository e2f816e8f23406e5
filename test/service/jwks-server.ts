import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, type CryptoKey, type JWK, type KeyObject } from "jose";
import { closeAtEnd } from "./closed-at-end";

/**
 * A stand-in for an OpenID Connect issuer's key endpoint (Entra's discovery/v2.0/keys): serves the
 * public key as a JWKS on loopback, so the service's OIDC_* configuration can be tested with tokens
 * the test signs.
 */
export async function startJwksServer(
  publicKey: CryptoKey | KeyObject,
  kid = "k1",
): Promise<{ url: string; close(): Promise<void> }> {
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const server = http.createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/keys`,
    // Closed at the end of the test file if the file has not closed it (closed-at-end.ts).
    close: closeAtEnd(() => new Promise<void>((resolve) => server.close(() => resolve()))),
  };
}
