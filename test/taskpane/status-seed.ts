/**
 * Sends a real package through the service's own routes, as the Send view will: create with the
 * mail's `source`, upload a PDF (multipart), add signers, put a Signature field per signer, send.
 * Used by the Status view's component tests, its browser test and its benchmark. node:http only, so
 * it runs under jsdom too.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";

export const FIXTURE_PDF = readFileSync(
  path.join(__dirname, "..", "fixtures", "master-services-agreement.pdf"),
);

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}

/** One request to the service; JSON in and out unless `raw` gives the body and its type. */
export function callService<T = Record<string, unknown> & { id: string }>(
  base: string,
  token: string,
  method: string,
  route: string,
  body?: unknown,
  raw?: { data: Buffer; type: string },
): Promise<Reply<T>> {
  return new Promise((resolve, reject) => {
    const data = raw ? raw.data : body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    // The signing page's routes take no credential but the link: token "" sends none.
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (data) {
      headers["content-type"] = raw ? raw.type : "application/json";
      headers["content-length"] = String(data.length);
    }
    const req = request(base + route, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: (text ? JSON.parse(text) : null) as T,
        });
      });
    });
    req.on("error", reject);
    if (data) req.write(data);
    req.end();
  });
}

async function ok<T>(reply: Promise<Reply<T>>, what: string): Promise<T> {
  const r = await reply;
  if (r.status >= 300) throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export interface SeedOptions {
  name: string;
  conversationId?: string | null;
  internetMessageId?: string | null;
  subject?: string;
  /** A signer with a clientUserId signs embedded: the service mails them nothing (Sign it yourself). */
  signers: { email: string; name: string; clientUserId?: string }[];
  enforceSigningOrder?: boolean;
  expirationDate?: string;
  /** Who sends it (the package's senderEmail: the Status view's "All packages" lists the user's). */
  senderEmail?: string;
  /** Leave it a Draft. */
  draft?: boolean;
  /**
   * Puts the document in some other way and answers its id (jsdom tests: pdf.js does not run under
   * jsdom, so they insert the row through the in-process service's storage, as the service tests do).
   */
  addDocument?: (packageId: string) => Promise<string>;
}

export interface Seeded {
  id: string;
  signerIds: string[];
  documentId: string;
}

export async function seedPackage(base: string, token: string, options: SeedOptions): Promise<Seeded> {
  const pkg = await ok(
    callService(base, token, "POST", "/api/v1/packages", {
      name: options.name,
      emailSubject: `Please sign: ${options.name}`,
      enforceSigningOrder: options.enforceSigningOrder ?? false,
      ...(options.expirationDate ? { expirationDate: options.expirationDate } : {}),
      ...(options.senderEmail ? { senderEmail: options.senderEmail } : {}),
      source: {
        kind: "outlook",
        conversationId: options.conversationId ?? null,
        internetMessageId: options.internetMessageId ?? null,
        subject: options.subject ?? options.name,
      },
    }),
    "create",
  );
  const documentId = options.addDocument
    ? await options.addDocument(pkg.id)
    : await uploadPdf(base, token, pkg.id);
  const signers = await ok(
    callService<{ id: string }[]>(base, token, "POST", `/api/v1/packages/${pkg.id}/signers/bulk`, {
      signers: options.signers.map((s, i) => ({
        ...s,
        routingOrder: options.enforceSigningOrder ? i + 1 : 1,
      })),
    }),
    "signers",
  );
  await ok(
    callService(base, token, "POST", `/api/v1/packages/${pkg.id}/annotations/bulk`, {
      annotations: signers.map((s, i) => ({
        documentId,
        signerId: s.id,
        type: "Signature",
        page: 1,
        x: 72,
        y: 500 + i * 50,
        width: 180,
        height: 36,
      })),
    }),
    "annotations",
  );
  if (!options.draft) await ok(callService(base, token, "POST", `/api/v1/packages/${pkg.id}/send`), "send");
  return { id: pkg.id, signerIds: signers.map((s) => s.id), documentId };
}

/** Uploads the fixture PDF through the direct upload route (multipart); answers the document's id. */
export async function uploadPdf(base: string, token: string, packageId: string): Promise<string> {
  const boundary = `----status${Math.random().toString(36).slice(2)}`;
  const multipart = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="master-services-agreement.pdf"\r\n` +
        "Content-Type: application/pdf\r\n\r\n",
    ),
    FIXTURE_PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const document = await ok(
    callService(base, token, "POST", `/api/v1/packages/${packageId}/documents`, undefined, {
      data: multipart,
      type: `multipart/form-data; boundary=${boundary}`,
    }),
    "upload",
  );
  return document.id;
}

/** A 1×1 PNG: a drawn signature as the signing page sends it. */
const SIGNATURE_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/**
 * Signs as one signer through the signing page's API (docs/signing-page-api.md): the sender's
 * signing-url gives the link, every field gets a value, then finish. Answers the session's state.
 */
export async function signAs(
  base: string,
  token: string,
  packageId: string,
  signerId: string,
): Promise<string> {
  const link = await ok(
    callService<{ url: string }>(
      base,
      token,
      "POST",
      `/api/v1/packages/${packageId}/signers/${signerId}/signing-url`,
      {},
    ),
    "signing-url",
  );
  const linkToken = new URL(link.url, base).pathname.split("/").pop()!;
  const api = `/api/v1/signing/${linkToken}`;
  const session = await ok(
    callService<{ fields: { id: string; type: string; auto: string | null }[] }>(base, "", "GET", api),
    "session",
  );
  for (const field of session.fields) {
    if (field.auto) continue;
    const value = field.type === "Signature" || field.type === "Initials" ? SIGNATURE_PNG : "x";
    await ok(callService(base, "", "PUT", `${api}/fields/${field.id}`, { value }), `field ${field.type}`);
  }
  const done = await ok(callService<{ state: string }>(base, "", "POST", `${api}/finish`), "finish");
  return done.state;
}
