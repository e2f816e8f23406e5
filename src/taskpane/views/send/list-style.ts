import { tokens, type GriffelStyle } from "@fluentui/react-components";

/** A list without bullets or indent, its items in a column: the lists of the send steps and templates. */
export const plainList: GriffelStyle = {
  listStyleType: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: tokens.spacingVerticalXS,
};
