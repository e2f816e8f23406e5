/**
 * Runs before the task pane's own code in development builds (webpack.config.js puts it first in the
 * taskpane entry), so the pane never imports the workbench. With `?workbench=1` it stands in for
 * office.js, which taskpane.html then leaves out: like office.js, it defines `Office` at once and
 * resolves `Office.onReady()` when ready, here once the fixture is loaded and the simulated Outlook
 * (fake-office.ts, its own chunk) has replaced this placeholder as the `Office` global.
 */
const win = window as unknown as { Office: typeof Office };

if (new URLSearchParams(window.location.search).get("workbench") === "1") {
  const installed = import(/* webpackChunkName: "workbench-office" */ "./fake-office").then(
    ({ installFakeOffice }) => installFakeOffice(window),
  );
  const placeholder = { onReady: () => installed.then(() => win.Office.onReady()) };
  win.Office = placeholder as unknown as typeof Office;
}

export {};
