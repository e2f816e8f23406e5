/**
 * The Fluent theme that matches Office: high contrast when the system forces colours, else dark or
 * light from Office's theme (isDarkTheme when Office gives it, otherwise the luminance of the body
 * background), else the browser's colour scheme (outside Office).
 */
import type { Theme } from "@fluentui/react-components";
import type { OfficeThemeInfo } from "../outlook";

export type ThemeName = "light" | "dark" | "highContrast";

/** Relative luminance (WCAG) of a #rgb / #rrggbb colour, 0 (black) to 1 (white); null when unreadable. */
export function luminance(color: string): number | null {
  let hex = color.trim().replace(/^#/, "");
  if (/^[0-9a-f]{3}$/i.test(hex)) hex = [...hex].map((c) => c + c).join("");
  if (!/^[0-9a-f]{6}$/i.test(hex)) return null;
  const channel = (offset: number): number => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

export interface ThemeInputs {
  office: OfficeThemeInfo | null;
  forcedColors: boolean;
  prefersDark: boolean;
}

export function themeNameFor({ office, forcedColors, prefersDark }: ThemeInputs): ThemeName {
  if (forcedColors) return "highContrast";
  if (office) {
    if (typeof office.isDarkTheme === "boolean") return office.isDarkTheme ? "dark" : "light";
    const l = luminance(office.bodyBackgroundColor);
    if (l !== null) return l < 0.4 ? "dark" : "light";
  }
  return prefersDark ? "dark" : "light";
}

const loaded = new Map<ThemeName, Theme>();

/** The theme if it is loaded already, else undefined. */
export function loadedTheme(name: ThemeName): Theme | undefined {
  return loaded.get(name);
}

/**
 * Loads a theme: each is a small chunk of its own (light too), so the pane's initial JavaScript holds
 * none; index.tsx starts loading the likely one while Office starts, and waits for the right one
 * before the first paint.
 */
export async function loadTheme(name: ThemeName): Promise<Theme> {
  const known = loaded.get(name);
  if (known) return known;
  const module =
    name === "dark"
      ? await import(/* webpackChunkName: "theme-dark" */ "./themes/dark")
      : name === "highContrast"
        ? await import(/* webpackChunkName: "theme-high-contrast" */ "./themes/high-contrast")
        : await import(/* webpackChunkName: "theme-light" */ "./themes/light");
  loaded.set(name, module.theme);
  return module.theme;
}

/** A media query's current value, or false where matchMedia is missing (old hosts, tests). */
export function mediaMatches(query: string): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.matchMedia === "function" &&
    window.matchMedia(query).matches
  );
}

export const FORCED_COLORS_QUERY = "(forced-colors: active)";
export const PREFERS_DARK_QUERY = "(prefers-color-scheme: dark)";
