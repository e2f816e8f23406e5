/**
 * The pane's tab bar: Fluent's small TabList in look and keyboard behaviour, without it. Fluent's
 * TabList brings tabster (its arrow-key focus manager) and the Tab styles for every size and
 * appearance, about 27 kB gzipped of the pane's initial JavaScript (docs/benchmarks.md); the views
 * that use Fluent's Tab load it with their own chunk.
 *
 * WAI-ARIA tabs: one tab in the Tab order (the selected one), arrows (and Home/End) move the focus
 * among the tabs, Enter, Space or a click selects.
 */
import { useRef, type KeyboardEvent } from "react";
import { mergeClasses } from "@fluentui/react-components";
import type { FluentIcon } from "@fluentui/react-icons";
import { useViewTabsStyles } from "./ViewTabs.styles";

export interface ViewTab<Id extends string> {
  id: Id;
  label: string;
  icon: FluentIcon;
}

const NEXT: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export function ViewTabs<Id extends string>({
  tabs,
  selected,
  onSelect,
  label,
}: {
  tabs: readonly ViewTab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  label: string;
}) {
  const styles = useViewTabsStyles();
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>("[role=tab]") ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    let step = NEXT[event.key];
    // Right-to-left pages: the arrows follow what the user sees.
    if (step && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      if (getComputedStyle(event.currentTarget).direction === "rtl") step = -step;
    }
    const to =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? buttons.length - 1
          : step
            ? (at + step + buttons.length) % buttons.length
            : -1;
    if (to < 0) return;
    event.preventDefault();
    buttons[to]?.focus();
  };

  return (
    <div ref={list} role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
      {tabs.map(({ id, label: text, icon: Icon }) => {
        const isSelected = id === selected;
        return (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={isSelected}
            aria-controls={`panel-${id}`}
            tabIndex={isSelected ? 0 : -1}
            className={mergeClasses(styles.tab, isSelected && styles.selected)}
            onClick={() => onSelect(id)}
          >
            <span className={mergeClasses(styles.icon, isSelected && styles.selectedIcon)} aria-hidden="true">
              <Icon />
            </span>
            <span
              className={mergeClasses(styles.label, isSelected && styles.selectedLabel)}
              data-label={text}
            >
              {text}
            </span>
          </button>
        );
      })}
    </div>
  );
}
