/**
 * The typed layer over the fetch wrapper (http.ts): paths, methods, parameters, bodies and answers
 * come from src/api/schema.d.ts, generated from the service's OpenAPI document
 * (`npm run generate:api`). A route the service does not have, a missing path parameter or a body of
 * the wrong shape is a compile error; everything at run time (retries, time-outs, ApiError) is http.ts.
 *
 *   const api = createApiClient(http);
 *   const me = await api.getMe();                                   // MeApiResponse
 *   const tag = await api.request("GET", "/api/v1/tags/build", { query: { type: "Signature" } });
 *
 * Only JSON bodies are sent (as http.ts does); an operation whose body is of another media type
 * (e.g. POST /connect/token, a form) takes no `body` here.
 */
import type { HttpClient, HttpMethod, QueryValue, RequestOptions } from "./http";
import type { components, paths } from "./schema";

export type { components, paths } from "./schema";

/** The service's named models: `Schemas["MeApiResponse"]`, `Schemas["TagTypeInfo"]`, ... */
export type Schemas = components["schemas"];
export type MeApiResponse = Schemas["MeApiResponse"];
export type TagTypeInfo = Schemas["TagTypeInfo"];

export type ApiPath = keyof paths;

/** The operation behind `method` on `path`; never when the service has none. */
export type Operation<P extends ApiPath, M extends HttpMethod> = NonNullable<
  paths[P][Lowercase<M> & keyof paths[P]]
>;

/** The methods the service answers on `path`. */
export type MethodOf<P extends ApiPath> = {
  [M in HttpMethod]: [Operation<P, M>] extends [never] ? never : M;
}[HttpMethod];

type PathParamsOf<O> = O extends { parameters: { path: infer T } } ? T : never;
type QueryOf<O> = O extends { parameters: { query?: infer T } } ? NonNullable<T> : never;
type BodyOf<O> = O extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never]
    ? never
    : NonNullable<R> extends { content: { "application/json": infer T } }
      ? T
      : never
  : never;
type JsonOf<R> = R extends { content: { "application/json": infer T } } ? T : undefined;
type SuccessStatus = 200 | 201 | 202 | 203 | 204;

/** What a successful answer of `method` on `path` carries (undefined for a 204). */
export type ResponseOf<P extends ApiPath, M extends MethodOf<P>> =
  Operation<P, M> extends { responses: infer R } ? JsonOf<R[keyof R & SuccessStatus]> : never;

/** http.ts's options, with `path`, `query` and `body` typed by the operation. */
export type ApiRequestOptions<P extends ApiPath, M extends MethodOf<P>> = Omit<
  RequestOptions,
  "query" | "body"
> &
  ([PathParamsOf<Operation<P, M>>] extends [never]
    ? { path?: undefined }
    : { path: PathParamsOf<Operation<P, M>> }) &
  ([QueryOf<Operation<P, M>>] extends [never]
    ? { query?: undefined }
    : { query?: QueryOf<Operation<P, M>> }) &
  ([BodyOf<Operation<P, M>>] extends [never] ? { body?: undefined } : { body: BodyOf<Operation<P, M>> });

/** The options argument: optional when nothing in it is required. */
type OptionsArg<P extends ApiPath, M extends MethodOf<P>> =
  object extends ApiRequestOptions<P, M>
    ? [options?: ApiRequestOptions<P, M>]
    : [options: ApiRequestOptions<P, M>];

export interface ApiClient {
  /** The untyped client underneath (base URL, sign-in, retries). */
  readonly http: HttpClient;
  request<P extends ApiPath, M extends MethodOf<P>>(
    method: M,
    path: P,
    ...options: OptionsArg<P, M>
  ): Promise<ResponseOf<P, M>>;
  /** GET /api/v1/me: who the credential belongs to. */
  getMe(options?: { signal?: AbortSignal }): Promise<MeApiResponse>;
  /** GET /api/v1/tags/types: every annotation type the tag parser recognises. */
  listTagTypes(options?: { signal?: AbortSignal }): Promise<TagTypeInfo[]>;
}

/**
 * `/api/v1/signing-groups/{id}` with `{ id }` filled in, each value URL-encoded. Throws when a
 * parameter is missing (the types prevent it; this guards callers that cast).
 */
export function fillPath(template: string, params?: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new TypeError(`Path parameter "${name}" is missing`);
    return encodeURIComponent(String(value));
  });
}

export function createApiClient(http: HttpClient): ApiClient {
  async function request<P extends ApiPath, M extends MethodOf<P>>(
    method: M,
    path: P,
    ...[options]: OptionsArg<P, M>
  ): Promise<ResponseOf<P, M>> {
    const {
      path: params,
      query,
      body,
      ...rest
    } = (options ?? {}) as {
      path?: Readonly<Record<string, unknown>>;
      query?: Record<string, QueryValue | readonly QueryValue[]>;
      body?: unknown;
    } & Omit<RequestOptions, "query" | "body">;
    const response = await http.send<ResponseOf<P, M>>(method, fillPath(path, params), {
      ...rest,
      ...(query === undefined ? {} : { query }),
      ...(body === undefined ? {} : { body }),
    });
    return response.data;
  }

  const signalOnly = (options?: { signal?: AbortSignal }) =>
    options?.signal ? { signal: options.signal } : {};

  return {
    http,
    request,
    getMe: (options) => request("GET", "/api/v1/me", signalOnly(options)),
    listTagTypes: (options) => request("GET", "/api/v1/tags/types", signalOnly(options)),
  };
}
