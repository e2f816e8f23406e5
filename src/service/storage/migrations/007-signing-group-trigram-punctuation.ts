import type { Migration } from "./types";

/**
 * Each of these characters became the capital letter at its place in TRIGRAM_LETTERS: a case-folded
 * text holds no capital ASCII letter and each character has a letter of its own, so a search is a
 * substring of a text exactly when its mapped form is one of the mapped text.
 */
const TRIGRAM_PUNCTUATION = " .-_+'&,/():;!?#\"@%*=~^${}";
const TRIGRAM_LETTERS = "SDHUPQAKLOCNMEWXRBTFGIJVYZ";

export const migration: Migration = {
  version: 7,
  name: "signing-group search across punctuation on PostgreSQL",
  // pg_trgm takes no trigram across punctuation, so 'liam.smith' was looked up by 'liam' and 'smith'
  // alone and rechecked nearly every group; search_split now holds punctuation as capital letters.
  // SQLite's FTS5 trigrams span punctuation.
  statements: { sqlite: [], postgres: [] },
  backfill: async (db, dialect) => {
    if (dialect !== "postgres") return;
    // translate() maps character for character.
    await db.run("UPDATE signing_groups SET search_split = translate(search_split, ?, ?)", [
      TRIGRAM_PUNCTUATION,
      TRIGRAM_LETTERS,
    ]);
  },
};
