/**
 * axe-core in a page of the browser tests, with Fluent UI's known false positive left out, and its
 * findings in words, for every browser test.
 */
import type { Result as AxeResult } from "axe-core";
import type { Frame, Page } from "playwright-core";

const AXE_SCRIPT = require.resolve("axe-core/axe.min.js");

export async function axeViolations(frame: Page | Frame): Promise<AxeResult[]> {
  const loaded = await frame.evaluate(() => "axe" in window);
  if (!loaded) await frame.addScriptTag({ path: AXE_SCRIPT });
  const violations = await frame.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") };
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations;
  });
  // Fluent UI v9's focus management (tabster) puts focusable, aria-hidden "dummy" elements at the edges
  // of tab lists and other movers, which pass focus on at once: a known false positive of aria-hidden-focus
  // (microsoft/tabster#288, microsoft/fluentui#25133; Accessibility Insights suppresses it too).
  return violations
    .map((v) =>
      v.id === "aria-hidden-focus"
        ? { ...v, nodes: v.nodes.filter((n) => !/^<[a-z]+ [^>]*data-tabster-dummy/.test(n.html)) }
        : v,
    )
    .filter((v) => v.nodes.length > 0);
}

export function describeViolations(violations: readonly AxeResult[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map(
          (n) =>
            `    at ${n.target.join(" ")}\n      ${n.html}\n      ${(n.failureSummary ?? "").replace(/\n/g, "\n      ")}`,
        )
        .join("\n");
      return `  ${v.impact ?? "?"}: ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}`;
    })
    .join("\n");
}

/** Throws the serious and critical violations of `what`, in words. */
export async function expectAccessible(frame: Page | Frame, what: string): Promise<void> {
  // A dialog fading in is half transparent: axe would measure its colours mid-way.
  await frame.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  const serious = (await axeViolations(frame)).filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  if (serious.length > 0) {
    throw new Error(`axe-core: serious or critical violations in ${what}:\n${describeViolations(serious)}`);
  }
}
