import {
  TAG_FORMATS,
  TAG_TYPES,
  TagSpecError,
  buildTag,
  checkSpec,
  parseFormatName,
  parseTypeName,
} from "../../src/tags";
import type { TagSpec } from "../../src/tags";

const spec = (over: Partial<TagSpec>): TagSpec => ({
  type: "Text",
  signerIndex: 1,
  required: true,
  label: null,
  group: null,
  options: null,
  ...over,
});

describe("the type table (contract §5)", () => {
  it("lists the fourteen types in contract order with their codes", () => {
    expect(TAG_TYPES.map((t) => [t.type, t.code, t.docuSignCode, t.adobeSignType, t.acceptsInput])).toEqual([
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
    ]);
  });

  it("describes every type in a sentence", () => {
    for (const info of TAG_TYPES) expect(info.description).toMatch(/^[A-Z].{8,}\.$/);
  });

  it("cannot be altered by a consumer", () => {
    expect(Object.isFrozen(TAG_TYPES)).toBe(true);
    expect(Object.isFrozen(TAG_TYPES[0])).toBe(true);
    expect(TAG_FORMATS).toEqual(["Platform", "DocuSign", "AdobeSign"]);
  });
});

describe("name lookups", () => {
  it("reads format names in any case", () => {
    expect(parseFormatName("docusign")).toBe("DocuSign");
    expect(parseFormatName("ADOBESIGN")).toBe("AdobeSign");
    expect(parseFormatName(" platform ")).toBe("Platform");
    expect(parseFormatName("Adobe")).toBeUndefined();
    expect(parseFormatName("")).toBeUndefined();
  });

  it("reads type names in any case, FullName for Name", () => {
    expect(parseTypeName("signature")).toBe("Signature");
    expect(parseTypeName("RADIOGROUP")).toBe("RadioGroup");
    expect(parseTypeName("FullName")).toBe("Name");
    expect(parseTypeName("fullname")).toBe("Name");
    expect(parseTypeName("sig")).toBeUndefined();
    expect(parseTypeName("toString")).toBeUndefined();
  });
});

describe("checkSpec", () => {
  it("accepts a valid spec", () => {
    expect(
      checkSpec(spec({ type: "Dropdown", label: "Colour", group: "g", options: ["Red", "Green"] })),
    ).toEqual([]);
  });

  it.each([0, 100, 1.5, -1, Number.NaN])("rejects signer %p", (signerIndex) => {
    expect(checkSpec(spec({ signerIndex }))).toEqual([
      {
        field: "signer",
        message: expect.stringMatching(/^Signer must be a whole number from 1 to 99, not /),
      },
    ]);
  });

  it("accepts signers 1 and 99", () => {
    expect(checkSpec(spec({ signerIndex: 1 }))).toEqual([]);
    expect(checkSpec(spec({ signerIndex: 99 }))).toEqual([]);
  });

  it("limits label and group to 100 characters", () => {
    expect(checkSpec(spec({ label: "x".repeat(100), group: "y".repeat(100) }))).toEqual([]);
    expect(checkSpec(spec({ label: "x".repeat(101), group: "y".repeat(101) }))).toEqual([
      { field: "label", message: "Label is 101 characters long; the limit is 100" },
      { field: "group", message: "Group is 101 characters long; the limit is 100" },
    ]);
  });

  it("rejects empty and space-padded labels, which could not survive a round trip", () => {
    expect(checkSpec(spec({ label: "" }))[0]?.field).toBe("label");
    expect(checkSpec(spec({ group: " g" }))).toEqual([
      { field: "group", message: 'Group " g" must not start or end with a space' },
    ]);
  });

  it("allows options only for Dropdown and RadioGroup", () => {
    expect(checkSpec(spec({ type: "RadioGroup", options: ["a"] }))).toEqual([]);
    expect(checkSpec(spec({ type: "Checkbox", options: ["a"] }))).toEqual([
      { field: "options", message: "Options are only for Dropdown and RadioGroup fields, not for Checkbox" },
    ]);
  });

  it("requires at least one option when a list is given, none empty or repeated", () => {
    expect(checkSpec(spec({ type: "Dropdown", options: [] }))).toEqual([
      { field: "options", message: "Give at least one option" },
    ]);
    expect(checkSpec(spec({ type: "Dropdown", options: ["a", " ", "b", "a", " c"] }))).toEqual([
      { field: "options", message: "Option 2 is empty" },
      { field: "options", message: 'Option 4 "a" repeats option 1' },
      { field: "options", message: 'Option 5 " c" must not start or end with a space' },
    ]);
  });

  it("requires options of a Dropdown or RadioGroup, except in a DocuSign tag, which cannot carry them", () => {
    const missing = { field: "options", message: "A Dropdown field needs at least one option" };
    expect(checkSpec(spec({ type: "Dropdown", options: null }))).toEqual([missing]);
    expect(checkSpec(spec({ type: "RadioGroup", options: null }), "AdobeSign")).toEqual([
      { field: "options", message: "A RadioGroup field needs at least one option in an Adobe Sign tag" },
    ]);
    expect(checkSpec(spec({ type: "Dropdown", options: null }), "DocuSign")).toEqual([]);
    expect(checkSpec(spec({ type: "Dropdown", options: ["Red"] }))).toEqual([]);
  });

  it("rejects an unknown type and wrongly typed values from untyped callers", () => {
    const bad = {
      type: "Stamp",
      signerIndex: "1",
      required: "yes",
      label: 5,
      group: null,
      options: "a,b",
    } as unknown as TagSpec;
    expect(checkSpec(bad).map((p) => p.field)).toEqual(["type", "signer", "required", "label", "options"]);
  });

  it("makes buildTag throw TagSpecError carrying the problems", () => {
    let thrown: unknown;
    try {
      buildTag(spec({ signerIndex: 0, label: "x".repeat(101) }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TagSpecError);
    expect((thrown as TagSpecError).problems.map((p) => p.field)).toEqual(["signer", "label"]);
  });
});
