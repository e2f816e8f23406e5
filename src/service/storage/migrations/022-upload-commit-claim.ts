import type { Migration } from "./types";

// A commit claims its upload session first.
export const migration: Migration = {
  version: 22,
  name: "upload sessions: a commit's claim",
  statements: [
    // Set by the commit that works on the session (a token of its own and when it claimed it);
    // other commits, aborts and blocks of the session answer 404 meanwhile. A commit that fails
    // clears it; a claim older than a bound (a process killed mid-commit) counts as none.
    `ALTER TABLE upload_sessions ADD COLUMN commit_claim TEXT`,
    `ALTER TABLE upload_sessions ADD COLUMN commit_claimed_on TEXT`,
    `ALTER TABLE template_upload_sessions ADD COLUMN commit_claim TEXT`,
    `ALTER TABLE template_upload_sessions ADD COLUMN commit_claimed_on TEXT`,
  ],
};
