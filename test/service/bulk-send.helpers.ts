// Shared by the bulk send tests and benchmark: a template whose packages can be sent (roles and a
// document), rows filling its roles, and waiting for a job to finish, all through HTTP.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { samplePdf } from "./signing.helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field.
export type Json = Record<string, any> & { id: string };

export const T = "/api/v1/templates";
export const JOBS = "/api/v1/bulk-send-jobs";

export type Caller = <R = Json>(
  method: string,
  route: string,
  body?: unknown,
  token?: string | null,
) => Promise<{ status: number; body: R; response: Response }>;

/** A caller of the service at `url` with `token` (null: no credential). */
export function caller(url: string, token: string): Caller {
  return async (method, route, body, as = token) => {
    const headers: Record<string, string> = {};
    if (as !== null) headers.authorization = `Bearer ${as}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(url + route, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.clone().text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as never, response };
  };
}

/** A template with two signing roles (Client first, then Witness); answers it and the roles' ids. */
export async function templateWithRoles(call: Caller, name = "Offer letter") {
  const template = (await call("POST", T, { name })).body;
  const client = (await call("POST", `${T}/${template.id}/roles`, { name: "Client", routingOrder: 1 })).body;
  const witness = (await call("POST", `${T}/${template.id}/roles`, { name: "Witness", routingOrder: 2 }))
    .body;
  return { template, client: client.id as string, witness: witness.id as string };
}

/**
 * Whether templates have documents yet (contract §7: uploads as §6.2; another branch builds them):
 * a route of the service names listTemplateDocuments. Without a document, a package made from a
 * template cannot be sent, so every row fails with "no document".
 */
export function templateDocumentsBuilt(): boolean {
  const dir = path.join(__dirname, "..", "..", "src", "service", "routes");
  return readdirSync(dir).some((f) =>
    readFileSync(path.join(dir, f), "utf8").includes('"listTemplateDocuments"'),
  );
}

/**
 * Uploads a one-page PDF to the template (initiate, one block, commit, as a package's chunked upload)
 * and puts a signature field on it for each role.
 */
export async function addTemplateDocument(call: Caller, url: string, token: string, templateId: string) {
  const bytes = await samplePdf(1);
  const init = await call("POST", `${T}/${templateId}/uploads`, {
    fileName: "offer.pdf",
    contentType: "application/pdf",
    size: bytes.length,
  });
  if (init.status !== 201) throw new Error(`template upload: ${init.status} ${JSON.stringify(init.body)}`);
  const put = await fetch(`${url}${T}/${templateId}/uploads/${init.body.id}/blocks/0`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  if (put.status !== 200) throw new Error(`template upload block: ${put.status} ${await put.text()}`);
  const commit = await call("POST", `${T}/${templateId}/uploads/${init.body.id}/commit`);
  if (commit.status !== 201)
    throw new Error(`template commit: ${commit.status} ${JSON.stringify(commit.body)}`);
  // A signature field for each signing role (a signer without a field cannot be sent).
  const roles = (await call<Json[]>("GET", `${T}/${templateId}/roles`)).body;
  const fields = await call("POST", `${T}/${templateId}/documents/${commit.body.id}/annotations/bulk`, {
    annotations: roles.map((r, i) => ({
      documentId: commit.body.id,
      roleId: r.id,
      type: "Signature",
      page: 1,
      x: 72,
      y: 100 + 80 * i,
    })),
  });
  if (fields.status !== 201 && fields.status !== 200) {
    throw new Error(`template annotations: ${fields.status} ${JSON.stringify(fields.body)}`);
  }
}

/** `count` rows filling Client and Witness with people of their own (row i: client-i, witness-i). */
export function rowsFor(roles: { client: string; witness: string }, count: number, tag = "p") {
  return Array.from({ length: count }, (_, i) => ({
    [roles.client]: { email: `${tag}-client-${i + 1}@example.com`, name: `Client ${i + 1}` },
    [roles.witness]: { email: `${tag}-witness-${i + 1}@example.com`, name: `Witness ${i + 1}` },
  }));
}

/** Polls the job until it is Completed or CompletedWithErrors; throws after `timeoutMs`. */
export async function finished(call: Caller, jobId: string, timeoutMs = 120_000): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await call("GET", `${JOBS}/${jobId}`)).body;
    if (job.status === "Completed" || job.status === "CompletedWithErrors") return job;
    if (Date.now() > deadline) {
      throw new Error(`job not finished after ${timeoutMs} ms: ${job.status}, ${job.pending} pending`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
