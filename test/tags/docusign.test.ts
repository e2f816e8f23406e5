import { TagParseError, formatTag, parseTag } from "../../src/tags";

function errorOf(tag: string, hint?: "DocuSign"): TagParseError {
  try {
    parseTag(tag, hint);
  } catch (error) {
    if (error instanceof TagParseError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(tag)} not to parse`);
}

describe("DocuSign tags", () => {
  it.each([
    ["\\s1\\", "Signature", 1, true],
    ["\\i2\\", "Initials", 2, true],
    ["\\oi1\\", "Initials", 1, false],
    ["\\d1\\", "DateSigned", 1, true],
    ["\\n3\\", "Name", 3, true],
    ["\\e1\\", "Email", 1, true],
    ["\\co1\\", "Company", 1, true],
    ["\\ti2\\", "Title", 2, true],
    ["\\t1\\", "Text", 1, true],
    ["\\dt1\\", "Date", 1, true],
    ["\\nu1\\", "Number", 1, true],
    ["\\c4\\", "Checkbox", 4, true],
    ["\\r1\\", "RadioGroup", 1, true],
    ["\\l99\\", "Dropdown", 99, true],
    ["\\a1\\", "Attachment", 1, true],
  ])("%s is %s for signer %i (required %s)", (tag, type, signerIndex, required) => {
    expect(parseTag(tag)).toEqual({
      format: "DocuSign",
      type,
      signerIndex,
      required,
      label: null,
      group: null,
      options: null,
    });
  });

  it("allows surrounding whitespace, as pasted from a document", () => {
    expect(parseTag("  \\s1\\\n")).toMatchObject({ type: "Signature", signerIndex: 1 });
  });

  it("builds \\code signer\\ and \\oi for optional initials", () => {
    const base = { signerIndex: 2, label: null, group: null, options: null };
    expect(formatTag({ ...base, type: "Signature", required: true }, "DocuSign")).toEqual({
      tag: "\\s2\\",
      warnings: [],
    });
    expect(formatTag({ ...base, type: "Initials", required: false }, "DocuSign")).toEqual({
      tag: "\\oi2\\",
      warnings: [],
    });
    expect(formatTag({ ...base, type: "Initials", required: true }, "DocuSign").tag).toBe("\\i2\\");
    expect(formatTag({ ...base, type: "Company", required: true }, "DocuSign").tag).toBe("\\co2\\");
  });

  it.each([
    [
      "\\x1\\",
      1,
      'Unknown DocuSign code "x" at character 1; expected one of s, i, d, n, e, co, ti, t, dt, nu, c, r, l, a, oi',
    ],
    ["\\S1\\", 1, 'DocuSign codes are lowercase: write "s" instead of "S" at character 1'],
    [
      "\\s 1\\",
      2,
      "Expected the signer number right after the code (DocuSign tags have no spaces) at character 2",
    ],
    ["\\s1 \\", 3, 'Expected a backslash "\\" closing the tag (DocuSign tags have no spaces) at character 3'],
    ["\\s1", 3, "The tag ends too early"],
    ["\\1\\", 1, "Expected a DocuSign code"],
    ["\\s0\\", 2, "At character 2: signer must be a whole number from 1 to 99, not 0"],
    ["\\s100\\", 2, "not 100"],
    ["\\s1\\ extra", 5, "Unexpected text after the end of the tag at character 5"],
  ])("%s fails at %i", (tag, position, message) => {
    const error = errorOf(tag, "DocuSign");
    expect(error.position).toBe(position);
    expect(error.message).toContain(message);
  });
});
