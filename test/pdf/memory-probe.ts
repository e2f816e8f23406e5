// Measures how much a reading of one PDF raises this process's memory (resident set size), for
// pdf-file.test.ts, which runs it in a child process so that nothing else (jest, other tests)
// shares the measurement. Prints one line of JSON.
//
//   node --expose-gc --import tsx test/pdf/memory-probe.ts FILE [file|bytes]
//
// "file" reads FILE with readPdfFile (the service's way); "bytes" reads it whole and runs
// inspectPdf and findTags on the bytes (the way before), for comparison.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { findTags, loadPdfJs } from "../../src/pdf/find-tags";
import { inspectPdf } from "../../src/pdf/inspect";
import { readPdfFile } from "../../src/service/pdf/pdf-file";

type Mode = "file" | "bytes";

async function read(file: string, mode: Mode): Promise<{ pageCount: number; tags: string[] }> {
  if (mode === "file") {
    const { pageCount, tags } = await readPdfFile(file);
    return { pageCount, tags: tags.map((t) => t.text) };
  }
  const bytes = new Uint8Array(await readFile(file));
  const { pageCount } = await inspectPdf(bytes);
  const tags = await findTags(bytes);
  return { pageCount, tags: tags.map((t) => t.text) };
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function main(): Promise<void> {
  const [file, mode = "file"] = process.argv.slice(2);
  if (!file || (mode !== "file" && mode !== "bytes"))
    throw new Error("usage: memory-probe.ts FILE [file|bytes]");
  // The baseline is a process that has already read a PDF this way: pdf.js, pdf-lib and the
  // tag scanner loaded and compiled. What is left to measure is what one document costs.
  await loadPdfJs();
  await read(path.join(__dirname, "../fixtures/mutual-nda.pdf"), mode);
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 50));
  collectGarbage();
  const baseline = process.memoryUsage().rss;
  // The kernel's high-water mark catches a peak between two samples; it only says something
  // about this reading if the reading raised it above what the process had reached before.
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  let sampled = baseline;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage().rss);
  }, 2);
  const result = await read(file, mode);
  clearInterval(sampler);
  sampled = Math.max(sampled, process.memoryUsage().rss);
  const maxAfter = process.resourceUsage().maxRSS * 1024;
  const peak = maxAfter > maxBefore ? Math.max(maxAfter, sampled) : sampled;
  process.stdout.write(`${JSON.stringify({ mode, baseline, peak, increase: peak - baseline, ...result })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
