import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Readable } from "node:stream";
import { validationFailed } from "../errors";
import { findUnsafeText } from "../text-safety";

/**
 * Refuses NUL and unpaired surrogates in any path parameter, query parameter or body string (keys
 * included) before a route runs, so no such text reaches a query: PostgreSQL cannot store NUL and
 * answered such input with a 500. Routes answer it as their other malformed input (400
 * validation_failed naming the field; the token endpoint in RFC 6749's words, see connect-token.ts).
 */
export default fp(
  async function safeText(app: FastifyInstance) {
    // A callback hook rather than an async one: no promise made for every request.
    app.addHook("preValidation", (request, _reply, done) => {
      // A streamed body (a document's bytes) is no text, and walking a stream's object graph would never end.
      const body = request.body instanceof Readable ? undefined : request.body;
      for (const part of [request.params, request.query, body]) {
        const at = findUnsafeText(part, "");
        if (at !== null) {
          const field = at || "body";
          return done(
            validationFailed([
              {
                field,
                message: `${field} holds a NUL character or an unpaired UTF-16 surrogate, which no text here may hold.`,
              },
            ]),
          );
        }
      }
      done();
    });
  },
  { name: "safe-text" },
);
