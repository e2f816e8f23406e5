import { makeStyles, tokens } from "@fluentui/react-components";

// Below this width the tabs are words without icons: six tabs with icons took 512 px in the tests'
// Chromium, and a wider font than its own must not make them scroll.
const NARROW = "@media (max-width: 559px)";

// Precompiled at build time (scripts/griffel-precompile-loader.js).
export const useViewTabsStyles = makeStyles({
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
    // Outlook's pane is about 320–350 px wide (and phones): the six tabs fit there only as words,
    // each as wide as its word with little padding and the rest of the row shared out, so none is
    // cut or scrolls out of sight. (Equal shares cut "Settings" up to 410 px.)
    [NARROW]: {
      flexGrow: 1,
      flexShrink: 1,
      flexBasis: "auto",
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
    [NARROW]: { display: "none" },
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
