/** Who the pane's credential belongs to: GET /api/v1/me, read defensively. */
import type { MeApiResponse } from "../api/client";
import { ApiError } from "../api/errors";
import type { HttpClient } from "../api/http";
import type { Identity } from "./session";

/** Reads GET /api/v1/me; an answer of another shape is reported as not the signing service. */
export async function fetchIdentity(client: HttpClient, signal?: AbortSignal): Promise<Identity> {
  const response = await client.send<unknown>("GET", "/api/v1/me", signal ? { signal } : {});
  return identityFrom(client.baseUrl, response.status, response.data);
}

/** GET /api/v1/me's answer (read early, or by fetchIdentity) as the pane keeps it. */
export function identityFrom(baseUrl: string, status: number, data: unknown): Identity {
  // Read field by field: another server at this URL may answer anything.
  const me = data as Partial<Record<keyof MeApiResponse, unknown>> | null;
  const text = (v: unknown): string => (typeof v === "string" ? v : "");
  if (!me || typeof me !== "object" || (!text(me.tenantId) && !text(me.tenantName))) {
    throw new ApiError({
      kind: "invalid_response",
      status,
      code: "invalid_response",
      message: `The service at ${baseUrl} did not say who you are. Check that the service URL points at the signing service.`,
      method: "GET",
      url: `${baseUrl}/api/v1/me`,
    });
  }
  return {
    tenantId: text(me.tenantId),
    tenantName: text(me.tenantName) || text(me.tenantId),
    credentialKind: text(me.credentialKind),
    scopes: Array.isArray(me.scopes) ? me.scopes.filter((s): s is string => typeof s === "string") : [],
    subject: text(me.subject),
  };
}
