// Applies a stored light theme before the app starts, so a reload does not flash the dark background.
// A file rather than an inline script: the site's Content-Security-Policy allows scripts from 'self' only.
try {
  if (localStorage.getItem('theme') === 'light') document.documentElement.dataset.theme = 'light';
} catch (e) {
  // Storage unavailable: the default dark theme applies.
}
