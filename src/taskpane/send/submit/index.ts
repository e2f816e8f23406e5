// Step 5's submission (send the draft package); importers keep the `send/submit` path.
export * from "./submit-draft";
