import { createTransport } from "nodemailer";
import type { MailAddress, SmtpConfig } from "./smtp-url";

/** One notification, ready to go: every header value already a single line (see messages.ts). */
export interface OutgoingMail {
  to: MailAddress;
  subject: string;
  text: string;
  html: string;
  /**
   * The outbox row's id: the Message-ID is made of it, so that a copy sent twice (after a crash) is
   * recognisably the same mail.
   */
  id: string;
  /** More headers (single-line values), e.g. the package's id (src/shared/notification-headers.ts). */
  headers?: Record<string, string>;
  /** Files sent with the mail (a Completed mail's signed PDFs), read from the blob store when it is sent. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/**
 * Why a send failed, in words fit for the outbox's last_error (no password), and what to do:
 * `permanent` — the server refused this message for good (5xx to RCPT TO or DATA): retrying gets
 * the same answer. `affectsAll` — the server or the way to it failed, not this message (connection,
 * TLS, login, a refused sender): the next mails would fail alike, so the batch stops.
 */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly affectsAll: boolean,
  ) {
    super(message);
  }
}

export interface Mailer {
  /** Resolves once the server accepted the mail; rejects with MailSendError. */
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<void>;
  close(): void;
}

/** Longest a single send may take (connect, greet, log in, transfer); the outbox's lease allows for it. */
export const SEND_TIMEOUT_MS = 60_000;

const MAX_ERROR_LENGTH = 500;

interface NodemailerError extends Error {
  code?: string;
  command?: string;
  responseCode?: number;
}

/** Every form the password may take on the wire (plain, %-encoded, AUTH PLAIN's and LOGIN's base64). */
function secretsOf(config: SmtpConfig): string[] {
  if (!config.auth?.pass) return [];
  const { user, pass } = config.auth;
  return [
    pass,
    encodeURIComponent(pass),
    Buffer.from(pass).toString("base64"),
    Buffer.from(`\0${user}\0${pass}`).toString("base64"),
  ].filter((s) => s.length >= 3);
}

/** An error's message, one line, without the password, at most MAX_ERROR_LENGTH characters. */
export function describeError(error: unknown, secrets: readonly string[]): string {
  let text = error instanceof Error ? error.message : String(error);
  for (const secret of secrets) text = text.split(secret).join("***");
  // eslint-disable-next-line no-control-regex -- a server's reply may hold any byte.
  text = text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

/** Sorts a nodemailer error into the outbox's three outcomes (see MailSendError). */
export function classify(error: unknown, secrets: readonly string[]): MailSendError {
  const e = error as NodemailerError;
  const message = describeError(error, secrets);
  // Replies to this message's recipient or content; everything else (connecting, TLS, AUTH, MAIL
  // FROM) is about the server or our configuration, which a retry after it is fixed gets past.
  const aboutThisMessage = e.command === "RCPT TO" || e.command === "DATA";
  if (aboutThisMessage) {
    const code = e.responseCode;
    // 503 is "bad sequence of commands": the session's state, not the message (RFC 5321).
    const permanent = code !== undefined && code >= 500 && code < 600 && code !== 503;
    return new MailSendError(message, permanent, false);
  }
  // An address nodemailer itself refuses (no reply involved) never becomes valid.
  if (e.code === "EENVELOPE" && e.command === "API" && /recipient/i.test(e.message)) {
    return new MailSendError(message, true, false);
  }
  return new MailSendError(message, false, true);
}

/**
 * Sends through one pooled SMTP connection, reused across messages and ticks (closed after 4 idle
 * minutes): a batch costs one TLS handshake and one login, not one per mail.
 */
export function createMailer(config: SmtpConfig): Mailer {
  const secrets = secretsOf(config);
  const transport = createTransport({
    pool: true,
    maxConnections: 1,
    // The outbox retries, with backoff and a count; the pool must not resend on its own as well.
    maxRequeues: 0,
    host: config.host,
    port: config.port,
    secure: config.secure,
    requireTLS: config.requireTLS,
    auth: config.auth ?? undefined,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: SEND_TIMEOUT_MS,
    dnsTimeout: 30_000,
    // Never logs: its debug output would carry the AUTH exchange.
    logger: false,
    debug: false,
    // Messages are built here from text; nothing may make the transport read files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const messageDomain = config.from.address.split("@").pop()!;
  const from = config.from.name
    ? { name: config.from.name, address: config.from.address }
    : config.from.address;
  return {
    async send(mail, signal) {
      const timeout = AbortSignal.timeout(SEND_TIMEOUT_MS);
      try {
        await transport.sendMail({
          from,
          to: mail.to.name ? { name: mail.to.name, address: mail.to.address } : mail.to.address,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${mail.id}@${messageDomain}>`,
          // RFC 3834: an automatic message; out-of-office replies should not answer it.
          headers: { ...mail.headers, "Auto-Submitted": "auto-generated" },
          ...(mail.attachments?.length
            ? {
                attachments: mail.attachments.map((a) => ({
                  filename: a.filename,
                  contentType: a.contentType,
                  content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
                })),
              }
            : {}),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        throw classify(error, secrets);
      }
    },
    close() {
      transport.close();
    },
  };
}
