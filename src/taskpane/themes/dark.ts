// Loaded on demand (theme.ts): only the light theme is in the pane's initial JavaScript.
export { webDarkTheme as theme } from "@fluentui/react-components";
