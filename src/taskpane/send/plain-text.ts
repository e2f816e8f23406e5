/**
 * What the pane takes from the message (its subject, its text) as it goes to the service, which
 * refuses control characters (contract §6.1: a subject or name has none, a message none but tabs
 * and line breaks). A subject Outlook gives with a tab in it, or a body with form feeds, would
 * otherwise make a package the user cannot send: the message's own subject (source.subject) is
 * not theirs to edit. What the user types goes as typed: the service's answer shows next to the field.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]+/g;

/** One line: control characters become a space; spaces around the ends go. */
export function plainLine(text: string): string {
  return text.replace(CONTROL, " ").trim();
}

/** Text of several lines: control characters other than tabs and line breaks become a space. */
export function plainText(text: string): string {
  return text.replace(CONTROL_BUT_LINES, " ");
}
