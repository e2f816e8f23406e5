import type { Migration } from "./types";

export const migration: Migration = {
  version: 43,
  name: "completion queued by the code that completes the package, not a trigger",
  // Migration 17's triggers go: domain/packages/transition.ts writes the package_completions row
  // in the transaction that makes a package Completed, where a reader of that code sees it.
  statements: {
    sqlite: [
      `DROP TRIGGER IF EXISTS packages_completed_update`,
      `DROP TRIGGER IF EXISTS packages_completed_insert`,
    ],
    postgres: [
      `DROP TRIGGER IF EXISTS packages_completed_update ON packages`,
      `DROP TRIGGER IF EXISTS packages_completed_insert ON packages`,
      `DROP FUNCTION IF EXISTS packages_completed()`,
    ],
  },
};
