// Bad input of every kind on the signing page's routes (docs/signing-page-api.md): made-up and
// mangled tokens, grants, field ids and values of any type, Range headers, raw attachment bodies of
// any type and name, and random sequences of saves, finishes and declines by several people at once.
// Every answer is a success or the documented error body, never a 500; the package's state stays
// coherent. Both databases.
import fc from "fast-check";
import { newId } from "../../src/service/domain/tokens";
import { BACKENDS, startTestService, type TestService } from "./harness";
import { PNG_DATA_URL, samplePdf, tokenOf, world } from "./signing.helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in tests.
type Json = Record<string, any> & { id: string };
jest.setTimeout(300_000);

const DOCUMENTED: Record<string, number[]> = {
  validation_failed: [400, 416],
  invalid_state: [400],
  invalid_access_code: [400],
  access_code_required: [403],
  not_found: [404],
  rate_limited: [429],
  unsupported_media_type: [415],
  payload_too_large: [413],
};

/** Any JSON value a careless or hostile client might send. */
const anything = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.integer(),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\ud800",
    "x".repeat(5_000),
    "true",
    "false",
    "2024-02-29",
    "2023-02-29",
    "1e5",
    "-0.5",
    "NaN",
    PNG_DATA_URL,
    "data:image/png;base64,AAAA",
    "data:image/svg+xml;base64,PHN2Zz4=",
  ),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

describe.each(BACKENDS)("signing routes under bad input on %s", (backend) => {
  let service: TestService;
  let token: string;
  const w = world(
    () => service,
    () => {
      throw new Error("no mail in this test: links come from the dev outbox");
    },
    () => token,
  );

  beforeAll(async () => {
    // No SMTP: the links are read from the dev outbox, as the workbench Mailbox does.
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" }, undefined, {
      devRoutes: true,
    });
    token = await service.token("signing-fuzz");
  }, 120_000);
  afterAll(() => service?.close());

  async function links(): Promise<Map<string, string>> {
    const { items } = (await (await fetch(`${service.url}/api/dev/outbox`)).json()) as { items: Json[] };
    const out = new Map<string, string>();
    for (const i of [...items].reverse()) if (i.link) out.set(i.email as string, tokenOf(i.link as string));
    return out;
  }

  /** A success or a documented error with the whole body (contract §3); never a 5xx. */
  async function expectHandled(response: Response, what: string) {
    const text = await response.text();
    if (response.status < 300) return { status: response.status, body: text };
    const body = JSON.parse(text) as Json;
    expect({
      what,
      status: response.status,
      code: body.code,
      documented: DOCUMENTED[body.code]?.includes(response.status),
    }).toEqual({
      what,
      status: response.status,
      code: body.code,
      documented: true,
    });
    expect(body).toMatchObject({
      status: response.status,
      title: expect.any(String),
      detail: expect.any(String),
    });
    expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
    return { status: response.status, body: text };
  }

  test("any token, grant, field id, value, Range and attachment", async () => {
    const suffix = newId().slice(0, 8);
    const group = (
      await w.call("POST", "/api/v1/signing-groups", {
        name: `Fuzz ${suffix}`,
        members: [{ email: `g1-${suffix}@contoso.com` }, { email: `g2-${suffix}@contoso.com` }],
      })
    ).body;
    const { pkg } = await w.sendPackage(
      [
        { email: `p-${suffix}@contoso.com`, name: "P" },
        { email: `c-${suffix}@contoso.com`, authMethod: "AccessCode", accessCode: "open-sesame" },
        { signingGroupId: group.id },
      ],
      {
        fields: () => [
          { type: "Signature" },
          { type: "Dropdown", options: ["A", "B"], required: false },
          { type: "Number", required: false },
          { type: "Attachment", required: false },
        ],
      },
    );
    const byEmail = await links();
    const tokens = [...byEmail.values()];
    expect(tokens.length).toBe(4);
    const annotations = (await w.call<{ items: Json[] }>("GET", `/api/v1/packages/${pkg.id}/annotations`))
      .body.items;
    const fieldIds = annotations.map((a) => a.id as string);
    const documentId = (await w.call<{ items: Json[] }>("GET", `/api/v1/packages/${pkg.id}/documents`)).body
      .items[0]!.id;

    const tokenArb = fc.oneof(
      fc.constantFrom(...tokens),
      fc.constantFrom(...tokens).map((t) => t.slice(0, -3) + "abc"),
      fc.constantFrom(...tokens).map((t) => t + "A"),
      fc.string({ minLength: 1, maxLength: 250 }).map((s) => encodeURIComponent(s)),
      fc.stringMatching(/^[A-Za-z0-9_-]{20,80}$/),
    );
    const idArb = fc.oneof(fc.constantFrom(...fieldIds, documentId, newId(), "x", "../../etc"), fc.uuid());
    const routes = fc.oneof(
      fc.record({ kind: fc.constant("session" as const) }),
      fc.record({ kind: fc.constant("access" as const), body: anything }),
      fc.record({
        kind: fc.constant("field" as const),
        id: idArb,
        body: fc.oneof(anything, fc.record({ value: anything })),
      }),
      fc.record({
        kind: fc.constant("decline" as const),
        body: fc.oneof(anything, fc.record({ reason: anything })),
      }),
      fc.record({ kind: fc.constant("finish" as const) }),
      fc.record({
        kind: fc.constant("document" as const),
        id: idArb,
        range: fc.oneof(
          fc.constant(undefined),
          fc.tuple(fc.nat(5_000), fc.nat(5_000)).map(([a, b]) => `bytes=${a}-${b}`),
          fc.nat(5_000).map((n) => `bytes=-${n}`),
          fc.string({ maxLength: 20 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
        ),
      }),
      fc.record({
        kind: fc.constant("attach" as const),
        id: idArb,
        type: fc.constantFrom(
          "application/pdf",
          "image/png",
          "image/jpeg",
          "application/octet-stream",
          "text/plain",
          "application/json",
        ),
        bytes: fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.constant(new Uint8Array(0))),
        name: fc.option(fc.string({ maxLength: 300 }).map((s) => encodeURIComponent(s))),
      }),
    );
    const grantArb = fc.option(
      fc.oneof(
        fc.string({ maxLength: 60 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
        fc.constantFrom(...tokens),
      ),
    );

    await fc.assert(
      fc.asyncProperty(tokenArb, grantArb, routes, async (linkToken, grant, route) => {
        const base = `${service.url}/api/v1/signing/${linkToken}`;
        const headers: Record<string, string> = grant ? { "x-signing-grant": grant } : {};
        const json = (body: unknown) => ({
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify(body === undefined ? null : body),
        });
        let response: Response;
        switch (route.kind) {
          case "session":
            response = await fetch(base, { headers });
            break;
          case "access":
            response = await fetch(`${base}/access-code`, { method: "POST", ...json(route.body) });
            break;
          case "field":
            response = await fetch(`${base}/fields/${encodeURIComponent(route.id)}`, {
              method: "PUT",
              ...json(route.body),
            });
            break;
          case "decline":
            response = await fetch(`${base}/decline`, { method: "POST", ...json(route.body) });
            break;
          case "finish":
            response = await fetch(`${base}/finish`, { method: "POST", headers });
            break;
          case "document":
            response = await fetch(`${base}/documents/${encodeURIComponent(route.id)}`, {
              headers: { ...headers, ...(route.range ? { range: route.range } : {}) },
            });
            break;
          case "attach":
            response = await fetch(`${base}/fields/${encodeURIComponent(route.id)}/attachment`, {
              method: "POST",
              headers: {
                ...headers,
                "content-type": route.type,
                ...(route.name ? { "x-file-name": route.name } : {}),
              },
              body: Buffer.from(route.bytes),
            });
            break;
        }
        await expectHandled(response, `${route.kind} ${JSON.stringify(route).slice(0, 200)}`);
      }),
      { numRuns: 150 },
    );
  });

  test("random saves, finishes and declines by several people at once keep the package coherent", async () => {
    const pdf = await samplePdf();
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(
          fc.record({
            who: fc.nat(2),
            action: fc.constantFrom("save", "finish", "decline", "attach", "session"),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (enforce, steps) => {
          const suffix = newId().slice(0, 8);
          const group = (
            await w.call("POST", "/api/v1/signing-groups", {
              name: `Race ${suffix}`,
              members: [{ email: `m1-${suffix}@contoso.com` }, { email: `m2-${suffix}@contoso.com` }],
            })
          ).body;
          const { pkg } = await w.sendPackage(
            [
              { email: `a-${suffix}@contoso.com`, routingOrder: 1 },
              { signingGroupId: group.id, routingOrder: 2 },
            ],
            {
              package: { enforceSigningOrder: enforce },
              fields: () => [{ type: "Signature" }, { type: "Attachment", required: false }],
            },
          );
          const people = [`a-${suffix}@contoso.com`, `m1-${suffix}@contoso.com`, `m2-${suffix}@contoso.com`];
          // Everyone at once, in small concurrent batches.
          for (let i = 0; i < steps.length; i += 3) {
            const byEmail = await links();
            await Promise.all(
              steps.slice(i, i + 3).map(async ({ who, action }) => {
                const t = byEmail.get(people[who]!);
                if (!t) return;
                const base = `${service.url}/api/v1/signing/${t}`;
                const session = (await (await fetch(base)).json()) as Json;
                const fields = (session.fields ?? []) as Json[];
                let response: Response;
                if (action === "save" && fields[0]) {
                  response = await fetch(`${base}/fields/${fields[0].id}`, {
                    method: "PUT",
                    headers: { "content-type": "application/json" },
                    body: JSON.stringify({ value: PNG_DATA_URL }),
                  });
                } else if (action === "attach" && fields[1]) {
                  response = await fetch(`${base}/fields/${fields[1].id}/attachment`, {
                    method: "POST",
                    headers: { "content-type": "application/pdf", "x-file-name": "a.pdf" },
                    body: Buffer.from(pdf),
                  });
                } else if (action === "finish") response = await fetch(`${base}/finish`, { method: "POST" });
                else if (action === "decline") {
                  response = await fetch(`${base}/decline`, {
                    method: "POST",
                    headers: { "content-type": "application/json" },
                    body: JSON.stringify({ reason: "no" }),
                  });
                } else response = await fetch(base);
                await expectHandled(response, `${action} by ${who}`);
              }),
            );
          }
          const now = (await w.call("GET", `/api/v1/packages/${pkg.id}`)).body;
          const signers = (await w.call<{ items: Json[] }>("GET", `/api/v1/packages/${pkg.id}/signers`)).body
            .items;
          expect(["Sent", "Viewed", "InProgress", "Completed", "Declined"]).toContain(now.status);
          expect(now.completedSignerCount).toBe(signers.filter((x) => x.status === "Completed").length);
          if (now.status === "Completed") expect(signers.every((x) => x.status === "Completed")).toBe(true);
          if (signers.every((x) => x.status === "Completed")) expect(now.status).toBe("Completed");
          if (now.status === "Declined") expect(signers.some((x) => x.status === "Declined")).toBe(true);
          const slot = signers[1]!;
          if (slot.status === "Completed") expect(people.slice(1)).toContain(slot.completedBy);
          // With the order enforced, the group cannot have finished before the first signer.
          if (enforce && slot.status === "Completed") expect(signers[0]!.status).toBe("Completed");
          expect((await w.call("GET", `/api/v1/packages/${pkg.id}/audit-trail/verify`)).body).toMatchObject({
            isValid: true,
          });
        },
      ),
      { numRuns: 12 },
    );
  });
});
