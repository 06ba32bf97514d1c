// Starts what the screen being opened needs — who is signed in (every page but an embed) and, for a poll's page, a
// share link and the profile, its code and its data — as soon as the page starts, while the app's code is still
// downloading: on a slow phone that code takes over a second to arrive and run, and only then did these begin (and a
// poll's card drew itself once more when the session said its creator was looking). The app takes these answers
// instead of asking again (web/src/store/api.ts, `window.__meydanEarly`: absolute URL → {answer, at}), by the URLs
// its endpoints ask for (web/test/prefetch-screen-data.test.ts holds the two to each other); the browser fetches a
// module once, whoever asks. `vite build` writes the screens' files into SCREEN_FILES (web/build/early-data.ts); the
// dev server serves this file as it is. A file rather than an inline script: the site's Content-Security-Policy
// allows scripts from 'self' only. Deferred, and before the app's script: it runs first.
(() => {
  /** Screen → the files of its code the first screen does not load (filled in by the build). */
  var SCREEN_FILES = {};
  window.__meydanEarly = window.__meydanEarly || {};
  var early = window.__meydanEarly;
  var path = location.pathname;
  if (path.length > 1 && path.charAt(path.length - 1) === '/') path = path.slice(0, -1);
  // A page the server drew carries the answers it was drawn from (web/src/app/hydration.ts): nothing to ask for.
  var answered = document.getElementById('meydan-answers') !== null;
  var poll = /^\/anket\/([^/]+)$/i.exec(path);
  var share = /^\/s\/([^/]+)$/i.exec(path);
  // The data first: over HTTP/1.1 the browser queues what does not fit in its six connections, in order. An embed
  // asks as its own visitor (web/src/store/api.ts), which this script does not know.
  if (!answered && !/^\/embed(\/|$)/i.test(path)) ask('/auth/', 'session');
  if (poll) {
    if (!answered) ask('/polls/', poll[1]);
    load('poll');
  } else if (share) {
    if (!answered) ask('/s/', share[1]);
    load('share');
  } else if (/^\/profil(\/[^/]+)?$/i.test(path)) {
    if (/^\/profil$/i.test(path) && !loggedOut()) {
      ask('/users/', 'me');
      ask('/users/', 'me', '/polls');
    }
    load('profile');
  }

  /** Fetches the screen's modules now (run when the app imports them). */
  function load(screen) {
    var files = SCREEN_FILES[screen] || [];
    files.forEach((file) => {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = file;
      link.setAttribute('data-early-screen', screen); // the app waits a moment for these (main.tsx)
      document.head.appendChild(link);
    });
  }

  /** Asks for `/api{prefix}{param}{suffix}`, the parameter as the app's endpoints write it (decoded, encoded again). */
  function ask(prefix, raw, suffix) {
    var param;
    try {
      param = encodeURIComponent(decodeURIComponent(raw));
    } catch {
      return; // a malformed escape names no route: nothing is asked for
    }
    var url = `${location.origin}/api${prefix}${param}${suffix || ''}`;
    if (early[url]) return;
    var answer = fetch(url, { credentials: 'include' });
    // Offline, the call fails before the app takes it: not an uncaught error (the app's query sees the failure).
    answer.catch(() => {});
    early[url] = { answer: answer, at: Date.now() };
  }

  /** Signed out on purpose on this device (features/session/loggedOutFlag.ts): the profile asks nothing early. */
  function loggedOut() {
    try {
      return localStorage.getItem('loggedOut') === 'true';
    } catch {
      return false;
    }
  }
})();
