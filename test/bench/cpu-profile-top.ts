// The functions a V8 CPU profile (`node --cpu-prof`) spent most self time in, and the same grouped by
// package (or by our source folder), to see where a request's time goes.
// Run: node --import tsx test/bench/cpu-profile-top.ts FILE.cpuprofile [--top N]
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error("usage: cpu-profile-top.ts FILE.cpuprofile [--top N]");
const topIndex = process.argv.indexOf("--top");
const TOP = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 30;

const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

/** node_modules/<package>, src/<folder>, node:<module>, or what V8 calls it. */
function placeOf(url: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const own = /\/(src\/(?:[^/]+\/)?[^/]+?)(?:\.ts)?$/.exec(url);
  if (own) return own[1]!;
  if (url.startsWith("node:")) return url;
  return url === "" ? "(native/V8)" : url;
}

const functions = new Map<string, number>();
const places = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  const frame = byId.get(id)!.callFrame;
  total += us;
  const where = frame.url ? `${placeOf(frame.url)}:${frame.lineNumber + 1}` : "";
  const key = `${frame.functionName || "(anonymous)"} ${where}`.trim();
  functions.set(key, (functions.get(key) ?? 0) + us);
  const place = placeOf(frame.url);
  places.set(place, (places.get(place) ?? 0) + us);
}

const print = (title: string, rows: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(
      `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`,
    );
  }
};
console.log(`${(total / 1e6).toFixed(1)} s sampled`);
print("self time by function", functions);
print("self time by package or source file", places);
