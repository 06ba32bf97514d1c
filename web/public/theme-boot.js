// Applies the first theme before the app starts, so a load does not flash the wrong background: a stored choice
// wins, and without one the device's `prefers-color-scheme` (web/src/theme/storage.ts decides the same way).
// A file rather than an inline script: the site's Content-Security-Policy allows scripts from 'self' only.
(() => {
  var stored = null;
  try {
    stored = localStorage.getItem('theme');
  } catch {
    // Storage unavailable: the device's preference applies.
  }
  var light =
    stored === 'light' ||
    (stored !== 'dark' && window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches);
  // Both ways: a page the server drew carries the palette it was drawn in (gateway/src/server-render.ts).
  document.documentElement.dataset.theme = light ? 'light' : 'dark';
})();
