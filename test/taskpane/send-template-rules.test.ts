/**
 * "Start from a template"'s rules (src/taskpane/send/template.ts): roles filled from the message's
 * people in order, the problems said per role (a property: whatever is chosen, the roles without a
 * problem name different people and valid addresses), the service's errors put next to their role;
 * and packageFromTemplate against the real service on each database: the Draft carries what the send
 * flow sets, and a send the service refuses leaves nothing behind and says why in words.
 */
import fc from "fast-check";
import { createApiClient, type ApiClient } from "../../src/api/client";
import { ApiError } from "../../src/api/errors";
import { createHttpClient } from "../../src/api/http";
import { emailProblem } from "../../src/shared/signing-group-rules";
import { createTemplatesApi, type TemplateRole } from "../../src/api/templates";
import { emailKey } from "../../src/taskpane/groups/people";
import { checkDraft } from "../../src/taskpane/send/check";
import { documentsProblem } from "../../src/taskpane/send/documents";
import type { SignerRow } from "../../src/taskpane/send/signers";
import {
  OTHER,
  TemplateStartError,
  filledWith,
  packageFromTemplate,
  prefillRoles,
  roleProblems,
  roleRequests,
  rowsFromSigners,
  serviceRoleErrors,
  type GroupOption,
  type RoleFills,
} from "../../src/taskpane/send/template";
import { BACKENDS, startTestService, type TestService } from "../service/harness";
import { nodeFetch } from "./setup";

const role = (id: string, name = id, type = "Signer", routingOrder = 1): TemplateRole => ({
  id,
  name,
  type,
  routingOrder,
  createdOn: "2026-01-01T00:00:00.000Z",
});

const person = (email: string, name = "", included = true): SignerRow => ({
  key: `p:${emailKey(email)}`,
  kind: "person",
  email,
  name,
  roles: ["to"],
  type: "Signer",
  included,
});

describe("start from a template: the rules", () => {
  const people = [
    person("adele@fabrikam.com", "Adele"),
    person("me@contoso.com", "Me", false),
    person("alex@contoso.com", "Alex"),
  ];

  test("roles are filled with the chosen people in order; the rest left to choose; a kept choice stays", () => {
    const roles = [role("a"), role("b"), role("c")];
    expect(prefillRoles(roles, people)).toEqual({
      a: { choice: "p:adele@fabrikam.com", email: "", name: "" },
      b: { choice: "p:alex@contoso.com", email: "", name: "" },
      c: { choice: "", email: "", name: "" },
    });
    const kept: RoleFills = { a: { choice: OTHER, email: "x@y.com", name: "X" } };
    expect(prefillRoles(roles, people, kept)).toEqual({
      a: { choice: OTHER, email: "x@y.com", name: "X" },
      b: { choice: "p:adele@fabrikam.com", email: "", name: "" },
      c: { choice: "p:alex@contoso.com", email: "", name: "" },
    });
  });

  test("each role's problem in words: unfilled, a bad address, an empty group, the same person twice", () => {
    const roles = [role("a", "Client"), role("b", "Counsel"), role("c", "Records"), role("d", "Desk")];
    const groups = new Map<string, GroupOption>([["g1", { id: "g1", name: "Empty", memberCount: 0 }]]);
    const fills: RoleFills = {
      a: { choice: "p:adele@fabrikam.com", email: "", name: "" },
      b: { choice: OTHER, email: " ADELE@fabrikam.com ", name: "" },
      c: { choice: OTHER, email: "records at fabrikam", name: "" },
      d: { choice: "g:g1", email: "", name: "" },
    };
    expect(roleProblems(roles, fills, people, groups)).toEqual({
      b: "ADELE@fabrikam.com already fills the role Client: each role needs someone else.",
      c: `The address ${emailProblem("records at fabrikam")}`,
      d: "The signing group “Empty” has no members, so nobody could sign for it.",
    });
    expect(roleProblems(roles, { a: fills.a! }, people, groups)).toEqual({
      b: "Choose who fills the role Counsel.",
      c: "Choose who fills the role Records.",
      d: "Choose who fills the role Desk.",
    });
  });

  test("property: roles without a problem name different people or groups, with valid addresses, and can be sent", () => {
    const groups = new Map<string, GroupOption>([
      ["g1", { id: "g1", name: "Legal", memberCount: 2 }],
      ["g2", { id: "g2", name: "Empty", memberCount: 0 }],
    ]);
    const choice = fc.oneof(
      fc.constant(""),
      fc.constantFrom(...people.map((p) => `p:${emailKey((p as { email: string }).email)}`)),
      fc.constantFrom("g:g1", "g:g2", "g:gone"),
      fc.constant(OTHER),
    );
    const typed = fc.oneof(
      fc.constantFrom("adele@fabrikam.com", "ALEX@contoso.com", "new@x.org", "", "no at sign", "a@b"),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ choice, email: typed, name: fc.string({ maxLength: 5 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        (list) => {
          const roles = list.map((_, i) => role(`r${i}`, `Role ${i}`));
          const fills: RoleFills = Object.fromEntries(list.map((f, i) => [`r${i}`, f]));
          const problems = roleProblems(roles, fills, people, groups);
          const fine = roles.filter((r) => !problems[r.id]);
          const keys = fine.map((r) => {
            const who = filledWith(fills[r.id], people, groups);
            expect(who.kind).not.toBe("none");
            if (who.kind === "person") {
              expect(emailProblem(who.email)).toBeNull();
              return `p:${emailKey(who.email)}`;
            }
            if (who.kind === "group") {
              expect(who.group.memberCount).toBeGreaterThan(0);
              return `g:${who.group.id}`;
            }
            return "";
          });
          expect(new Set(keys).size).toBe(keys.length);
          if (fine.length === roles.length) {
            const requests = roleRequests(roles, fills, people, groups);
            expect(requests.map((r) => r.roleId)).toEqual(roles.map((r) => r.id));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test("the service's field errors go next to the role they name; the rest are sentences", () => {
    const roles = [role("a", "Client"), role("b", "Counsel")];
    const error = new ApiError({
      kind: "http",
      method: "POST",
      url: "/api/v1/templates/t/use",
      status: 400,
      code: "validation_failed",
      message: "The request has 2 invalid fields.",
      errors: [
        { field: "roles[1].email", message: "The address is not valid." },
        { field: "name", message: "The name is too long." },
      ],
    });
    const mapped = serviceRoleErrors(error, roles);
    expect(mapped).toEqual({ byRole: { b: "The address is not valid." }, other: ["The name is too long."] });
  });
});

describe("the check of a draft from a template", () => {
  const rows: SignerRow[] = [
    person("adele@fabrikam.com", "Adele"),
    person("alex@contoso.com", "Alex"),
    {
      key: "t:g",
      kind: "group",
      groupId: "g1",
      groupName: "Night desk",
      memberCount: 0,
      type: "Signer",
      included: true,
      replaced: null,
    },
  ];
  const input = (fieldsByRow: Map<string, number>, documentCount: number) => ({
    documents: [],
    rows,
    fields: [],
    layouts: new Map(),
    signatureBlock: false,
    groupMembers: new Map(),
    template: { documentCount, fieldsByRow },
  });

  test("the template's documents count, its fields count per signer; an empty group is an error; no field and nothing to add a block to is an error", () => {
    expect(documentsProblem([], 2)).toBeNull();
    expect(documentsProblem([])).toBe("Choose at least one document to send.");
    const result = checkDraft(input(new Map([[rows[0]!.key, 2]]), 1));
    expect(result.signers.map((s) => s.tagCount)).toEqual([2, 0, 0]);
    expect(result.problems.map((p) => [p.code, p.severity, p.signerKey])).toEqual([
      ["no_fields", "error", rows[1]!.key],
      ["empty_group", "error", "t:g"],
    ]);
    expect(result.problems[0]!.message).toMatch(/has no field to sign in the template/);
  });

  test("without the template's documents and with none chosen, step 1's problem stands", () => {
    const result = checkDraft(input(new Map(), 0));
    expect(result.problems[0]).toMatchObject({ code: "documents", severity: "error" });
  });
});

describe.each(BACKENDS)("packageFromTemplate against the service on %s", (backend) => {
  let service: TestService;
  let api: ApiClient;
  let tenant = 0;

  beforeAll(async () => {
    service = await startTestService(backend);
  });
  afterAll(async () => {
    await service.close();
  });
  beforeEach(async () => {
    const token = await service.token(`template-start-${backend}-${++tenant}`);
    api = createApiClient(
      createHttpClient({
        baseUrl: service.url,
        fetch: nodeFetch,
        tokenSource: { getToken: async () => token, signOut: () => undefined },
      }),
    );
  });

  async function nda() {
    const t = await api.request("POST", "/api/v1/templates", { body: { name: "Mutual NDA" } });
    const roles = [];
    for (const [name, type] of [
      ["Client", "Signer"],
      ["Records", "CarbonCopy"],
    ] as const) {
      roles.push(
        await api.request("POST", "/api/v1/templates/{id}/roles", {
          path: { id: t.id },
          body: { name, type, routingOrder: roles.length + 1 },
        }),
      );
    }
    return { template: await api.request("GET", "/api/v1/templates/{id}", { path: { id: t.id } }), roles };
  }

  const input = (template: Awaited<ReturnType<typeof nda>>, send: boolean) => ({
    api,
    templates: createTemplatesApi(api.http),
    template: template.template,
    roles: [
      { roleId: template.roles[0]!.id, email: "adele@fabrikam.com", name: "Adele Vance" },
      { roleId: template.roles[1]!.id, email: "records@fabrikam.com", name: "records@fabrikam.com" },
    ],
    send,
    fields: {
      source: { conversationId: "conv-1", internetMessageId: "<m1@x>", subject: "The NDA" },
      senderEmail: "megan@contoso.com",
      emailSubject: "The NDA",
      emailMessage: "Please sign.",
      expiresInDays: 30,
    },
    reminders: { enabled: true, firstAfterDays: 2, everyDays: 4 },
    now: () => Date.parse("2026-11-25T12:00:00Z"),
  });

  test("a Draft with what the send flow sets, its signers the roles in order", async () => {
    const template = await nda();
    const result = await packageFromTemplate(input(template, false));
    expect(result.pkg).toMatchObject({
      status: "Draft",
      source: { kind: "outlook", conversationId: "conv-1", internetMessageId: "<m1@x>", subject: "The NDA" },
      senderEmail: "megan@contoso.com",
      emailSubject: "The NDA",
      emailMessage: "Please sign.",
      enforceSigningOrder: true,
      expirationDate: "2026-12-25T12:00:00.000Z",
      reminders: { enabled: true, firstAfterDays: 2, everyDays: 4 },
    });
    expect(result.signers.map((s) => [s.roleName, s.email, s.type, s.routingOrder])).toEqual([
      ["Client", "adele@fabrikam.com", "Signer", 1],
      ["Records", "records@fabrikam.com", "CarbonCopy", 2],
    ]);
    expect(rowsFromSigners(result.signers).map((r) => [r.kind, r.type, r.included])).toEqual([
      ["person", "Signer", true],
      ["person", "CarbonCopy", true],
    ]);
  });

  test("sent at once but refused (the template has no documents): said in words, nothing left behind", async () => {
    const template = await nda();
    const failure = await packageFromTemplate(input(template, true)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TemplateStartError);
    const error = failure as TemplateStartError;
    expect(error.stage).toBe("send");
    expect(error.message).toMatch(/^The package cannot be sent: /);
    expect((await api.request("GET", "/api/v1/packages", {})).items).toEqual([]);
  });

  test("a role the service refuses: stage use, the error names the role's place", async () => {
    const template = await nda();
    const bad = input(template, false);
    bad.roles[0] = { roleId: template.roles[0]!.id, email: "adele@fabrikam.com", name: "x".repeat(300) };
    const failure = (await packageFromTemplate(bad).catch((e: unknown) => e)) as TemplateStartError;
    expect(failure).toBeInstanceOf(TemplateStartError);
    expect(failure.stage).toBe("use");
    const mapped = serviceRoleErrors(failure.cause, template.roles);
    expect(Object.keys(mapped.byRole)).toEqual([template.roles[0]!.id]);
    expect((await api.request("GET", "/api/v1/packages", {})).items).toEqual([]);
  });
});
