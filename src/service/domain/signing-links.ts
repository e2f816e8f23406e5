// Signing links (docs/signing-page-api.md): `{SIGN_PUBLIC_URL}/sign/{token}`. A token is the id of a
// signing_links row with an HMAC of it under a key the service keeps in service_keys: nothing secret
// is stored per link (a copy of the links table opens nothing), any instance can check a token, and
// a mail's link can be shown again at any time (the workbench Mailbox) from its outbox row's id.
// Access-code grants are made the same way, with their expiry inside the HMAC.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Storage } from "../storage";

export const SIGN_PAGE_PATH = "/sign";
export const SIGNING_API_PATH = "/api/v1/signing";
const KEY_NAME = "signing-links";
/** Bytes of HMAC kept: 128 bits, 22 base64url characters at the token's end. */
const MAC_BYTES = 16;
const MAC_CHARS = 22;
/** Tokens of the page's contract: URL-safe, 20 to 200 characters. */
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;
/** How long an access-code grant lets the page act without asking again. */
export const GRANT_TTL_MS = 12 * 60 * 60_000;

export class SigningLinks {
  private constructor(
    private readonly key: Buffer,
    /** The public base URL (SIGN_PUBLIC_URL, or the service's own address once it listens). */
    private readonly baseUrl: () => string,
  ) {}

  /** Where mail readers reach this service (links to the signing page and to downloads start with it). */
  publicBase(): string {
    return this.baseUrl().replace(/\/+$/, "");
  }

  /** Reads the key from the database, making it on the first start of the first instance. */
  static async open(storage: Storage, baseUrl: () => string): Promise<SigningLinks> {
    const secret = await storage.serviceKeys.getOrCreate(
      KEY_NAME,
      randomBytes(32).toString("base64url"),
      new Date().toISOString(),
    );
    return new SigningLinks(Buffer.from(secret, "base64url"), baseUrl);
  }

  private mac(purpose: string, payload: string): string {
    return createHmac("sha256", this.key)
      .update(`${purpose}\n${payload}`)
      .digest()
      .subarray(0, MAC_BYTES)
      .toString("base64url");
  }

  private seal(purpose: string, payload: string): string {
    return Buffer.from(payload, "utf8").toString("base64url") + this.mac(purpose, payload);
  }

  /** The payload of a sealed token, or null when it is malformed or was not made with our key. */
  private open(purpose: string, token: unknown): string | null {
    if (typeof token !== "string" || !TOKEN.test(token) || token.length <= MAC_CHARS) return null;
    const encoded = token.slice(0, -MAC_CHARS);
    const payload = Buffer.from(encoded, "base64url").toString("utf8");
    // One spelling per payload: a token re-encoded differently is not ours.
    if (Buffer.from(payload, "utf8").toString("base64url") !== encoded) return null;
    // Compared as text: 16 bytes are 22 base64url characters whose last one carries 4 unused bits,
    // so decoding would accept four spellings of one MAC (a changed last character must not pass).
    const given = Buffer.from(token.slice(-MAC_CHARS), "utf8");
    const expected = Buffer.from(this.mac(purpose, payload), "utf8");
    return given.length === expected.length && timingSafeEqual(given, expected) ? payload : null;
  }

  tokenFor(linkId: string): string {
    return this.seal("link", linkId);
  }

  urlFor(linkId: string): string {
    return `${this.baseUrl().replace(/\/+$/, "")}${SIGN_PAGE_PATH}/${this.tokenFor(linkId)}`;
  }

  /** The link id a token names, or null (malformed, tampered, or another deployment's). */
  linkIdOf(token: unknown): string | null {
    return this.open("link", token);
  }

  /** A grant for the link, good until `expiresOnMs`. */
  grantFor(linkId: string, expiresOnMs: number): string {
    return this.seal("grant", `${linkId}\n${expiresOnMs}`);
  }

  /** Whether the grant was made for this link and has not expired. */
  grantAllows(grant: unknown, linkId: string, nowMs: number): boolean {
    const payload = this.open("grant", grant);
    if (payload === null) return false;
    const [id, expires] = payload.split("\n");
    return id === linkId && Number(expires) > nowMs;
  }
}
