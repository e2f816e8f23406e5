import { Suspense, lazy, useMemo, useState, type ComponentType } from "react";
import { makeStyles, tokens } from "@fluentui/react-components";
import { ErrorBoundary } from "./ErrorBoundary";

const useStyles = makeStyles({
  loading: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
    padding: "24px",
    color: tokens.colorNeutralForeground2,
  },
  // A ring drawn with borders: Fluent's Spinner would add about 2 kB to the pane's first download,
  // which must stay under its 150 kB budget (scripts/build.ts).
  ring: {
    width: "16px",
    height: "16px",
    borderRadius: "50%",
    border: `2px solid ${tokens.colorNeutralStroke1}`,
    borderTopColor: tokens.colorBrandStroke1,
    animationName: { from: { transform: "rotate(0deg)" }, to: { transform: "rotate(360deg)" } },
    animationDuration: "0.8s",
    animationIterationCount: "infinite",
    animationTimingFunction: "linear",
    "@media (prefers-reduced-motion: reduce)": { animationDuration: "2.4s" },
  },
});

function Loading({ label }: { label: string }) {
  const styles = useStyles();
  return (
    <div role="status" className={styles.loading}>
      <span aria-hidden="true" className={styles.ring} />
      Loading {label}…
    </div>
  );
}

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
      <Suspense fallback={<Loading label={label} />}>
        <View />
      </Suspense>
    </ErrorBoundary>
  );
}
