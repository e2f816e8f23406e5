/**
 * @jest-environment ./test/leak-guard/node-environment.js
 *
 * The typed layer over http.ts (src/api/client.ts), with a fake fetch. The type checks at the end are
 * checked by `npm run typecheck` (tsc), not at run time.
 */
import { createApiClient, fillPath, type MeApiResponse, type TagTypeInfo } from "../../src/api/client";
import { ApiError } from "../../src/api/errors";
import { createHttpClient, type FetchInit, type ResponseLike } from "../../src/api/http";

interface Sent {
  url: string;
  method: string;
  body: string | Uint8Array | undefined;
}

function fakeService(answer: (sent: Sent) => { status: number; body?: unknown }) {
  const sent: Sent[] = [];
  const fetch = async (url: string, init: FetchInit): Promise<ResponseLike> => {
    const request = { url, method: init.method, body: init.body };
    sent.push(request);
    const { status, body } = answer(request);
    return {
      status,
      headers: { get: () => null },
      text: async () => (body === undefined ? "" : JSON.stringify(body)),
    };
  };
  const api = createApiClient(
    createHttpClient({ baseUrl: "https://sign.example.com/prefix", fetch, maxRetries: 0 }),
  );
  return { api, sent };
}

const ME: MeApiResponse = {
  tenantId: "6f1c1e1a-8a4b-4f43-9a37-0d6f2b8d7c11",
  tenantName: "Contoso",
  credentialKind: "personal_access_token",
  scopes: ["sign.package.read"],
  subject: null,
};

describe("createApiClient", () => {
  test("getMe reads GET /api/v1/me", async () => {
    const { api, sent } = fakeService(() => ({ status: 200, body: ME }));
    await expect(api.getMe()).resolves.toEqual(ME);
    expect(sent).toEqual([
      { url: "https://sign.example.com/prefix/api/v1/me", method: "GET", body: undefined },
    ]);
  });

  test("listTagTypes reads GET /api/v1/tags/types", async () => {
    const types: TagTypeInfo[] = [
      {
        type: "Signature",
        code: "sig",
        description: "A signature",
        acceptsInput: true,
        docuSignCode: "signHere",
        adobeSignType: "SIGNATURE",
      },
    ];
    const { api, sent } = fakeService(() => ({ status: 200, body: types }));
    await expect(api.listTagTypes()).resolves.toEqual(types);
    expect(sent.map((s) => s.url)).toEqual(["https://sign.example.com/prefix/api/v1/tags/types"]);
  });

  test("request sends the query and the JSON body", async () => {
    const { api, sent } = fakeService(() => ({ status: 200, body: { ok: true } }));
    await api.request("GET", "/api/v1/tags/build", {
      query: { type: "Signature", signer: "2", required: true },
    });
    await api.request("POST", "/api/v1/tags/parse", { body: { tag: "{{sig:1:req}}" } });
    expect(sent).toEqual([
      {
        url: "https://sign.example.com/prefix/api/v1/tags/build?type=Signature&signer=2&required=true",
        method: "GET",
        body: undefined,
      },
      {
        url: "https://sign.example.com/prefix/api/v1/tags/parse",
        method: "POST",
        body: JSON.stringify({ tag: "{{sig:1:req}}" }),
      },
    ]);
  });

  test("errors are http.ts's ApiError", async () => {
    const { api } = fakeService(() => ({
      status: 401,
      body: { status: 401, code: "unauthorized", title: "Unauthorized", detail: "No credential." },
    }));
    const error = await api.getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: "unauthorized" });
  });
});

describe("fillPath", () => {
  test("fills and encodes path parameters", () => {
    expect(fillPath("/api/v1/groups/{id}/members/{email}", { id: "a b", email: "x+y@example.com" })).toBe(
      "/api/v1/groups/a%20b/members/x%2By%40example.com",
    );
    expect(fillPath("/api/v1/me")).toBe("/api/v1/me");
  });

  test("a missing parameter is an error, not a request to a wrong URL", () => {
    expect(() => fillPath("/api/v1/groups/{id}", {})).toThrow('Path parameter "id" is missing');
  });
});

// Compile-time checks (tsc): never called.
export async function typeChecks(api: ReturnType<typeof createApiClient>): Promise<void> {
  const me: MeApiResponse = await api.request("GET", "/api/v1/me");
  const kind: "personal_access_token" | "client_credentials" | "external" = me.credentialKind;
  void kind;
  // @ts-expect-error the service has no such route
  await api.request("GET", "/api/v1/no-such-route");
  // @ts-expect-error the service has no PUT on /api/v1/me
  await api.request("PUT", "/api/v1/me");
  // @ts-expect-error the body is required
  await api.request("POST", "/api/v1/tags/parse");
  // @ts-expect-error the body has the wrong shape
  await api.request("POST", "/api/v1/tags/parse", { body: { text: "x" } });
  // @ts-expect-error not a query parameter of this operation
  await api.request("GET", "/api/v1/tags/build", { query: { nope: "x" } });
}
