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
import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import type { FluentIcon } from "@fluentui/react-icons";

export interface ViewTab<Id extends string> {
  id: Id;
  label: string;
  icon: FluentIcon;
}

const useStyles = makeStyles({
  list: {
    display: "flex",
    alignItems: "stretch",
    position: "sticky",
    top: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalXS,
    overflowX: "auto",
  },
  // Fluent's Tab, size small, transparent appearance: the same tokens.
  tab: {
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    flexShrink: 0,
    columnGap: tokens.spacingHorizontalXXS,
    position: "relative",
    padding: `${tokens.spacingVerticalSNudge} ${tokens.spacingHorizontalSNudge}`,
    border: "none",
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorTransparentBackground,
    color: tokens.colorNeutralForeground2,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    cursor: "pointer",
    outlineStyle: "none",
    ":hover": {
      backgroundColor: tokens.colorTransparentBackgroundHover,
      color: tokens.colorNeutralForeground2Hover,
    },
    ":active": {
      backgroundColor: tokens.colorTransparentBackgroundPressed,
      color: tokens.colorNeutralForeground2Pressed,
    },
    ":focus-visible": {
      boxShadow: `${tokens.shadow4}, 0 0 0 ${tokens.strokeWidthThick} ${tokens.colorStrokeFocus2}`,
      zIndex: 1,
    },
    // The underline: grey on hover, brand when selected.
    "::after": {
      content: '""',
      position: "absolute",
      bottom: 0,
      left: tokens.spacingHorizontalSNudge,
      right: tokens.spacingHorizontalSNudge,
      height: tokens.strokeWidthThick,
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorTransparentStroke,
    },
    ":hover::after": { backgroundColor: tokens.colorNeutralStroke1Hover },
    ":active::after": { backgroundColor: tokens.colorNeutralStroke1Pressed },
    "@media (forced-colors: active)": {
      ":hover::after": { backgroundColor: "Highlight" },
      ":focus-visible": { outline: `${tokens.strokeWidthThick} solid Highlight` },
    },
    // Outlook's pane is about 320–350 px wide (and phones): five tabs fit there only as words, each
    // an equal share of the width with little padding, so none scrolls out of sight.
    "@media (max-width: 419px)": {
      flexGrow: 1,
      flexShrink: 1,
      flexBasis: 0,
      minWidth: 0,
      paddingLeft: tokens.spacingHorizontalXXS,
      paddingRight: tokens.spacingHorizontalXXS,
    },
  },
  selected: {
    color: tokens.colorNeutralForeground1,
    ":hover": { color: tokens.colorNeutralForeground1Hover },
    ":active": { color: tokens.colorNeutralForeground1Pressed },
    "::after": { backgroundColor: tokens.colorCompoundBrandStroke },
    ":hover::after": { backgroundColor: tokens.colorCompoundBrandStrokeHover },
    ":active::after": { backgroundColor: tokens.colorCompoundBrandStrokePressed },
    "@media (forced-colors: active)": {
      "::after": { backgroundColor: "ButtonText" },
      ":hover::after": { backgroundColor: "ButtonText" },
    },
  },
  icon: {
    display: "inline-flex",
    fontSize: "20px",
    width: "20px",
    height: "20px",
    "@media (max-width: 419px)": { display: "none" },
  },
  selectedIcon: { color: tokens.colorCompoundBrandForeground1 },
  // The label takes the width of its semibold form, so selecting a tab does not move its neighbours
  // (Fluent's reserved space): an invisible bold copy underneath.
  label: {
    display: "inline-grid",
    overflow: "hidden",
    padding: `0 ${tokens.spacingHorizontalXXS}`,
    "::after": {
      content: "attr(data-label)",
      fontWeight: tokens.fontWeightSemibold,
      visibility: "hidden",
      height: 0,
      overflow: "hidden",
    },
    "@media (max-width: 359px)": { fontSize: tokens.fontSizeBase200 },
  },
  selectedLabel: { fontWeight: tokens.fontWeightSemibold },
});

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
  const styles = useStyles();
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
