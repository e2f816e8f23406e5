// Benchmark of the PDF reader's memory (issue 15's bound of 64 MB for a 50 MB upload): how much
// reading one 50 MB PDF of each shape that pdf.js finds hard raises the peak resident memory of a
// process whose only work is the service's PdfReader (src/service/pdf-reader), without the upload
// around it (test/service/documents-process.test.ts measures the whole service). Each reading runs
// in a process of its own, warmed up by a reading of a small PDF first, as the service is; the
// kernel's high-water mark (VmHWM) is reset before the reading. Linux only (/proc).
// Run: node --import tsx test/bench/reader-memory.bench.ts [--runs N] [--shape content|pages|scan]
// Prints the growth of each run and its time; asserts nothing.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PdfReader } from "../../src/service/pdf-reader";
import { writeBigPdf, writeHugeContentPdf } from "../pdf/big-pdf";

const MiB = 1024 * 1024;
/** As the process test: just under the 50 MB a document may be. */
const SIZE = 50 * MiB - 64 * 1024;

const SHAPES: Record<string, { label: string; write: (file: string) => void }> = {
  content: {
    label: "one page, one 50 MB content stream",
    write: (file) => writeHugeContentPdf(file, SIZE - 4000),
  },
  pages: {
    label: "2,000 small scanned pages",
    write: (file) => writeBigPdf(file, 2000, Math.floor(SIZE / 2000) - 1200),
  },
  scan: { label: "a scan of 40 pages", write: (file) => writeBigPdf(file, 40, Math.floor(SIZE / 40) - 4000) },
};

/** A field of /proc/self/status, in MB. */
function status(field: "VmRSS" | "VmHWM"): number {
  const line = readFileSync("/proc/self/status", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)\s*kB/.exec(line ?? "")?.[1] ?? NaN) / 1024;
}

/** The child: one warm-up reading, then the measured one; prints one line of JSON. */
async function child(warm: string, file: string): Promise<void> {
  const reader = new PdfReader();
  try {
    await reader.read(warm);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = status("VmRSS");
    writeFileSync("/proc/self/clear_refs", "5");
    const t0 = performance.now();
    const reading = await reader.read(file);
    const ms = performance.now() - t0;
    const growth = status("VmHWM") - before;
    process.stdout.write(`${JSON.stringify({ growth, ms, pages: reading.pageCount, tags: reading.tags.length })}\n`);
  } finally {
    await reader.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === "--child") return child(args[1]!, args[2]!);
  const runs = Number(args[args.indexOf("--runs") + 1] || 3);
  const only = args.includes("--shape") ? args[args.indexOf("--shape") + 1] : null;
  const dir = mkdtempSync(path.join(os.tmpdir(), "sfo-reader-memory-"));
  try {
    const warm = path.join(dir, "warm.pdf");
    writeBigPdf(warm, 2, 1000);
    for (const [name, shape] of Object.entries(SHAPES)) {
      if (only && name !== only) continue;
      const file = path.join(dir, `${name}.pdf`);
      shape.write(file);
      const results: string[] = [];
      for (let run = 0; run < runs; run++) {
        const out = spawnSync(process.execPath, [...process.execArgv, __filename, "--child", warm, file], {
          encoding: "utf8",
        });
        if (out.status !== 0) throw new Error(`the reading failed: ${out.stderr}`);
        const r = JSON.parse(out.stdout.trim().split("\n").at(-1)!) as {
          growth: number;
          ms: number;
          pages: number;
          tags: number;
        };
        results.push(`+${r.growth.toFixed(1)} MB (${r.ms.toFixed(0)} ms, ${r.pages} pages, ${r.tags} tags)`);
      }
      rmSync(file);
      console.log(`${shape.label}: ${results.join("; ")}; load average ${os.loadavg()[0]!.toFixed(1)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
