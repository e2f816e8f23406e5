// Benchmarks of src/pdf: tag detection on a 100-page text PDF (goal ≤ 1 s; on bytes in this thread,
// and from a file through the service's PDF reader thread) and stamping 20 tags
// into a 10 MB PDF (goal ≤ 300 ms, the pane's "drop a field" before upload).
// Run: node --import tsx test/bench/pdf.bench.ts [runs]
// Prints timings only; it asserts nothing, since timings depend on the machine. Each line gives the
// wall time and the CPU time this process spent meanwhile (all its threads: the reader thread's
// work, for the service's reader) and the load average: on a shared machine the wall time is
// mostly waiting for a core, and the CPU time says what the work itself costs.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { findTags, loadPdfJs } from "../../src/pdf/find-tags";
import { stampDocument, type TagStamp } from "../../src/pdf/stamp-tags";
import { PdfReader } from "../../src/service/pdf-reader";
import { seededRandom } from "./seeded-random";

const RUNS = Math.max(3, Number(process.argv[2] ?? 5));
const { next, pick } = seededRandom(20261125);
const WORDS =
  "the agreement party shall provide services under this contract and pay fees within thirty days of invoice".split(
    " ",
  );
const TAGS = [
  "{{sig:1}}",
  "{{datesigned:1}}",
  "\\i2\\",
  "{{*Amount_es_:signer2:text:number}}",
  "{{text:3;label=Ref}}",
];

function line(): string {
  const words: string[] = [];
  while (words.join(" ").length < 85) words.push(pick(WORDS));
  return words.join(" ");
}

async function textPdf(pages: number): Promise<{ bytes: Uint8Array; tags: number }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let tags = 0;
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < 50; l++) {
      let text = line();
      if (l % 10 === 5) {
        text = `${text.slice(0, 40)} ${pick(TAGS)} ${text.slice(40, 60)}`;
        tags++;
      }
      page.drawText(text, { x: 50, y: 750 - l * 14, size: 10, font });
    }
  }
  return { bytes: await doc.save(), tags };
}

/** A 10-page PDF of about 10 MB: a page of text and a large (incompressible) image on each. */
async function heavyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  // A JPEG's header (pdf-lib reads the size from it and stores the data as it is) and 1 MB of
  // noise standing in for the compressed picture.
  const header = Buffer.from(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    "base64",
  );
  for (let p = 0; p < 10; p++) {
    const noise = new Uint8Array(1024 * 1024).map(() => Math.floor(next() * 256));
    const image = await doc.embedJpg(new Uint8Array([...header, ...noise]));
    const page = doc.addPage([612, 792]);
    page.drawImage(image, { x: 50, y: 300, width: 500, height: 400 });
    for (let l = 0; l < 15; l++) page.drawText(line(), { x: 50, y: 280 - l * 14, size: 10, font });
  }
  return doc.save();
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function time(label: string, runs: number, fn: () => Promise<unknown>): Promise<void> {
  const times: number[] = [];
  const cpu: number[] = [];
  const loads: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    loads.push(os.loadavg()[0]!);
  }
  console.log(
    `${label}: median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${runs} runs); ` +
      `CPU median ${median(cpu).toFixed(0)} ms, min ${Math.min(...cpu).toFixed(0)} ms; load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} (${os.cpus().length} cores)`,
  );
}

async function main(): Promise<void> {
  const t0 = performance.now();
  await loadPdfJs();
  console.log(`pdf.js load (once per process): ${(performance.now() - t0).toFixed(0)} ms`);

  const text = await textPdf(100);
  const found = await findTags(text.bytes);
  console.log(
    `100-page text PDF: ${(text.bytes.length / 1024).toFixed(0)} KiB, ${text.tags} tags drawn, ${found.length} found`,
  );
  await time("findTags, 100 pages (goal ≤ 1000 ms)", RUNS, () => findTags(text.bytes));

  // As the service reads an upload: the file, in its PDF reader's thread (with the overlay, overlay.ts).
  const dir = await mkdtemp(path.join(os.tmpdir(), "sfo-pdf-bench-"));
  const file = path.join(dir, "text.pdf");
  await writeFile(file, text.bytes);
  const reader = new PdfReader();
  try {
    const t1 = performance.now();
    const read = await reader.read(file);
    console.log(
      `PDF reader thread start and pdf.js load (once per process): ${(performance.now() - t1).toFixed(0)} ms, ${read.tags.length} found`,
    );
    await time("the service's PDF reader, 100 pages (goal ≤ 1000 ms)", RUNS, () => reader.read(file));
  } finally {
    await reader.close();
    await rm(dir, { recursive: true, force: true });
  }

  const heavy = await heavyPdf();
  const stamps: TagStamp[] = Array.from({ length: 20 }, (_, i) => ({
    page: (i % 10) + 1,
    x: 60 + (i % 3) * 150,
    y: 600 + Math.floor(i / 10) * 30,
    width: 120,
    height: 18,
    text: TAGS[i % TAGS.length]!,
  }));
  console.log(`heavy PDF: ${(heavy.length / 1024 / 1024).toFixed(1)} MB, 10 pages`);
  await time(
    "stampDocument (the Send view's path: an incremental update), 20 tags into the heavy PDF (goal ≤ 300 ms)",
    RUNS,
    () => stampDocument(heavy, { stamps }),
  );
}

void main();
