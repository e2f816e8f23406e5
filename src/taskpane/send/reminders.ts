/**
 * The reminders a package is sent with. Their own module: both the draft (send/draft.ts) and a
 * package made from a template (send/template.ts) hold them, and the draft holds the template.
 */
export interface Reminders {
  enabled: boolean;
  firstAfterDays: number;
  everyDays: number;
}

/** A new form's reminders: the first after three days, then every three days. */
export const DEFAULT_REMINDERS: Reminders = { enabled: true, firstAfterDays: 3, everyDays: 3 };
