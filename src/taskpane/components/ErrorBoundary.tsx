import { Component, type ErrorInfo, type ReactNode } from "react";
import { makeStyles, tokens } from "@fluentui/react-components";

// Plain elements rather than MessageBar, and a native button styled as Fluent's: this is part of the
// pane's initial JavaScript, which Fluent's Button (~4 kB gzipped) is then not; the views load it.
// It must work when no further chunk can be downloaded, too.
const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    alignItems: "flex-start",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorStatusDangerBorder1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorStatusDangerBackground1,
    color: tokens.colorNeutralForeground1,
  },
  title: { fontWeight: tokens.fontWeightSemibold, margin: 0 },
  text: { margin: 0 },
  // Fluent's secondary Button, medium: the same tokens.
  button: {
    minWidth: "96px",
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase300,
    cursor: "pointer",
    ":hover": {
      backgroundColor: tokens.colorNeutralBackground1Hover,
      border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1Hover}`,
    },
    ":active": {
      backgroundColor: tokens.colorNeutralBackground1Pressed,
      border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1Pressed}`,
    },
    ":focus-visible": {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: "1px",
    },
  },
});

function Failure({ what, error, onRetry }: { what: string; error: Error; onRetry(): void }) {
  const styles = useStyles();
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
