// Web Push in the service worker (imported by the generated sw.js: vite.config.ts, workbox.importScripts). A push
// carries {title, body, url} (notifications' channels/tell.ts): it is shown as a notification, and a click on it opens
// the url in a window of the site (one already open is focused and taken there).
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Meydan';
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/pwa-192.png',
      badge: '/pwa-192.png',
      lang: 'tr',
      tag: url,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path =
    event.notification.data && typeof event.notification.data.url === 'string' ? event.notification.data.url : '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if ('navigate' in open) await open.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
