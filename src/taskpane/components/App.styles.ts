import { makeStyles, tokens } from "@fluentui/react-components";

// Precompiled at build time (scripts/griffel-precompile-loader.js).
export const useAppStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", minHeight: "100vh" },
  panel: { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}` },
});
