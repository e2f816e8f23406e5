import { makeStyles, tokens } from "@fluentui/react-components";

// Precompiled at build time (scripts/griffel-precompile-loader.js).
export const useLazyViewStyles = makeStyles({
  loading: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
    padding: "24px",
    color: tokens.colorNeutralForeground2,
  },
  // A ring drawn with borders: Fluent's Spinner would add about 2 kB to the pane's first download,
  // which must stay under its budget (scripts/build.ts).
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
