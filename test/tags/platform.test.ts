import { TagParseError, buildTag, formatTag, parseTag, validateTag } from "../../src/tags";
import type { TagSpec } from "../../src/tags";

function errorOf(tag: string): TagParseError {
  try {
    parseTag(tag);
  } catch (error) {
    if (error instanceof TagParseError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(tag)} not to parse`);
}

const spec = (over: Partial<TagSpec>): TagSpec => ({
  type: "Text",
  signerIndex: 1,
  required: true,
  label: null,
  group: null,
  options: null,
  ...over,
});

describe("Platform tags: contract examples", () => {
  it("parses {{sig:1:req}}", () => {
    expect(parseTag("{{sig:1:req}}")).toEqual({
      format: "Platform",
      type: "Signature",
      signerIndex: 1,
      required: true,
      label: null,
      group: null,
      options: null,
    });
  });

  it("parses a dropdown with label and options", () => {
    expect(parseTag("{{dropdown:2:opt;label=Colour;options=Red,Green}}")).toEqual({
      format: "Platform",
      type: "Dropdown",
      signerIndex: 2,
      required: false,
      label: "Colour",
      group: null,
      options: ["Red", "Green"],
    });
  });

  it("reads {{code:signer}} as required", () => {
    expect(parseTag("{{initial:3}}")).toMatchObject({ type: "Initials", signerIndex: 3, required: true });
  });

  it("reads the short form {{sig_1}}", () => {
    expect(parseTag("{{sig_1}}")).toMatchObject({
      format: "Platform",
      type: "Signature",
      signerIndex: 1,
      required: true,
    });
    expect(parseTag("{{radio_12:opt;group=Pay;options=Card,Cash}}")).toMatchObject({
      type: "RadioGroup",
      signerIndex: 12,
      required: false,
      group: "Pay",
      options: ["Card", "Cash"],
    });
  });

  it("accepts spaces around separators and codes in any case", () => {
    expect(parseTag("  {{ Text : 4 : OPT ; label = First name ; group = g1 }}  ")).toMatchObject({
      type: "Text",
      signerIndex: 4,
      required: false,
      label: "First name",
      group: "g1",
    });
    expect(parseTag("{{DateSigned:1}}")).toMatchObject({ type: "DateSigned" });
  });

  it.each([
    ["sig", "Signature"],
    ["initial", "Initials"],
    ["datesigned", "DateSigned"],
    ["name", "Name"],
    ["email", "Email"],
    ["company", "Company"],
    ["title", "Title"],
    ["text", "Text"],
    ["date", "Date"],
    ["number", "Number"],
    ["check", "Checkbox"],
    ["radio", "RadioGroup"],
    ["dropdown", "Dropdown"],
    ["attach", "Attachment"],
  ])("code %s is %s", (code, type) => {
    const options = code === "radio" || code === "dropdown" ? ";options=A" : "";
    expect(parseTag(`{{${code}:7:opt${options}}}`)).toMatchObject({ type, signerIndex: 7, required: false });
  });

  it.each(["{{dropdown:1:req}}", "{{radio_2}}", "{{dropdown:3:opt;label=Colour}}"])(
    "refuses %s: a Dropdown or RadioGroup needs at least one option (contract §5)",
    (tag) => {
      expect(() => parseTag(tag)).toThrow(/needs at least one option/);
      expect(validateTag(tag)).toMatchObject({ isValid: false, parsed: null });
    },
  );

  it("accepts the words required/optional and a trailing semicolon", () => {
    expect(parseTag("{{sig:1:optional}}").required).toBe(false);
    expect(parseTag("{{sig:1:required;}}").required).toBe(true);
  });

  it("accepts attributes straight after the signer (required by default)", () => {
    expect(parseTag("{{text:2;label=Street}}")).toMatchObject({ required: true, label: "Street" });
  });

  it("reads attribute keys in any case and in any order", () => {
    expect(parseTag("{{radio:1:req;OPTIONS=a,b;Group=g;LABEL=l}}")).toMatchObject({
      label: "l",
      group: "g",
      options: ["a", "b"],
    });
  });
});

describe("Platform tags: escapes", () => {
  it("unescapes \\; \\, \\} \\\\ in values", () => {
    const parsed = parseTag("{{dropdown:1:req;label=a\\;b\\}c\\\\d;options=x\\,y,z}}");
    expect(parsed.label).toBe("a;b}c\\d");
    expect(parsed.options).toEqual(["x,y", "z"]);
  });

  it("keeps a backslash before any other character (Windows paths)", () => {
    expect(parseTag("{{text:1:req;label=C:\\Users\\x}}").label).toBe("C:\\Users\\x");
  });

  it("does not split a label at commas, nor any value at colons or equals signs", () => {
    expect(parseTag("{{text:1:req;label=a,b:c=d}}").label).toBe("a,b:c=d");
  });

  it("builds escaped values that parse back to the same text", () => {
    const original = spec({
      type: "Dropdown",
      label: "Size; {{big}} \\ small",
      options: ["a,b", "c}", "{d", "e;f"],
    });
    const built = buildTag(original).platform;
    expect(built).toBe(
      "{{dropdown:1:req;label=Size\\; \\{\\{big\\}\\} \\\\ small;options=a\\,b,c\\},\\{d,e\\;f}}",
    );
    expect(parseTag(built)).toEqual({ format: "Platform", ...original });
  });

  it("closes the tag at the first unescaped }}", () => {
    expect(parseTag("{{text:1:req;label=a\\}}}").label).toBe("a}");
    expect(parseTag("{{text:1:req;label=a\\\\}}").label).toBe("a\\");
  });
});

describe("Platform tags: canonical build", () => {
  it("emits code:signer:req|opt then label, group, options", () => {
    expect(formatTag(spec({ type: "Signature" }), "Platform").tag).toBe("{{sig:1:req}}");
    expect(
      formatTag(
        spec({ type: "RadioGroup", signerIndex: 3, required: false, label: "L", group: "G", options: ["x"] }),
        "Platform",
      ).tag,
    ).toBe("{{radio:3:opt;label=L;group=G;options=x}}");
  });

  it("normalises lenient input to the canonical form on conversion", () => {
    expect(buildTag({ ...parseTag("{{ SIG _ 2 }}") }).platform).toBe("{{sig:2:req}}");
  });
});

describe("Platform tags: errors say what and where", () => {
  it.each([
    ["{{sgi:1}}", 2, 'Unknown tag code "sgi" at character 2; expected one of sig, initial, datesigned'],
    ["{{signature:1}}", 2, 'for Signature write "sig"'],
    ["{{sig-1}}", 5, 'Expected ":" after the tag code at character 5; found "-"'],
    ["{{sig:x}}", 6, "Expected the signer number (1 to 99) at character 6"],
    ["{{sig:1:maybe}}", 8, 'Expected "req" or "opt" at character 8'],
    [
      "{{sig:1:req;colour=red}}",
      12,
      'Unknown attribute "colour" at character 12; expected label, group or options',
    ],
    ["{{text:1:req;label=a;label=b}}", 21, 'The attribute "label" is given twice'],
    ["{{text:1:req;label}}", 18, 'Expected "=" after "label" at character 18'],
    ["{{sig:1:req label=x}}", 12, 'Expected ";" or "}}" at character 12'],
    ["{{sig:1:req}} trailing", 14, "Unexpected text after the end of the tag at character 14"],
    ["{{sig:1:req;label=x", 19, 'The tag is not closed: expected "}}" at character 19'],
    ["{{sig:1", 7, "The tag ends too early"],
    ["{{:1}}", 2, "Expected a tag code"],
  ])("%s fails at %i", (tag, position, message) => {
    const error = errorOf(tag);
    expect(error.position).toBe(position);
    expect(error.message).toContain(message);
  });

  it("checks limits and points at the offending part", () => {
    const signer = errorOf("{{sig:0}}");
    expect(signer.position).toBe(6);
    expect(signer.message).toBe("At character 6: signer must be a whole number from 1 to 99, not 0");
    expect(errorOf("{{sig:100:req}}").message).toContain("not 100");
    expect(errorOf(`{{text:1:req;label=${"x".repeat(101)}}}`).message).toBe(
      "At character 19: label is 101 characters long; the limit is 100",
    );
    expect(errorOf(`{{text:1:req;group=${"x".repeat(101)}}}`).problems[0]?.position).toBe(19);
  });

  it("counts label length in characters a user sees, not UTF-16 units", () => {
    expect(parseTag(`{{text:1:req;label=${"😀".repeat(100)}}}`).label).toHaveLength(200);
    expect(errorOf(`{{text:1:req;label=${"😀".repeat(101)}}}`).message).toContain("101 characters");
  });

  it("reports every broken option rule, each at its option", () => {
    const error = errorOf("{{radio:1:req;options=a,,a}}");
    expect(error.problems).toEqual([
      { message: "At character 24: option 2 is empty", position: 24 },
      { message: 'At character 25: option 3 "a" repeats option 1', position: 25 },
    ]);
    expect(error.position).toBe(24);
  });

  it("rejects options on types that take none, and an empty options list", () => {
    expect(errorOf("{{text:1:req;options=a}}").message).toBe(
      "At character 21: options are only for Dropdown and RadioGroup fields, not for Text",
    );
    expect(errorOf("{{dropdown:1:req;options=}}").message).toBe("At character 25: give at least one option");
  });

  it("rejects an empty label rather than inventing one", () => {
    expect(errorOf("{{text:1:req;label=}}").message).toContain("label must not be empty");
  });
});
