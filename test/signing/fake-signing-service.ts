/**
 * The signing routes of docs/signing-page-api.md as a fetch function over memory, for the page's
 * component tests under jsdom (which has no network). It answers what the doc says and records every
 * call; the browser test (test/browser/signing-page.test.ts) runs the page against the real service.
 */
import type { FieldType, SigningField, SigningSession } from "../../src/signing/types";

export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

function response({ status, body, headers = {} }: Reply): Response {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    json: async () => {
      if (body === undefined) throw new SyntaxError("no body");
      return JSON.parse(JSON.stringify(body));
    },
  } as unknown as Response;
}

const problem = (status: number, code: string, detail: string, errors?: unknown[]) =>
  ({
    status,
    body: { status, code, detail, traceId: "0".repeat(32), ...(errors ? { errors } : {}) },
  }) as Reply;

export const TOKEN = "tok_ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export function field(partial: Partial<SigningField> & { id: string; type: FieldType }): SigningField {
  return {
    documentId: "doc1",
    page: 1,
    x: 72,
    y: 100,
    width: 150,
    height: 24,
    required: true,
    label: null,
    group: null,
    options: null,
    value: null,
    isCompleted: false,
    auto: null,
    ...partial,
  };
}

export function session(partial: Partial<SigningSession> = {}): SigningSession {
  return {
    state: "Ready",
    package: {
      id: "pkg1",
      name: "Mutual NDA",
      status: "Sent",
      emailMessage: "Please sign by Friday.",
      senderName: "Sam Sender",
      senderEmail: "sam@example.com",
      expirationDate: "2026-12-31",
    },
    signer: {
      id: "s1",
      name: "Jane Roe",
      email: "jane@example.com",
      type: "Signer",
      status: "Sent",
      routingOrder: 1,
      isGroupSlot: false,
      groupName: null,
    },
    completedBy: null,
    declineReason: null,
    voidedReason: null,
    returnUrl: null,
    documents: [
      {
        id: "doc1",
        name: "nda.pdf",
        pageCount: 2,
        pages: [
          { width: 612, height: 792 },
          { width: 612, height: 792 },
        ],
      },
    ],
    fields: [],
    ...partial,
  };
}

export class FakeSigningService {
  calls: Call[] = [];
  grant: string | null = null;
  wrongCodes = 0;
  /** Answers the next PUT with this instead (e.g. a network failure). */
  nextPut: Reply | "network" | null = null;

  constructor(
    public state: SigningSession,
    readonly options: { accessCode?: string; token?: string } = {},
  ) {}

  get token(): string {
    return this.options.token ?? TOKEN;
  }

  value(id: string): string | null {
    return this.state.fields.find((f) => f.id === id)?.value ?? null;
  }

  private granted(headers: Record<string, string>): boolean {
    return !this.options.accessCode || (this.grant !== null && headers["x-signing-grant"] === this.grant);
  }

  fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const method = init.method ?? "GET";
    const url = new URL(input, "http://signing.test");
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    let body: unknown = init.body;
    if (typeof init.body === "string") body = JSON.parse(init.body);
    this.calls.push({ method, path: url.pathname, headers, body });
    if (method === "PUT" && this.nextPut) {
      const next = this.nextPut;
      this.nextPut = null;
      if (next === "network") throw new TypeError("Failed to fetch");
      return response(next);
    }
    return response(this.route(method, url.pathname, headers, body));
  };

  private route(method: string, path: string, headers: Record<string, string>, body: unknown): Reply {
    const prefix = `/api/v1/signing/${this.token}`;
    if (!path.startsWith(prefix)) return problem(404, "not_found", "This signing link is not valid.");
    const rest = path.slice(prefix.length);
    const s = this.state;

    if (method === "POST" && rest === "/access-code") {
      const code = (body as { accessCode?: string }).accessCode;
      if (this.wrongCodes >= 5) {
        return {
          ...problem(429, "rate_limited", "Too many wrong codes."),
          headers: { "Retry-After": "600" },
        };
      }
      if (code !== this.options.accessCode) {
        this.wrongCodes += 1;
        return problem(400, "invalid_access_code", "The access code is not right.");
      }
      this.grant = "grant-1234";
      return { status: 200, body: { grant: this.grant, expiresOn: "2030-01-01T00:00:00Z" } };
    }
    if (method === "GET" && rest === "") {
      if (!this.granted(headers))
        return { status: 200, body: { ...s, state: "AccessCodeRequired", documents: [], fields: [] } };
      return { status: 200, body: s };
    }
    if (!this.granted(headers)) return problem(403, "access_code_required", "Enter the access code first.");
    if (s.state !== "Ready") return problem(400, "invalid_state", `The package is ${s.state}.`);

    const fieldMatch = /^\/fields\/([^/]+)$/.exec(rest);
    if (method === "PUT" && fieldMatch) {
      const f = s.fields.find((x) => x.id === decodeURIComponent(fieldMatch[1]!));
      if (!f) return problem(404, "not_found", "No such field.");
      const value = (body as { value: string | null }).value;
      if (f.type === "Number" && value !== null && !/^-?\d+(\.\d+)?$/.test(value))
        return problem(400, "validation_failed", "value must be a decimal number.", [
          { field: f.id, message: "Must be a decimal number." },
        ]);
      if (f.type === "Text" && value === "refuse me")
        return problem(400, "validation_failed", "The service refuses this text.", [
          { field: f.id, message: "The service refuses this text." },
        ]);
      f.value = value;
      f.isCompleted = value !== null;
      return { status: 200, body: f };
    }
    const attachMatch = /^\/fields\/([^/]+)\/attachment$/.exec(rest);
    if (method === "POST" && attachMatch) {
      const f = s.fields.find((x) => x.id === decodeURIComponent(attachMatch[1]!))!;
      f.value = headers["x-file-name"] ?? "file";
      f.isCompleted = true;
      return { status: 200, body: f };
    }
    if (method === "POST" && rest === "/finish") {
      const missing = s.fields.filter((f) => f.required && !f.auto && !f.value);
      if (missing.length > 0)
        return {
          status: 400,
          body: {
            code: "validation_failed",
            message: "Required fields are empty.",
            details: missing.map((f) => ({ fieldId: f.id, message: "This field is required." })),
            traceId: "1".repeat(32),
          },
        };
      this.state = { ...s, state: "Completed", signer: { ...s.signer, status: "Completed" } };
      return { status: 200, body: this.state };
    }
    if (method === "POST" && rest === "/decline") {
      const reason = (body as { reason: string }).reason;
      this.state = {
        ...s,
        state: "Declined",
        declineReason: reason,
        signer: { ...s.signer, status: "Declined" },
        documents: [],
        fields: [],
      };
      return { status: 200, body: this.state };
    }
    return problem(404, "not_found", "No such route.");
  }
}
