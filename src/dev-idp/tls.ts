/**
 * The local identity provider's https certificate. MSAL accepts https authorities only, so the
 * provider's browser side is https even on this machine: with the office-addin-dev-certs certificate
 * when it is usable (the one the add-in's dev server serves, trusted once installed), else with a
 * certificate for localhost made here, which the browser warns about once (see README).
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import path from "node:path";
import forge from "node-forge";

export interface TlsCertificate {
  cert: string | Buffer;
  key: string | Buffer;
  /** Whether it is the office-addin-dev-certs certificate (trusted) rather than one made here. */
  devCerts: boolean;
}

/** A self-signed certificate for localhost and 127.0.0.1, valid for a week. */
export function selfSignedCertificate(): TlsCertificate {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ format: "pem", type: "spki" }).toString());
  cert.serialNumber = `01${randomBytes(8).toString("hex")}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 7 * 24 * 3600_000);
  const name = [{ name: "commonName", value: "localhost" }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
    { name: "extKeyUsage", serverAuth: true },
    {
      name: "subjectAltName",
      altNames: [
        { type: 2, value: "localhost" },
        { type: 7, ip: "127.0.0.1" },
      ],
    },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(key), forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key, devCerts: false };
}

/** The office-addin-dev-certs certificate when webpack.config.js finds it usable, else a new one. */
export function devIdpCertificate(): TlsCertificate {
  // webpack.config.js holds the one check of that certificate; it is CommonJS.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { devCertificate } = require(path.resolve(__dirname, "../../webpack.config.js")) as {
    devCertificate: () => { cert?: Buffer; key?: Buffer; problem?: string };
  };
  const found = devCertificate();
  if (found.cert && found.key && !found.problem) return { cert: found.cert, key: found.key, devCerts: true };
  return selfSignedCertificate();
}
