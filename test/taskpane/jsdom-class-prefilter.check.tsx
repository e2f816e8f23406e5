/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 */
// Not part of the suite (no .test. in its name): checks test/leak-guard/jsdom-class-prefilter.js
// against nwsapi on a rendered Tags view, every rule against every element; run it after a Fluent
// or jsdom upgrade:
//   JSDOM_CLASS_PREFILTER=check npx jest --testMatch '**/jsdom-class-prefilter.check.tsx'
import { nodeFetch } from "./setup";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createOutlookHost, createAsyncLimiter } from "../../src/outlook";
import { Root } from "../../src/taskpane/components/Root";
import TagsView from "../../src/taskpane/views/TagsView";
import type { MessageFixture } from "../../src/workbench/bridge";
import { createFakeOffice } from "../../src/workbench/fake-office";
import fixture from "../fixtures/message.json";

void nodeFetch;

interface StyleMatcher {
  __classPrefilter: boolean;
  match(selector: string, element: Element): boolean;
  __unfilteredMatch(this: StyleMatcher, selector: string, element: Element): boolean;
}

test("no rule the prefilter rules out matches", async () => {
  const office = createFakeOffice({
    fixture: fixture as MessageFixture,
    mode: "compose",
    theme: "light",
    bridge: { getBody: () => "", insertAtCursor: () => undefined },
    latencyMs: 0,
    loadAttachment: () => Promise.resolve(new Uint8Array()),
  });
  const user = userEvent.setup();
  render(
    <Root host={createOutlookHost(office, { limiter: createAsyncLimiter(3) })} session={{ storage: null }}>
      <TagsView />
    </Root>,
  );
  const boxes = screen.getAllByRole("combobox");
  await user.click(boxes[0]!);
  await screen.findAllByRole("option");
  const matcher = (window as unknown as { __styleMatcher: StyleMatcher }).__styleMatcher;
  expect(matcher.__classPrefilter).toBe(true);
  const selectors: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      if ((rule as CSSStyleRule).selectorText) selectors.push((rule as CSSStyleRule).selectorText);
      if ((rule as CSSMediaRule).cssRules)
        for (const inner of Array.from((rule as CSSMediaRule).cssRules))
          if ((inner as CSSStyleRule).selectorText) selectors.push((inner as CSSStyleRule).selectorText);
    }
  }
  const elements = Array.from(document.querySelectorAll("*"));
  let checked = 0;
  let bad = 0;
  let matchedAll = 0;
  for (const el of elements) {
    for (const s of selectors) {
      const fast = matcher.match(s, el);
      const slow = matcher.__unfilteredMatch.call(matcher, s, el);
      checked++;
      if (slow) matchedAll++;
      if (fast !== slow) {
        bad++;
        if (bad < 5) console.log("MISMATCH", s, el.outerHTML.slice(0, 100), fast, slow);
      }
    }
  }
  console.log({ selectors: selectors.length, elements: elements.length, checked, matchedAll, bad });
  expect(bad).toBe(0);
});
