import { tr } from '../../i18n/tr';

/** Remembers that the permission question was asked, so it is asked once (while the answer is still 'default'). */
const ASKED_KEY = 'notificationPermissionAsked';
let askedThisVisit = false;

function supported(): boolean {
  return typeof globalThis.Notification === 'function';
}

/** Asks for permission to show browser notifications, once, and only while the browser has no answer yet. */
export async function askNotificationPermissionOnce(): Promise<void> {
  if (!supported() || Notification.permission !== 'default' || askedThisVisit) return;
  try {
    if (globalThis.localStorage?.getItem(ASKED_KEY) === 'true') return;
    globalThis.localStorage?.setItem(ASKED_KEY, 'true');
  } catch {
    // Without storage the question is still asked only once per visit.
  }
  askedThisVisit = true;
  try {
    await Notification.requestPermission();
  } catch {
    // Older browsers take a callback instead; not asking is acceptable.
  }
}

/** Shows a notification from the browser when permission was granted: titled with the product name, with a tag. */
export function showBrowserNotification(id: string, message: string): void {
  if (!supported() || Notification.permission !== 'granted') return;
  try {
    new Notification(tr.app.name, { body: message || tr.notifications.fallback, tag: `meydan-${id}` });
  } catch {
    // Some platforms only allow notifications from a service worker.
  }
}
