/**
 * Import circles among our own modules: `npx tsx scripts/import-cycles.ts <file or folder>…` follows
 * every import from the given files, through src/, and prints each circle. Exit code 1 when there is
 * one. test/import-rules.test.ts runs the same check on src/.
 */
import path from "node:path";
import { importCircles } from "./import-graph";

const { files, circles } = importCircles(process.argv.slice(2).map((target) => path.resolve(target)));
console.log(`${files} files read from ${process.argv.slice(2).join(" ")}`);
for (const circle of circles) console.log(`circle: ${circle.join(" ↔ ")}`);
if (circles.length === 0) console.log("no import circle");
process.exitCode = circles.length > 0 ? 1 : 0;
