// Loaded on demand (theme.ts), as the other themes: which one the pane needs is known only once
// Office has started, and index.tsx starts loading the likely one before that.
export { webLightTheme as theme } from "@fluentui/react-components";
