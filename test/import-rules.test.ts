/**
 * The layering's first rule: no import circle in src/ (the folder rules are in eslint.config.mjs).
 * scripts/import-cycles.ts prints the same circles from the command line.
 */
import { importCircles } from "../scripts/import-graph";

describe("imports in src", () => {
  it("form no circle", () => {
    const { files, circles } = importCircles(["src"]);
    expect(files).toBeGreaterThan(100);
    expect(circles.map((circle) => circle.join(" ↔ "))).toEqual([]);
  });
});
