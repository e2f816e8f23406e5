// Loaded on demand (theme.ts): only the light theme is in the pane's initial JavaScript.
export { teamsHighContrastTheme as theme } from "@fluentui/react-components";
