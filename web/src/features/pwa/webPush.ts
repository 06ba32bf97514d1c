/**
 * This browser's Web Push subscription, through the service worker the PWA registers (serviceWorker.ts): whether the
 * browser can, the subscription it holds, subscribing with the server's VAPID key and ending it. The service worker's
 * `push` and `notificationclick` handlers are in public/sw-push.js.
 */

/** Whether this browser has what Web Push needs (a service worker, PushManager and notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** How long a click waits for the service worker the app registers at start (serviceWorker.ts) to be ready. */
const READY_MS = 10_000;

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const registered = await navigator.serviceWorker.getRegistration('/');
  if (registered?.active) return registered;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), READY_MS)));
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The subscription this browser holds, or null (asked without waiting for a service worker still installing). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registered = await navigator.serviceWorker.getRegistration('/');
  return (await registered?.pushManager.getSubscription()) ?? null;
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export type SubscribeOutcome = { subscription: PushSubscriptionJSON } | { refused: 'unsupported' | 'blocked' };

/** Asks for permission (once, on the member's click) and subscribes this browser with the server's key. */
export async function subscribeBrowser(publicKey: string): Promise<SubscribeOutcome> {
  const reg = await registration();
  if (!reg) return { refused: 'unsupported' };
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return { refused: 'blocked' };
  const existing = await reg.pushManager.getSubscription();
  const subscription =
    existing ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return { subscription: subscription.toJSON() };
}

/** Ends this browser's subscription; resolves with its endpoint (for the server) or null when there was none. */
export async function unsubscribeBrowser(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return endpoint;
}
