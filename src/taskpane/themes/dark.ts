// Loaded on demand (theme.ts), as every theme: none is in the pane's initial JavaScript.
export { webDarkTheme as theme } from "@fluentui/react-components";
