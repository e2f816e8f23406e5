import { MAX_SCANNED_TAG_LENGTH, scan } from "../../src/tags";

const brief = (text: string) =>
  scan(text).map((t) => [t.start, t.end, t.text, t.format, t.parsed?.type ?? null]);

describe("scan", () => {
  it("finds tags of every format with offsets, in order", () => {
    const text = "Sign here: {{sig:1:req}}\nInitials: \\i2\\ Date {{Date_es_:signer1:date}} done.";
    expect(brief(text)).toEqual([
      [11, 24, "{{sig:1:req}}", "Platform", "Signature"],
      [35, 39, "\\i2\\", "DocuSign", "Initials"],
      [45, 70, "{{Date_es_:signer1:date}}", "AdobeSign", "DateSigned"],
    ]);
    for (const tag of scan(text)) expect(text.slice(tag.start, tag.end)).toBe(tag.text);
  });

  it("returns full parses and no problems for valid tags", () => {
    expect(scan("x {{dropdown:2:opt;label=Colour;options=Red,Green}} y")).toEqual([
      {
        start: 2,
        end: 51,
        text: "{{dropdown:2:opt;label=Colour;options=Red,Green}}",
        format: "Platform",
        parsed: {
          format: "Platform",
          type: "Dropdown",
          signerIndex: 2,
          required: false,
          label: "Colour",
          group: null,
          options: ["Red", "Green"],
        },
        problems: [],
      },
    ]);
  });

  it("reports tag-shaped text that does not parse, so it can be fixed", () => {
    const [tag] = scan("Please sign {{sgi:1}} now");
    expect(tag).toMatchObject({ start: 12, end: 21, format: "Platform", parsed: null });
    expect(tag?.problems).toEqual([
      {
        message: expect.stringContaining('Unknown tag code "sgi" at character 2'),
        position: 2,
      },
    ]);
  });

  it("reports an unclosed tag up to the end of its line and goes on", () => {
    expect(brief("A {{sig:1:req\nB {{sig:2}}")).toEqual([
      [2, 13, "{{sig:1:req", "Platform", null],
      [16, 25, "{{sig:2}}", "Platform", "Signature"],
    ]);
    expect(scan("A {{sig:1:req\n")[0]?.problems[0]?.message).toContain(
      'The tag is not closed: expected "}}"',
    );
  });

  it("does not report an unclosed opening whose shape needs the next line", () => {
    expect(scan("{{\nsignature:")).toEqual([]);
    // Closed, the same text is a tag: spaces around separators include line breaks.
    expect(brief("{{sig\n:1}} {{sig:2}}")).toEqual([
      [0, 10, "{{sig\n:1}}", "Platform", "Signature"],
      [11, 20, "{{sig:2}}", "Platform", "Signature"],
    ]);
  });

  it("does not let an unclosed tag swallow the next one on the same line", () => {
    expect(brief("{{sig:1 {{sig:2}}")).toEqual([
      [0, 7, "{{sig:1", "Platform", null],
      [8, 17, "{{sig:2}}", "Platform", "Signature"],
    ]);
  });

  it("ignores template placeholders and other braces that open like no tag", () => {
    expect(scan("Dear {{name}}, {{ user.email }}, {{#if x}}, {x}, {{!price}}, }} {{")).toEqual([]);
    expect(brief("{{ {{sig:1}}")).toEqual([[3, 12, "{{sig:1}}", "Platform", "Signature"]]);
  });

  it("takes the innermost two of a run of braces", () => {
    expect(brief("{{{text:1}}}")).toEqual([[1, 11, "{{text:1}}", "Platform", "Text"]]);
  });

  it("has no escapes between tags: a backslash before a tag leaves it a tag", () => {
    expect(brief("\\{{sig:1}}")).toEqual([[1, 10, "{{sig:1}}", "Platform", "Signature"]]);
  });

  it('lets an escaped brace inside a value hold a "{{"', () => {
    const [tag] = scan("x {{text:1:req;label=a\\{{b}} y");
    expect(tag).toMatchObject({ start: 2, end: 28, parsed: { label: "a{{b" } });
  });

  it("keeps backslashes in prose quiet: paths, regexes, LaTeX", () => {
    const prose =
      "Saved to C:\\Users\\x\\Documents\\ and \\\\server\\share\\; regex \\s+\\d1; \\textbf{x} \\S1\\ \\zz1\\ \\s\\";
    expect(scan(prose)).toEqual([]);
  });

  it("reports a known DocuSign code with digits even when the signer is out of range", () => {
    const [tag] = scan("sign \\s0\\ here");
    expect(tag).toMatchObject({ start: 5, end: 9, format: "DocuSign", parsed: null });
    expect(tag?.problems[0]?.message).toContain("signer must be a whole number from 1 to 99");
  });

  it("finds adjacent tags", () => {
    expect(brief("\\s1\\\\d1\\{{sig:2}}{{Sig_es_:signer3:signature}}")).toEqual([
      [0, 4, "\\s1\\", "DocuSign", "Signature"],
      [4, 8, "\\d1\\", "DocuSign", "DateSigned"],
      [8, 17, "{{sig:2}}", "Platform", "Signature"],
      [17, 46, "{{Sig_es_:signer3:signature}}", "AdobeSign", "Signature"],
    ]);
  });

  it("does not report DocuSign-looking text inside a Platform tag", () => {
    expect(brief("{{text:1:req;label=see \\s1\\ above}}")).toEqual([
      [0, 35, "{{text:1:req;label=see \\s1\\ above}}", "Platform", "Text"],
    ]);
  });

  it("does report DocuSign tags inside braces that are no tag", () => {
    expect(brief("{{ note \\s1\\ }}")).toEqual([[8, 12, "\\s1\\", "DocuSign", "Signature"]]);
  });

  it("treats a closing brace pair further away than the limit as unclosed", () => {
    const text = `{{text:1:req;label=${"x".repeat(MAX_SCANNED_TAG_LENGTH)}}}`;
    const [tag] = scan(text);
    expect(tag?.parsed).toBeNull();
    expect(tag?.text.length).toBeLessThanOrEqual(200);
  });

  it("handles empty and tag-free text", () => {
    expect(scan("")).toEqual([]);
    expect(scan("no tags here at all")).toEqual([]);
  });

  // No clock: a quadratic scan of 1 MB is about 10^12 steps (hours), so the test's deadline catches it
  // and a linear one (milliseconds) passes however busy the machine is.
  it("stays linear on adversarial input", () => {
    const size = 1_000_000;
    const inputs = [
      "{{".repeat(size / 2),
      "{{sig:1 ".repeat(size / 8),
      "\\{{".repeat(size / 3),
      "\\s1".repeat(size / 3),
      "{{a_es_".repeat(size / 7),
      "{{x".repeat(size / 3) + "}}",
      "}}".repeat(size / 2),
      "\\".repeat(size),
      "{{sig:1:req;label=" + "\\".repeat(size),
      "{{" + " ".repeat(size),
      "{{Sig_es_:signer1:dropdown:options(" + "a,".repeat(size / 2),
      "\\s" + "1".repeat(size),
    ];
    for (const input of inputs) expect(Array.isArray(scan(input))).toBe(true);
  }, 300_000);
});
