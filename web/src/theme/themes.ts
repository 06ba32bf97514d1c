export type ThemeMode = 'dark' | 'light';

export interface Palette {
  background: string;
  surface: string;
  surfaceRaised: string;
  border: string;
  text: string;
  textMuted: string;
  primary: string;
  primaryHover: string;
  onPrimary: string;
  accent: string;
  danger: string;
  /** Text on a `danger` background. */
  onDanger: string;
  success: string;
  warning: string;
  focus: string;
}

export interface AppTheme {
  mode: ThemeMode;
  colors: Palette;
  radii: { sm: string; md: string; lg: string; pill: string };
  fonts: { body: string; mono: string };
  shadows: { card: string; popover: string };
  /** Widths below `narrow` get the collapsible mobile menu. */
  breakpoints: { narrow: string };
  layout: { maxWidth: string; headerHeight: string };
}

const shared = {
  radii: { sm: '0.375rem', md: '0.625rem', lg: '1rem', pill: '999px' },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  breakpoints: { narrow: '48rem' },
  layout: { maxWidth: '72rem', headerHeight: '4rem' },
} as const;

export const darkTheme: AppTheme = {
  ...shared,
  mode: 'dark',
  colors: {
    background: '#0f1115',
    surface: '#171a21',
    surfaceRaised: '#20242d',
    border: '#2c313c',
    text: '#eef0f4',
    textMuted: '#a3aab7',
    primary: '#fb923c',
    primaryHover: '#fdba74',
    onPrimary: '#1c1917',
    accent: '#a78bfa',
    danger: '#f87171',
    onDanger: '#1c1917',
    success: '#4ade80',
    warning: '#facc15',
    focus: '#60a5fa',
  },
  shadows: {
    card: '0 1px 2px rgb(0 0 0 / 0.4), 0 4px 16px rgb(0 0 0 / 0.25)',
    popover: '0 8px 32px rgb(0 0 0 / 0.5)',
  },
};

export const lightTheme: AppTheme = {
  ...shared,
  mode: 'light',
  colors: {
    background: '#f6f7f9',
    surface: '#ffffff',
    surfaceRaised: '#f0f2f5',
    border: '#dde1e7',
    text: '#16181d',
    textMuted: '#555c69',
    primary: '#c2410c',
    primaryHover: '#9a3412',
    onPrimary: '#ffffff',
    accent: '#6d28d9',
    danger: '#b91c1c',
    onDanger: '#ffffff',
    success: '#15803d',
    warning: '#a16207',
    focus: '#2563eb',
  },
  shadows: {
    card: '0 1px 2px rgb(15 17 21 / 0.06), 0 4px 16px rgb(15 17 21 / 0.06)',
    popover: '0 8px 32px rgb(15 17 21 / 0.16)',
  },
};

export const themes: Record<ThemeMode, AppTheme> = { dark: darkTheme, light: lightTheme };

export const defaultThemeMode: ThemeMode = 'dark';
