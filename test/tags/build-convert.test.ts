import {
  TagFormatError,
  TagParseError,
  TagSpecError,
  buildTag,
  convertTag,
  formatTag,
  parseTag,
} from "../../src/tags";
import type { TagFormat, TagSpec } from "../../src/tags";

const spec = (over: Partial<TagSpec>): TagSpec => ({
  type: "Text",
  signerIndex: 1,
  required: true,
  label: null,
  group: null,
  options: null,
  ...over,
});

describe("buildTag", () => {
  it("builds the contract's examples in all three formats", () => {
    expect(buildTag(spec({ type: "Signature" }))).toEqual({
      platform: "{{sig:1:req}}",
      docuSign: "\\s1\\",
      adobeSign: "{{Sig_es_:signer1:signature}}",
      warnings: [],
    });
    const dropdown = buildTag(
      spec({ type: "Dropdown", signerIndex: 2, required: false, label: "Colour", options: ["Red", "Green"] }),
    );
    expect(dropdown.platform).toBe("{{dropdown:2:opt;label=Colour;options=Red,Green}}");
    expect(dropdown.docuSign).toBe("\\l2\\");
    expect(dropdown.adobeSign).toBe("{{Colour_es_:signer2:dropdown:options(Red,Green)}}");
  });

  it("warns once per attribute DocuSign drops, naming it and its value", () => {
    const { warnings } = buildTag(
      spec({
        type: "Dropdown",
        signerIndex: 2,
        required: false,
        label: "Colour",
        group: "g",
        options: ["Red", "Green"],
      }),
    );
    const docuSign = warnings.filter((w) => w.startsWith("DocuSign:"));
    expect(docuSign).toEqual([
      'DocuSign: label "Colour" dropped; DocuSign tags carry only the field type and the signer',
      'DocuSign: group "g" dropped; DocuSign tags carry only the field type and the signer',
      'DocuSign: options ["Red","Green"] dropped; DocuSign tags carry only the field type and the signer',
      "DocuSign: required=false dropped; DocuSign marks every field except initials as required",
    ]);
  });

  it("does not warn about optional initials, which DocuSign carries as \\oi", () => {
    const built = buildTag(spec({ type: "Initials", required: false }));
    expect(built.docuSign).toBe("\\oi1\\");
    expect(built.warnings).toEqual([]);
  });

  it("warns when Adobe Sign's single field name loses the label or the group", () => {
    expect(
      buildTag(spec({ label: "Name", group: "G" })).warnings.filter((w) => w.startsWith("AdobeSign:")),
    ).toEqual([
      'AdobeSign: label "Name" dropped; an Adobe Sign field has a single name, and it holds the group "G"',
      'AdobeSign: group "G" becomes the field name "G", which reads back as the label',
    ]);
    expect(buildTag(spec({ type: "Checkbox", label: "I agree" })).warnings).toContain(
      'AdobeSign: label "I agree" becomes the field name "I_agree" (field names hold only letters, digits and "_"), which reads back as the group',
    );
    expect(buildTag(spec({ label: "First name" })).warnings).toContain(
      'AdobeSign: label "First name" becomes the field name "First_name" (field names hold only letters, digits and "_")',
    );
    expect(buildTag(spec({ type: "Signature", label: "Sig" })).warnings).toContain(
      'AdobeSign: label "Sig" becomes the field name "Sig", the default name for Signature, which reads back as no label',
    );
  });

  it("has no Adobe Sign warning when the name carries the attribute exactly", () => {
    expect(
      buildTag(spec({ label: "Street", required: false })).warnings.filter((w) => w.startsWith("AdobeSign")),
    ).toEqual([]);
    expect(
      buildTag(spec({ type: "RadioGroup", group: "Pay", options: ["Card"] })).warnings.filter((w) =>
        w.startsWith("AdobeSign"),
      ),
    ).toEqual([]);
  });

  it("throws TagSpecError for a spec that breaks the limits", () => {
    expect(() => buildTag(spec({ type: "Text", options: ["a"] }))).toThrow(TagSpecError);
    expect(() => formatTag(spec({ signerIndex: 100 }), "DocuSign")).toThrow(TagSpecError);
  });

  it("ignores extra properties on the spec", () => {
    const withExtra = { ...spec({ label: "L" }), colour: "red" } as TagSpec;
    expect(buildTag(withExtra).platform).toBe("{{text:1:req;label=L}}");
  });
});

describe("formatTag", () => {
  it("throws TagFormatError for an unknown format and accepts any case", () => {
    expect(() => formatTag(spec({}), "Word" as TagFormat)).toThrow(TagFormatError);
    expect(formatTag(spec({}), "docusign" as TagFormat).tag).toBe("\\t1\\");
  });
});

describe("convertTag", () => {
  it("converts Platform to DocuSign, listing what is dropped", () => {
    expect(convertTag("{{sig:1:opt;label=Sign here}}", "DocuSign")).toEqual({
      tag: "\\s1\\",
      sourceFormat: "Platform",
      targetFormat: "DocuSign",
      warnings: [
        'DocuSign: label "Sign here" dropped; DocuSign tags carry only the field type and the signer',
        "DocuSign: required=false dropped; DocuSign marks every field except initials as required",
      ],
    });
  });

  it("converts DocuSign to Platform and Adobe Sign without loss", () => {
    expect(convertTag("\\oi2\\", "Platform")).toEqual({
      tag: "{{initial:2:opt}}",
      sourceFormat: "DocuSign",
      targetFormat: "Platform",
      warnings: [],
    });
    expect(convertTag("\\d3\\", "AdobeSign").tag).toBe("{{*Date_es_:signer3:date}}");
  });

  it("refuses to turn a DocuSign list, which carries no options, into a tag that needs them", () => {
    expect(parseTag("\\l3\\")).toMatchObject({ type: "Dropdown", options: null });
    expect(() => convertTag("\\l3\\", "AdobeSign")).toThrow(TagSpecError);
    expect(() => convertTag("\\r1\\", "Platform")).toThrow(/needs at least one option in a Platform tag/);
    expect(convertTag("\\l3\\", "DocuSign").tag).toBe("\\l3\\");
  });

  it("converts Adobe Sign to Platform, keeping the field name as label or group", () => {
    expect(convertTag("{{*city_es_:signer2}}", "Platform").tag).toBe("{{text:2:req;label=city}}");
    expect(convertTag("{{pay_es_:signer1:radio:options(Card,Cash)}}", "Platform").tag).toBe(
      "{{radio:1:opt;group=pay;options=Card,Cash}}",
    );
  });

  it("honours a source format hint and rejects a tag not of that format", () => {
    expect(convertTag("\\s1\\", "Platform", "DocuSign").sourceFormat).toBe("DocuSign");
    expect(() => convertTag("\\s1\\", "Platform", "AdobeSign")).toThrow(TagParseError);
  });

  it("throws TagParseError for an unreadable tag and TagFormatError for an unknown target", () => {
    expect(() => convertTag("{{sgi:1}}", "DocuSign")).toThrow(TagParseError);
    expect(() => convertTag("{{sig:1}}", "Word" as TagFormat)).toThrow(TagFormatError);
  });

  it("normalises a tag converted into its own format", () => {
    expect(convertTag("{{ SIG _ 4 }}", "Platform").tag).toBe("{{sig:4:req}}");
  });

  it("keeps type and signer through every A→B→A trip of a rich tag", () => {
    const formats: TagFormat[] = ["Platform", "DocuSign", "AdobeSign"];
    const original = formatTag(
      spec({
        type: "RadioGroup",
        signerIndex: 7,
        required: false,
        label: "How",
        group: "Pay",
        options: ["Card", "Cash"],
      }),
      "Platform",
    ).tag;
    for (const a of formats) {
      const start = convertTag(original, a).tag;
      for (const b of formats) {
        // A DocuSign radio tag drops the options, which the other formats require.
        if ((a === "DocuSign") !== (b === "DocuSign")) {
          expect(() => convertTag(convertTag(start, b).tag, a)).toThrow(TagSpecError);
          continue;
        }
        const back = convertTag(convertTag(start, b).tag, a).tag;
        expect(parseTag(back)).toMatchObject({ format: a, type: "RadioGroup", signerIndex: 7 });
      }
    }
  });
});
