// A real SMTP server (smtp-server) for the tests of what the service mails: it keeps every mail it
// receives, parsed with mailparser, with the envelope's recipients (who the mail really goes to,
// whatever its headers say). A test may make it refuse logins or recipients to see the outbox retry.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** RCPT TO, as the server took them. */
  envelopeTo: string[];
  raw: string;
  mail: ParsedMail;
}

export interface SmtpInbox {
  /** smtp://127.0.0.1:port, with the login when one was given. */
  url: string;
  /** Every mail received, in order of arrival. */
  received: ReceivedMail[];
  /** user:password of every login tried. */
  logins: string[];
  /** Refuse every login (535). */
  rejectLogin: boolean;
  /** An SMTP code to refuse a recipient with (4xx: try later, 5xx: no such user), or null to take it. */
  answer: (address: string) => number | null;
  /**
   * Called once a mail is received in full and kept, before the server answers its DATA: the reply
   * waits for the promise (a slow server, or one whose 250 is still on its way when the client stops).
   */
  beforeReply: ((received: ReceivedMail) => Promise<void>) | null;
  /** The parsed mails received, in order. */
  mails(): ParsedMail[];
  /** The parsed mails whose envelope includes `address`. */
  mailsTo(address: string): ParsedMail[];
  /** Forgets what was received and takes every login and recipient again. */
  reset(): void;
  close(): Promise<void>;
}

/** Starts an SMTP server on 127.0.0.1; `login` makes the URL carry that user and password. */
export async function startSmtpInbox(login?: { user: string; password: string }): Promise<SmtpInbox> {
  const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      inbox.logins.push(`${auth.username}:${auth.password}`);
      if (inbox.rejectLogin) return callback(refusal(535, "Authentication credentials invalid"));
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      const code = inbox.answer(address.address);
      if (code) return callback(refusal(code, code < 500 ? "Try again later" : "No such user here"));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then(async (mail) => {
            const received = { envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, mail };
            inbox.received.push(received);
            await inbox.beforeReply?.(received);
          })
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  const credentials = login ? `${encodeURIComponent(login.user)}:${encodeURIComponent(login.password)}@` : "";
  const inbox: SmtpInbox = {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received: [],
    logins: [],
    rejectLogin: false,
    answer: () => null,
    beforeReply: null,
    mails: () => inbox.received.map((r) => r.mail),
    mailsTo: (address) => inbox.received.filter((r) => r.envelopeTo.includes(address)).map((r) => r.mail),
    reset() {
      inbox.received.length = 0;
      inbox.logins.length = 0;
      inbox.rejectLogin = false;
      inbox.answer = () => null;
      inbox.beforeReply = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return inbox;
}
