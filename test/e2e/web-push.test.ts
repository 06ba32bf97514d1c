/**
 * Web Push and opted-in mail in a real Chromium against the real stack. The member grants the notifications
 * permission, turns "Tarayıcı bildirimleri" on in the settings, and the subscription reaches the server; "E-posta
 * bildirimleri" turns the mail on; turning push off ends the subscription on the server too.
 *
 * The one stand-in: Chromium's `pushManager.subscribe` asks the browser vendor's push service (FCM) for an endpoint,
 * which a headless browser on this machine cannot reach. So the page's PushManager is stubbed (an init script): it
 * records the options it was called with and returns a subscription with a local keypair's public key and an endpoint
 * on a stand-in host. The test checks that the switch subscribed with the server's VAPID key and sent that very
 * subscription to the server. Delivery through a push service, encrypted with those keys, is proved by the
 * notifications service's test (services/notifications/test/web-push.test.ts) with a local stand-in push service; the
 * service worker's own `push` handler is exercised here through Chromium's DevTools protocol.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import type { Stack } from './stack.js';
import { browserRun, call, elementScreenshot, settled, toastWith, uniqueTag, type Member } from './support.js';

const run = browserRun([['irem', 'İrem Yalın']]);
let stack: Stack;
let irem: Member;
beforeAll(() => {
  stack = run.stack;
  [irem] = run.members as [Member];
});

/** The subscription the stubbed PushManager hands out: a real P-256 key and auth secret, an endpoint on a stand-in host. */
function standInSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.stand-in.invalid/meydan-e2e/${uniqueTag()}${uniqueTag()}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe('Web Push and mail switches, in Chromium', { timeout: 120_000 }, () => {
  it('subscribes this browser with the server’s key, the subscription reaches the server, and the mail switch turns on', async () => {
    const subscription = standInSubscription();
    const { page, errors } = await run.open({ sid: irem.sid });
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: stack.origin });
    await context.addInitScript((json) => {
      const w = window as unknown as { pushCalls: { userVisibleOnly: boolean; key: string }[] };
      w.pushCalls = [];
      let current: unknown = null;
      const toBase64url = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        w.pushCalls.push({ userVisibleOnly: Boolean(options?.userVisibleOnly), key: toBase64url(options?.applicationServerKey as ArrayBuffer) });
        current = { endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => ((current = null), true) };
        return current as PushSubscription;
      };
    }, subscription);

    await page.goto('/ayarlar');
    await settled(page, 'member');
    // The app registers its service worker at start; the switch subscribes through it.
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => Boolean(r.active)))).toBe(true);
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');

    const section = page.locator('[data-section="notification-channels"]');
    await section.getByRole('heading', { name: 'Tarayıcı ve e-posta bildirimleri' }).waitFor();
    const push = section.getByRole('switch', { name: 'Tarayıcı bildirimleri' });
    const email = section.getByRole('switch', { name: 'E-posta bildirimleri' });
    await expect.poll(() => push.isEnabled(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => email.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await push.getAttribute('aria-checked')).toBe('false');
    expect(await email.getAttribute('aria-checked')).toBe('false');

    await push.click();
    await toastWith(page, 'Tarayıcı bildirimleri açıldı').waitFor();
    expect(await push.getAttribute('aria-checked')).toBe('true');
    const { body: key } = await call<{ publicKey: string }>(stack, 'GET', '/api/push/public-key');
    expect(await page.evaluate(() => (window as unknown as { pushCalls: unknown[] }).pushCalls)).toEqual([{ userVisibleOnly: true, key: key.publicKey }]);
    const listed = await call<{ subscriptions: { endpoint: string }[] }>(stack, 'GET', '/api/push/subscriptions', { sid: irem.sid });
    expect(listed.status).toBe(200);
    expect(listed.body.subscriptions.map((s) => s.endpoint)).toEqual([subscription.endpoint]);

    await email.click();
    await toastWith(page, 'E-posta bildirimleri açıldı').waitFor();
    expect((await call(stack, 'GET', '/api/notifications/email', { sid: irem.sid })).body).toEqual({ email: true });

    await expectNoAxeViolations(page, 'the settings’ push and mail switches');
    await section.scrollIntoViewIfNeeded();
    await elementScreenshot(section, 'settings-notification-channels-desktop-dark');

    await push.click();
    await toastWith(page, 'Tarayıcı bildirimleri kapatıldı').waitFor();
    expect((await call<{ subscriptions: unknown[] }>(stack, 'GET', '/api/push/subscriptions', { sid: irem.sid })).body.subscriptions).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows a push as a notification from the service worker (delivered through Chromium’s DevTools protocol)', async () => {
    const { page, errors } = await run.open({ sid: irem.sid });
    await page.context().grantPermissions(['notifications'], { origin: stack.origin });
    await page.goto('/ayarlar');
    await settled(page, 'member');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await page.context().newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string }[] }) => {
        const ours = registrations.find((r) => r.scopeURL.startsWith(stack.origin));
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const payload = { title: 'Oy verdiğin anket sonuçlandı', body: '“Çay mı kahve mi?” sona erdi. Sonuçları gör.', url: '/anket/abc' };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: stack.origin, registrationId: await registrationId, data: JSON.stringify(payload) });
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then(async (r) => (await r.getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url })))), { timeout: 10_000 })
      .toEqual([payload]);
    expect(errors).toEqual([]);
  });
});
