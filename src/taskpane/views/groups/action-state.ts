/** One button's work on a group: not started, under way, failed with its error, or done with a message. */
export type ActionState =
  | { status: "idle" }
  | { status: "busy" }
  | { status: "failed"; title: string; error: unknown }
  | { status: "done"; message: string };
