import { limits } from '@meydan/proto';
import { installPromptKeys } from './storageKeys';

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallPromptDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  isStandalone: () => boolean;
  /** Called with true when the card should appear, false when it should go. */
  onVisibleChange: (visible: boolean) => void;
  delayMs?: number;
}

/**
 * The rules of 'Uygulamayı Yükle': it appears 10 s after the browser offers installation, only if it was never shown
 * and never dismissed (both kept in local storage), never when the app already runs standalone. Dismissing or
 * declining records the dismissal; installing hides it.
 */
export function createInstallPrompt({
  storage,
  isStandalone,
  onVisibleChange,
  delayMs = limits.pwa.installPromptDelayMs,
}: InstallPromptDeps) {
  let offer: BeforeInstallPromptEvent | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let visible = false;

  const flag = (key: string) => {
    try {
      return storage.getItem(key) === 'true';
    } catch {
      return false;
    }
  };
  const record = (key: string) => {
    try {
      storage.setItem(key, 'true');
    } catch {
      // Storage refused (private mode): the card may come back another day, nothing else breaks.
    }
  };
  const allowed = () => !isStandalone() && !flag(installPromptKeys.shown) && !flag(installPromptKeys.dismissed);
  const setVisible = (next: boolean) => {
    if (visible === next) return;
    visible = next;
    onVisibleChange(next);
  };

  return {
    /** The browser offers installation. */
    offered(event: BeforeInstallPromptEvent) {
      if (!allowed()) return; // the browser's own install UI stays as it is
      event.preventDefault();
      offer = event;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!allowed()) return;
        record(installPromptKeys.shown);
        setVisible(true);
      }, delayMs);
    },
    /** 'Yükle': the browser's install dialog; declining there counts as a dismissal. */
    async install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
      const pending = offer;
      offer = null;
      setVisible(false);
      if (!pending) return 'unavailable';
      await pending.prompt();
      const { outcome } = await pending.userChoice;
      if (outcome === 'dismissed') record(installPromptKeys.dismissed);
      return outcome;
    },
    /** 'Şimdi Değil' or closing the card. */
    dismiss() {
      offer = null;
      record(installPromptKeys.dismissed);
      setVisible(false);
    },
    /** The app was installed (from the card or from the browser's menu). */
    installed() {
      offer = null;
      clearTimeout(timer);
      setVisible(false);
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}

export type InstallPrompt = ReturnType<typeof createInstallPrompt>;

export function runsStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return (
    iosStandalone ||
    (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches)
  );
}
