import { TagFormatError, TagParseError, detectFormat, parseTag, validateTag } from "../../src/tags";
import type { TagFormat } from "../../src/tags";

describe("detectFormat", () => {
  it.each([
    ["{{sig:1:req}}", "Platform"],
    ["{{sig_1}}", "Platform"],
    ["{{ text : 2 }}", "Platform"],
    ["{{sgi:1}}", "Platform"], // a shape check: the code is not looked up
    ["{{sig:1", "Platform"], // unclosed still opens like a Platform tag
    ["\\s1\\", "DocuSign"],
    ["\\S1\\", "DocuSign"],
    ["\\zz9\\", "DocuSign"],
    ["{{Sig_es_:signer1:signature}}", "AdobeSign"],
    ["{{*city_es_:signer1}}", "AdobeSign"],
    ["{{sig_1_es_:signer1}}", "AdobeSign"], // a name that happens to start like the short form
    ["  {{!price_es_:signer1}}", "AdobeSign"],
  ])("%s is %s", (tag, format) => {
    expect(detectFormat(tag)).toBe(format);
  });

  it.each([
    "",
    "   ",
    "hello",
    "{{name}}",
    "{{ user.name }}",
    "{{first_name}}",
    "{{!price}}",
    "\\Users\\",
    "\\s\\",
    "C:\\Users\\x\\",
    "{sig:1}",
    "{{",
    "\\",
  ])("%p is no tag", (tag) => {
    expect(detectFormat(tag)).toBeNull();
  });
});

describe("parseTag with a format hint", () => {
  it("parses a tag of the hinted format", () => {
    expect(parseTag("\\s1\\", "DocuSign").format).toBe("DocuSign");
    expect(parseTag("{{sig:1}}", "platform" as TagFormat).format).toBe("Platform");
  });

  it("rejects a tag of another format, naming both", () => {
    expect(() => parseTag("\\s1\\", "Platform")).toThrow(
      new TagParseError([
        { message: "Expected a Platform tag, but this looks like a DocuSign tag", position: 0 },
      ]),
    );
    expect(() => parseTag("{{Sig_es_:signer1}}", "Platform")).toThrow("looks like an Adobe Sign tag");
  });

  it("throws TagFormatError for an unknown format name", () => {
    expect(() => parseTag("{{sig:1}}", "Word" as TagFormat)).toThrow(TagFormatError);
  });

  it("explains text that is no tag at all", () => {
    expect(() => parseTag("hello")).toThrow('Not a tag: found "hello" at character 0');
    expect(() => parseTag("")).toThrow("The tag is empty");
    expect(() => parseTag("{{name}}")).toThrow('Expected ":" after the tag code at character 6; found "}"');
    expect(() => parseTag("{{Sig_es_}}")).toThrow('after "_es_"');
    expect(() => parseTag("\\Users\\")).toThrow("Unknown DocuSign code");
  });
});

describe("validateTag", () => {
  it("returns the parse for a valid tag", () => {
    expect(validateTag("{{sig:2:opt}}")).toEqual({
      isValid: true,
      format: "Platform",
      parsed: {
        format: "Platform",
        type: "Signature",
        signerIndex: 2,
        required: false,
        label: null,
        group: null,
        options: null,
      },
      errors: [],
    });
  });

  it("reports the detected format and positioned errors for an invalid tag", () => {
    expect(validateTag("{{sgi:1}}")).toEqual({
      isValid: false,
      format: "Platform",
      parsed: null,
      errors: [
        {
          message:
            'Unknown tag code "sgi" at character 2; expected one of sig, initial, datesigned, name, email, company, title, text, date, number, check, radio, dropdown, attach',
          position: 2,
        },
      ],
    });
  });

  it("has a null format when nothing matches", () => {
    const result = validateTag("plain words");
    expect(result).toMatchObject({ isValid: false, format: null, parsed: null });
    expect(result.errors).toHaveLength(1);
  });

  it("lists every limit a well-formed tag breaks", () => {
    expect(validateTag(`{{text:0:req;label=${"x".repeat(101)}}}`).errors.map((e) => e.position)).toEqual([
      7, 19,
    ]);
  });

  it("reports a hint mismatch without throwing", () => {
    expect(validateTag("\\s1\\", "AdobeSign")).toMatchObject({ isValid: false, format: "DocuSign" });
  });

  it("reports an unknown format name without throwing", () => {
    expect(validateTag("{{sig:1}}", "Word" as TagFormat).errors).toEqual([
      { message: 'Unknown tag format "Word"; expected Platform, DocuSign or AdobeSign', position: null },
    ]);
  });

  it("copes with a non-string tag from an untyped caller", () => {
    expect(validateTag(undefined as unknown as string)).toMatchObject({ isValid: false, format: null });
    expect(detectFormat(42 as unknown as string)).toBeNull();
  });
});
