import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** JSON arrives as application/json, text/json or application/*+json; anything else is answered 415. */
export default fp(
  async function contentTypes(app: FastifyInstance) {
    // Fastify parses text/plain by default; contract §3 answers it 415 like any other non-JSON body.
    app.removeContentTypeParser("text/plain");
    const json = app.getDefaultJsonParser("error", "error");
    app.addContentTypeParser("text/json", { parseAs: "string" }, json);
    app.addContentTypeParser(/^application\/[\w.-]+\+json$/, { parseAs: "string" }, json);
  },
  { name: "content-types" },
);
