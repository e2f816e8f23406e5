import { useEffect, useState, type ComponentType } from "react";
import { ErrorBoundary } from "./ErrorBoundary";
import { useLazyViewStyles } from "./LazyView.styles";

function Loading({ label }: { label: string }) {
  const styles = useLazyViewStyles();
  return (
    <div role="status" className={styles.loading}>
      <span aria-hidden="true" className={styles.ring} />
      Loading {label}…
    </div>
  );
}

export type ViewLoader = () => Promise<{ default: ComponentType }>;

/** Views whose module has loaded, by loader: shown at once, in the render that mounts them. */
const loaded = new WeakMap<ViewLoader, ComponentType>();
/** Loads on their way, so an early start (index.tsx, a tab about to be chosen) and the view share one. */
const loading = new WeakMap<ViewLoader, Promise<ComponentType>>();

/**
 * Starts loading a view's module (or joins the load on its way) and remembers it once loaded. A
 * failed load is forgotten, so the next call (Retry) downloads again.
 */
export function preloadView(load: ViewLoader): Promise<ComponentType> {
  const done = loaded.get(load);
  if (done) return Promise.resolve(done);
  let pending = loading.get(load);
  if (!pending) {
    pending = load().then(
      (module) => {
        loaded.set(load, module.default);
        loading.delete(load);
        return module.default;
      },
      (error: unknown) => {
        loading.delete(load);
        throw error;
      },
    );
    loading.set(load, pending);
  }
  return pending;
}

/** Throws a failed load inside the error boundary, which shows it with Retry. */
function Failed({ error }: { error: unknown }): never {
  throw error;
}

/**
 * A view loaded on first show, with a spinner while it loads and an error boundary whose Retry loads
 * it again. Not React.lazy and Suspense: React holds back a Suspense boundary's content until 300 ms
 * after its fallback appeared (so a spinner does not flash), which put a 300 ms floor under showing a
 * view whose module arrives sooner. Here a loaded module renders in the same render, and one that
 * arrives renders at once.
 */
export function LazyView({ label, load }: { label: string; load: ViewLoader }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ for: ViewLoader; view: ComponentType | null; error: unknown }>(() => ({
    for: load,
    view: loaded.get(load) ?? null,
    error: null,
  }));
  // Another loader (tests) starts afresh, from what is loaded.
  if (state.for !== load) setState({ for: load, view: loaded.get(load) ?? null, error: null });
  useEffect(() => {
    if (state.view && state.for === load) return;
    let alive = true;
    preloadView(load).then(
      (view) => alive && setState({ for: load, view, error: null }),
      (error: unknown) => alive && setState({ for: load, view: null, error }),
    );
    return () => {
      alive = false;
    };
  }, [load, attempt]);
  const View = state.for === load ? state.view : null;
  return (
    <ErrorBoundary
      key={attempt}
      what={`the ${label} view`}
      onRetry={() => {
        setState({ for: load, view: null, error: null });
        setAttempt((n) => n + 1);
      }}
    >
      {View ? <View /> : state.error !== null ? <Failed error={state.error} /> : <Loading label={label} />}
    </ErrorBoundary>
  );
}
