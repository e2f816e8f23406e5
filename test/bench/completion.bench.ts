// Benchmark of completing one document (issue 16: a 20-page document with 30 fields, flattened and
// sealed, in at most 1 s): what completion does per document (completion/final-document.ts: one load,
// tag text removed, values drawn, seal placeholder, one save, signed) with the deployment's
// self-signed seal, and where the time goes.
// Run: node --import tsx test/bench/completion.bench.ts [runs]
// Prints timings only; it asserts nothing, since timings depend on the machine.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { FlattenField, FlattenFieldType, PageBox } from "../../src/service/pdf/flatten";
import { type FinalDocumentTimings, sealedFinalDocument } from "../../src/service/completion/final-document";
import { loadOrCreateSealIdentity } from "../../src/service/completion/seal";
import { seededRandom } from "./seeded-random";

const RUNS = Math.max(3, Number(process.argv[2] ?? 10));
const PAGES = 20;
const FIELDS = 30;
const { next, pick } = seededRandom(20261125);

const WORDS =
  "the parties agree that the supplier shall deliver the services described in schedule one within".split(
    " ",
  );

/** A 20-page text document, ~45 lines a page, as a word processor would export it. */
async function sourceDocument(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let p = 0; p < PAGES; p++) {
    const page = doc.addPage([612, 792]);
    for (let line = 0; line < 45; line++) {
      const text = Array.from({ length: 14 }, () => pick(WORDS)).join(" ");
      page.drawText(text, { x: 72, y: 740 - line * 15, size: 11, font });
    }
  }
  return doc.save();
}

/** A 300×100 greyscale PNG with a scribble, like a drawn signature. */
function signaturePng(): Uint8Array {
  const w = 300;
  const h = 100;
  const raw = Buffer.alloc((w + 1) * h, 255);
  for (let y = 0; y < h; y++) raw[y * (w + 1)] = 0;
  for (let x = 10; x < w - 10; x++) {
    const y = Math.round(50 + 30 * Math.sin(x / 15));
    for (let t = -1; t <= 1; t++) raw[(y + t) * (w + 1) + 1 + x] = 0;
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    let c = 0xffffffff;
    for (const b of body) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE((c ^ 0xffffffff) >>> 0);
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function fieldsAndTags(png: Uint8Array): { fields: FlattenField[]; hideTags: PageBox[] } {
  const types: FlattenFieldType[] = [
    "Signature",
    "Initials",
    "DateSigned",
    "Name",
    "Email",
    "Company",
    "Text",
    "Date",
    "Number",
    "Checkbox",
    "Dropdown",
  ];
  const fields: FlattenField[] = [];
  const hideTags: PageBox[] = [];
  for (let i = 0; i < FIELDS; i++) {
    const type = i < 3 ? "Signature" : pick(types);
    const page = 1 + Math.floor(next() * PAGES);
    const box = {
      page,
      x: 72 + next() * 300,
      y: 60 + next() * 650,
      width: type === "Checkbox" ? 14 : 160,
      height: type === "Checkbox" ? 14 : 24,
    };
    const value =
      type === "Signature" && i % 2 === 0
        ? png
        : type === "Checkbox"
          ? "true"
          : type === "Signature"
            ? "Ada Lovelace"
            : `${type} value ${i}`;
    fields.push({ ...box, type, value });
    hideTags.push({ page, x: box.x, y: box.y, width: 150, height: 12 });
  }
  return { fields, hideTags };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "completion-bench-"));
  try {
    let t = performance.now();
    const identity = loadOrCreateSealIdentity({ dataDir, sealP12Path: null, sealP12Password: "" });
    console.log(`seal identity made (first start, once): ${ms(performance.now() - t)}`);
    const source = await sourceDocument();
    const input = fieldsAndTags(signaturePng());
    console.log(
      `document: ${PAGES} pages, ${(source.length / 1024).toFixed(0)} KiB; ${FIELDS} fields, ${input.hideTags.length} tags hidden`,
    );

    const phases: (keyof FinalDocumentTimings)[] = ["load", "scrub", "draw", "save", "sign"];
    const runs: FinalDocumentTimings[] = [];
    const total: number[] = [];
    const cpu: number[] = [];
    let size = 0;
    for (let run = 0; run < RUNS + 1; run++) {
      const timings: FinalDocumentTimings = { load: 0, scrub: 0, draw: 0, save: 0, sign: 0 };
      t = performance.now();
      const cpu0 = process.cpuUsage();
      const sealed = await sealedFinalDocument(
        source,
        input,
        identity,
        {
          reason: "Completed with Sign for Outlook: benchmark",
          signingTime: new Date("2026-11-25T12:00:00Z"),
        },
        timings,
      );
      const elapsed = performance.now() - t;
      const used = process.cpuUsage(cpu0);
      size = sealed.length;
      if (run === 0) {
        console.log(`first run (cold: module set-up, fonts' metrics): ${ms(elapsed)}`);
        continue;
      }
      runs.push(timings);
      total.push(elapsed);
      cpu.push((used.user + used.system) / 1000);
    }
    console.log(`runs: ${RUNS}; sealed size ${(size / 1024).toFixed(0)} KiB`);
    for (const phase of phases) {
      const xs = runs.map((r) => r[phase]);
      console.log(`  ${phase.padEnd(6)} median ${ms(median(xs)).padStart(7)}  max ${ms(Math.max(...xs))}`);
    }
    console.log(`total    median ${ms(median(total))}  max ${ms(Math.max(...total))}  (goal ≤ 1000 ms)`);
    // On a machine other processes keep busy, the wall time above includes their turns; CPU time
    // is this process's own work (what an idle machine would take, as the work is single-threaded).
    console.log(`CPU time median ${ms(median(cpu))}  max ${ms(Math.max(...cpu))}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
