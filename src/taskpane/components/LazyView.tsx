import { Suspense, lazy, useMemo, useState, type ComponentType } from "react";
import { Spinner } from "@fluentui/react-components";
import { ErrorBoundary } from "./ErrorBoundary";

export type ViewLoader = () => Promise<{ default: ComponentType }>;

/**
 * A view loaded on first show (React.lazy + import()), with a spinner while it loads and an error
 * boundary whose Retry loads it again: React.lazy keeps a failed import, so a retry makes a new one.
 */
export function LazyView({ label, load }: { label: string; load: ViewLoader }) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: that is what makes Retry load again.
  const View = useMemo(() => lazy(load), [load, attempt]);
  return (
    <ErrorBoundary key={attempt} what={`the ${label} view`} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Spinner size="small" label={`Loading ${label}…`} style={{ padding: 24 }} />}>
        <View />
      </Suspense>
    </ErrorBoundary>
  );
}
