import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * What every page the service serves may do: its own scripts, styles, images and fonts only, no
 * framing, no plugins, no inline script. Pages that need more (the signing page's drawn signature
 * uses blob: and data: images) get it here, once.
 */
const CSP_BASE = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];

/**
 * The policy above with frame-ancestors naming the origins that may show the page in a frame
 * (none: 'none'). Only the signing page of a signing-url link with allowedOrigins has any; they are
 * as URL.origin spells them (checked where they come from), so hold no quote, space or semicolon.
 */
export function htmlCsp(frameAncestors: readonly string[] = []): string {
  return CSP_BASE.map((d) =>
    d.startsWith("frame-ancestors ") && frameAncestors.length > 0
      ? `frame-ancestors ${frameAncestors.join(" ")}`
      : d,
  ).join("; ");
}

export const HTML_CSP = htmlCsp();

export interface SecurityHeadersOptions {
  /** Whether the service has begun to stop (server.ts: from SIGTERM, its drain included). */
  stopping?: () => boolean;
}

/**
 * Headers every answer carries: its trace id (X-Trace-Id, the `traceId` of its log lines and of an
 * error's body); no MIME sniffing; no caching of what a credential fetched (unless the route chose
 * its own Cache-Control); the strict policy above on every HTML page; and once a stop has begun,
 * `Connection: close`.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance, { stopping = () => false }: SecurityHeadersOptions) {
    // A callback hook rather than an async one: no promise made for every answer. One hook for all of
    // these headers, the trace id's included: each hook is work for every request (issue 31).
    app.addHook("onSend", (request, reply, payload, done) => {
      // A keep-alive client then opens its next connection elsewhere (another instance, while this
      // one drains), and the stop does not wait out the keep-alive timeout for a connection that
      // was busy when Fastify's close began (that close ends only the idle ones).
      if (stopping()) reply.header("Connection", "close");
      reply.header("X-Trace-Id", request.id);
      reply.header("X-Content-Type-Options", "nosniff");
      if (request.headers.authorization !== undefined || request.headers["x-api-key"] !== undefined) {
        if (!reply.hasHeader("Cache-Control")) reply.header("Cache-Control", "no-store");
      }
      if (/^text\/html\b/i.test(String(reply.getHeader("Content-Type") ?? ""))) {
        // A route that allows framing (a signing-url link's allowedOrigins) set its own policy and
        // no X-Frame-Options; every other page gets the strict one.
        if (!reply.hasHeader("Content-Security-Policy")) {
          reply.header("Content-Security-Policy", HTML_CSP);
          reply.header("X-Frame-Options", "DENY");
        }
        reply.header("Referrer-Policy", "no-referrer");
      }
      done(null, payload);
    });
  },
  { name: "security-headers" },
);
