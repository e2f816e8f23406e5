/**
 * Task pane entry (taskpane.html): waits for Office, then renders the pane. In development builds
 * the workbench's simulated Outlook may be the `Office` global (src/workbench/office-entry.ts runs
 * first); the pane itself only ever talks to Office through the adapter in src/outlook.
 */
import { createRoot } from "react-dom/client";
import { createOutlookHost, officeClientInfo, type OutlookHost } from "../outlook";
import { App, VIEWS, type ViewId } from "./components/App";
import { preloadView } from "./components/LazyView";
import { Root } from "./components/Root";
import { FORCED_COLORS_QUERY, PREFERS_DARK_QUERY, loadTheme, mediaMatches, themeNameFor } from "./theme";

/** `?view=settings` opens that view first (links, the workbench, browser tests), else null. */
function askedView(): ViewId | null {
  const wanted = new URLSearchParams(window.location.search).get("view");
  return VIEWS.find((v) => v.id === wanted)?.id ?? null;
}

function showFatal(container: HTMLElement, message: string): void {
  const p = document.createElement("p");
  p.className = "boot";
  p.setAttribute("role", "alert");
  p.textContent = message;
  container.replaceChildren(p);
}

async function start(): Promise<void> {
  const container = document.getElementById("container");
  if (!container) return;
  // The first view's chunk downloads while Office starts (App's LazyView then finds it loaded or on
  // its way): Office's start, the chunk and the view's first reads overlap instead of queueing.
  // Not asked for a view: Send (then Status when the conversation already has packages, App).
  const asked = askedView();
  const first = asked ?? "send";
  const firstView = VIEWS.find((v) => v.id === first);
  if (firstView) preloadView(firstView.load).catch(() => undefined);

  // The likely theme downloads while Office starts too (Office's own theme is known only once ready).
  const media = {
    forcedColors: mediaMatches(FORCED_COLORS_QUERY),
    prefersDark: mediaMatches(PREFERS_DARK_QUERY),
  };
  loadTheme(themeNameFor({ office: null, ...media })).catch(() => undefined);

  if (typeof Office === "undefined") {
    showFatal(
      container,
      "Sign for Outlook could not load Office.js. Check your connection and reopen the add-in.",
    );
    return;
  }
  await Office.onReady();
  // Outside Outlook (the page opened in a browser) there is no mailbox: the pane works without an item.
  const host: OutlookHost | null = Office.context?.mailbox ? createOutlookHost(Office) : null;

  // The first theme is ready before the first paint: no flash of light in a dark Outlook.
  await loadTheme(themeNameFor({ office: host?.theme() ?? null, ...media })).catch(() => undefined);

  createRoot(container).render(
    <Root host={host} officeClient={officeClientInfo(Office)}>
      <App initialView={first} statusWhenThreadHasPackages={asked === null} />
    </Root>,
  );
}

start().catch((error: unknown) => {
  console.error("Sign for Outlook could not start", error);
  const container = document.getElementById("container");
  if (container) showFatal(container, "Sign for Outlook could not start. Close the pane and open it again.");
});
