import { Component, type ErrorInfo, type ReactNode } from "react";
import { useErrorBoundaryStyles } from "./ErrorBoundary.styles";

// Plain elements rather than MessageBar, and a native button styled as Fluent's: this is part of the
// pane's initial JavaScript, which Fluent's Button (~4 kB gzipped) is then not; the views load it.
// It must work when no further chunk can be downloaded, too.

function Failure({ what, error, onRetry }: { what: string; error: Error; onRetry(): void }) {
  const styles = useErrorBoundaryStyles();
  const chunk = error.name === "ChunkLoadError" || /loading (css )?chunk/i.test(error.message);
  return (
    <div className={styles.root} role="alert">
      <p className={styles.title}>Something went wrong in {what}.</p>
      <p className={styles.text}>
        {chunk
          ? "Part of Sign for Outlook could not be downloaded. Check your connection and try again."
          : error.message || "An unexpected error occurred."}
      </p>
      <button type="button" className={styles.button} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export interface ErrorBoundaryProps {
  /** Names the part that failed, e.g. "the Tags view". */
  what: string;
  onRetry(): void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches what a view throws (including a chunk that fails to load) and offers a retry. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Sign for Outlook: ${this.props.what} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <Failure what={this.props.what} error={error} onRetry={this.props.onRetry} />;
  }
}
