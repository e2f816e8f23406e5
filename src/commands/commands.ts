/**
 * The function file (manifest FunctionFile, commands.html). Every ribbon button of Sign for Outlook
 * opens the task pane (ShowTaskpane), so no ExecuteFunction command exists yet; Outlook still
 * requires the page. A command added later is registered here with
 * `Office.actions.associate("name", handler)` and must call `event.completed()`.
 */
Office.onReady(() => {
  // Nothing to register yet.
});
