/**
 * The template operations the task pane's Send view uses (contract §7): the tenant's templates,
 * a template's roles, and `use` (a package from the template, its roles filled). Every call rejects
 * with an ApiError whose message can be shown as is.
 */
import { createApiClient, type Schemas } from "./client";
import type { HttpClient } from "./http";

export type Template = Schemas["TemplateApiResponse"];
export type TemplateList = Schemas["TemplateListApiResponse"];
export type TemplateRole = Schemas["TemplateRoleApiResponse"];
export type UseTemplateRequest = Schemas["UseTemplateApiRequest"];
export type RoleFillRequest = UseTemplateRequest["roles"][number];

type Options = { signal?: AbortSignal };
const signalOf = (options?: Options) => (options?.signal ? { signal: options.signal } : {});

export interface TemplatesApi {
  /** Newest first; `search` is part of the name, any case. */
  list(
    query: { search?: string; page?: number; pageSize?: number },
    options?: Options,
  ): Promise<TemplateList>;
  get(id: string, options?: Options): Promise<Template>;
  /** The template's roles in routing order. */
  roles(id: string, options?: Options): Promise<TemplateRole[]>;
  /** A package (a Draft unless `send`) from the template, every role filled once. */
  use(id: string, request: UseTemplateRequest, options?: Options): Promise<Schemas["PackageResponse"]>;
}

export function createTemplatesApi(http: HttpClient): TemplatesApi {
  const api = createApiClient(http);
  return {
    list: (query, options) => api.request("GET", "/api/v1/templates", { query, ...signalOf(options) }),
    get: (id, options) =>
      api.request("GET", "/api/v1/templates/{id}", { path: { id }, ...signalOf(options) }),
    roles: (id, options) =>
      api.request("GET", "/api/v1/templates/{id}/roles", { path: { id }, ...signalOf(options) }),
    use: (id, request, options) =>
      api.request("POST", "/api/v1/templates/{id}/use", {
        path: { id },
        body: request,
        ...signalOf(options),
      }),
  };
}
