/**
 * Who may call the tag operations (contract §2) and how the OpenAPI document describes them
 * (service.md §4.2, §5, §9). The operations' behaviour is in tags-api.test.ts.
 */
import Ajv from "ajv";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";

interface Call {
  operationId: string;
  method: "GET" | "POST";
  path: string;
  query?: string;
  body?: unknown;
}

/** One valid request per tag operation. */
const OPERATIONS: Call[] = [
  { operationId: "listTagTypes", method: "GET", path: "/api/v1/tags/types" },
  { operationId: "buildTag", method: "GET", path: "/api/v1/tags/build", query: "?type=Signature&signer=1" },
  { operationId: "parseTag", method: "POST", path: "/api/v1/tags/parse", body: { tag: "{{sig:1:req}}" } },
  {
    operationId: "validateTag",
    method: "POST",
    path: "/api/v1/tags/validate",
    body: { tag: "{{sig:1:req}}" },
  },
  {
    operationId: "detectTagFormat",
    method: "GET",
    path: "/api/v1/tags/detect-format",
    query: "?tag=%5Cs1%5C",
  },
  {
    operationId: "convertTag",
    method: "POST",
    path: "/api/v1/tags/convert",
    body: { tag: "{{sig:1:req}}", targetFormat: "DocuSign" },
  },
];

/** The answer each of those requests must give. */
const EXPECTED: Record<string, unknown> = {
  listTagTypes: expect.arrayContaining([expect.objectContaining({ type: "Signature", code: "sig" })]),
  buildTag: {
    platform: "{{sig:1:req}}",
    docuSign: "\\s1\\",
    adobeSign: "{{Sig_es_:signer1:signature}}",
    warnings: [],
  },
  parseTag: expect.objectContaining({
    format: "Platform",
    type: "Signature",
    signerIndex: 1,
    required: true,
  }),
  validateTag: expect.objectContaining({ isValid: true, format: "Platform" }),
  detectTagFormat: { format: "DocuSign" },
  convertTag: { tag: "\\s1\\", sourceFormat: "Platform", targetFormat: "DocuSign", warnings: [] },
};

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<
    string,
    { content?: Record<string, { schema: { $ref?: string; type?: string; items?: { $ref?: string } } }> }
  >;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}

describe.each(BACKENDS)("tag operations' access and description on %s", (backend) => {
  let service: TestService;
  let narrow: string;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    service = await startTestService(backend);
    narrow = await service.token("tags-access", ["sign.package.read"]);
    const response = await fetch(`${service.url}/openapi/tenant-api.json`);
    expect(response.status).toBe(200);
    doc = (await response.json()) as OpenApiDocument;
  });
  afterAll(() => service.close());

  const send = (call: Call, headers: Record<string, string>, token?: string) =>
    service.call(call.method, call.path + (call.query ?? ""), { token, body: call.body, headers });

  async function expectAnswer(call: Call, response: Response) {
    const text = await response.text();
    expect({ operation: call.operationId, status: response.status }).toEqual({
      operation: call.operationId,
      status: 200,
    });
    expect(JSON.parse(text)).toEqual(EXPECTED[call.operationId]);
  }

  describe("authentication (contract §2)", () => {
    test.each(OPERATIONS)(
      "$operationId without a credential: 401 unauthorized with a Bearer challenge",
      async (call) => {
        const response = await send(call, {});
        expect(response.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
        const body = await expectProblem(response, 401, "unauthorized");
        expect(body.detail).toMatch(/Authorization: Bearer/);
      },
    );

    test.each(OPERATIONS)(
      "$operationId with a bearer token that has only sign.package.read: 200",
      async (call) => {
        await expectAnswer(call, await send(call, {}, narrow));
      },
    );

    test.each(OPERATIONS)("$operationId with X-API-KEY: <personal access token>: 200", async (call) => {
      await expectAnswer(call, await send(call, { "x-api-key": narrow }));
    });

    test.each(OPERATIONS)(
      "$operationId with a legacy X-API-KEY: 401 legacy_api_key naming what works",
      async (call) => {
        const response = await send(call, { "x-api-key": "some-legacy-key" });
        expect(response.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
        const body = await expectProblem(response, 401, "legacy_api_key");
        expect(body.detail).toMatch(/personal access token/);
        expect(body.detail).toContain("Authorization: Bearer");
        expect(body.detail).toContain("X-API-KEY");
        expect(body.detail).toContain("/connect/token");
      },
    );

    test("an access token from POST /connect/token works, with a scope that has nothing to do with tags", async () => {
      const client = await service.client("tags-access", ["sign.template.read"]);
      const exchange = await fetch(`${service.url}/connect/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: client.clientId,
          client_secret: client.clientSecret,
        }).toString(),
      });
      expect(exchange.status).toBe(200);
      const { access_token: accessToken } = (await exchange.json()) as { access_token: string };
      for (const call of OPERATIONS) await expectAnswer(call, await send(call, {}, accessToken));
    });

    test("a bearer token the service did not issue is 401 invalid_token, even with a valid X-API-KEY beside it", async () => {
      const call = OPERATIONS[2]!;
      for (const headers of [{}, { "x-api-key": narrow }] as Record<string, string>[]) {
        const response = await send(call, headers, "sfo_pat_not-a-real-token");
        expect(response.headers.get("www-authenticate")).toMatch(/^Bearer\b.*error="invalid_token"/);
        await expectProblem(response, 401, "unauthorized");
      }
    });

    test("authentication comes before validation: a bad request without a credential is 401, not 400", async () => {
      const response = await service.call("POST", "/api/v1/tags/parse", { body: { tag: "garbage" } });
      await expectProblem(response, 401, "unauthorized");
      await expectProblem(await service.call("GET", "/api/v1/tags/build"), 401, "unauthorized");
    });
  });

  describe("the OpenAPI document (/openapi/tenant-api.json)", () => {
    const operation = (call: Call) => doc.paths[call.path]?.[call.method.toLowerCase()];

    test("lists the six tag operations with their operationIds", () => {
      const tagOperations = Object.entries(doc.paths)
        .filter(([path]) => path.startsWith("/api/v1/tags/"))
        .flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
        )
        .sort();
      expect(tagOperations).toEqual(OPERATIONS.map((c) => `${c.method} ${c.path} ${c.operationId}`).sort());
      expect(OPERATIONS.map((c) => c.operationId).sort()).toEqual([
        "buildTag",
        "convertTag",
        "detectTagFormat",
        "listTagTypes",
        "parseTag",
        "validateTag",
      ]);
    });

    test.each(OPERATIONS)("$operationId lists ApiKey and Bearer in its security, with no scope", (call) => {
      const security = operation(call)?.security;
      expect(security).toContainEqual({ ApiKey: [] });
      expect(security).toContainEqual({ Bearer: [] });
      for (const requirement of security ?? [])
        for (const scopes of Object.values(requirement)) expect(scopes).toEqual([]);
      expect(Object.keys(operation(call)?.responses ?? {})).toContain("401");
    });

    test("the component schemas of contract §5 are there, with their properties", () => {
      const properties = (name: string) => Object.keys(doc.components.schemas[name]?.properties ?? {}).sort();
      expect(properties("TagTypeInfo")).toEqual([
        "acceptsInput",
        "adobeSignType",
        "code",
        "description",
        "docuSignCode",
        "type",
      ]);
      expect(properties("TagBuildResponse")).toEqual(["adobeSign", "docuSign", "platform", "warnings"]);
      expect(properties("ParsedTagDto")).toEqual([
        "format",
        "group",
        "label",
        "options",
        "required",
        "signerIndex",
        "type",
      ]);
      expect(properties("ParseTagApiRequest")).toEqual(["format", "tag"]);
      expect(properties("ValidateTagApiRequest")).toEqual(["format", "tag"]);
      expect(properties("TagValidationResponse")).toEqual(["errors", "format", "isValid", "parsed"]);
      expect(properties("DetectFormatResponse")).toEqual(["format"]);
      expect(properties("ConvertTagApiRequest")).toEqual(["sourceFormat", "tag", "targetFormat"]);
      expect(properties("ConvertTagResponse")).toEqual(["sourceFormat", "tag", "targetFormat", "warnings"]);
      expect(doc.components.schemas.ParseTagApiRequest?.required).toEqual(["tag"]);
      expect(doc.components.schemas.ConvertTagApiRequest?.required?.sort()).toEqual(["tag", "targetFormat"]);
    });

    test("each operation refers to its request and response models", () => {
      const ref = (name: string) => `#/components/schemas/${name}`;
      const body = (id: string) =>
        operation(OPERATIONS.find((c) => c.operationId === id)!)?.requestBody?.content["application/json"]
          ?.schema.$ref;
      const ok = (id: string) =>
        operation(OPERATIONS.find((c) => c.operationId === id)!)?.responses["200"]?.content?.[
          "application/json"
        ]?.schema;
      expect(ok("listTagTypes")).toEqual({ type: "array", items: { $ref: ref("TagTypeInfo") } });
      expect(ok("buildTag")).toEqual({ $ref: ref("TagBuildResponse") });
      expect([body("parseTag"), ok("parseTag")]).toEqual([
        ref("ParseTagApiRequest"),
        { $ref: ref("ParsedTagDto") },
      ]);
      expect([body("validateTag"), ok("validateTag")]).toEqual([
        ref("ValidateTagApiRequest"),
        { $ref: ref("TagValidationResponse") },
      ]);
      expect(ok("detectTagFormat")).toEqual({ $ref: ref("DetectFormatResponse") });
      expect([body("convertTag"), ok("convertTag")]).toEqual([
        ref("ConvertTagApiRequest"),
        { $ref: ref("ConvertTagResponse") },
      ]);
      for (const id of ["buildTag", "parseTag", "convertTag", "detectTagFormat"]) {
        const responses = operation(OPERATIONS.find((c) => c.operationId === id)!)?.responses ?? {};
        expect(responses["400"]?.content?.["application/json"]?.schema).toEqual({
          $ref: ref("SignErrorResponse"),
        });
      }
    });

    test("buildTag's query parameters and detectTagFormat's tag parameter are described", () => {
      const parameters = (id: string) =>
        operation(OPERATIONS.find((c) => c.operationId === id)!)?.parameters ?? [];
      expect(
        parameters("buildTag")
          .map((p) => [p.in, p.name])
          .sort(),
      ).toEqual(["group", "label", "options", "required", "signer", "type"].map((name) => ["query", name]));
      expect(parameters("detectTagFormat").map((p) => [p.in, p.name, p.required])).toEqual([
        ["query", "tag", true],
      ]);
    });

    test("the live answers conform to the documented response models", async () => {
      const ajv = new Ajv({ strict: false, allErrors: true });
      ajv.addSchema({ ...doc, $id: "openapi" });
      const check = (model: string, value: unknown) => {
        const validateModel = ajv.getSchema(`openapi#/components/schemas/${model}`)!;
        expect({ model, valid: validateModel(value), errors: validateModel.errors ?? null }).toEqual({
          model,
          valid: true,
          errors: null,
        });
      };
      // The check can fail: values outside the models are refused.
      expect(ajv.getSchema("openapi#/components/schemas/DetectFormatResponse")!({ format: "Word" })).toBe(
        false,
      );
      expect(
        ajv.getSchema("openapi#/components/schemas/ParsedTagDto")!({ format: "Platform", type: "Signature" }),
      ).toBe(false);
      const call = async (method: string, route: string, body?: unknown) =>
        (await service.call(method, route, { token: narrow, body })).json();
      for (const type of (await call("GET", "/api/v1/tags/types")) as unknown[]) check("TagTypeInfo", type);
      check(
        "TagBuildResponse",
        await call(
          "GET",
          "/api/v1/tags/build?type=Dropdown&signer=2&required=false&label=Colour&options=Red,Green",
        ),
      );
      check(
        "ParsedTagDto",
        await call("POST", "/api/v1/tags/parse", {
          tag: "{{*Colour_es_:signer2:dropdown:options(Red,Green)}}",
        }),
      );
      check("TagValidationResponse", await call("POST", "/api/v1/tags/validate", { tag: "\\oi2\\" }));
      check("TagValidationResponse", await call("POST", "/api/v1/tags/validate", { tag: "{{sig:1:maybe}}" }));
      check("TagValidationResponse", await call("POST", "/api/v1/tags/validate", { tag: "hello" }));
      check("DetectFormatResponse", await call("GET", "/api/v1/tags/detect-format?tag=hello"));
      check(
        "ConvertTagResponse",
        await call("POST", "/api/v1/tags/convert", {
          tag: "{{check:1:opt;group=g}}",
          targetFormat: "DocuSign",
        }),
      );
      check("SignErrorResponse", await call("POST", "/api/v1/tags/parse", { tag: "{{sig:1:maybe}}" }));
    });
  });
});
