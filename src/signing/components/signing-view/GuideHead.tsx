/** The guide's first line: how many fields are filled (announced), and Hide / Show field. */
import type { Progress } from "../../fields";

export function GuideHead({
  progress,
  hasField,
  collapsed,
  bodyId,
  onToggle,
}: {
  progress: Progress;
  /** Whether the guide is on a field (else there is nothing to fold). */
  hasField: boolean;
  collapsed: boolean;
  bodyId: string;
  onToggle: () => void;
}) {
  return (
    <div className="guide-head">
      <p className="progress" aria-live="polite">
        {progress.requiredTotal > 0
          ? `${progress.requiredDone} of ${progress.requiredTotal} required fields filled`
          : `${progress.done} of ${progress.total} fields filled`}
      </p>
      {hasField && (
        <button
          type="button"
          className="button subtle toggle"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          {collapsed ? "Show field" : "Hide field"}
        </button>
      )}
    </div>
  );
}
