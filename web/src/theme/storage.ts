import { defaultThemeMode, type ThemeMode } from './themes';

/** The spec's local-storage key; values are exactly `dark` or `light`. */
export const THEME_STORAGE_KEY = 'theme';

export function readStoredThemeMode(): ThemeMode {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : defaultThemeMode;
  } catch {
    // Storage can be unavailable (privacy modes, blocked cookies); the default theme still works.
    return defaultThemeMode;
  }
}

export function storeThemeMode(mode: ThemeMode): void {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Not persisting is acceptable; the choice still applies to this visit.
  }
}
