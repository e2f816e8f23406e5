import path from "node:path";
import { BlobUrlError, parseBlobUrl, type S3BlobConfig } from "./blobs/url";
import { parseSmtpFrom, parseSmtpUrl, SmtpUrlError, type SmtpConfig } from "./mail/smtp-url";

export interface OidcConfig {
  issuer: string;
  audience: string;
  jwksUri: string;
  tenantClaim: string;
  clockSkewSeconds: number;
  /** A token naming a key the cached key set lacks fetches the set again at most this often. */
  jwksCooldownSeconds: number;
}

export interface ServiceConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  bodyLimitBytes: number;
  logLevel: string;
  /** Origins whose pages may call the API (the add-in's). */
  corsOrigins: string[];
  oidc: OidcConfig | null;
  /** The add-in manifest the service serves; GET /api/v1/outlook-addin/manifest-fingerprint hashes it. */
  addinManifestPath: string;
  /**
   * Failed authentications allowed per minute for one client id and for one source address (each
   * counted on its own, across instances) before 429: slows down credential guessing.
   */
  authFailuresPerMinute: number;
  /**
   * Seconds a verified credential is trusted without being looked up again (domain/credential-cache.ts):
   * a revocation takes effect within this time. 0 looks every request's credential up.
   */
  credentialCacheSeconds: number;
  /** Telemetry batches one credential may send per minute before 429. */
  telemetryRateLimitPerMinute: number;
  /**
   * Signs the telemetry beacon keys (domain/beacon-keys.ts). Unset: random per process, so keys die
   * with it; several instances behind one address need the same value.
   */
  telemetryBeaconSecret: string | null;
  /** How often the scheduler sends due packages and expires old ones (SIGN_SCHEDULER_INTERVAL_MS); 0 turns it off. */
  schedulerIntervalMs: number;
  /**
   * Where document bytes are stored: an S3-compatible object store (SIGN_BLOB_URL, see
   * blobs/url.ts), or null for files under dataDir/blobs.
   */
  blobStore: S3BlobConfig | null;
  /**
   * SIGN_SEAL_P12: the PKCS#12 (certificate + key) that seals completed documents. Unset: a
   * self-signed one is made on first start under `dataDir/seal/` (completion/seal.ts).
   */
  sealP12Path: string | null;
  /** SIGN_SEAL_P12_PASSWORD: opens SIGN_SEAL_P12 (empty when unset). */
  sealP12Password: string;
  /**
   * SMTP_URL and SMTP_FROM (mail/smtp-url.ts): where the scheduler delivers the outbox. null: no
   * mail is sent and notifications stay Pending in the outbox (listed by `admin outbox`).
   */
  smtp: SmtpConfig | null;
  /**
   * SIGN_MAIL_ATTACH_MAX_BYTES: the Completed mail carries the signed PDFs while they total at most
   * this (10 MB by default); larger, it links to them instead (0: always link).
   */
  mailAttachMaxBytes: number;
  /**
   * SIGN_SIGNING_PAGE_DIR: the built signing page (index.html and assets/) served at /sign/...
   * (routes/signing-assets.ts); default dist/signing of this checkout (`npm run build:signing`).
   */
  signingPageDir: string;
  /**
   * SIGN_PUBLIC_URL: where signers reach this service; their links are `{publicUrl}/sign/{token}`.
   * null: the service's own `http://localhost:{PORT}` (the port it listens on).
   */
  publicUrl: string | null;
  /**
   * Development routes (GET /api/dev/outbox for the workbench Mailbox). Set only by `npm start`
   * (start-dev.ts), never from the environment, so a deployment cannot turn them on by mistake.
   */
  devRoutes: boolean;
  /**
   * SIGN_METRICS_TOKEN: GET /metrics on the service's port answers only a request bearing it
   * (Authorization: Bearer). Unset: /metrics is not served there (404), only on metricsPort.
   */
  metricsToken: string | null;
  /**
   * SIGN_METRICS_PORT: a second listener (on HOST) that serves GET /metrics alone, for a scraper on
   * the internal network; without a token unless SIGN_METRICS_TOKEN is set. null: none.
   */
  metricsPort: number | null;
  /**
   * SIGN_DRAIN_SECONDS: after SIGTERM, how long GET /readyz answers 503 while requests are still
   * served, so a load balancer takes the instance out before it stops listening (default 0).
   */
  drainSeconds: number;
}

export class ConfigError extends Error {}

/** 10 MB: what mail servers commonly take in one mail (after base64's third more) with room to spare. */
export const DEFAULT_MAIL_ATTACH_MAX_BYTES = 10 * 1024 * 1024;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function oidcFrom(env: NodeJS.ProcessEnv): OidcConfig | null {
  const issuer = env.OIDC_ISSUER?.trim();
  if (!issuer) return null;
  const audience = env.OIDC_AUDIENCE?.trim();
  const jwksUri = env.OIDC_JWKS_URI?.trim();
  if (!audience) throw new ConfigError("OIDC_AUDIENCE is required when OIDC_ISSUER is set");
  if (!jwksUri) throw new ConfigError("OIDC_JWKS_URI is required when OIDC_ISSUER is set");
  return {
    issuer,
    audience,
    jwksUri,
    tenantClaim: env.OIDC_TENANT_CLAIM?.trim() || "tid",
    clockSkewSeconds: integer(env, "OIDC_CLOCK_SKEW_SECONDS", 60, 0, 600),
    jwksCooldownSeconds: integer(env, "OIDC_JWKS_COOLDOWN_SECONDS", 60, 1, 3600),
  };
}

function blobStoreFrom(env: NodeJS.ProcessEnv): S3BlobConfig | null {
  const raw = env.SIGN_BLOB_URL?.trim();
  if (!raw) return null;
  try {
    return parseBlobUrl(raw);
  } catch (error) {
    if (error instanceof BlobUrlError) throw new ConfigError(error.message);
    throw error;
  }
}

function smtpFrom(env: NodeJS.ProcessEnv): SmtpConfig | null {
  try {
    // SMTP_FROM is checked even without SMTP_URL: a bad value fails now, not when mail is turned on.
    const from = parseSmtpFrom(env.SMTP_FROM);
    const raw = env.SMTP_URL?.trim();
    return raw ? parseSmtpUrl(raw, from) : null;
  } catch (error) {
    if (error instanceof SmtpUrlError) throw new ConfigError(error.message);
    throw error;
  }
}

function publicUrlFrom(env: NodeJS.ProcessEnv): string | null {
  const raw = env.SIGN_PUBLIC_URL?.trim();
  if (!raw) return null;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (
    !url ||
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    url.search ||
    url.hash ||
    url.username
  ) {
    throw new ConfigError(
      `SIGN_PUBLIC_URL must be an http or https URL without query, fragment or credentials, such as https://sign.example.com, got "${raw}"`,
    );
  }
  return raw.replace(/\/+$/, "");
}

function metricsTokenFrom(env: NodeJS.ProcessEnv): string | null {
  const token = env.SIGN_METRICS_TOKEN?.trim();
  if (!token) return null;
  // A scraper's secret on every request: long enough not to be guessed.
  if (token.length < 16) throw new ConfigError("SIGN_METRICS_TOKEN must be at least 16 characters long");
  return token;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL must start with postgres:// or postgresql://");
  }
  const port = integer(env, "PORT", 3001, 0, 65535);
  return {
    port,
    host: env.HOST?.trim() || "127.0.0.1",
    dataDir: path.resolve(env.SIGN_DATA_DIR?.trim() || ".data"),
    databaseUrl,
    bodyLimitBytes: integer(env, "SIGN_BODY_LIMIT_BYTES", 1024 * 1024, 1024, 100 * 1024 * 1024),
    logLevel: env.LOG_LEVEL?.trim() || "info",
    corsOrigins: (env.SIGN_CORS_ORIGINS ?? "http://localhost:3000,https://localhost:3000")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    oidc: oidcFrom(env),
    addinManifestPath: path.resolve(env.SIGN_ADDIN_MANIFEST?.trim() || "manifest.xml"),
    authFailuresPerMinute: integer(env, "SIGN_AUTH_FAILURES_PER_MIN", 10, 1, 100_000),
    credentialCacheSeconds: integer(env, "SIGN_AUTH_CACHE_SECONDS", 5, 0, 60),
    telemetryRateLimitPerMinute: integer(env, "SIGN_TELEMETRY_PER_MIN", 60, 1, 100_000),
    telemetryBeaconSecret: env.SIGN_BEACON_SECRET?.trim() || null,
    schedulerIntervalMs: integer(env, "SIGN_SCHEDULER_INTERVAL_MS", 10_000, 0, 86_400_000),
    blobStore: blobStoreFrom(env),
    sealP12Path: env.SIGN_SEAL_P12?.trim() ? path.resolve(env.SIGN_SEAL_P12.trim()) : null,
    // Not trimmed: a password may begin or end with a space.
    sealP12Password: env.SIGN_SEAL_P12_PASSWORD ?? "",
    smtp: smtpFrom(env),
    mailAttachMaxBytes: integer(
      env,
      "SIGN_MAIL_ATTACH_MAX_BYTES",
      DEFAULT_MAIL_ATTACH_MAX_BYTES,
      0,
      50_000_000,
    ),
    publicUrl: publicUrlFrom(env),
    devRoutes: false,
    metricsToken: metricsTokenFrom(env),
    metricsPort: env.SIGN_METRICS_PORT?.trim() ? integer(env, "SIGN_METRICS_PORT", 0, 0, 65535) : null,
    drainSeconds: integer(env, "SIGN_DRAIN_SECONDS", 0, 0, 600),
    signingPageDir: env.SIGN_SIGNING_PAGE_DIR?.trim()
      ? path.resolve(env.SIGN_SIGNING_PAGE_DIR.trim())
      : path.resolve(__dirname, "../../dist/signing"),
  };
}
