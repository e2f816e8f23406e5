import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A strong ETag of an answer's JSON: anything the client would see differently changes it. */
export function etagOf(body: unknown): string {
  return `"${createHash("sha256").update(JSON.stringify(body)).digest("base64url").slice(0, 27)}"`;
}

/** Whether `If-None-Match` names `etag` (weak forms compared as strong: the body is the same bytes) or `*`. */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const values = Array.isArray(header) ? header : [header];
  return values
    .flatMap((v) => v.split(","))
    .map((t) => t.trim())
    .some((t) => t === "*" || t.replace(/^W\//, "") === etag);
}

/**
 * Answers a read with its ETag, or 304 with no body when the client already has it (the task pane
 * polls with If-None-Match: an unchanged package list costs a query and a hash, no transfer).
 */
export function withETag<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  body: T,
  etag: string = etagOf(body),
): T | FastifyReply {
  reply.header("ETag", etag);
  if (matchesIfNoneMatch(request.headers["if-none-match"], etag)) return reply.code(304).send(null);
  return body;
}
