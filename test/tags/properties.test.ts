import fc from "fast-check";
import {
  TagParseError,
  TagSpecError,
  convertTag,
  detectFormat,
  formatTag,
  parseTag,
  scan,
  validateTag,
} from "../../src/tags";
import type { ParsedTag, TagFormat } from "../../src/tags";
import {
  ALL_FORMATS,
  adobeSignSpecArb,
  anyString,
  docuSignSpecArb,
  specArb,
  tagLikeString,
} from "./arbitraries";

const RUNS = { numRuns: 300 };

/** DocuSign tags carry no options, which Dropdown and RadioGroup need in the other formats. */
const losesRequiredOptions = (type: string, from: TagFormat, to: TagFormat) =>
  (type === "Dropdown" || type === "RadioGroup") && from === "DocuSign" && to !== "DocuSign";
const FIELDS = ["required", "label", "group", "options"] as const;

function parseOrError(tag: string): ParsedTag | TagParseError {
  try {
    return parseTag(tag);
  } catch (error) {
    if (error instanceof TagParseError) return error;
    throw error;
  }
}

describe("build → parse is the identity on what a format carries", () => {
  it("Platform carries every valid spec", () => {
    fc.assert(
      fc.property(specArb, (spec) => {
        const { tag, warnings } = formatTag(spec, "Platform");
        expect(warnings).toEqual([]);
        expect(parseTag(tag)).toEqual({ format: "Platform", ...spec });
      }),
      RUNS,
    );
  });

  it("DocuSign carries type, signer and the required flag of initials", () => {
    fc.assert(
      fc.property(docuSignSpecArb, (spec) => {
        const { tag, warnings } = formatTag(spec, "DocuSign");
        expect(warnings).toEqual([]);
        expect(parseTag(tag)).toEqual({ format: "DocuSign", ...spec });
      }),
      RUNS,
    );
  });

  it("Adobe Sign carries type, signer, required, options and one word-character name", () => {
    fc.assert(
      fc.property(adobeSignSpecArb, (spec) => {
        const { tag, warnings } = formatTag(spec, "AdobeSign");
        expect(warnings).toEqual([]);
        expect(parseTag(tag)).toEqual({ format: "AdobeSign", ...spec });
      }),
      RUNS,
    );
  });

  it.each(ALL_FORMATS)(
    "%s: any spec keeps type and signer, and warns exactly when something is lost",
    (format) => {
      fc.assert(
        fc.property(specArb, (spec) => {
          const { tag, warnings } = formatTag(spec, format);
          const parsed = parseTag(tag);
          expect(parsed.format).toBe(format);
          expect(detectFormat(tag)).toBe(format);
          expect(parsed.type).toBe(spec.type);
          expect(parsed.signerIndex).toBe(spec.signerIndex);
          const changed = FIELDS.filter((f) => JSON.stringify(parsed[f]) !== JSON.stringify(spec[f]));
          // A field can change without being lost (Adobe Sign reads a group back as the label); the
          // warnings name each attribute the spec had and did not get back, once.
          const lost = changed.filter((f) => spec[f] !== null);
          expect(warnings.length === 0).toBe(changed.length === 0);
          expect(warnings).toHaveLength(lost.length);
          for (const field of lost) {
            expect(
              warnings.some((w) => w.includes(field === "required" ? "required=false" : `${field} `)),
            ).toBe(true);
          }
        }),
        RUNS,
      );
    },
  );
});

describe("convert A → B → A", () => {
  const pair = fc.tuple(fc.constantFrom(...ALL_FORMATS), fc.constantFrom(...ALL_FORMATS));

  it("keeps type and signer always, and everything B carries", () => {
    fc.assert(
      fc.property(specArb, pair, (spec, [a, b]) => {
        const tagA = formatTag(spec, a).tag;
        const start = parseTag(tagA);
        if (losesRequiredOptions(start.type, a, b)) {
          expect(() => convertTag(tagA, b)).toThrow(TagSpecError);
          return;
        }
        const there = convertTag(tagA, b);
        expect(there).toMatchObject({ sourceFormat: a, targetFormat: b });
        const inB = parseTag(there.tag);
        if (losesRequiredOptions(start.type, b, a)) {
          expect(() => convertTag(there.tag, a)).toThrow(TagSpecError);
          return;
        }
        const back = convertTag(there.tag, a);
        const end = parseTag(back.tag);
        expect(end.format).toBe(a);
        expect(end.type).toBe(start.type);
        expect(end.signerIndex).toBe(start.signerIndex);
        for (const field of FIELDS) {
          if (JSON.stringify(inB[field]) === JSON.stringify(start[field])) {
            expect(end[field]).toEqual(start[field]);
          }
        }
      }),
      RUNS,
    );
  });

  it("is lossless through Platform", () => {
    fc.assert(
      fc.property(specArb, fc.constantFrom(...ALL_FORMATS), (spec, a) => {
        const tagA = formatTag(spec, a).tag;
        if (losesRequiredOptions(spec.type, a, "Platform")) {
          expect(() => convertTag(tagA, "Platform")).toThrow(TagSpecError);
          return;
        }
        const round = convertTag(convertTag(tagA, "Platform").tag, a);
        expect(round.tag).toBe(tagA);
        expect(round.warnings).toEqual([]);
      }),
      RUNS,
    );
  });
});

describe("never throws on arbitrary text", () => {
  it("parseTag throws only TagParseError, with a position inside the text or null", () => {
    fc.assert(
      fc.property(anyString, (text) => {
        const result = parseOrError(text);
        if (result instanceof TagParseError) {
          expect(result.problems.length).toBeGreaterThan(0);
          expect(result.message).not.toBe("");
          for (const problem of result.problems) {
            if (problem.position !== null) {
              expect(problem.position).toBeGreaterThanOrEqual(0);
              expect(problem.position).toBeLessThanOrEqual(text.length);
              expect(problem.message).toContain(`character ${problem.position}`);
            }
          }
        } else {
          // Whatever parses is detected as the format it parsed as.
          expect(detectFormat(text)).toBe(result.format);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it.each(ALL_FORMATS)("parseTag with a %s hint throws only TagParseError", (format: TagFormat) => {
    fc.assert(
      fc.property(tagLikeString, (text) => {
        try {
          expect(parseTag(text, format).format).toBe(format);
        } catch (error) {
          expect(error).toBeInstanceOf(TagParseError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("validateTag never throws and agrees with parseTag", () => {
    fc.assert(
      fc.property(anyString, (text) => {
        const result = validateTag(text);
        const parsed = parseOrError(text);
        if (parsed instanceof TagParseError) {
          expect(result).toEqual({
            isValid: false,
            format: detectFormat(text),
            parsed: null,
            errors: parsed.problems,
          });
        } else {
          expect(result).toEqual({ isValid: true, format: parsed.format, parsed, errors: [] });
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("detectFormat never throws and names a format or null", () => {
    fc.assert(
      fc.property(anyString, (text) => {
        expect([null, ...ALL_FORMATS]).toContain(detectFormat(text));
      }),
      { numRuns: 1000 },
    );
  });

  it("scan never throws and returns ordered, non-overlapping tags that match the text", () => {
    const documents = fc
      .array(fc.oneof(anyString, tagLikeString), { maxLength: 8 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(documents, (text) => {
        let previousEnd = 0;
        for (const tag of scan(text)) {
          expect(tag.start).toBeGreaterThanOrEqual(previousEnd);
          expect(tag.end).toBeGreaterThan(tag.start);
          expect(tag.text).toBe(text.slice(tag.start, tag.end));
          expect(detectFormat(tag.text)).toBe(tag.format);
          if (tag.parsed === null) {
            expect(tag.problems.length).toBeGreaterThan(0);
          } else {
            expect(tag.problems).toEqual([]);
            expect(parseTag(tag.text)).toEqual(tag.parsed);
          }
          previousEnd = tag.end;
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("scan finds every tag placed in prose", () => {
  // Prose free of braces and backslashes, so the only tags are the ones placed.
  const prose = fc.string({ unit: fc.constantFrom(..."abc XYZ 019 .,;:_-é日\n\t*!()"), maxLength: 30 });
  const placed = fc
    .tuple(specArb, fc.constantFrom(...ALL_FORMATS))
    .map(([spec, format]) => formatTag(spec, format).tag);

  it("at the offsets where they were put, parsed as parseTag reads them", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(prose, placed), { maxLength: 8 }), prose, (pieces, tail) => {
        let text = "";
        const expected: { start: number; end: number; parsed: ParsedTag }[] = [];
        for (const [words, tag] of pieces) {
          text += words;
          expected.push({ start: text.length, end: text.length + tag.length, parsed: parseTag(tag) });
          text += tag;
        }
        text += tail;
        const found = scan(text).map(({ start, end, parsed }) => ({ start, end, parsed }));
        expect(found).toEqual(expected);
      }),
      RUNS,
    );
  });
});
