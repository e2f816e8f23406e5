// Shared by the signing tests: a real SMTP server whose mails are parsed with mailparser, and packages
// made and sent through the API with a real PDF, so that every link a test follows came out of a mail.
import type { ParsedMail } from "mailparser";
import { PDFDocument } from "pdf-lib";
import type { ServiceConfig } from "../../src/service/config";
import { startTestService, type Backend, type TestService } from "./harness";
import { startSmtpInbox } from "./smtp-inbox";

export interface ReceivedMail {
  to: string;
  mail: ParsedMail;
  text: string;
}

/** An SMTP server on 127.0.0.1 (smtp-inbox.ts); `received` has one entry per recipient of each mail. */
export async function startMailbox() {
  const inbox = await startSmtpInbox();
  return {
    url: inbox.url,
    get received(): ReceivedMail[] {
      return inbox.received.flatMap(({ envelopeTo, mail }) =>
        envelopeTo.map((to) => ({ to, mail, text: mail.text ?? "" })),
      );
    },
    close: inbox.close,
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** The signing links in a mail's text. */
export const linksIn = (text: string): string[] => text.match(/https?:\/\/\S+\/sign\/[A-Za-z0-9_-]+/g) ?? [];
export const tokenOf = (link: string): string => link.slice(link.lastIndexOf("/") + 1);

/** A PDF of `pages` letter pages. */
export async function samplePdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return doc.save();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in tests.
export type Json = Record<string, any> & { id: string };

/** The route that makes a signing link for a sent package's signer (contract §6.3 signing-url). */
export const signingUrlRoute = (sent: { pkg: Json; signers: Json[] }, signer = 0): string =>
  `/api/v1/packages/${sent.pkg.id}/signers/${sent.signers[signer]!.id}/signing-url`;

export function world(service: () => TestService, mailbox: () => Mailbox, token: () => string) {
  async function call<T = Json>(
    method: string,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await service().call(method, route, { token: token(), body, headers });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as T,
    };
  }

  /** The signing API as the page calls it: no credential, the token in the path, a grant maybe. */
  async function sign<T = Json>(
    method: string,
    linkToken: string,
    rest = "",
    body?: unknown,
    grant?: string,
  ) {
    const headers: Record<string, string> = grant ? { "x-signing-grant": grant } : {};
    const response = await service().call(method, `/api/v1/signing/${linkToken}${rest}`, { body, headers });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null) as T,
    };
  }

  /**
   * Makes and sends a package through the API: one uploaded PDF, the signers, and the fields given
   * per signer (default: one required Signature each).
   */
  async function sendPackage(
    signers: Record<string, unknown>[],
    options: {
      package?: Record<string, unknown>;
      fields?: (signerIndex: number) => Record<string, unknown>[];
      send?: boolean;
    } = {},
  ) {
    const pkg = (
      await call("POST", "/api/v1/packages", {
        name: "Lease 2025",
        senderEmail: "owner@contoso.com",
        senderName: "Olivia Owner",
        ...options.package,
      })
    ).body;
    const form = new FormData();
    form.append(
      "file",
      new Blob([new Uint8Array(await samplePdf(2))], { type: "application/pdf" }),
      "lease.pdf",
    );
    const uploaded = await fetch(`${service().url}/api/v1/packages/${pkg.id}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${token()}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const document = (await uploaded.json()) as Json;
    const added = await call<Json[]>("POST", `/api/v1/packages/${pkg.id}/signers/bulk`, { signers });
    expect(added.status).toBe(201);
    const fields = options.fields ?? (() => [{ type: "Signature" }]);
    for (const [i, x] of added.body.entries()) {
      for (const [j, f] of fields(i).entries()) {
        const body = {
          documentId: document.id,
          signerId: x.id,
          page: 1,
          x: 72 + j * 5,
          y: 100 + i * 60 + j * 30,
          ...f,
        };
        const created = await call("POST", `/api/v1/packages/${pkg.id}/annotations`, body);
        expect(created.status).toBe(201);
      }
    }
    if (options.send !== false) {
      const sent = await call("POST", `/api/v1/packages/${pkg.id}/send`);
      expect(sent.status).toBe(200);
    }
    return { pkg, document, signers: added.body };
  }

  /** Waits until `count` mails to `address` have arrived (the scheduler delivers them); answers them all. */
  async function mailsTo(address: string, count = 1, timeoutMs = 30_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mailbox().received.filter((m) => m.to === address);
      if (found.length >= count) return found;
      if (Date.now() > deadline) {
        throw new Error(
          `${found.length} of ${count} mails to ${address} arrived; all: ${mailbox()
            .received.map((m) => m.to)
            .join(", ")}`,
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The token of the newest signing link mailed to the address. */
  async function linkFor(address: string, count = 1): Promise<string> {
    const mails = await mailsTo(address, count);
    const links = linksIn(mails[count - 1]!.text);
    expect(links).toHaveLength(1);
    return tokenOf(links[0]!);
  }

  /** Sends a package to one signer (options as sendPackage) and answers it with the link mailed to them. */
  async function sendToSigner(
    signer: Record<string, unknown>,
    options: Parameters<typeof sendPackage>[1] = {},
  ) {
    const sent = await sendPackage([signer], options);
    return { ...sent, link: await linkFor(signer.email as string) };
  }

  /**
   * Signs every Signature field of the link's signer (a PNG) and finishes, expecting each step to
   * succeed; answers the finish.
   */
  async function signAndFinish(link: string, grant?: string) {
    for (const field of (await sign("GET", link, "", undefined, grant)).body.fields as Json[]) {
      if (field.type !== "Signature") continue;
      const saved = await sign("PUT", link, `/fields/${field.id}`, { value: PNG_DATA_URL }, grant);
      expect(saved.status).toBe(200);
    }
    const finished = await sign("POST", link, "/finish", undefined, grant);
    expect(finished.body.state).toBe("Completed");
    return finished;
  }

  /**
   * A package one person signs from the mail's link (a Signature on each of their fields) and
   * finishes; answered once the service's scheduler has sealed it (DocumentsSealed in its trail).
   */
  async function signedAndSealed(email: string) {
    const sent = await sendToSigner({ email, name: "Signer" });
    await signAndFinish(sent.link);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const trail = (await call<Json[]>("GET", `/api/v1/packages/${sent.pkg.id}/audit-trail`)).body;
      if (trail.some((e) => e.action === "DocumentsSealed")) return sent;
      if (Date.now() > deadline) throw new Error("the package was not sealed within 60 s");
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return { call, sign, sendPackage, sendToSigner, mailsTo, linkFor, signAndFinish, signedAndSealed };
}

/** A 1x1 PNG as a data: URL, for Signature and Initials values. */
export const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/**
 * A signing test's describe block: a real mailbox, a service on `backend` that mails it and seals at
 * once (its scheduler every 50 ms), and a token of `tenant`; started before the block's tests and
 * closed after them. `env` adds to or overrides the service's settings (a function: read when the
 * service starts, for what an earlier beforeAll made); `config` sets what no variable does
 * (devRoutes). With `tokenPerTest` each test gets a token of its own tenant (`tenant-1`, `tenant-2`…),
 * so no test sees another's packages. The service, mailbox and token are getters: they exist once
 * the block's beforeAll (or, per test, beforeEach) has run.
 */
export function useSigningWorld(
  backend: Backend,
  tenant: string,
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: { config?: Partial<ServiceConfig>; tokenPerTest?: boolean } = {},
) {
  let service: TestService | undefined;
  let mailbox: Mailbox | undefined;
  let token: string | undefined;
  let tests = 0;
  beforeAll(async () => {
    mailbox = await startMailbox();
    service = await startTestService(
      backend,
      {
        SIGN_SCHEDULER_INTERVAL_MS: "50",
        SMTP_URL: mailbox.url,
        ...(typeof env === "function" ? env() : env),
      },
      undefined,
      options.config,
    );
    if (!options.tokenPerTest) token = await service.token(tenant);
  }, 120_000);
  beforeEach(async () => {
    tests++;
    if (options.tokenPerTest) token = await service!.token(`${tenant}-${tests}`);
  });
  afterAll(async () => {
    await service?.close();
    await mailbox?.close();
  });
  return {
    ...world(
      () => service!,
      () => mailbox!,
      () => token!,
    ),
    /** An address unique to the running test (the mailbox is the block's). */
    at: (name: string) => `${name}.${tests}@contoso.com`,
    get service(): TestService {
      return service!;
    },
    get mailbox(): Mailbox {
      return mailbox!;
    },
    get token(): string {
      return token!;
    },
  };
}
