/**
 * The six tag operations of service.md §4.2 over real HTTP, with the models of contract §5 and the
 * errors of service.md §7 / contract §3. Authentication and the OpenAPI document of these operations
 * are in tags-api-access.test.ts; the grammar itself (every form, property tests) in test/tags.
 */
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";

interface ParsedTag {
  format: string;
  type: string;
  signerIndex: number;
  required: boolean;
  label: string | null;
  group: string | null;
  options: string[] | null;
}

interface TagBuild {
  platform: string;
  docuSign: string;
  adobeSign: string;
  warnings: string[];
}

interface Validation {
  isValid: boolean;
  format: string | null;
  parsed: ParsedTag | null;
  errors: { message: string; position: number | null }[];
}

interface Conversion {
  tag: string;
  sourceFormat: string;
  targetFormat: string;
  warnings: string[];
}

/** A parsed tag with no label, group or options. */
const TAKES_OPTIONS = new Set(["Dropdown", "RadioGroup"]);

const plain = (
  format: string,
  type: string,
  signerIndex: number,
  required: boolean,
  more: Partial<ParsedTag> = {},
): ParsedTag => ({
  format,
  type,
  signerIndex,
  required,
  label: null,
  group: null,
  options: null,
  ...more,
});

/** Contract §5's type table: type, Platform code, DocuSign code, Adobe Sign type, accepts input. */
const CONTRACT_TYPES: [string, string, string, string, boolean][] = [
  ["Signature", "sig", "s", "signature", true],
  ["Initials", "initial", "i", "initials", true],
  ["DateSigned", "datesigned", "d", "date", false],
  ["Name", "name", "n", "fullname", false],
  ["Email", "email", "e", "email", false],
  ["Company", "company", "co", "company", true],
  ["Title", "title", "ti", "title", true],
  ["Text", "text", "t", "text", true],
  ["Date", "date", "dt", "text:date", true],
  ["Number", "number", "nu", "text:number", true],
  ["Checkbox", "check", "c", "checkbox", true],
  ["RadioGroup", "radio", "r", "radio", true],
  ["Dropdown", "dropdown", "l", "dropdown", true],
  ["Attachment", "attach", "a", "attachment", true],
];

describe.each(BACKENDS)("tag operations on %s", (backend) => {
  let service: TestService;
  let token: string;
  beforeAll(async () => {
    service = await startTestService(backend);
    // Tag operations need any valid credential; a narrow one proves no scope is asked for.
    token = await service.token("tags", ["sign.package.read"]);
  });
  afterAll(() => service.close());

  const get = (route: string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    return service.call("GET", search ? `${route}?${search}` : route, { token });
  };
  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    service.call("POST", route, { token, body, headers });

  /** The JSON body of a 200 answer; any other status fails with the body in the message. */
  async function ok<T>(response: Response): Promise<T> {
    const text = await response.text();
    expect({ status: response.status, body: text }).toEqual({ status: 200, body: expect.any(String) });
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    return JSON.parse(text) as T;
  }

  const build = (query: Record<string, string>) => get("/api/v1/tags/build", query);
  const parse = (body: unknown, headers?: Record<string, string>) =>
    post("/api/v1/tags/parse", body, headers);
  const validate = (body: unknown) => post("/api/v1/tags/validate", body);
  const detect = (query: Record<string, string>) => get("/api/v1/tags/detect-format", query);
  const convert = (body: unknown) => post("/api/v1/tags/convert", body);
  const parsed = async (tag: string, format?: string) =>
    ok<ParsedTag>(await parse(format === undefined ? { tag } : { tag, format }));
  const converted = async (tag: string, targetFormat: string, sourceFormat?: string) =>
    ok<Conversion>(
      await convert(sourceFormat === undefined ? { tag, targetFormat } : { tag, targetFormat, sourceFormat }),
    );

  describe("GET /api/v1/tags/types (listTagTypes)", () => {
    test("lists the 14 types of contract §5 with their Platform, DocuSign and Adobe Sign codes", async () => {
      const types = await ok<Record<string, unknown>[]>(await get("/api/v1/tags/types"));
      expect(types.map((t) => [t.type, t.code, t.docuSignCode, t.adobeSignType, t.acceptsInput])).toEqual(
        CONTRACT_TYPES,
      );
      for (const t of types) {
        expect(Object.keys(t).sort()).toEqual([
          "acceptsInput",
          "adobeSignType",
          "code",
          "description",
          "docuSignCode",
          "type",
        ]);
        expect(t.description).toEqual(expect.stringMatching(/\w{3}/));
      }
    });

    test("acceptsInput is false exactly for the auto-populated DateSigned, Name and Email", async () => {
      const types = await ok<{ type: string; acceptsInput: boolean }[]>(await get("/api/v1/tags/types"));
      expect(types.filter((t) => !t.acceptsInput).map((t) => t.type)).toEqual([
        "DateSigned",
        "Name",
        "Email",
      ]);
    });

    test("every listed type is a valid type for build (rule 4)", async () => {
      const types = await ok<{ type: string; code: string }[]>(await get("/api/v1/tags/types"));
      for (const { type, code } of types) {
        // Contract §5: Dropdown and RadioGroup need at least one option.
        const options = TAKES_OPTIONS.has(type) ? ";options=A" : "";
        const built = await ok<TagBuild>(
          await build({ type, signer: "1", ...(options && { options: "A" }) }),
        );
        expect(built.platform).toBe(`{{${code}:1:req${options}}}`);
      }
    });
  });

  describe("GET /api/v1/tags/build (buildTag)", () => {
    test.each(CONTRACT_TYPES)(
      "%s: the three formats carry its codes, and each parses back to type, signer 3 and required",
      async (type, code, docuSignCode) => {
        const withOptions = TAKES_OPTIONS.has(type);
        const built = await ok<TagBuild>(
          await build({ type, signer: "3", ...(withOptions && { options: "A" }) }),
        );
        expect(built.platform).toBe(`{{${code}:3:req${withOptions ? ";options=A" : ""}}}`);
        expect(built.docuSign).toBe(`\\${docuSignCode}3\\`);
        expect(built.adobeSign).toMatch(/^\{\{\*?\w+_es_:signer3(:[\w:()]+)?\}\}$/);
        // DocuSign tags carry no options: the one warning says so.
        expect(built.warnings).toEqual(withOptions ? [expect.stringMatching(/^DocuSign: .*option/)] : []);
        for (const [tag, format] of [
          [built.platform, "Platform"],
          [built.docuSign, "DocuSign"],
          [built.adobeSign, "AdobeSign"],
        ] as const) {
          const options = withOptions && format !== "DocuSign" ? { options: ["A"] } : {};
          expect(await parsed(tag)).toEqual(plain(format, type, 3, true, options));
        }
      },
    );

    test("the contract's examples: {{sig:1:req}} and {{dropdown:2:opt;label=Colour;options=Red,Green}}", async () => {
      const signature = await ok<TagBuild>(await build({ type: "Signature", signer: "1" }));
      expect(signature).toEqual({
        platform: "{{sig:1:req}}",
        docuSign: "\\s1\\",
        adobeSign: "{{Sig_es_:signer1:signature}}",
        warnings: [],
      });
      const dropdown = await ok<TagBuild>(
        await build({
          type: "Dropdown",
          signer: "2",
          required: "false",
          label: "Colour",
          options: "Red,Green",
        }),
      );
      expect(dropdown.platform).toBe("{{dropdown:2:opt;label=Colour;options=Red,Green}}");
      expect(dropdown.docuSign).toBe("\\l2\\");
      expect(dropdown.adobeSign).toBe("{{Colour_es_:signer2:dropdown:options(Red,Green)}}");
      expect(await parsed(dropdown.adobeSign)).toEqual(
        plain("AdobeSign", "Dropdown", 2, false, { label: "Colour", options: ["Red", "Green"] }),
      );
    });

    test("DocuSign drops label, group, options and required=false, each with a warning naming it", async () => {
      const dropdown = await ok<TagBuild>(
        await build({
          type: "Dropdown",
          signer: "2",
          required: "false",
          label: "Colour",
          options: "Red,Green",
        }),
      );
      expect(dropdown.warnings).toEqual([
        expect.stringMatching(/^DocuSign: label "Colour"/),
        expect.stringMatching(/^DocuSign: options \["Red","Green"\]/),
        expect.stringMatching(/^DocuSign: required=false/),
      ]);
      const grouped = await ok<TagBuild>(await build({ type: "Checkbox", signer: "1", group: "terms" }));
      expect(grouped.warnings).toEqual([expect.stringMatching(/^DocuSign: group "terms"/)]);
      // Optional initials are the one optional field DocuSign can carry (\oi).
      const initials = await ok<TagBuild>(await build({ type: "Initials", signer: "4", required: "false" }));
      expect(initials).toMatchObject({ platform: "{{initial:4:opt}}", docuSign: "\\oi4\\", warnings: [] });
    });

    test("Adobe Sign keeps one name: a label next to a group is dropped with a warning", async () => {
      const built = await ok<TagBuild>(
        await build({ type: "Text", signer: "1", label: "Your name", group: "g1" }),
      );
      expect(built.adobeSign).toBe("{{*g1_es_:signer1:text}}");
      expect(built.warnings.filter((w) => w.startsWith("AdobeSign:"))).toEqual([
        expect.stringContaining('label "Your name" dropped'),
        expect.stringContaining('group "g1"'),
      ]);
    });

    test("required defaults to true; required=false gives opt", async () => {
      expect((await ok<TagBuild>(await build({ type: "Text", signer: "1" }))).platform).toBe(
        "{{text:1:req}}",
      );
      expect(
        (await ok<TagBuild>(await build({ type: "Text", signer: "1", required: "true" }))).platform,
      ).toBe("{{text:1:req}}");
      const optional = await ok<TagBuild>(await build({ type: "Signature", signer: "1", required: "false" }));
      expect(optional.platform).toBe("{{sig:1:opt}}");
      expect(optional.adobeSign).toBe("{{Sig_es_:signer1:optsignature}}");
    });

    test.each([
      ["signature", "{{sig:1:req}}"],
      ["SIGNATURE", "{{sig:1:req}}"],
      ["dropDown", "{{dropdown:1:req;options=A}}"],
      ["radiogroup", "{{radio:1:req;options=A}}"],
      ["FullName", "{{name:1:req}}"],
      ["fullname", "{{name:1:req}}"],
      ["Name", "{{name:1:req}}"],
    ])("type names are case-insensitive, FullName is Name: %s", async (type, platform) => {
      const options: Record<string, string> = /drop|radio/i.test(type) ? { options: "A" } : {};
      expect((await ok<TagBuild>(await build({ type, signer: "1", ...options }))).platform).toBe(platform);
    });

    test("label and group are escaped so the tag parses back to them", async () => {
      const label = "Total; incl. {VAT} 20\\";
      const built = await ok<TagBuild>(await build({ type: "Number", signer: "5", label, group: "a,b" }));
      expect(await parsed(built.platform)).toEqual(
        plain("Platform", "Number", 5, true, { label, group: "a,b" }),
      );
    });

    test("options are split at commas, trimmed, and \\, keeps a comma", async () => {
      const built = await ok<TagBuild>(
        await build({ type: "RadioGroup", signer: "1", group: "size", options: "Small, Large\\, extra" }),
      );
      expect((await parsed(built.platform)).options).toEqual(["Small", "Large, extra"]);
      expect((await parsed(built.adobeSign)).options).toEqual(["Small", "Large, extra"]);
    });

    test("label and group may have 100 characters, counted in code points", async () => {
      const label = "x".repeat(100);
      expect(
        (await parsed((await ok<TagBuild>(await build({ type: "Text", signer: "1", label }))).platform))
          .label,
      ).toBe(label);
      const wide = "é😀".repeat(50); // 100 code points, 150 UTF-16 units
      expect(
        (await parsed((await ok<TagBuild>(await build({ type: "Text", signer: "1", group: wide }))).platform))
          .group,
      ).toBe(wide);
    });

    test.each<[string, Record<string, string>, string[]]>([
      ["no parameters", {}, ["type", "signer"]],
      ["missing type", { signer: "1" }, ["type"]],
      ["empty type", { type: "", signer: "1" }, ["type"]],
      ["unknown type", { type: "Stamp", signer: "1" }, ["type"]],
      ["a Platform code instead of a type name", { type: "sig", signer: "1" }, ["type"]],
      ["missing signer", { type: "Signature" }, ["signer"]],
      ["non-numeric signer", { type: "Signature", signer: "first" }, ["signer"]],
      ["signer 0", { type: "Signature", signer: "0" }, ["signer"]],
      ["signer 100", { type: "Signature", signer: "100" }, ["signer"]],
      ["negative signer", { type: "Signature", signer: "-1" }, ["signer"]],
      ["fractional signer", { type: "Signature", signer: "1.5" }, ["signer"]],
      ["required not a boolean", { type: "Signature", signer: "1", required: "maybe" }, ["required"]],
      ["options on Text", { type: "Text", signer: "1", options: "a,b" }, ["options"]],
      ["options on Checkbox", { type: "Checkbox", signer: "1", options: "yes" }, ["options"]],
      ["options on Signature", { type: "Signature", signer: "1", options: "a" }, ["options"]],
      ["an empty option", { type: "Dropdown", signer: "1", options: "Red,,Green" }, ["options"]],
      ["a blank option", { type: "RadioGroup", signer: "1", options: " ,Green" }, ["options"]],
      ["a duplicate option", { type: "Dropdown", signer: "1", options: "Red,Green,Red" }, ["options"]],
      ["a label over 100 characters", { type: "Text", signer: "1", label: "x".repeat(101) }, ["label"]],
      ["a group over 100 characters", { type: "Checkbox", signer: "1", group: "g".repeat(101) }, ["group"]],
    ])("%s → 400 validation_failed naming the field", async (_case, query, fields) => {
      const body = await expectProblem(await build(query), 400, "validation_failed");
      expect(body.errors?.map((e) => e.field)).toEqual(fields);
      for (const error of body.errors ?? []) expect(error.message).toEqual(expect.stringMatching(/\w{3}/));
    });

    test("the unknown-type error lists the valid types; the signer errors say 1 to 99", async () => {
      const unknown = await expectProblem(
        await build({ type: "Stamp", signer: "1" }),
        400,
        "validation_failed",
      );
      expect(unknown.detail).toContain("Stamp");
      for (const [type] of CONTRACT_TYPES) expect(unknown.detail).toContain(type);
      const signer = await expectProblem(
        await build({ type: "Text", signer: "100" }),
        400,
        "validation_failed",
      );
      expect(signer.detail).toMatch(/1 to 99/);
      const options = await expectProblem(
        await build({ type: "Text", signer: "1", options: "a" }),
        400,
        "validation_failed",
      );
      expect(options.detail).toMatch(/Dropdown and RadioGroup/);
    });

    test("Dropdown and RadioGroup need at least one option (contract §5)", async () => {
      for (const type of TAKES_OPTIONS) {
        const body = await expectProblem(await build({ type, signer: "1" }), 400, "validation_failed");
        expect(body.errors).toEqual([
          { field: "options", message: `A ${type} field needs at least one option` },
        ]);
      }
    });
  });

  describe("POST /api/v1/tags/parse (parseTag)", () => {
    test.each<[string, string, ParsedTag]>([
      // Contract §5, Platform: canonical, {{code:signer}}, the short form, spaces around separators.
      ["canonical", "{{sig:1:req}}", plain("Platform", "Signature", 1, true)],
      [
        "canonical with attributes",
        "{{dropdown:2:opt;label=Colour;options=Red,Green}}",
        plain("Platform", "Dropdown", 2, false, { label: "Colour", options: ["Red", "Green"] }),
      ],
      ["{{code:signer}} is required", "{{sig:1}}", plain("Platform", "Signature", 1, true)],
      ["short form {{sig_1}}", "{{sig_1}}", plain("Platform", "Signature", 1, true)],
      ["spaces around separators", "{{ initial : 3 : opt }}", plain("Platform", "Initials", 3, false)],
      ["group", "{{check:4:opt;group=terms}}", plain("Platform", "Checkbox", 4, false, { group: "terms" })],
      ["whitespace around the tag", "  {{email:7}}\n", plain("Platform", "Email", 7, true)],
      // DocuSign: type and signer only; every type but initials is required, \oi is optional initials.
      ["DocuSign signature", "\\s1\\", plain("DocuSign", "Signature", 1, true)],
      ["DocuSign optional initials", "\\oi2\\", plain("DocuSign", "Initials", 2, false)],
      ["DocuSign initials", "\\i2\\", plain("DocuSign", "Initials", 2, true)],
      ["DocuSign two-letter code", "\\dt12\\", plain("DocuSign", "Date", 12, true)],
      // Adobe Sign: the real forms.
      ["Adobe starred signature", "{{*Sig_es_:signer1:signature}}", plain("AdobeSign", "Signature", 1, true)],
      [
        "Adobe signature is required unstarred",
        "{{Sig_es_:signer1:signature}}",
        plain("AdobeSign", "Signature", 1, true),
      ],
      ["Adobe optsignature", "{{Sig_es_:signer2:optsignature}}", plain("AdobeSign", "Signature", 2, false)],
      ["Adobe optinitials", "{{Init_es_:signer2:optinitials}}", plain("AdobeSign", "Initials", 2, false)],
      [
        "Adobe role signer alone is signer 1",
        "{{Name_es_:signer:fullname}}",
        plain("AdobeSign", "Name", 1, false),
      ],
      [
        "Adobe no type is Text",
        "{{Comments_es_:signer1}}",
        plain("AdobeSign", "Text", 1, false, { label: "Comments" }),
      ],
      ["Adobe starred text", "{{*Company_es_:signer2:company}}", plain("AdobeSign", "Company", 2, true)],
      [
        "Adobe options(...)",
        "{{*Colour_es_:signer2:dropdown:options(Red,Green)}}",
        plain("AdobeSign", "Dropdown", 2, true, { label: "Colour", options: ["Red", "Green"] }),
      ],
      [
        "Adobe radio: the name is the group",
        "{{Pick_es_:signer1:radio:options(Yes, No)}}",
        plain("AdobeSign", "RadioGroup", 1, false, { group: "Pick", options: ["Yes", "No"] }),
      ],
      [
        "Adobe checkbox: the name is the group",
        "{{*Agree_es_:signer3:checkbox}}",
        plain("AdobeSign", "Checkbox", 3, true, { group: "Agree" }),
      ],
      [
        "Adobe name with underscores",
        "{{first_name_es_:signer1:text}}",
        plain("AdobeSign", "Text", 1, false, { label: "first_name" }),
      ],
      [
        "Adobe name split at the last _es_",
        "{{a_es_b_es_:signer1}}",
        plain("AdobeSign", "Text", 1, false, { label: "a_es_b" }),
      ],
      ["Adobe date is DateSigned", "{{Date_es_:signer1:date}}", plain("AdobeSign", "DateSigned", 1, false)],
      [
        "Adobe text:date is Date",
        "{{Due_es_:signer4:text:date}}",
        plain("AdobeSign", "Date", 4, false, { label: "Due" }),
      ],
      [
        "Adobe text:number is Number",
        "{{Amount_es_:signer1:text:number}}",
        plain("AdobeSign", "Number", 1, false, { label: "Amount" }),
      ],
      [
        "Adobe read-only ! changes nothing",
        "{{!Sig_es_:signer1:signature}}",
        plain("AdobeSign", "Signature", 1, true),
      ],
      ["Adobe role in any case", "{{Sig_es_:SIGNER5:signature}}", plain("AdobeSign", "Signature", 5, true)],
    ])("%s: %s", async (_case, tag, expected) => {
      expect(await parsed(tag)).toEqual(expected);
    });

    test.each([
      ["{{sig:1:req}}", "platform"],
      ["{{sig:1:req}}", "PLATFORM"],
      ["\\s1\\", "docusign"],
      ["{{*Sig_es_:signer1:signature}}", "adobeSign"],
      ["{{sig:1:req}}", ""],
      ["{{sig:1:req}}", null],
    ])("the format hint is case-insensitive; blank or null means detect: %s as %p", async (tag, format) => {
      const result = await ok<ParsedTag>(await parse({ tag, format }));
      expect(result).toMatchObject({ type: "Signature", signerIndex: 1, required: true });
    });

    test.each([
      ["{{sig:1:req}}", "DocuSign", /DocuSign.*Platform/],
      ["{{sig:1:req}}", "AdobeSign", /Adobe Sign.*Platform/],
      ["\\s1\\", "AdobeSign", /Adobe Sign.*DocuSign/],
      ["{{*Sig_es_:signer1:signature}}", "Platform", /Platform.*Adobe Sign/],
    ])("a hint the tag contradicts is 400 tag_unparseable: %s as %s", async (tag, format, message) => {
      const body = await expectProblem(await parse({ tag, format }), 400, "tag_unparseable");
      expect(body.detail).toMatch(message);
      expect(body.detail).toMatch(/character 0/);
    });

    test("an unknown format hint is 400 invalid_format naming the field", async () => {
      const body = await expectProblem(
        await parse({ tag: "{{sig:1:req}}", format: "Word" }),
        400,
        "invalid_format",
      );
      expect(body.detail).toContain("Word");
      expect(body.errors).toEqual([
        { field: "format", message: expect.stringContaining("Platform, DocuSign or AdobeSign") },
      ]);
    });

    test.each([
      ["plain text", "hello world", 0],
      ["a bad required flag", "{{sig:1:maybe}}", 8],
      ["an unknown Platform code", "{{foo:1:req}}", 2],
      ["text after the tag", "{{sig:1:req}} trailing", 14],
      ["an unclosed tag", "{{sig:1:req", 11],
      ["a repeated attribute", "{{text:1;label=a;label=b}}", 17],
      ["signer 0", "{{sig:0}}", 6],
      ["signer 100", "\\s100\\", 2],
      ["an unknown DocuSign code", "\\x1\\", 1],
      ["an uppercase DocuSign code", "\\S1\\", 1],
      ["an unsupported Adobe role", "{{Sig_es_:approver1:signature}}", 10],
      ["options on a text field", "{{text:1;options=a}}", 17],
      ["Adobe options on a text field", "{{Note_es_:signer1:text:options(a,b)}}", 24],
      ["a duplicate option", "{{dropdown:1;options=a,a}}", 23],
      ["a label over 100 characters", `{{text:1;label=${"x".repeat(101)}}}`, 15],
    ])("%s → 400 tag_unparseable saying where: %s", async (_case, tag, position) => {
      const body = await expectProblem(await parse({ tag }), 400, "tag_unparseable");
      expect(body.detail).toContain(`character ${position}`);
      expect(body.errors?.[0]).toEqual({
        field: "tag",
        message: expect.stringContaining(`character ${position}`),
      });
    });

    test("a blank tag is 400 tag_unparseable; an empty one fails validation of the field", async () => {
      const blank = await expectProblem(await parse({ tag: "   " }), 400, "tag_unparseable");
      expect(blank.detail).toMatch(/empty/);
      const empty = await expectProblem(await parse({ tag: "" }), 400, "validation_failed");
      expect(empty.errors?.map((e) => e.field)).toEqual(["tag"]);
    });

    test.each([
      "application/json",
      "text/json",
      "application/merge-patch+json",
      "application/json; charset=utf-8",
    ])("accepts the JSON body as %s", async (contentType) => {
      const result = await ok<ParsedTag>(await parse({ tag: "\\oi2\\" }, { "content-type": contentType }));
      expect(result).toEqual(plain("DocuSign", "Initials", 2, false));
    });

    test("text/plain is 415 unsupported_media_type", async () => {
      await expectProblem(
        await parse("{{sig:1:req}}", { "content-type": "text/plain" }),
        415,
        "unsupported_media_type",
      );
      await expectProblem(
        await parse(JSON.stringify({ tag: "{{sig:1:req}}" }), { "content-type": "text/plain" }),
        415,
        "unsupported_media_type",
      );
    });

    test("malformed JSON is 400 validation_failed", async () => {
      const body = await expectProblem(await parse('{"tag": "{{sig:1:req}}"'), 400, "validation_failed");
      expect(body.detail).toMatch(/JSON/);
    });

    test("a missing or mistyped tag is 400 validation_failed naming tag", async () => {
      const missing = await expectProblem(await parse({ format: "Platform" }), 400, "validation_failed");
      expect(missing.errors).toEqual([{ field: "tag", message: expect.stringContaining("tag") }]);
      const typed = await expectProblem(await parse({ tag: 7 }), 400, "validation_failed");
      expect(typed.errors?.map((e) => e.field)).toEqual(["tag"]);
      const array = await expectProblem(await parse(["{{sig:1:req}}"]), 400, "validation_failed");
      expect(array.errors?.map((e) => e.field)).toEqual(["body"]);
    });

    test("unknown extra properties are ignored", async () => {
      const result = await ok<ParsedTag>(
        await parse({ tag: "{{sig_2}}", signer: 9, options: ["x"], targetFormat: "DocuSign" }),
      );
      expect(result).toEqual(plain("Platform", "Signature", 2, true));
    });
  });

  describe("POST /api/v1/tags/validate (validateTag)", () => {
    test("a valid tag: isValid, its format, the parsed breakdown parse gives, no errors", async () => {
      for (const tag of [
        "{{dropdown:2:opt;label=Colour;options=Red,Green}}",
        "\\oi2\\",
        "{{*Colour_es_:signer2:dropdown:options(Red,Green)}}",
      ]) {
        const expected = await parsed(tag);
        expect(await ok<Validation>(await validate({ tag }))).toEqual({
          isValid: true,
          format: expected.format,
          parsed: expected,
          errors: [],
        });
      }
    });

    test.each<[string, string, string | null, number | null]>([
      ["a bad required flag", "{{sig:1:maybe}}", "Platform", 8],
      ["an unclosed Platform tag", "{{sig:1", "Platform", 7],
      ["an unknown Platform code", "{{stamp:1}}", "Platform", 2],
      ["options on a text field", "{{text:1;options=a}}", "Platform", 17],
      ["an uppercase DocuSign code", "\\S1\\", "DocuSign", 1],
      ["DocuSign signer 0", "\\s0\\", "DocuSign", 2],
      ["an unsupported Adobe role", "{{Sig_es_:approver1:signature}}", "AdobeSign", 10],
      ["an unsupported Adobe type", "{{Pic_es_:signer1:image}}", "AdobeSign", 18],
      ["plain text", "hello", null, 0],
      ["a template placeholder", "{{name}}", null, 6],
      ["an empty tag", "", null, null],
    ])(
      "%s → 200, isValid false, parsed null, errors with positions; format where the shape matches",
      async (_case, tag, format, position) => {
        const result = await ok<Validation>(await validate({ tag }));
        expect(result).toMatchObject({ isValid: false, format, parsed: null });
        expect(result.errors.length).toBeGreaterThan(0);
        for (const error of result.errors) {
          expect(Object.keys(error).sort()).toEqual(["message", "position"]);
          expect(error.position === null || (Number.isInteger(error.position) && error.position >= 0)).toBe(
            true,
          );
        }
        if (position !== null) {
          expect(result.errors[0]!.position).toBe(position);
          expect(result.errors[0]!.message).toContain(`character ${position}`);
        } else {
          expect(result.errors[0]!.message).toMatch(/\w{3}/);
        }
        // parse refuses the same tag (validate is parse that never fails).
        expect((await parse({ tag })).status).toBe(400);
      },
    );

    test.each([
      ["{{dropdown:1:req}}", "Platform"],
      ["{{radio_2;group=Pay}}", "Platform"],
      ["{{Colour_es_:signer1:dropdown}}", "AdobeSign"],
      ["{{pay_es_:signer1:radio}}", "AdobeSign"],
    ])(
      "%s: a Dropdown or RadioGroup without options is invalid, and build, parse and convert agree",
      async (tag, format) => {
        const result = await ok<Validation>(await validate({ tag }));
        expect(result).toMatchObject({ isValid: false, format, parsed: null });
        expect(result.errors[0]!.message).toMatch(/needs at least one option/);
        await expectProblem(await parse({ tag }), 400, "tag_unparseable");
        await expectProblem(await convert({ tag, targetFormat: "DocuSign" }), 400, "tag_unparseable");
        const type = /radio/.test(tag) ? "RadioGroup" : "Dropdown";
        const built = await expectProblem(await build({ type, signer: "1" }), 400, "validation_failed");
        expect(built.errors).toEqual([
          { field: "options", message: expect.stringMatching(/needs at least one option/) },
        ]);
        expect((await build({ type, signer: "1", options: "A,B" })).status).toBe(200);
      },
    );

    test("a DocuSign list carries no options: valid as DocuSign, refused when converted to a format that needs them", async () => {
      expect(await ok<Validation>(await validate({ tag: "\\l1\\" }))).toMatchObject({ isValid: true });
      const body = await expectProblem(
        await convert({ tag: "\\l1\\", targetFormat: "Platform" }),
        400,
        "validation_failed",
      );
      expect(body.detail).toMatch(/Converting to Platform: A Dropdown field needs at least one option/);
    });

    test("a hint the tag contradicts is invalid, with the detected format", async () => {
      const result = await ok<Validation>(await validate({ tag: "{{sig:1:req}}", format: "docusign" }));
      expect(result).toEqual({
        isValid: false,
        format: "Platform",
        parsed: null,
        errors: [{ message: expect.stringMatching(/DocuSign.*Platform/), position: 0 }],
      });
    });

    test("the hint is case-insensitive, and blank means detect as in parse", async () => {
      for (const format of ["ADOBESIGN", " adobesign ", "", null]) {
        const result = await ok<Validation>(
          await validate({ tag: "{{Init_es_:signer2:optinitials}}", format }),
        );
        expect({ format, result }).toEqual({
          format,
          result: expect.objectContaining({ isValid: true, format: "AdobeSign" }),
        });
      }
    });

    test("even an unknown hint or an overlong tag is 200 with isValid false", async () => {
      const unknown = await ok<Validation>(await validate({ tag: "{{sig:1:req}}", format: "Word" }));
      expect(unknown).toEqual({
        isValid: false,
        format: "Platform",
        parsed: null,
        errors: [{ message: expect.stringContaining('"Word"'), position: null }],
      });
      const long = await ok<Validation>(await validate({ tag: `{{text:1;label=${"x".repeat(20_000)}}}` }));
      expect(long).toMatchObject({ isValid: false, format: "Platform", parsed: null });
      expect(long.errors[0]!.message).toMatch(/10000/);
    });

    test("a request that is no validate request at all is still refused", async () => {
      const missing = await expectProblem(await validate({}), 400, "validation_failed");
      expect(missing.errors?.map((e) => e.field)).toEqual(["tag"]);
      await expectProblem(
        await post("/api/v1/tags/validate", "{{sig:1}}", { "content-type": "text/plain" }),
        415,
        "unsupported_media_type",
      );
    });
  });

  describe("GET /api/v1/tags/detect-format (detectTagFormat)", () => {
    test.each([
      ["{{sig:1:req}}", "Platform"],
      ["{{sig_1}}", "Platform"],
      ["{{dropdown:2:opt;label=Colour;options=Red,Green}}", "Platform"],
      ["\\s1\\", "DocuSign"],
      ["\\oi2\\", "DocuSign"],
      ["{{*Sig_es_:signer1:signature}}", "AdobeSign"],
      ["{{first_name_es_:signer1}}", "AdobeSign"],
      // A shape check, not a parse: these do not parse but look like their format.
      ["{{sig:1", "Platform"],
      ["{{sig:1:maybe}}", "Platform"],
      ["\\S1\\", "DocuSign"],
      ["{{Sig_es_:approver1:signature}}", "AdobeSign"],
    ])("%s → %s", async (tag, format) => {
      expect(await ok(await detect({ tag }))).toEqual({ format });
    });

    test.each(["hello world", "{{name}}", "{{ user.name }}", "{{first_name}}", "C:\\Users\\me", "", "   "])(
      "null when nothing matches: %p",
      async (tag) => {
        expect(await ok(await detect({ tag }))).toEqual({ format: null });
      },
    );

    test("a missing tag query parameter is 400 validation_failed naming tag", async () => {
      const body = await expectProblem(await detect({}), 400, "validation_failed");
      expect(body.errors?.map((e) => e.field)).toEqual(["tag"]);
    });
  });

  describe("POST /api/v1/tags/convert (convertTag)", () => {
    test.each<[string, string, string, string, string[]]>([
      ["{{sig:1:req}}", "Platform", "DocuSign", "\\s1\\", []],
      ["{{sig:1:req}}", "Platform", "AdobeSign", "{{Sig_es_:signer1:signature}}", []],
      ["{{check:4:opt;group=terms}}", "Platform", "AdobeSign", "{{terms_es_:signer4:checkbox}}", []],
      ["\\oi2\\", "DocuSign", "Platform", "{{initial:2:opt}}", []],
      ["\\oi2\\", "DocuSign", "AdobeSign", "{{Init_es_:signer2:optinitials}}", []],
      ["\\dt5\\", "DocuSign", "AdobeSign", "{{*DateInput_es_:signer5:text:date}}", []],
      [
        "{{*Colour_es_:signer2:dropdown:options(Red,Green)}}",
        "AdobeSign",
        "Platform",
        "{{dropdown:2:req;label=Colour;options=Red,Green}}",
        [],
      ],
      ["{{Name_es_:signer:fullname}}", "AdobeSign", "DocuSign", "\\n1\\", ["DocuSign: required=false"]],
      [
        "{{*Colour_es_:signer2:dropdown:options(Red,Green)}}",
        "AdobeSign",
        "DocuSign",
        "\\l2\\",
        ['DocuSign: label "Colour"', 'DocuSign: options ["Red","Green"]'],
      ],
      [
        "{{dropdown:2:opt;label=Colour;options=Red,Green}}",
        "Platform",
        "DocuSign",
        "\\l2\\",
        ['DocuSign: label "Colour"', 'DocuSign: options ["Red","Green"]', "DocuSign: required=false"],
      ],
      [
        "{{text:3:opt;label=Your name;group=g1}}",
        "Platform",
        "AdobeSign",
        "{{g1_es_:signer3:text}}",
        ['AdobeSign: label "Your name" dropped', 'AdobeSign: group "g1"'],
      ],
    ])(
      "%s (%s) → %s: %s, with a warning for each dropped attribute",
      async (tag, source, target, expected, warnings) => {
        expect(await converted(tag, target)).toEqual({
          tag: expected,
          sourceFormat: source,
          targetFormat: target,
          warnings: warnings.map((w) => expect.stringContaining(w)),
        });
      },
    );

    test("the target format is case-insensitive on input and exact on output", async () => {
      expect(await converted("{{sig_1}}", "adobesign")).toMatchObject({
        targetFormat: "AdobeSign",
        tag: "{{Sig_es_:signer1:signature}}",
      });
      expect(await converted("\\s1\\", "PLATFORM")).toMatchObject({
        targetFormat: "Platform",
        tag: "{{sig:1:req}}",
      });
    });

    test("converting into the own format gives the canonical form", async () => {
      expect(await converted("{{ sig _ 1 }}", "Platform")).toEqual({
        tag: "{{sig:1:req}}",
        sourceFormat: "Platform",
        targetFormat: "Platform",
        warnings: [],
      });
    });

    test("the sourceFormat hint: matching and blank convert, contradicting is tag_unparseable, unknown is invalid_format", async () => {
      expect(await converted("{{sig:1:req}}", "DocuSign", "platform")).toMatchObject({
        sourceFormat: "Platform",
        tag: "\\s1\\",
      });
      expect(await converted("{{sig:1:req}}", "DocuSign", "")).toMatchObject({
        sourceFormat: "Platform",
        tag: "\\s1\\",
      });
      const contradicted = await expectProblem(
        await convert({ tag: "{{sig:1:req}}", targetFormat: "DocuSign", sourceFormat: "AdobeSign" }),
        400,
        "tag_unparseable",
      );
      expect(contradicted.detail).toMatch(/Adobe Sign.*Platform/);
      const unknown = await expectProblem(
        await convert({ tag: "{{sig:1:req}}", targetFormat: "DocuSign", sourceFormat: "XML" }),
        400,
        "invalid_format",
      );
      expect(unknown.errors).toEqual([{ field: "sourceFormat", message: expect.any(String) }]);
    });

    test.each(["PDF", "", "Docu Sign", "docx"])(
      "an unknown targetFormat %p is 400 invalid_format",
      async (targetFormat) => {
        const body = await expectProblem(
          await convert({ tag: "{{sig:1:req}}", targetFormat }),
          400,
          "invalid_format",
        );
        expect(body.detail).toContain("Platform, DocuSign or AdobeSign");
        expect(body.errors).toEqual([{ field: "targetFormat", message: expect.any(String) }]);
      },
    );

    test("a missing targetFormat is 400 validation_failed naming it", async () => {
      const body = await expectProblem(await convert({ tag: "{{sig:1:req}}" }), 400, "validation_failed");
      expect(body.errors?.map((e) => e.field)).toEqual(["targetFormat"]);
    });

    test.each([
      ["{{sig:1:maybe}}", 8],
      ["not a tag", 0],
      ["{{Sig_es_:sender:signature}}", 10],
      ["\\s0\\", 2],
    ])("an unparseable source %s is 400 tag_unparseable saying where", async (tag, position) => {
      const body = await expectProblem(
        await convert({ tag, targetFormat: "AdobeSign" }),
        400,
        "tag_unparseable",
      );
      expect(body.detail).toContain(`character ${position}`);
    });

    test.each([
      "{{dropdown:2:opt;label=Colour;options=Red,Green}}",
      "{{date:7:req;label=Due}}",
      "{{radio:12:opt;group=size;options=S,M,L}}",
      "\\oi2\\",
      "\\co9\\",
      "{{*Agree_es_:signer3:checkbox}}",
      "{{Init_es_:signer2:optinitials}}",
      "{{Amount_es_:signer:text:number}}",
    ])("A→B→A keeps type and signer: %s", async (tag) => {
      const original = await parsed(tag);
      for (const target of ["Platform", "DocuSign", "AdobeSign"].filter((f) => f !== original.format)) {
        if (target === "DocuSign" && TAKES_OPTIONS.has(original.type)) {
          // DocuSign drops the options, which the way back needs: the trip ends there, said so.
          const there = await converted(tag, target);
          const back = await convert({ tag: there.tag, targetFormat: original.format });
          await expectProblem(back, 400, "validation_failed");
          continue;
        }
        const there = await converted(tag, target);
        const back = await converted(there.tag, original.format);
        expect({ target, sourceFormat: back.sourceFormat }).toEqual({ target, sourceFormat: target });
        const again = await parsed(back.tag);
        expect({ target, type: again.type, signerIndex: again.signerIndex }).toEqual({
          target,
          type: original.type,
          signerIndex: original.signerIndex,
        });
      }
    });

    test("Platform → AdobeSign → Platform keeps everything Adobe Sign carries", async () => {
      const tag = "{{dropdown:2:opt;label=Colour;options=Red,Green}}";
      const adobe = await converted(tag, "AdobeSign");
      expect(adobe.warnings).toEqual([]);
      expect((await converted(adobe.tag, "Platform")).tag).toBe(tag);
    });
  });
});
