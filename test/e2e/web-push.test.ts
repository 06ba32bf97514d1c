/**
 * Web Push and opted-in mail in a real Chromium against the real stack. The member grants the notifications
 * permission, turns "Tarayıcı bildirimleri" on in the settings, and the subscription reaches the server; "E-posta
 * bildirimleri" turns the mail on; turning push off ends the subscription on the server too. And a push goes all the
 * way: someone follows the member, the notifications service encrypts the news to the browser's subscription and posts
 * it to the push service, and the browser's service worker shows it.
 *
 * The one stand-in is the browser vendor's push service (FCM), which a headless browser on this machine cannot reach:
 * - Chromium's `pushManager.subscribe` would ask it for an endpoint, so the page's PushManager is stubbed (an init
 *   script): it records the options it was called with and returns a subscription with a local keypair's public key
 *   and an endpoint on a stand-in (services/notifications/test/push-stand-in.ts: a local HTTP server, which the stack
 *   may post to over http: PUSH_ALLOW_HTTP_ENDPOINTS in test/e2e/stack.ts).
 * - The stand-in keeps what the server posted; the test opens it with the subscription's private key, as the browser
 *   would, and hands the message to the service worker as the vendor's push service would, through Chromium's
 *   DevTools protocol (`ServiceWorker.deliverPushMessage`).
 */
import { createECDH, randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSubscription,
  startPushStandIn,
  type PushStandIn,
} from '../../services/notifications/test/push-stand-in.js';
import { expectNoAxeViolations } from './axe.js';
import type { Stack } from './stack.js';
import { browserRun, call, elementScreenshot, settled, toastWith, uniqueTag, type Member } from './support.js';

// The whole browser: the headless shell denies the notification permission a service worker's push needs.
const run = browserRun(
  [
    ['irem', 'İrem Yalın'],
    ['deniz', 'Deniz Kara'],
  ],
  { full: true },
);
let stack: Stack;
let irem: Member;
let deniz: Member;
let pushService: PushStandIn;
beforeAll(async () => {
  stack = run.stack;
  [irem, deniz] = run.members as [Member, Member];
  pushService = await startPushStandIn();
});
afterAll(async () => {
  await pushService?.close();
});

type SubscriptionJson = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

/**
 * The page's PushManager stubbed: `subscribe` records its options (in `window.pushCalls`) and hands out `json` as the
 * browser's subscription.
 */
async function stubPushManager(context: BrowserContext, json: SubscriptionJson): Promise<void> {
  await context.addInitScript((json) => {
    const w = window as unknown as { pushCalls: { userVisibleOnly: boolean; key: string }[] };
    w.pushCalls = [];
    let current: unknown = null;
    const toBase64url = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      w.pushCalls.push({
        userVisibleOnly: Boolean(options?.userVisibleOnly),
        key: toBase64url(options?.applicationServerKey as ArrayBuffer),
      });
      current = {
        endpoint: json.endpoint,
        toJSON: () => json,
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      return current as PushSubscription;
    };
  }, json);
}

interface Registration {
  registrationId: string;
  scopeURL: string;
  isDeleted: boolean;
}
interface ErrorMessage {
  errorMessage: string;
  versionId: string;
  sourceURL: string;
  lineNumber: number;
}
interface Version {
  versionId: string;
  registrationId: string;
  status: string;
  runningStatus: string;
}

/** A wait whose failure also says what DevTools told of the service worker. */
async function explained(wait: Promise<unknown>, seen: readonly string[]): Promise<void> {
  try {
    await wait;
  } catch (err) {
    (err as Error).message += `\nDevTools saw:\n${seen.join('\n')}`;
    throw err;
  }
}

/**
 * The page's service worker as Chromium's DevTools protocol sees it (its ServiceWorker domain on): a push is handed to
 * the registration of the site's scope that is not deleted, once a version of it is activated. `seen` lists what the
 * protocol told, for a failure's message.
 */
async function serviceWorkerOf(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Map<string, Registration>();
  const versions = new Map<string, Version>();
  const seen: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }: { registrations: Registration[] }) => {
    for (const r of updated) {
      registrations.set(r.registrationId, r);
      seen.push(`registration ${r.registrationId} ${r.scopeURL}${r.isDeleted ? ' deleted' : ''}`);
    }
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }: { versions: Version[] }) => {
    for (const v of updated) {
      versions.set(v.versionId, v);
      seen.push(`version ${v.versionId} of ${v.registrationId}: ${v.status}, ${v.runningStatus}`);
    }
  });
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage: e }: { errorMessage: ErrorMessage }) => {
    seen.push(`error in version ${e.versionId}: ${e.errorMessage} (${e.sourceURL}:${e.lineNumber})`);
  });
  await cdp.send('ServiceWorker.enable');
  const ready = () =>
    [...registrations.values()].find(
      (r) =>
        r.scopeURL.startsWith(stack.origin) &&
        !r.isDeleted &&
        [...versions.values()].some((v) => v.registrationId === r.registrationId && v.status === 'activated'),
    )?.registrationId;
  await explained(expect.poll(ready, { timeout: 15_000 }).toBeTruthy(), seen);
  return {
    seen,
    deliver: (data: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: stack.origin, registrationId: ready()!, data }),
  };
}

interface Shown {
  title: string;
  body: string;
  url: string;
  ended: string;
}

/**
 * What the site's service worker shows from now on: each `showNotification` it makes, with its title, body and url,
 * and how the browser answered ("shown", or why it refused). Recorded inside the worker, which Playwright attaches to
 * (DevTools attached to a worker keeps it from being stopped when idle, as for a developer: the record lasts the
 * test). Not the list `getNotifications()` gives: that list is the platform's, which may close a shown notification on
 * its own (one fresh-clone run had the worker's notification shown, then not listed, while a probe shown after it was).
 */
async function recordShownByWorker(page: Page): Promise<() => Promise<Shown[] | 'started anew'>> {
  const sites = () =>
    page
      .context()
      .serviceWorkers()
      .filter((w) => w.url().startsWith(stack.origin));
  await expect.poll(() => sites().length, { timeout: 10_000 }).toBe(1);
  const worker = sites()[0]!;
  await worker.evaluate(() => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; shownRecord?: Shown[] };
    const record: Shown[] = [];
    scope.shownRecord = record;
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.registration.showNotification = (title, options) => {
      const entry = {
        title,
        body: String(options?.body),
        url: String((options?.data as { url?: unknown } | undefined)?.url),
        ended: 'not yet',
      };
      record.push(entry);
      return show(title, options).then(
        () => {
          entry.ended = 'shown';
        },
        (err: unknown) => {
          entry.ended = `refused: ${String(err)}`;
          throw err;
        },
      );
    };
  });
  return () =>
    worker.evaluate(() => (self as unknown as { shownRecord?: Shown[] }).shownRecord ?? ('started anew' as const));
}

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
    const { page, errors } = await run.open({ sid: irem.sid, serviceWorker: true });
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: stack.origin });
    await stubPushManager(context, subscription);

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
    expect(await page.evaluate(() => (window as unknown as { pushCalls: unknown[] }).pushCalls)).toEqual([
      { userVisibleOnly: true, key: key.publicKey },
    ]);
    const listed = await call<{ subscriptions: { endpoint: string }[] }>(stack, 'GET', '/api/push/subscriptions', {
      sid: irem.sid,
    });
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
    expect(
      (await call<{ subscriptions: unknown[] }>(stack, 'GET', '/api/push/subscriptions', { sid: irem.sid })).body
        .subscriptions,
    ).toEqual([]);
    expect(errors).toEqual([]);
    // Its service worker would be a second one of the site's scope in DevTools' view of the browser: gone.
    await context.close();
  });

  it('shows a follower’s news pushed by the server: encrypted to this browser’s subscription, through the push service, by the service worker', async () => {
    const browserSide = browserSubscription(pushService.endpoint(`e2e-${uniqueTag()}`));
    const { page, errors } = await run.open({ sid: irem.sid, serviceWorker: true });
    await page.context().grantPermissions(['notifications'], { origin: stack.origin });
    await stubPushManager(page.context(), browserSide.json);
    await page.goto('/ayarlar');
    await settled(page, 'member');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const worker = await serviceWorkerOf(page);
    const shownByWorker = await recordShownByWorker(page);
    const push = page
      .locator('[data-section="notification-channels"]')
      .getByRole('switch', { name: 'Tarayıcı bildirimleri' });
    await expect.poll(() => push.isEnabled(), { timeout: 10_000 }).toBe(true);
    if ((await push.getAttribute('aria-checked')) !== 'true') {
      await push.click();
      await toastWith(page, 'Tarayıcı bildirimleri açıldı').waitFor();
    }

    // Deniz follows İrem: the notifications service tells her browser through the push service.
    expect((await call(stack, 'POST', `/api/users/${irem.id}/follow`, { sid: deniz.sid })).status).toBe(200);
    const path = new URL(browserSide.json.endpoint).pathname;
    await expect.poll(() => pushService.deliveries.filter((d) => d.path === path).length, { timeout: 15_000 }).toBe(1);
    const delivery = pushService.deliveries.find((d) => d.path === path)!;
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    expect(String(delivery.headers['authorization'])).toMatch(/^vapid t=/);
    const message = browserSide.decrypt(delivery.body);
    expect(message).toMatchObject({ title: 'Yeni takipçi', body: 'Deniz Kara seni takip etmeye başladı.' });

    // The push service hands the message, as it came, to the browser's service worker, which shows it.
    await worker.deliver(JSON.stringify(message));
    await explained(
      expect.poll(shownByWorker, { timeout: 10_000 }).toEqual([
        {
          title: 'Yeni takipçi',
          body: 'Deniz Kara seni takip etmeye başladı.',
          url: (message as { url: string }).url,
          ended: 'shown',
        },
      ]),
      worker.seen,
    );
    expect(errors).toEqual([]);
  });
});
