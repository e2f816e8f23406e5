/**
 * The signing page's client of the signing routes (docs/signing-page-api.md). The link's token is
 * the only credential; after an access code, the grant the service answered travels as
 * `X-Signing-Grant` on every call of that link and is kept in sessionStorage, so a reload in the
 * same tab does not ask for the code again, while a new tab or browser does.
 */
import type {
  SigningAccessCodeGrant,
  SigningAccessCodeRequest,
  SigningDeclineRequest,
  SigningField,
  SigningFieldValueRequest,
  SigningSession,
} from "./types";

/** The token's shape in the doc: anything else cannot be a link of ours, so no request is made. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

export interface FieldProblem {
  fieldId: string;
  message: string;
}

/** A failure as the page shows it: the service's code and words, or "network" when it was not reached. */
export class SigningApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldProblems: FieldProblem[] = [],
    /** Seconds, from Retry-After on 429. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

interface GrantStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** sessionStorage when the browser lets the page use it (it may not, e.g. with storage blocked). */
export function sessionGrantStore(): GrantStore | null {
  try {
    const storage = window.sessionStorage;
    storage.getItem("probe");
    return storage;
  } catch {
    return null;
  }
}

/** The token of a page address `/…/sign/{token}`: the last path segment. */
export function tokenFromPath(pathname: string): string | null {
  const last = pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  let token: string;
  try {
    token = decodeURIComponent(last);
  } catch {
    return null;
  }
  return TOKEN_PATTERN.test(token) ? token : null;
}

/** The error body of contract §3 as the service writes it (detail/errors) or as the doc names it (message/details). */
async function errorFrom(response: Response): Promise<SigningApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    // not JSON: a proxy's page; the status says enough
  }
  const code = typeof body.code === "string" ? body.code : `http_${response.status}`;
  const message =
    (typeof body.message === "string" && body.message) ||
    (typeof body.detail === "string" && body.detail) ||
    `The service answered HTTP ${response.status}.`;
  const list = Array.isArray(body.details) ? body.details : Array.isArray(body.errors) ? body.errors : [];
  const fieldProblems: FieldProblem[] = [];
  for (const item of list) {
    if (typeof item !== "object" || item === null) continue;
    const { fieldId, field, message: text } = item as Record<string, unknown>;
    const id = typeof fieldId === "string" ? fieldId : typeof field === "string" ? field : null;
    if (id && typeof text === "string") fieldProblems.push({ fieldId: id, message: text });
  }
  const retry = Number(response.headers.get("Retry-After"));
  return new SigningApiError(
    response.status,
    code,
    message,
    fieldProblems,
    Number.isFinite(retry) && retry > 0 ? retry : null,
  );
}

export class SigningApi {
  private readonly base: string;
  private readonly fetchImpl: FetchLike;
  private readonly store: GrantStore | null;
  private grant: string | null;

  constructor(
    readonly token: string,
    options: { base?: string; fetch?: FetchLike; store?: GrantStore | null } = {},
  ) {
    this.base = (options.base ?? "").replace(/\/+$/, "");
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.store = options.store === undefined ? sessionGrantStore() : options.store;
    this.grant = this.readGrant();
  }

  private get grantKey(): string {
    return `sign-for-outlook.signing-grant.${this.token}`;
  }

  private readGrant(): string | null {
    try {
      return this.store?.getItem(this.grantKey) ?? null;
    } catch {
      return null;
    }
  }

  /** Headers every call of this link sends (also pdf.js's document requests). */
  headers(): Record<string, string> {
    return this.grant ? { "X-Signing-Grant": this.grant } : {};
  }

  /** Forgets a grant the service no longer takes (it asked for the code again). */
  forgetGrant(): void {
    this.grant = null;
    try {
      this.store?.removeItem(this.grantKey);
    } catch {
      // nothing stored
    }
  }

  private url(suffix = ""): string {
    return `${this.base}/api/v1/signing/${encodeURIComponent(this.token)}${suffix}`;
  }

  documentUrl(documentId: string): string {
    return this.url(`/documents/${encodeURIComponent(documentId)}`);
  }

  private async call<T>(method: string, suffix: string, body?: unknown, extra: RequestInit = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json", ...this.headers() };
    let payload: BodyInit | undefined;
    if (body instanceof Blob) {
      payload = body;
    } else if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
    Object.assign(headers, extra.headers ?? {});
    let response: Response;
    try {
      response = await this.fetchImpl(this.url(suffix), {
        ...extra,
        method,
        headers,
        body: payload,
        cache: "no-store",
        credentials: "omit",
      });
    } catch {
      throw new SigningApiError(
        0,
        "network",
        "The signing service could not be reached. Check your connection and try again.",
      );
    }
    if (!response.ok) {
      const error = await errorFrom(response);
      if (error.code === "access_code_required") this.forgetGrant();
      throw error;
    }
    return (await response.json()) as T;
  }

  session(): Promise<SigningSession> {
    return this.call("GET", "");
  }

  async submitAccessCode(accessCode: string): Promise<void> {
    const { grant } = await this.call<SigningAccessCodeGrant>("POST", "/access-code", {
      accessCode,
    } satisfies SigningAccessCodeRequest);
    this.grant = grant;
    try {
      this.store?.setItem(this.grantKey, grant);
    } catch {
      // kept in memory for this page only
    }
  }

  saveField(fieldId: string, value: string | null): Promise<SigningField> {
    return this.call("PUT", `/fields/${encodeURIComponent(fieldId)}`, {
      value,
    } satisfies SigningFieldValueRequest);
  }

  attach(fieldId: string, file: File): Promise<SigningField> {
    // A header carries Latin-1 only: other names travel %-encoded rather than fail in fetch.
    const name = /^[\x20-\x7e]+$/.test(file.name) ? file.name : encodeURIComponent(file.name);
    return this.call("POST", `/fields/${encodeURIComponent(fieldId)}/attachment`, file, {
      headers: { "Content-Type": file.type || "application/octet-stream", "X-File-Name": name },
    });
  }

  finish(): Promise<SigningSession> {
    return this.call("POST", "/finish");
  }

  decline(reason: string): Promise<SigningSession> {
    return this.call("POST", "/decline", { reason } satisfies SigningDeclineRequest);
  }
}
