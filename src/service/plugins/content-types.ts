import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** JSON arrives as application/json, text/json or application/*+json; anything else is answered 415. */
export default fp(
  async function contentTypes(app: FastifyInstance) {
    // Fastify parses text/plain by default; contract §3 answers it 415 like any other non-JSON body.
    app.removeContentTypeParser("text/plain");
    const json = app.getDefaultJsonParser("error", "error");
    // Many generated clients send Content-Type: application/json on a DELETE with no body: an empty
    // body is no body, and a route that needs one says so through its schema.
    const parse = (
      request: FastifyRequest,
      body: string,
      done: (error: Error | null, value?: unknown) => void,
    ) => (body === "" ? done(null, undefined) : json(request, body, done));
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, parse);
    app.addContentTypeParser("text/json", { parseAs: "string" }, parse);
    app.addContentTypeParser(/^application\/[\w.-]+\+json$/, { parseAs: "string" }, parse);
  },
  { name: "content-types" },
);
