import { THEME_COOKIE } from '@meydan/proto';
import { defaultThemeMode, type ThemeMode } from './themes';

/** The spec's local-storage key; values are exactly `dark` or `light`. */
export const THEME_STORAGE_KEY = 'theme';

/** The media query that says the device asks for a light palette (public/theme-boot.js asks the same). */
export const PREFERS_LIGHT = '(prefers-color-scheme: light)';

/** The member's own choice on this device, or null when none was made (or storage is unavailable). */
export function readStoredThemeMode(): ThemeMode | null {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    // Storage can be unavailable (privacy modes, blocked cookies); the device's preference still applies.
    return null;
  }
}

/** What the device prefers (`prefers-color-scheme`); dark when it says nothing. */
export function systemThemeMode(): ThemeMode {
  if (typeof globalThis.matchMedia !== 'function') return defaultThemeMode;
  return globalThis.matchMedia(PREFERS_LIGHT).matches ? 'light' : defaultThemeMode;
}

/** The first theme: a stored choice wins; without one, the device's preference. */
export function initialThemeMode(): ThemeMode {
  return readStoredThemeMode() ?? systemThemeMode();
}

export function storeThemeMode(mode: ThemeMode): void {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Not persisting is acceptable; the choice still applies to this visit.
  }
  tellServerThemeMode(mode);
}

/**
 * The choice as a cookie too, so that the server draws a page in it (a share link, a poll's page: gateway
 * server-render.ts); a year, like the stored choice it mirrors.
 */
export function tellServerThemeMode(mode: ThemeMode): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the app supports; the value is one of two fixed words
  document.cookie = `${THEME_COOKIE}=${mode}; path=/; max-age=31536000; samesite=lax`;
}
