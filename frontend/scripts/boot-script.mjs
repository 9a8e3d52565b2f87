// The boot script (issue 17, item 6): a small classic script that index.html loads in its <head>,
// before the app's entry has arrived. On a slow link the entry takes a second or more; what the
// first screen needs next (the session check, a dashboard's data and its page's chunks) would
// only be asked for once it has run. This script asks for them at once:
// - with a stored session, it marks <html> with data-session, which hides the visitor's landing
//   screen that the HTML of / holds (src/index.css);
// - with a stored session (the token the app keeps under `auth` in localStorage or
//   sessionStorage, src/lib/auth-store.ts), GET /api/me, which the app checks before any route;
// - on a dashboard URL for a student or a startup, that dashboard's query and the caller's
//   ratings (the queries src/app/routes/dashboard.tsx starts), and `modulepreload` links for that
//   user type's dashboard chunks.
// The answers wait in `window.__bwEarly` until the app's API client asks for the same URL with
// the same token (src/lib/early-requests.ts); the app asks everything itself when the script
// did not run. A file, not inline: the CSP allows scripts from 'self' only. vite.config.ts writes
// it at build time with the hashed chunk names; src/app/__tests__/boot-script.test.ts runs it.

/** GET requests the app makes first, by who is signed in; the API client's URLs exactly. */
export const EARLY_REQUESTS = {
  /** Any stored session: the session check (src/lib/auth.ts, getMe). */
  session: ['/api/me'],
  /** On a dashboard route: the dashboard (features/{student,startup}/api) and myRatingsQuery. */
  dashboard: {
    student: ['/api/student/dashboard', '/api/me/ratings?page=1&per_page=100'],
    startup: ['/api/startup/dashboard', '/api/me/ratings?page=1&per_page=100'],
  },
}

/** The dashboard routes (src/app/router.tsx) and the user type each admits (null: any). */
export const DASHBOARD_ROUTES = { '/dashboard': null, '/student/dashboard': 'student', '/startup/dashboard': 'startup' }

/**
 * The script's source. `dashboardChunks`: by user type (student, startup), the URLs of the chunks
 * that user's dashboard imports beyond what index.html loads anyway.
 */
export function bootScript({ dashboardChunks }) {
  const config = JSON.stringify({ requests: EARLY_REQUESTS, routes: DASHBOARD_ROUTES, chunks: dashboardChunks })
  return `// Bridgework's boot script: see frontend/scripts/boot-script.mjs.
(function () {
  var config = ${config};
  function stored(name) {
    try {
      // As src/lib/auth-store.ts reads it: a record with a token or a user is a session.
      var record = JSON.parse(window[name].getItem('auth'));
      if (!record || typeof record !== 'object') return null;
      var token = typeof record.token === 'string' && record.token ? record.token : null;
      var user = record.user && typeof record.user === 'object' ? record.user : null;
      return token || user ? { token: token, user: user } : null;
    } catch (e) {
      return null;
    }
  }
  var auth = stored('localStorage') || stored('sessionStorage');
  if (!auth) return;
  // The landing page's HTML holds a visitor's first screen; with a session it stays hidden
  // (src/index.css) until the app renders the signed-in one.
  document.documentElement.setAttribute('data-session', '');
  if (!auth.token || typeof fetch !== 'function') return;
  var urls = config.requests.session.slice();
  var path = location.pathname.replace(/(.)\\/+$/, '$1');
  var type = auth.user && auth.user.userType;
  var admits = config.routes[path];
  if (admits !== undefined && (type === 'student' || type === 'startup') && (admits === null || admits === type)) {
    urls = urls.concat(config.requests.dashboard[type]);
    config.chunks[type].forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  }
  var headers = { Accept: 'application/json', Authorization: 'Bearer ' + auth.token };
  var responses = {};
  urls.forEach(function (url) {
    var response = fetch(url, { headers: headers, credentials: 'same-origin' });
    // A failure is the app's to report when it takes the answer, not an unhandled rejection now.
    response.catch(function () {});
    responses[url] = response;
  });
  window.__bwEarly = { token: auth.token, at: Date.now(), responses: responses };
})();
`
}
