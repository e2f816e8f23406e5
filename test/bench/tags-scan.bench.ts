// Benchmark of scan(): a ~10 MB document holding 10,000 tags of all three formats.
// Run: node --import tsx test/bench/tags-scan.bench.ts [runs]
// Prints timings only; it asserts nothing, since timings depend on the machine.
import { buildTag, scan } from "../../src/tags";
import type { TagSpec, TagType } from "../../src/tags";
import { seededRandom } from "./seeded-random";

const TARGET_SIZE = 10 * 1024 * 1024;
const TAG_COUNT = 10_000;
const RUNS = Math.max(3, Number(process.argv[2] ?? 7));

const { next, pick } = seededRandom(20240611);

const TYPES: TagType[] = [
  "Signature",
  "Initials",
  "DateSigned",
  "Name",
  "Email",
  "Company",
  "Text",
  "Date",
  "Checkbox",
  "RadioGroup",
  "Dropdown",
];
const WORDS =
  "the agreement party shall provide services under this contract and pay fees within thirty days of invoice".split(
    " ",
  );
// Prose that looks a little like tags: paths, placeholders, braces, backslashes.
const NOISE = [
  "C:\\Users\\alex\\Documents\\contract.docx",
  "{{ customer.name }}",
  "{{#if renewal}}",
  "\\section{Terms}",
  "{x}",
  "a}}b",
];

function tagFor(i: number): string {
  const type = pick(TYPES);
  const spec: TagSpec = {
    type,
    signerIndex: 1 + Math.floor(next() * 4),
    required: next() < 0.7,
    label: next() < 0.5 ? `Field ${i}` : null,
    group: type === "RadioGroup" ? `group${i % 50}` : null,
    options: type === "Dropdown" || type === "RadioGroup" ? ["Yes", "No", "Maybe, later"] : null,
  };
  const built = buildTag(spec);
  const roll = next();
  if (roll < 0.02) return `{{sgi:${spec.signerIndex}}}`; // a typo, reported with problems
  if (roll < 0.4) return built.platform;
  if (roll < 0.7) return built.docuSign;
  return built.adobeSign;
}

function buildDocument(): string {
  const proseBetween = Math.floor(TARGET_SIZE / TAG_COUNT);
  const parts: string[] = [];
  for (let i = 0; i < TAG_COUNT; i++) {
    let prose = "";
    while (prose.length < proseBetween) {
      prose += next() < 0.01 ? ` ${pick(NOISE)} ` : `${pick(WORDS)} `;
      if (next() < 0.02) prose += "\n";
    }
    parts.push(prose, tagFor(i));
  }
  return parts.join("");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

// The cheapest possible pass that still visits every candidate start: the floor a real scanner
// cannot beat, so the ratio shows what parsing and checking cost on top.
function baseline(text: string): number {
  let count = 0;
  for (let i = text.indexOf("{{"); i !== -1; i = text.indexOf("{{", i + 2)) count++;
  for (let i = text.indexOf("\\"); i !== -1; i = text.indexOf("\\", i + 1)) count++;
  return count;
}

function time<T>(fn: () => T): { ms: number; result: T } {
  const started = performance.now();
  const result = fn();
  return { ms: performance.now() - started, result };
}

const text = buildDocument();
const sizeMb = text.length / (1024 * 1024);

// Warm up both so the JIT has compiled them before timing.
scan(text);
baseline(text);

const scanTimes: number[] = [];
const baselineTimes: number[] = [];
let found = 0;
let broken = 0;
let candidates = 0;
for (let run = 0; run < RUNS; run++) {
  const s = time(() => scan(text));
  scanTimes.push(s.ms);
  found = s.result.length;
  broken = s.result.filter((t) => t.parsed === null).length;
  const b = time(() => baseline(text));
  baselineTimes.push(b.ms);
  candidates = b.result;
}

const scanMedian = median(scanTimes);
const baselineMedian = median(baselineTimes);
console.log(`document: ${sizeMb.toFixed(2)} MB (${text.length} UTF-16 units), ${TAG_COUNT} tags placed`);
console.log(`scan found: ${found} tags (${broken} with problems); baseline saw ${candidates} "{{" and "\\"`);
console.log(`runs: ${RUNS}`);
console.log(
  `scan median: ${scanMedian.toFixed(1)} ms (min ${Math.min(...scanTimes).toFixed(1)}, max ${Math.max(...scanTimes).toFixed(1)})`,
);
console.log(
  `scan throughput: ${Math.round(found / (scanMedian / 1000)).toLocaleString("en-US")} tags/s, ${(sizeMb / (scanMedian / 1000)).toFixed(0)} MB/s`,
);
console.log(`baseline (indexOf "{{" + indexOf "\\") median: ${baselineMedian.toFixed(1)} ms`);
console.log(`scan / baseline: ${(scanMedian / baselineMedian).toFixed(2)}x`);
