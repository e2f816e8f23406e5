import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { STATUS_CODES } from "node:http";
import { ApiError, validationFailed, type ErrorCode, type FieldError } from "../errors";

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** `/members/2/email` → `members[2].email`, the way a client names the property. */
function fieldOf(issue: ValidationIssue): string {
  const parts = issue.instancePath
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (issue.keyword === "required" && typeof issue.params.missingProperty === "string") {
    parts.push(issue.params.missingProperty);
  }
  const path = parts.reduce(
    (path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part),
    "",
  );
  return path || "body";
}

function messageOf(issue: ValidationIssue, field: string): string {
  const name = field === "body" ? "The body" : field;
  const p = issue.params;
  switch (issue.keyword) {
    case "required":
      return `${name} is required.`;
    case "type":
      return `${name} must be ${String(p.type).replace(/,/g, " or ")}.`;
    case "minLength":
      return Number(p.limit) === 1
        ? `${name} must not be empty.`
        : `${name} must be at least ${p.limit} characters.`;
    case "maxLength":
      return `${name} must be at most ${p.limit} characters.`;
    case "minimum":
      return `${name} must be ${p.limit} or more.`;
    case "maximum":
      return `${name} must be ${p.limit} or less.`;
    case "minItems":
      return `${name} must have at least ${p.limit} item${Number(p.limit) === 1 ? "" : "s"}.`;
    case "maxItems":
      return `${name} must have at most ${p.limit} items.`;
    case "format":
      return `${name} must be a valid ${p.format}.`;
    case "enum":
      return `${name} must be one of: ${(p.allowedValues as unknown[]).join(", ")}.`;
    case "pattern":
      return `${name} has an invalid format.`;
    default:
      return `${name} ${issue.message ?? "is invalid"}.`;
  }
}

export function validationErrors(issues: ValidationIssue[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of issues) {
    // anyOf/oneOf repeat each branch's complaint; one clear message per field is enough.
    if (issue.keyword === "anyOf" || issue.keyword === "oneOf") continue;
    const field = fieldOf(issue);
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: messageOf(issue, field) });
  }
  return out;
}

interface Problem {
  status: number;
  code: ErrorCode;
  detail: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
}

function problemOf(error: FastifyError | ApiError | Error): Problem {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      code: error.code,
      detail: error.detail,
      errors: error.errors,
      headers: error.headers,
    };
  }
  const fe = error as FastifyError & { validation?: ValidationIssue[] };
  if (fe.validation) {
    const { status, code, detail, errors } = validationFailed(validationErrors(fe.validation));
    return { status, code, detail, errors };
  }
  switch (fe.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return {
        status: 415,
        code: "unsupported_media_type",
        detail: "Send the body as application/json (text/json and application/*+json are accepted too).",
      };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return {
        status: 413,
        code: "payload_too_large",
        detail: "The request body is larger than this service accepts.",
      };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return {
        status: 400,
        code: "validation_failed",
        detail: "The request body is empty; send a JSON object.",
      };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { status: 400, code: "validation_failed", detail: "The request body is not valid JSON." };
  }
  const status = fe.statusCode ?? 500;
  if (status === 400 && (error instanceof SyntaxError || /JSON/.test(error.message))) {
    return { status: 400, code: "validation_failed", detail: "The request body is not valid JSON." };
  }
  if (status >= 400 && status < 500) {
    const code: ErrorCode =
      status === 404 ? "not_found" : status === 429 ? "rate_limited" : "validation_failed";
    return { status, code, detail: error.message || STATUS_CODES[status] || "Bad request." };
  }
  return {
    status: 500,
    code: "internal_error",
    detail: "Something went wrong on our side. Try again; if it keeps happening, give us the traceId.",
  };
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: Problem) {
  if (problem.headers) reply.headers(problem.headers);
  // Also for answers made before the onRequest hooks ran (framework errors).
  reply.header("X-Trace-Id", String(request.id));
  const body = {
    type: `urn:sign-for-outlook:error:${problem.code}`,
    title: STATUS_CODES[problem.status] ?? "Error",
    status: problem.status,
    detail: problem.detail,
    code: problem.code,
    traceId: String(request.id),
    ...(problem.errors ? { errors: problem.errors } : {}),
  };
  // Serialised by hand: the route's response schema must not filter or reject the error body.
  return reply
    .code(problem.status)
    .type("application/json; charset=utf-8")
    .serializer(JSON.stringify)
    .send(body);
}

/** One error path: every failure leaves as SignErrorResponse, with the traceId of the request's log lines. */
export default fp(
  async function errorResponses(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const problem = problemOf(error);
      if (problem.status >= 500) request.log.error({ err: error }, "request failed");
      else request.log.info({ code: problem.code, status: problem.status }, "request refused");
      return sendProblem(request, reply, problem);
    });
    app.setNotFoundHandler((request, reply) =>
      sendProblem(request, reply, {
        status: 404,
        code: "not_found",
        detail: `There is no operation ${request.method} ${request.url.split("?")[0]}.`,
      }),
    );
  },
  { name: "error-responses" },
);
