// A stream's decoded size counted before pdf.js reads the file (src/service/pdf/decoded-size.ts): the
// count is the decoded length for every filter and chain, whatever the reads' sizes; a stream past
// the bound is refused after decoding little more than the bound (bombs of every kind); damaged
// data is counted as pdf.js decodes it, never thrown.
import fc from "fast-check";
import zlib from "node:zlib";
import { loadPdfJs } from "../../src/pdf/find-tags";
import { type DecodedSize, decodedSizeWithin } from "../../src/service/pdf/decoded-size";
import { type PdfDict, type ReadInto } from "../../src/service/pdf/xref-stream";

const MiB = 1024 * 1024;

// --- Encoders (the filters' writers, as PDF 32000-1 7.4 describes them) -----------------------

function runLengthEncode(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < data.length;) {
    let run = 1;
    while (i + run < data.length && run < 128 && data[i + run] === data[i]) run++;
    if (run >= 2) {
      out.push(257 - run, data[i]!);
      i += run;
      continue;
    }
    let n = 1;
    while (i + n < data.length && n < 128 && !(i + n + 1 < data.length && data[i + n] === data[i + n + 1]))
      n++;
    out.push(n - 1, ...data.subarray(i, i + n));
    i += n;
  }
  out.push(128);
  return Uint8Array.from(out);
}

function asciiHexEncode(data: Uint8Array, spaced = false): Uint8Array {
  let text = "";
  for (const b of data) text += b.toString(16).padStart(2, "0") + (spaced && b % 3 === 0 ? "\n" : "");
  return Buffer.from(text + ">", "latin1");
}

function ascii85Encode(data: Uint8Array): Uint8Array {
  let text = "";
  for (let i = 0; i < data.length; i += 4) {
    const n = Math.min(4, data.length - i);
    let t = 0;
    for (let k = 0; k < 4; k++) t = t * 256 + (k < n ? data[i + k]! : 0);
    if (n === 4 && t === 0) {
      text += "z";
      continue;
    }
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(0x21 + (t % 85)));
      t = Math.floor(t / 85);
    }
    text += digits.slice(0, n + 1).join("");
    if (i % 64 === 60) text += "\n";
  }
  return Buffer.from(text + "~>", "latin1");
}

/** LZW codes written with the widths pdf.js's LZWStream reads them at. */
class LzwWriter {
  private bits: number[] = [];
  private width = 9;
  private decoderNext = 258;
  private sinceClear = 0;
  constructor(private readonly earlyChange: number) {}
  emit(code: number): void {
    for (let b = this.width - 1; b >= 0; b--) this.bits.push((code >> b) & 1);
    if (code === 256) {
      this.width = 9;
      this.decoderNext = 258;
      this.sinceClear = 0;
      return;
    }
    // The decoder adds an entry from its second code after a clear on.
    if (this.sinceClear++ > 0) {
      this.decoderNext++;
      const n = this.decoderNext + this.earlyChange;
      if ((n & (n - 1)) === 0) this.width = Math.min(Math.log2(n) + 1, 12);
    }
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(Math.ceil(this.bits.length / 8));
    this.bits.forEach((bit, i) => (out[i >> 3]! |= bit << (7 - (i & 7))));
    return out;
  }
}

function lzwEncode(data: Uint8Array, earlyChange = 1): Uint8Array {
  const writer = new LzwWriter(earlyChange);
  let table = new Map<number, number>();
  let next = 258;
  writer.emit(256);
  let w = -1;
  for (const c of data) {
    if (w === -1) {
      w = c;
      continue;
    }
    const key = w * 256 + c;
    const found = table.get(key);
    if (found !== undefined) {
      w = found;
      continue;
    }
    writer.emit(w);
    table.set(key, next++);
    w = c;
    if (next >= 4000) {
      writer.emit(w);
      writer.emit(256);
      table = new Map();
      next = 258;
      w = -1;
    }
  }
  if (w !== -1) writer.emit(w);
  writer.emit(257);
  return writer.bytes();
}

/** Deflate's bits, least significant first (Huffman codes most significant first), for handmade streams. */
class DeflateBits {
  private bytes: number[] = [];
  private acc = 0;
  private n = 0;
  put(value: number, count: number): this {
    for (let i = 0; i < count; i++) this.bit((value >> i) & 1);
    return this;
  }
  code(value: number, count: number): this {
    for (let i = count - 1; i >= 0; i--) this.bit((value >> i) & 1);
    return this;
  }
  private bit(b: number) {
    this.acc |= b << this.n++;
    if (this.n === 8) {
      this.bytes.push(this.acc);
      this.acc = 0;
      this.n = 0;
    }
  }
  done(): Uint8Array {
    if (this.n > 0) this.bytes.push(this.acc);
    return Uint8Array.from(this.bytes);
  }
}

/**
 * A zlib stream (header 78 9C) of one fixed-code block: `matches` copies of 258 bytes at distance 1
 * from its very start, which zlib refuses (a distance back past the start) and pdf.js decodes as
 * zeros.
 */
function farDistanceFlate(matches: number): Uint8Array {
  const bits = new DeflateBits().put(1, 1).put(1, 2);
  // Length 258: code 285, 8 bits 11000101; distance 1: code 0, 5 bits.
  for (let i = 0; i < matches; i++) bits.code(0b11000101, 8).code(0, 5);
  bits.code(0, 7); // end of block (256)
  return Uint8Array.from([0x78, 0x9c, ...bits.done()]);
}

/** A one-page PDF whose content stream is `content`, encoded with `filters` as it is given. */
function onePagePdf(content: Uint8Array, filters = ["FlateDecode"]): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    null,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n", "latin1")];
  const offsets: number[] = [];
  const length = () => parts.reduce((n, p) => n + p.length, 0);
  objects.forEach((object, i) => {
    offsets.push(length());
    if (object !== null) {
      parts.push(Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`, "latin1"));
      return;
    }
    parts.push(
      Buffer.from(
        `${i + 1} 0 obj\n<< /Length ${content.length} /Filter [${filters.map((f) => `/${f}`).join(" ")}] >>\nstream\n`,
        "latin1",
      ),
    );
    parts.push(Buffer.from(content), Buffer.from("\nendstream\nendobj\n", "latin1"));
  });
  const xref = length();
  const entries = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      "latin1",
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

// --- Reading -----------------------------------------------------------------------------------

interface File {
  read: ReadInto;
  /** The most bytes read at once and in all. */
  stats: { reads: number; bytes: number; largest: number };
}

/** The stream's data at offset 7 of a "file", read at most `chunk` bytes at a time (all when 0). */
function fileOf(data: Uint8Array, chunk = 0): File {
  const file = new Uint8Array(data.length + 20);
  file.set(data, 7);
  const stats = { reads: 0, bytes: 0, largest: 0 };
  const read: ReadInto = (buffer, position, length) => {
    const n = Math.max(0, Math.min(length, chunk || length, file.length - position));
    buffer.set(file.subarray(position, position + n));
    stats.reads++;
    stats.bytes += n;
    stats.largest = Math.max(stats.largest, n);
    return n;
  };
  return { read, stats };
}

function count(
  data: Uint8Array,
  filters: string[],
  max: number,
  chunk = 0,
  params: (PdfDict | null)[] = [],
): Promise<DecodedSize> {
  return decodedSizeWithin(fileOf(data, chunk).read, 7, data.length, filters, params, max);
}

/** Asserts the count is exactly `size`: within at `size`, too large at `size - 1`. */
async function expectSize(
  data: Uint8Array,
  filters: string[],
  size: number,
  chunk = 0,
  params: (PdfDict | null)[] = [],
) {
  expect(await count(data, filters, size, chunk, params)).toBe("within");
  if (size > 0) expect(await count(data, filters, size - 1, chunk, params)).toBe("too_large");
}

const dict = (entries: Record<string, number>): PdfDict => new Map(Object.entries(entries));

/** Bytes with runs and repeats, so every encoder has something to do. */
const arbData = fc
  .array(
    fc.oneof(
      fc.uint8Array({ minLength: 0, maxLength: 300 }),
      fc
        .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 700 }))
        .map(([b, n]) => new Uint8Array(n).fill(b)),
    ),
    { maxLength: 12 },
  )
  .map((parts) => Uint8Array.from(parts.flatMap((p) => [...p])));

const encoders: Record<string, (data: Uint8Array) => Uint8Array> = {
  FlateDecode: (d) => zlib.deflateSync(d),
  LZWDecode: (d) => lzwEncode(d),
  RunLengthDecode: runLengthEncode,
  ASCIIHexDecode: (d) => asciiHexEncode(d, true),
  ASCII85Decode: ascii85Encode,
  BrotliDecode: (d) => zlib.brotliCompressSync(d),
};
const abbreviations: Record<string, string> = {
  FlateDecode: "Fl",
  LZWDecode: "LZW",
  RunLengthDecode: "RL",
  ASCIIHexDecode: "AHx",
  ASCII85Decode: "A85",
};

describe("decodedSizeWithin", () => {
  test.each(Object.keys(encoders))(
    "%s: the count is the decoded length, read in any piece sizes",
    async (filter) => {
      await fc.assert(
        fc.asyncProperty(arbData, fc.integer({ min: 1, max: 5000 }), async (data, chunk) => {
          await expectSize(encoders[filter]!(data), [filter], data.length, chunk);
          const short = abbreviations[filter];
          if (short !== undefined) await expectSize(encoders[filter]!(data), [short], data.length, chunk);
        }),
        { numRuns: 40 },
      );
    },
  );

  test("chains: each filter's output feeds the next, in the order given", async () => {
    const names = Object.keys(encoders);
    await fc.assert(
      fc.asyncProperty(
        arbData,
        fc.array(fc.constantFrom(...names), { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 1, max: 3000 }),
        async (data, chain, chunk) => {
          // Encoded last filter first: /Filter [/A /B] means A's decoding, then B's.
          let encoded: Uint8Array = data;
          for (const name of [...chain].reverse()) encoded = encoders[name]!(encoded);
          // The last decoder's output is the data (an inner one's may be longer): a bound below it
          // is passed, and the data decodes whole within a generous one.
          expect(await count(encoded, chain, 1e9, chunk)).toBe("within");
          if (data.length > 0) expect(await count(encoded, chain, data.length - 1, chunk)).toBe("too_large");
        },
      ),
      { numRuns: 60 },
    );
  });

  test("the test's encoders write what pdf.js reads: a page's text through each filter and a chain", async () => {
    const content = Buffer.from(
      Array.from({ length: 300 }, (_, i) => `BT /F1 4 Tf 10 ${i * 2} Td (w${i}) Tj ET\n`).join(""),
      "latin1",
    );
    const pdfjs = await loadPdfJs();
    const chains = [
      ...Object.keys(encoders).map((f) => [f]),
      ["ASCII85Decode", "LZWDecode"],
      ["ASCIIHexDecode", "RunLengthDecode", "FlateDecode"],
    ];
    for (const chain of chains) {
      let encoded: Uint8Array = content;
      for (const name of [...chain].reverse()) encoded = encoders[name]!(encoded);
      const doc = await pdfjs.getDocument({ data: onePagePdf(encoded, chain), verbosity: 0 }).promise;
      try {
        const text = await (await doc.getPage(1)).getTextContent();
        const words = text.items.flatMap((item) => ("str" in item && item.str !== "" ? [item.str] : []));
        expect({ chain, words }).toEqual({ chain, words: Array.from({ length: 300 }, (_, i) => `w${i}`) });
      } finally {
        await doc.destroy();
      }
      await expectSize(encoded, chain, content.length, 1000);
    }
  });

  test("a chain's inner decoder is counted too: [/ASCIIHexDecode /FlateDecode] holds the hex's bytes", async () => {
    const data = new Uint8Array(100_000).fill(0x41);
    const deflated = zlib.deflateSync(data);
    const encoded = asciiHexEncode(deflated);
    // The hex decodes to the deflated bytes (small), which inflate to 100,000.
    await expectSize(encoded, ["ASCIIHexDecode", "FlateDecode"], data.length, 4096);
    await expectSize(encoded, ["AHx", "Fl"], data.length);
  });

  test("LZW with /EarlyChange 0, and a predictor counted a row at a time", async () => {
    const data = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 7) % 251);
    await expectSize(lzwEncode(data, 0), ["LZWDecode"], data.length, 999, [dict({ EarlyChange: 0 })]);
    // PNG predictor, rows of 10 bytes (+1 type byte): 1,000 rows, 10,000 bytes.
    const rows = new Uint8Array(11_000);
    for (let r = 0; r < 1000; r++) rows[r * 11] = r % 5;
    const png = dict({ Predictor: 12, Columns: 10 });
    await expectSize(zlib.deflateSync(rows), ["FlateDecode"], 11_000, 0, [png]);
    // Flate's output (11,000) counts as well as the predictor's (10,000).
    expect(await count(zlib.deflateSync(rows), ["FlateDecode"], 10_500, 0, [png])).toBe("too_large");
    // A cut-off last row is a whole row in pdf.js (TIFF: rows of 10, 1,005 bytes: 101 rows, and
    // pdf.js's last ask for room for one more).
    const tiff = dict({ Predictor: 2, Columns: 10 });
    expect(await count(zlib.deflateSync(new Uint8Array(1005)), ["Fl"], 1020, 0, [tiff])).toBe("within");
    expect(await count(zlib.deflateSync(new Uint8Array(1005)), ["Fl"], 1019, 0, [tiff])).toBe("too_large");
    // A row far longer than the data: pdf.js makes room for it.
    const wide = dict({ Predictor: 12, Columns: 100_000_000 });
    expect(await count(zlib.deflateSync(new Uint8Array(2)), ["FlateDecode"], 16 * MiB, 0, [wide])).toBe(
      "too_large",
    );
    // A PNG row type above 4 ends the stream after that row.
    const badType = Uint8Array.from([0, 1, 2, 9, 1, 2, 0, 1, 2, 0, 1, 2]);
    await expectSize(zlib.deflateSync(badType), ["Fl"], 12, 0, [dict({ Predictor: 10, Columns: 2 })]);
    // An unknown predictor: pdf.js reads the stream as empty.
    expect(await count(zlib.deflateSync(new Uint8Array(1000)), ["Fl"], 10, 0, [dict({ Predictor: 7 })])).toBe(
      "within",
    );
  });

  test("image filters, /Crypt, and a predictor before another filter are unsupported; an unknown filter passes its data on", async () => {
    for (const name of ["DCTDecode", "DCT", "JPXDecode", "JBIG2Decode", "CCITTFaxDecode", "CCF", "Crypt"]) {
      expect(await count(new Uint8Array(10), [name], 100)).toBe("unsupported");
      expect(await count(new Uint8Array(10), ["FlateDecode", name], 100)).toBe("unsupported");
    }
    const hex = asciiHexEncode(zlib.deflateSync(new Uint8Array(1000)));
    expect(await count(hex, ["AHx", "Fl"], 10_000, 0, [null, dict({ Predictor: 12 })])).toBe("within");
    expect(
      await count(zlib.deflateSync(hex), ["Fl", "AHx"], 10_000, 0, [dict({ Predictor: 12 }), null]),
    ).toBe("unsupported");
    // pdf.js warns of an unknown filter and reads the data as it is: the filters around it still count.
    const data = new Uint8Array(5000);
    await expectSize(zlib.deflateSync(data), ["NoSuchDecode", "FlateDecode"], 5000);
    expect(await count(new Uint8Array(50), ["NoSuchDecode"], 10)).toBe("within");
    expect(await count(new Uint8Array(50), [], 10)).toBe("within");
  });

  test("a failing read is thrown, not taken for damaged data", async () => {
    const deflated = zlib.deflateSync(new Uint8Array(200_000));
    for (const filters of [
      ["FlateDecode"],
      ["RunLengthDecode"],
      ["ASCIIHexDecode", "FlateDecode"],
      ["BrotliDecode"],
    ]) {
      let reads = 0;
      const read: ReadInto = (buffer, position, length) => {
        if (++reads > 2) throw new Error("EIO");
        const n = Math.min(length, 100, deflated.length - position);
        buffer.set(deflated.subarray(position, position + n));
        return n;
      };
      await expect(decodedSizeWithin(read, 0, deflated.length, filters, [], 16 * MiB)).rejects.toThrow("EIO");
    }
  });

  describe("bombs are refused after decoding just past the bound", () => {
    const max = 16 * MiB;

    test("Flate, 256 MiB from a quarter megabyte", async () => {
      const deflater = zlib.createDeflate({ level: 9 });
      const parts: Buffer[] = [];
      deflater.on("data", (b: Buffer) => parts.push(b));
      const zeros = Buffer.alloc(MiB);
      for (let i = 0; i < 256; i++) deflater.write(zeros);
      await new Promise((resolve) => deflater.end(resolve));
      const bomb = Buffer.concat(parts);
      expect(bomb.length).toBeLessThan(300 * 1024);
      // Read whole windows, never more than one at a time…
      const whole = fileOf(bomb);
      expect(await decodedSizeWithin(whole.read, 7, bomb.length, ["FlateDecode"], [], max)).toBe("too_large");
      expect(whole.stats.largest).toBeLessThanOrEqual(64 * 1024);
      // …and, read a little at a time, little more than a sixteenth of it (16 MiB of 256).
      const file = fileOf(bomb, 1024);
      expect(await decodedSizeWithin(file.read, 7, bomb.length, ["FlateDecode"], [], max)).toBe("too_large");
      expect(file.stats.bytes).toBeLessThan(bomb.length / 4);
    });

    test("Flate that zlib refuses but pdf.js decodes (a distance back past the start)", async () => {
      const bomb = farDistanceFlate(200_000); // 51.6 MB of zeros in 325 KB
      await expectSize(farDistanceFlate(1000), ["FlateDecode"], 258_000, 777);
      const file = fileOf(bomb, 4096);
      expect(await decodedSizeWithin(file.read, 7, bomb.length, ["FlateDecode"], [], max)).toBe("too_large");
      expect(file.stats.bytes).toBeLessThan(bomb.length / 2);
    });

    test("RunLength, 128 bytes from each 2", async () => {
      const bomb = new Uint8Array(MiB); // 64 MiB decoded
      for (let i = 0; i < bomb.length; i += 2) bomb[i] = 129;
      const file = fileOf(bomb);
      expect(await decodedSizeWithin(file.read, 7, bomb.length, ["RunLengthDecode"], [], max)).toBe(
        "too_large",
      );
      expect(file.stats.bytes).toBeLessThan(bomb.length / 2);
    });

    test("LZW, each code one byte longer than the last", async () => {
      // A run of zeros: codes 0, 258, 259, … each one byte longer, cleared before the table fills.
      const writer = new LzwWriter(1);
      let decoded = 0;
      for (let round = 0; round < 4; round++) {
        writer.emit(256);
        writer.emit(0);
        decoded += 1;
        for (let code = 258, length = 2; code < 4000; code++, length++) {
          writer.emit(code);
          decoded += length;
        }
      }
      writer.emit(257);
      const bomb = writer.bytes();
      expect(decoded).toBeGreaterThan(max * 1.5);
      await expectSize(bomb, ["LZWDecode"], decoded, 4096);
      const file = fileOf(bomb, 256);
      expect(await decodedSizeWithin(file.read, 7, bomb.length, ["LZW"], [], max)).toBe("too_large");
      expect(file.stats.bytes).toBeLessThan(bomb.length * 0.8);
    });

    test("a bomb inside a chain: [/ASCII85Decode /FlateDecode]", async () => {
      const bomb = ascii85Encode(zlib.deflateSync(Buffer.alloc(32 * MiB)));
      const file = fileOf(bomb);
      expect(await decodedSizeWithin(file.read, 7, bomb.length, ["A85", "Fl"], [], max)).toBe("too_large");
    });
  });

  describe("damaged data: what pdf.js decodes before the damage is counted, never thrown", () => {
    test("a cut-off Flate stream counts the bytes before the cut", async () => {
      await fc.assert(
        fc.asyncProperty(arbData, fc.double({ min: 0, max: 1, noNaN: true }), async (data, at) => {
          const deflated = zlib.deflateSync(data);
          const cut = deflated.subarray(0, Math.floor(deflated.length * at));
          const expected =
            cut.length < 2
              ? 0
              : zlib.inflateRawSync(cut.subarray(2), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).length;
          await expectSize(cut, ["FlateDecode"], expected, 100);
        }),
        { numRuns: 60 },
      );
    });

    test("pdf.js itself, given a page whose content stream is cut off, reads no further than the count", async () => {
      // pdf.js's inflate drops the block it was in when the data ends (its buffer had grown to hold
      // what it decoded of it, which the count includes), or fails the page's text.
      const lines = Array.from(
        { length: 30_000 },
        (_, i) => `BT /F1 1 Tf 1 0 0 1 10 ${i % 700} Tm (L${i}) Tj ET\n`,
      );
      const deflated = zlib.deflateSync(Buffer.from(lines.join(""), "latin1"));
      const pdfjs = await loadPdfJs();
      for (const fraction of [0.5, 0.9]) {
        const cut = deflated.subarray(0, Math.floor(deflated.length * fraction));
        const counted = zlib.inflateRawSync(cut.subarray(2), {
          finishFlush: zlib.constants.Z_SYNC_FLUSH,
        }).length;
        await expectSize(cut, ["FlateDecode"], counted);
        const doc = await pdfjs.getDocument({ data: onePagePdf(cut), verbosity: 0 }).promise;
        try {
          const text = await (await doc.getPage(1)).getTextContent();
          const shown = text.items.flatMap((item) =>
            "str" in item && item.str.startsWith("L") ? [Number(item.str.slice(1))] : [],
          );
          const last = Math.max(...shown);
          expect(last).toBeGreaterThan(0);
          expect(lines.slice(0, last + 1).join("").length).toBeLessThanOrEqual(counted);
        } finally {
          await doc.destroy();
        }
      }
    });

    test("where zlib refuses the data, pdf.js's inflate counts it: any blocks after a distance past the start", async () => {
      // Six matches at distance 1 from the start (zlib stops there; pdf.js reads zeros) end the
      // first block on a byte's end (3 + 6 * 13 + 7 bits), so any deflate data may follow.
      const bits = new DeflateBits().put(0, 1).put(1, 2);
      for (let i = 0; i < 6; i++) bits.code(0b11000101, 8).code(0, 5);
      const first = bits.code(0, 7).done();
      expect(first.length).toBe(11);
      await fc.assert(
        fc.asyncProperty(
          arbData,
          fc.constantFrom(1, 6, 9),
          fc.integer({ min: 1, max: 3000 }),
          async (data, level, chunk) => {
            const stream = Uint8Array.from([0x78, 0x9c, ...first, ...zlib.deflateRawSync(data, { level })]);
            await expectSize(stream, ["FlateDecode"], 6 * 258 + data.length, chunk);
          },
        ),
        { numRuns: 60 },
      );
      // Long enough to slide its window: the copies reach back across it.
      const text = Buffer.from(Array.from({ length: 20_000 }, (_, i) => `${i % 997} Tj `).join(""), "latin1");
      const stream = Uint8Array.from([0x78, 0x9c, ...first, ...zlib.deflateRawSync(text)]);
      await expectSize(stream, ["FlateDecode"], 6 * 258 + text.length, 5000);
    });

    test("corrupt Flate data counts up to the corruption; a bad header is an empty stream", async () => {
      const data = Buffer.from("BT /F1 12 Tf (Hello) Tj ET\n".repeat(2000), "latin1");
      const deflated = zlib.deflateSync(data, { level: 1 });
      // Garbage in the middle: pdf.js decodes what comes before it; no throw, never past the data.
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 2, max: deflated.length - 1 }),
          fc.uint8Array({ minLength: 1, maxLength: 16 }),
          async (at, junk) => {
            const damaged = Buffer.from(deflated);
            damaged.set(junk.subarray(0, damaged.length - at), at);
            const result = await count(damaged, ["FlateDecode"], 16 * MiB, 333);
            expect(result).toBe("within");
          },
        ),
        { numRuns: 60 },
      );
      // pdf.js checks the header (method 8, check bits, no preset dictionary) and reads a bad one as empty.
      const badCheck = Buffer.from(deflated);
      badCheck[1] = badCheck[1]! ^ 1;
      expect(await count(badCheck, ["FlateDecode"], 0)).toBe("within");
      // …but not the window size, which zlib refuses: the data still counts.
      const bigWindow = Buffer.from(deflated);
      bigWindow[0] = 0x88;
      bigWindow[1] = 31 - ((0x88 << 8) % 31);
      await expectSize(bigWindow, ["FlateDecode"], data.length);
      // Nor the checksum.
      const badSum = Buffer.from(deflated);
      badSum[badSum.length - 1] = badSum[badSum.length - 1]! ^ 0xff;
      await expectSize(badSum, ["FlateDecode"], data.length);
      expect(await count(Uint8Array.from([0x78]), ["FlateDecode"], 0)).toBe("within");
    });

    test("cut-off LZW, RunLength, ASCIIHex, ASCII85 and Brotli count what they decoded", async () => {
      const data = Uint8Array.from({ length: 3000 }, (_, i) => (i * 13) % 256);
      // ASCIIHex without its `>`: a lone last digit is dropped.
      await expectSize(Buffer.from("41 42 4", "latin1"), ["AHx"], 2);
      await expectSize(Buffer.from("41 42 4>", "latin1"), ["AHx"], 3);
      // ASCII85 without `~>`: a short last group as at `~>`.
      await expectSize(Buffer.from("87cURD]i", "latin1"), ["A85"], 6);
      // RunLength: a run cut short counts what is there; a lone length byte nothing.
      await expectSize(Uint8Array.from([5, 1, 2, 3]), ["RL"], 3);
      await expectSize(Uint8Array.from([1, 7, 7, 200]), ["RL"], 2);
      // LZW without its end code: pdf.js reads the missing codes of its block of 512 as zeros.
      const lzw = lzwEncode(data);
      const cut = lzw.subarray(0, lzw.length - 2);
      expect(await count(cut, ["LZW"], data.length + 600)).toBe("within");
      for (const result of await Promise.all([
        count(zlib.brotliCompressSync(data).subarray(0, 50), ["BrotliDecode"], 100_000),
        count(Uint8Array.from([1, 2, 3]), ["BrotliDecode"], 100_000),
        count(Uint8Array.from([0xff, 0xff, 0xff]), ["LZW"], 100_000),
      ])) {
        expect(result).toBe("within");
      }
    });
  });
});
