// SMTP_URL and SMTP_FROM: where notifications are sent from, in two values.
//
//   smtp://USER:PASS@HOST[:PORT][?requireTLS=true]   port 587 by default; STARTTLS when the server offers it
//   smtps://USER:PASS@HOST[:PORT]                    port 465 by default; TLS from the first byte
//
// - USER and PASS are percent-encoded (an "@" in a password is %40); without them no AUTH is sent
//   (a relay that trusts the service's address).
// - requireTLS=true refuses to go on when a smtp:// server does not offer STARTTLS, so that the
//   password never crosses the network in clear text because someone stripped the offer.
// - SMTP_FROM is `Name <address>` or a bare address; default `Sign for Outlook <no-reply@localhost>`.
//
// The password lives only in `SmtpConfig.auth`; `display` is the URL without it, for messages and logs.

export interface MailAddress {
  name: string | null;
  address: string;
}

export interface SmtpConfig {
  host: string;
  port: number;
  /** smtps: TLS from the start; smtp: plain, upgraded with STARTTLS when offered (or required). */
  secure: boolean;
  requireTLS: boolean;
  auth: { user: string; pass: string } | null;
  from: MailAddress;
  /** The URL without its password: safe to print. */
  display: string;
}

export class SmtpUrlError extends Error {}

export const DEFAULT_FROM = "Sign for Outlook <no-reply@localhost>";

const KNOWN_PARAMS = new Set(["requireTLS"]);
// eslint-disable-next-line no-control-regex -- control characters are what this looks for.
const CONTROL = /[\u0000-\u001f\u007f]/;
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/;

/** The URL as it may be shown: the password, if any, replaced by ***. */
function redact(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password) copy.password = "***";
  return copy.href.replace(/\/$/, "");
}

export function parseSmtpFrom(value: string | undefined): MailAddress {
  const raw = value?.trim() || DEFAULT_FROM;
  // A From with a line break in it would be a header of its own in every mail sent.
  if (CONTROL.test(raw)) throw new SmtpUrlError("SMTP_FROM must not contain control characters");
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(raw);
  const name = named ? named[1]!.trim().replace(/^"(.*)"$/, "$1") || null : null;
  const address = named ? named[2]!.trim() : raw;
  if (!ADDRESS.test(address)) {
    throw new SmtpUrlError(
      `SMTP_FROM must be an address or "Name <address>", such as ${DEFAULT_FROM}; got "${raw}"`,
    );
  }
  return { name, address };
}

export function parseSmtpUrl(value: string, from: MailAddress): SmtpConfig {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Not echoed: the value may hold a password.
    throw new SmtpUrlError("SMTP_URL must be a URL such as smtp://user:pass@mail.example.com:587");
  }
  const shown = redact(url);
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new SmtpUrlError(`SMTP_URL must start with smtp:// or smtps://, got ${shown}`);
  }
  if (!url.hostname) throw new SmtpUrlError(`SMTP_URL must name a host, got ${shown}`);
  if (url.pathname !== "" && url.pathname !== "/") {
    throw new SmtpUrlError(`SMTP_URL takes no path, got ${shown}`);
  }
  if (url.hash) throw new SmtpUrlError(`SMTP_URL takes no #fragment, got ${shown}`);
  for (const key of url.searchParams.keys()) {
    if (!KNOWN_PARAMS.has(key)) throw new SmtpUrlError(`SMTP_URL: unknown parameter "${key}"`);
  }
  const requireRaw = url.searchParams.get("requireTLS");
  if (requireRaw !== null && requireRaw !== "true" && requireRaw !== "false") {
    throw new SmtpUrlError(`SMTP_URL: requireTLS must be true or false, got "${requireRaw}"`);
  }
  const secure = url.protocol === "smtps:";
  if (secure && requireRaw !== null) {
    throw new SmtpUrlError("SMTP_URL: requireTLS is for smtp://; smtps:// is TLS from the start");
  }
  let user: string;
  let pass: string;
  try {
    user = decodeURIComponent(url.username);
    pass = decodeURIComponent(url.password);
  } catch {
    throw new SmtpUrlError(`SMTP_URL: the user or password has a broken %-escape, in ${shown}`);
  }
  if (!user && pass) throw new SmtpUrlError(`SMTP_URL: a password needs a user name, in ${shown}`);
  return {
    // URL keeps the brackets of an IPv6 address; the socket wants it bare.
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTLS: requireRaw === "true",
    auth: user ? { user, pass } : null,
    from,
    display: shown,
  };
}
