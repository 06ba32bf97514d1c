import { registerSW } from 'virtual:pwa-register';
import type { AppStore } from '../../store/store';
import { tr } from '../../i18n/tr';
import { registerToastAction } from '../toasts/toastActions';
import { showToast } from '../toasts/useToast';

/**
 * Registers /sw.js (root scope). When a new version has installed while another controls the page, a toast offers
 * 'Yenile': the new worker takes over, and on that controller change the page reloads — once.
 */
export function startServiceWorker(store: AppStore): void {
  if (!('serviceWorker' in navigator)) return;
  let reloading = false;
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      const actionId = registerToastAction('pwa-update', () => void updateServiceWorker(true));
      store.dispatch(
        showToast({
          title: tr.pwa.updateTitle,
          description: tr.pwa.updateText,
          action: { label: tr.pwa.reload, actionId },
          persistent: true,
        }),
      );
    },
    onNeedReload() {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    },
    onRegisterError(error: unknown) {
      // The spec: an unsupported browser or a failed registration is only logged.
      console.warn('service worker registration failed', error);
    },
  });
}
