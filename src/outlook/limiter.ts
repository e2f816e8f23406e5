/**
 * A small FIFO queue that keeps at most `max` async tasks in flight.
 *
 * Outlook on the web allows at most 3 concurrent asynchronous Office.js calls per add-in
 * (more fail with "too many incomplete requests"), so the adapter funnels every `*Async` call through one.
 */
export interface AsyncLimiter {
  /** Runs `task` as soon as fewer than `max` tasks are running; settles as the task does. */
  run<T>(task: () => Promise<T> | T): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly pending: number;
  readonly max: number;
}

export function createAsyncLimiter(max: number): AsyncLimiter {
  if (!Number.isInteger(max) || max < 1) {
    throw new RangeError(`createAsyncLimiter: max must be a positive integer, got ${String(max)}`);
  }
  let active = 0;
  const queue: Array<() => void> = [];

  const release = (): void => {
    active -= 1;
    const next = queue.shift();
    if (next) next();
  };

  return {
    max,
    get active() {
      return active;
    },
    get pending() {
      return queue.length;
    },
    run<T>(task: () => Promise<T> | T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = (): void => {
          active += 1;
          let result: Promise<T>;
          try {
            result = Promise.resolve(task());
          } catch (error) {
            result = Promise.reject(error);
          }
          result.then(resolve, reject).finally(release);
        };
        if (active < max) start();
        else queue.push(start);
      });
    },
  };
}
