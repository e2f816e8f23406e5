// The content stream reducer (src/service/pdf/content-text.ts) judged by pdf.js itself: a page whose
// content is the reduced stream gives getTextContent's very items of the page with the original
// stream (or the reducer says "not reducible"), for generated streams mixing text, graphics state,
// marked content, paths, colours, comments and inline images of every end search pdf.js has; and the
// output does not depend on how the input is cut into chunks.
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { PDFDocument, PDFName, type PDFRef, StandardFonts } from "pdf-lib";
import { loadPdfJs } from "../../src/pdf/find-tags";
import { ContentTextReducer, PDFJS_OPERATORS, reduceContentText } from "../../src/service/pdf/content-text";

const latin1 = (s: string) => Uint8Array.from(Buffer.from(s, "latin1"));
const text = (b: Uint8Array) => Buffer.from(b).toString("latin1");

/** One document, two pages with the same resources: the original stream, then the reduced one. */
async function twoPages(first: Uint8Array, second: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const times = await doc.embedFont(StandardFonts.TimesRoman);
  const { context } = doc;
  const fonts = context.obj({ F1: helvetica.ref, F2: times.ref });
  const form = context.register(
    context.stream("BT /F1 9 Tf 5 5 Td (in the form) Tj ET", {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, 100, 100],
      Resources: { Font: fonts },
    }),
  );
  const image = context.register(
    context.stream(new Uint8Array([128]), {
      Type: "XObject",
      Subtype: "Image",
      Width: 1,
      Height: 1,
      BitsPerComponent: 8,
      ColorSpace: "DeviceGray",
    }),
  );
  const plain = context.obj({ Type: "ExtGState", CA: 1 });
  const withFont = context.obj({ Type: "ExtGState", Font: [times.ref, 14] });
  for (const content of [first, second]) {
    const page = doc.addPage([600, 800]);
    const ref: PDFRef = context.register(context.stream(content));
    page.node.set(PDFName.of("Contents"), ref);
    page.node.set(
      PDFName.of("Resources"),
      context.obj({
        Font: fonts,
        XObject: { Fm1: form, Im1: image },
        ExtGState: { GS1: plain, GS2: withFont },
      }),
    );
  }
  return doc.save({ useObjectStreams: false });
}

type Item = Record<string, unknown>;
/** The items of both pages, as pdf.js gives them (marked content ids without their page's part). */
async function itemsOfBoth(pdf: Uint8Array): Promise<[Item[], Item[]]> {
  const pdfjs = await loadPdfJs();
  const loaded = await pdfjs.getDocument({ data: pdf, verbosity: 0 }).promise;
  try {
    const pages: Item[][] = [];
    for (const n of [1, 2]) {
      const page = await loaded.getPage(n);
      const content = await page.getTextContent({ includeMarkedContent: true });
      pages.push(
        content.items.map((item) => {
          if ("str" in item) {
            const { str, dir, transform, width, height, fontName, hasEOL } = item;
            return { str, dir, transform, width, height, fontName, hasEOL };
          }
          const { type, tag, id } = item as { type: string; tag?: string; id?: string | null };
          return { type, tag, id: typeof id === "string" ? id.replace(/^.*_mc/, "mc") : id };
        }),
      );
    }
    return [pages[0]!, pages[1]!];
  } finally {
    await loaded.destroy();
  }
}

/** The reducer fed in chunks of the given sizes (cycled). */
function reduceInChunks(bytes: Uint8Array, sizes: number[]) {
  const reducer = new ContentTextReducer();
  let at = 0;
  for (let k = 0; at < bytes.length; k++) {
    const size = Math.max(1, sizes[k % sizes.length] ?? 1);
    reducer.push(bytes.subarray(at, at + size));
    at += size;
  }
  const result = reducer.end();
  return result.reducible ? { reducible: true, text: text(Buffer.concat(reducer.chunks)) } : result;
}

// ---------------------------------------------------------------------------------------------
// Generated content streams

const num = fc.oneof(
  fc.integer({ min: -500, max: 800 }).map(String),
  fc.integer({ min: -5000, max: 5000 }).map((n) => (n / 100).toString()),
  fc.constantFrom("0", "1", ".5", "-.25", "+3", "12.", "0.0", "-0"),
);
const positive = fc.oneof(fc.integer({ min: 4, max: 30 }).map(String), fc.constantFrom("10.5", "12"));
const nums = (n: number) => fc.array(num, { minLength: n, maxLength: n }).map((a) => a.join(" "));
const stringChunk = fc.constantFrom(
  "Hello",
  "{{sig:1}}",
  " ",
  "a\\(b\\)c",
  "(nested)",
  "\\101\\102",
  "\\n\\r\\t",
  "line\\\ncont",
  "\\\\",
  "\xe9\xff\x00",
  "%not a comment",
);
const literal = fc.array(stringChunk, { minLength: 0, maxLength: 4 }).map((a) => `(${a.join("")})`);
const hexString = fc.constantFrom("<48656c6c6f>", "<41 42 43>", "<4>", "<>");
const showString = fc.oneof({ weight: 3, arbitrary: literal }, { weight: 1, arbitrary: hexString });
const tjArray = fc
  .array(fc.oneof(showString, fc.integer({ min: -300, max: 300 }).map(String)), {
    minLength: 0,
    maxLength: 5,
  })
  .map((a) => `[${a.join(" ")}]`);

const textOp = fc.oneof(
  fc.tuple(fc.constantFrom("/F1", "/F2"), positive).map(([f, s]) => `${f} ${s} Tf`),
  nums(2).map((a) => `${a} Td`),
  nums(2).map((a) => `${a} TD`),
  fc.constantFrom("1 0 0 1 72 700 Tm", "0 1 -1 0 300 300 Tm", "2 0 0 2 50 50 Tm"),
  fc.constant("T*"),
  fc.tuple(num, fc.constantFrom("Tc", "Tw", "Tz", "TL", "Ts", "Tr")).map(([n, op]) => `${n} ${op}`),
  showString.map((s) => `${s} Tj`),
  tjArray.map((a) => `${a} TJ`),
  showString.map((s) => `${s} '`),
  fc.tuple(num, num, showString).map(([a, b, s]) => `${a} ${b} ${s} "`),
  fc.constantFrom("/GS1 gs", "/GS2 gs"),
);
const textObject = fc
  .tuple(fc.constantFrom("/F1 12 Tf", "/F2 10 Tf", ""), fc.array(textOp, { minLength: 1, maxLength: 8 }))
  .map(([font, ops]) => ["BT", font, ...ops, "ET"].filter(Boolean).join("\n"));

const graphicsOp = fc.oneof(
  fc.constantFrom(
    "q",
    "Q",
    "h",
    "f",
    "S",
    "n",
    "W n",
    "B*",
    "f*",
    "BX",
    "EX",
    "/Sh1 sh",
    "/Fm1 Do",
    "/Im1 Do",
  ),
  nums(6).map((a) => `${a} cm`),
  fc.constantFrom("1 0 0 1 10 20 cm", "0.5 0 0 0.5 0 0 cm"),
  nums(2).map((a) => `${a} m`),
  nums(2).map((a) => `${a} l`),
  nums(6).map((a) => `${a} c`),
  nums(4).map((a) => `${a} re`),
  nums(3).map((a) => `${a} rg`),
  num.map((a) => `${a} g`),
  fc.constantFrom("/DeviceRGB cs 1 0 0 sc", "/P1 scn", "0.2 0.3 0.4 0.5 k", "[3 2] 0 d", "2 w", "1 J"),
  fc.constantFrom("/GS1 gs", "/Tag MP", "/Tag <</A 1>> DP", "/Tag /Props DP"),
);
const markedOpen = fc.constantFrom(
  "/Span BMC",
  "/P <</MCID 3>> BDC",
  "/OC /oc1 BDC",
  "/Artifact <</Type /Pagination /A [1 (x)]>> BDC",
);
const comment = fc.constantFrom("% a comment (with ) parens\n", "%\n", "%BT /F1 12 Tf (hidden) Tj ET\r");

// Inline images: unfiltered data and each filter with its own end search. Tidy data never holds
// what pdf.js would take for the end; messy data does, so that pdf.js ends the image early and reads
// the rest as operators (or throws), which the reducer must mirror or refuse.
function pieceOf(messy: boolean) {
  const more = (tidy: string[], extra: string[]) => fc.constantFrom(...tidy, ...(messy ? extra : []));
  const rawData = fc.array(
    more(
      ["I", " ", "\n", "\r", "Q", "q", "BT", "(", ")", "\x00", "\xff", "1", "/F1 12 Tf", "\t", "[", "<<"],
      ["E", "EI", "ET", "EI (x) Tj ", "EI BT ", "EI\x00", "EI [(x)] TJ "],
    ),
    { maxLength: 12 },
  );
  const rawImage = fc
    .tuple(rawData, fc.constantFrom(" ", "\n", "\r"))
    // Tidy: an operator right after "EI", as pdf.js wants to see (messy: whatever comes next).
    .map(([data, ws]) => `BI /W 4 /H 1 /BPC 8 /CS /G ID ${data.join("")}EI${ws}${messy ? "" : "n"}`);
  const hexImage = fc
    .tuple(
      fc.constantFrom("/F /AHx", "/Filter /ASCIIHexDecode", "/F [/AHx]", "/Filter [/AHx /Fl]", "/F /A#48x"),
      fc.array(more(["0", "f", "A", " ", "\n", "E", "I", "EI "], [">"]), { maxLength: 10 }),
    )
    .map(([f, d]) => `BI /W 1 /H 1 /BPC 8 /CS /G ${f} ID ${d.join("")}>`);
  const a85Image = fc
    .tuple(
      fc.constantFrom("/F /A85", "/Filter /ASCII85Decode", "/F [/A85 /Fl]", "/F /A#38#35"),
      fc.array(more(["!", "u", "z", "9", " ", "\n", "E", "I", "EI"], ["~", "~ ", "~x", "~\n"]), {
        maxLength: 10,
      }),
      fc.constantFrom("~>", "~ \n", "~>\n"),
    )
    .map(([f, d, close]) => `BI /W 1 /H 1 /BPC 8 /CS /G ${f} ID ${d.join("")}${close}`);
  const dctImage = fc
    .tuple(
      fc.constantFrom("/F /DCT", "/Filter /DCTDecode", "/F [/DCT]"),
      fc.array(
        more(
          [
            "\xff\xe0\x00\x06abcd",
            "\xff\x00",
            "\xff\xff",
            "xyz",
            "EI ",
            "\xff\xc4\x00\x02",
            "\xff\xd0",
            "\xff\xdb\x00\x05\xff\xd9\x00",
            "\xff\xfe\x00\x06\xff\xd9EI",
          ],
          ["\xff\xd9", "\xff\xff\xd9", "\xff\xe1\x00"],
        ),
        { maxLength: 6 },
      ),
    )
    .map(([f, d]) => `BI /W 1 /H 1 /BPC 8 /CS /G ${f} ID \xff\xd8${d.join("")}\xff\xd9`);
  // pdf.js skips "EI" and one byte more after a filtered image's end, whatever that byte is.
  const afterEnd = fc.constantFrom(" EI ", " EIQ ", "EI\n", " EI q ");
  const inlineImage = fc.oneof(
    rawImage,
    fc.tuple(fc.oneof(hexImage, a85Image, dctImage), afterEnd).map(([image, end]) => image + end),
  );
  return fc.oneof(
    { weight: 5, arbitrary: textObject },
    { weight: 5, arbitrary: graphicsOp },
    { weight: 2, arbitrary: markedOpen },
    { weight: 2, arbitrary: fc.constant("EMC") },
    { weight: 1, arbitrary: comment },
    { weight: 2, arbitrary: inlineImage },
    {
      weight: messy ? 1 : 0,
      arbitrary: fc.constantFrom("BT /F1 12 Tf (EI Q) Tj ET", "BT /F2 9 Tf [(x EI BT) 5] TJ ET"),
    },
  );
}

// No tab: after an unfiltered image's "EI ", pdf.js would not take a tab for the end.
const separator = fc.constantFrom(" ", "\n", "\r\n", "  \n");
const stream = fc
  .array(fc.tuple(pieceOf(false), separator), { minLength: 1, maxLength: 25 })
  .map((parts) => latin1(parts.map(([p, s]) => p + s).join("")));

// Streams glued without care: operators run into each other, stray bytes, truncation.
const glue = fc.constantFrom(
  "",
  " ",
  "\t",
  "\n",
  ")",
  "]",
  ">>",
  "{",
  "1",
  "/X",
  "%",
  "\x00",
  "R",
  "ID",
  "(",
);
const wildStream = fc
  .array(fc.tuple(pieceOf(true), glue), { minLength: 1, maxLength: 15 })
  .map((parts) => latin1(parts.map(([p, s]) => p + s).join("")));

const chunkSizes = fc.array(
  fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 400 })),
  {
    minLength: 1,
    maxLength: 8,
  },
);

// ---------------------------------------------------------------------------------------------

describe("content stream reduction for text extraction", () => {
  it("mirrors pdf.js 5.6's operator table and is reviewed on a pdfjs-dist upgrade", () => {
    const pkg = JSON.parse(readFileSync(require.resolve("pdfjs-dist/package.json"), "utf8")) as {
      version: string;
    };
    expect(pkg.version).toBe("5.6.205");
    const source = readFileSync(
      path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "legacy/build/pdf.worker.mjs"),
      "utf8",
    );
    const opMap = source.slice(
      source.indexOf("static get opMap()"),
      source.indexOf("static MAX_INVALID_PATH_OPS"),
    );
    const found: Record<string, [number, boolean] | null> = {};
    for (const m of opMap.matchAll(
      /(\w+|"[^"]+"|'[^']+'):\s*\{\s*id: OPS\.\w+,\s*numArgs: (\d+),\s*variableArgs: (\w+)/g,
    ))
      found[m[1]!.replace(/^["']|["']$/g, "")] = [Number(m[2]), m[3] === "true"];
    for (const m of opMap.matchAll(/(\w+): null/g)) found[m[1]!] = null;
    expect(found).toEqual(PDFJS_OPERATORS);
  });

  it("keeps text, its state and marked content, and drops paths, colours, images and comments", () => {
    const result = reduceContentText(
      latin1(
        "q 1 0 0 1 5 5 cm 0 0 m 10 10 l S 1 0 0 rg % note\n" +
          "/P <</MCID 0>> BDC BT /F1 12 Tf 10 20 Td (a\\) (b)) Tj [(c) -20 <64>] TJ ET EMC " +
          "BI /W 2 /H 1 /BPC 8 /CS /G ID \x01\x02 EI /Im1 Do /GS1 gs ETQ",
      ),
    );
    expect(result.reducible && text(result.bytes)).toBe(
      "q\n1 0 0 1 5 5 cm\n/P <</MCID 0>> BDC\nBT\n/F1 12 Tf\n10 20 Td\n(a\\) (b)) Tj\n[(c) -20 <64>] TJ\nET\nEMC\n" +
        "/Im1 Do\n/GS1 gs\nET\nQ\n",
    );
  });

  it("gives pdf.js the same text items as the original stream, in any chunking", async () => {
    await fc.assert(
      fc.asyncProperty(stream, chunkSizes, async (bytes, sizes) => {
        const whole = reduceInChunks(bytes, [bytes.length]);
        expect(reduceInChunks(bytes, sizes)).toEqual(whole);
        expect(reduceInChunks(bytes, [1])).toEqual(whole);
        // Well-formed streams are all reducible: the property is not met by refusing.
        if (!("text" in whole)) throw new Error(`refused: ${whole.reason}`);
        const [before, after] = await itemsOfBoth(await twoPages(bytes, latin1(whole.text)));
        expect(after).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });

  it("either refuses or gives the same items for carelessly glued streams", async () => {
    let reduced = 0;
    await fc.assert(
      fc.asyncProperty(wildStream, chunkSizes, async (bytes, sizes) => {
        const whole = reduceInChunks(bytes, [bytes.length]);
        expect(reduceInChunks(bytes, sizes)).toEqual(whole);
        if (!("text" in whole)) return;
        reduced++;
        const [before, after] = await itemsOfBoth(await twoPages(bytes, latin1(whole.text)));
        expect(after).toEqual(before);
      }),
      { numRuns: 200 },
    );
    expect(reduced).toBeGreaterThan(20);
  });

  // Each case is read by pdf.js in a way a simpler reading would miss; the expected strings are
  // pdf.js's own for the original (checked), so the reduced stream must give them too.
  const fakeSegment = "\x00\x1d\xff\xd9EI BT /F1 9 Tf (no) Tj ET "; // an APP segment holding an EOI
  it.each([
    ["operators run together", "q 1 0 0 1 5 5 cmBT/F1 12 Tf 10 10 Td(a)Tj ETQ", ["a"]],
    ["an unknown operator between operands", "BT /F1 zz 12 Tf (a) xyz Tj ET", ["a"]],
    ["a kept operator with an operand too many", "BT /F1 12 Tf 3 (a) (b) Tj ET", ["b"]],
    [
      "DCT: 0xFF 0xFF before the EOI",
      "BI /F /DCT ID \xff\xd8\xff\xff\xd9EI BT /F1 12 Tf (after) Tj ET",
      ["after"],
    ],
    [
      "DCT: a marker segment skipped whole",
      `BI /F /DCT ID \xff\xd8\xff\xe1${fakeSegment}\xff\xd9 EI BT /F1 12 Tf (yes) Tj ET`,
      ["yes"],
    ],
    [
      "DCT: the byte after EI swallowed",
      "BT /F1 12 Tf 0 0 Td 20 TL BI /F /DCT ID \xff\xd8\xff\xd9 EIT* (y) Tj ET",
      ["y"],
    ],
    [
      "A85: ~ then EI only after white space",
      "BT /F1 12 Tf BI /F /A85 ID ab~EI (in) Tj ~> EI (out) Tj ET",
      ["out"],
    ],
    ["A85: ~, white space, EI", "BT /F1 12 Tf BI /F /A#38#35 ID ab~ \nEI (out) Tj ET", ["out"]],
    ["AHx: the first >", "BT /F1 12 Tf BI /Filter [/ASCIIHexDecode] ID 0a> EI (y) Tj ET", ["y"]],
    [
      "EI followed by an array is not the end",
      "BT /F1 12 Tf BI /W 1 ID x EI [(in)] TJ EI (out) Tj ET",
      ["out"],
    ],
    [
      "EI followed by two NULs is not the end",
      "BT /F1 12 Tf BI /W 1 ID x EI \x00\x00(in) Tj EI (out) Tj ET",
      ["out"],
    ],
    ["EI followed by one NUL is", "BT /F1 12 Tf BI /W 1 ID x EI \x00(in) Tj ET", ["in"]],
    ["EI and a tab is not the end", "BT /F1 12 Tf BI /W 1 ID x EI\t(in) Tj EI (out) Tj ET", ["out"]],
    ["EEI is not EI", "BT /F1 12 Tf BI /W 1 ID xEEI (in) Tj EI (out) Tj ET", ["out"]],
    [
      "EI then an unknown operator is not the end",
      "BT /F1 12 Tf BI /W 1 ID x EI Tj xx (in) Tj EI (out) Tj ET",
      ["out"],
    ],
    ["no valid EI: back to the last one", "BT /F1 12 Tf BI /W 1 ID x EI (a) Tj EI \t(b) Tj ET", ["b"]],
  ])("agrees with pdf.js on %s", async (_what, content, strings) => {
    const original = latin1(content);
    const result = reduceContentText(original);
    if (!result.reducible) throw new Error(result.reason);
    expect(reduceInChunks(original, [1])).toEqual({ reducible: true, text: text(result.bytes) });
    const [before, after] = await itemsOfBoth(await twoPages(original, result.bytes));
    expect(before.filter((item) => item.str).map((item) => item.str)).toEqual(strings);
    expect(after).toEqual(before);
  });

  it("reduces 20 MB of paths around one tag to a few bytes holding the tag", async () => {
    const path = latin1("10.5 20.25 m 300 400 l 12 34 56 78 re f 0.1 0.2 0.3 rg 1 2 3 4 5 6 c S\n");
    const tag = latin1("BT /F1 12 Tf 72 700 Td ({{sig:1}}) Tj ET\n");
    const half = Math.ceil((10 * 1024 * 1024) / path.length);
    const reducer = new ContentTextReducer();
    const chunk = new Uint8Array(path.length * 1000);
    for (let k = 0; k < 1000; k++) chunk.set(path, k * path.length);
    let fed = 0;
    const feedPaths = () => {
      for (let n = 0; n < half; n += 1000) {
        reducer.push(chunk);
        fed += chunk.length;
      }
    };
    feedPaths();
    reducer.push(tag);
    feedPaths();
    expect(fed).toBeGreaterThan(20 * 1024 * 1024);
    expect(reducer.end()).toEqual({ reducible: true, bytes: 41 });
    const out = Buffer.concat(reducer.chunks);
    expect(text(out)).toBe("BT\n/F1 12 Tf\n72 700 Td\n({{sig:1}}) Tj\nET\n");
    const [, after] = await itemsOfBoth(await twoPages(latin1("q Q"), out));
    expect(after.map((item) => item.str)).toEqual(["{{sig:1}}"]);
  });

  it.each([
    ["a dropped operator with too many operands", "1 2 3 l BT ET"],
    ["a dropped operator with too few", "1 l BT ET"],
    ["an operator split by pdf.js's lexer", "1 foo 2 Td"],
    ["a stray parenthesis", "BT (a) ) Tj ET"],
    ["a malformed number", "BT -x Tc ET"],
    ["an indirect reference", "1 0 R Do"],
    ["ID outside an inline image", "ID BT ET"],
    ["operands before BI", "1 BI /W 1 ID x EI "],
    ["an inline image key that is not a name", "BI 1 2 ID x EI "],
    ["an inline image filter that is not a name", "BI /F (x) ID x EI "],
    ["an inline image without white space after ID", "BI /W 1 IDx EI "],
    ["an inline image without an end", "BI /W 1 ID xxxx"],
    ["a DCT image without EOI", "BI /F /DCT ID \xff\xd8 EI BT ET"],
    ["more than 33 operands", `${"1 ".repeat(34)}Tj`],
    ["operands at the end", "BT ET 1 2"],
    ["an unterminated array", "[(a) 1"],
  ])("refuses %s", (_what, content) => {
    const result = reduceContentText(latin1(content));
    expect(result.reducible).toBe(false);
  });

  it("scans inline image data without holding it, and holds no more than the bound to go back to an EI", () => {
    const data = "ab ".repeat(33_000); // 100 KB, no "E" in it
    const tail = "BT /F1 12 Tf (after) Tj ET";
    for (const image of [`BI /W 1 ID ${data}EI Q `, `BI /F /DCT ID \xff\xd8${data}\xff\xd9 EI `]) {
      const reducer = new ContentTextReducer({ maxHeldBytes: 1000 });
      for (const part of [image, tail])
        for (let at = 0; at < part.length; at += 333) reducer.push(latin1(part.slice(at, at + 333)));
      expect(reducer.end()).toEqual({ reducible: true, bytes: expect.any(Number) });
      expect(text(Buffer.concat(reducer.chunks))).toBe(
        image.includes("Q") ? "Q\nBT\n/F1 12 Tf\n(after) Tj\nET\n" : "BT\n/F1 12 Tf\n(after) Tj\nET\n",
      );
    }
    // No valid end: pdf.js goes back to the last "EI " (here 100 KB back), which the bound forgets.
    const noEnd = latin1(`BI /W 1 ID x EI \t${data}${tail}`);
    expect(reduceContentText(noEnd).reducible).toBe(true);
    expect(reduceContentText(noEnd, { maxHeldBytes: 1000 })).toEqual({
      reducible: false,
      reason: expect.any(String),
    });
  });

  it("refuses an operation whose operands pass the bound, and says so as soon as it knows", () => {
    const reducer = new ContentTextReducer({ maxHeldBytes: 1000 });
    reducer.push(latin1("BT /F1 12 Tf ("));
    for (let k = 0; k < 100 && reducer.refusal === null; k++) reducer.push(new Uint8Array(64).fill(0x61));
    expect(reducer.refusal).toMatch(/more than 1000 bytes/);
    expect(reducer.end()).toEqual({ reducible: false, reason: expect.stringMatching(/1000 bytes/) });
  });
});
