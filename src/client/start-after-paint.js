/*
 * Starts the app on a page the server rendered, once what the guest came for is on the
 * screen: the text, and the page's main picture (marked elementtiming="first-picture",
 * src/client/lib/first-picture.ts) when it has one. Until then the app's code does not
 * compete with them for the line or the processor. It starts at once on the guest's first
 * tap or key, in a tab in the background, and after MAX_WAIT_MS whatever happened.
 * data-entry: the app's entry module; data-preload: the modules it imports, fetched alongside.
 * The server writes this file inline at the end of each page's body, allowed by its hash in
 * the content security policy (src/server/modules/pages/start-script.ts): any change here
 * changes the hash, computed when the server starts.
 */
(function start() {
  var MAX_WAIT_MS = 3000;
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  var observer;
  // Until the app runs, a form that the app sends itself (one without an action: sign-in, a
  // booking) is held, not sent by the browser as a plain GET, and the app sends it once it has
  // hydrated (src/client/lib/hydration.ts). A form with an action (the header's search) goes as
  // the browser sends it: the server renders its answer.
  addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (document.documentElement.hasAttribute('data-app-started') || !form || form.hasAttribute('action')) return;
      event.preventDefault();
      window.heldSubmit = form;
      load();
    },
    true,
  );
  function load() {
    if (started) return;
    started = true;
    if (observer) observer.disconnect();
    ['pointerdown', 'keydown'].forEach(function (type) {
      removeEventListener(type, load, true);
    });
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  if (document.visibilityState !== 'visible') return load();
  ['pointerdown', 'keydown'].forEach(function (type) {
    addEventListener(type, load, true);
  });
  setTimeout(load, MAX_WAIT_MS);
  // The callback runs before the next paint; the timeout it sets, after that paint.
  function afterPaint(frames) {
    requestAnimationFrame(function () {
      if (frames > 1) afterPaint(frames - 1);
      else setTimeout(load, 0);
    });
  }
  var picture = document.querySelector('img[elementtiming="first-picture"]');
  var soon = function () {
    afterPaint(1);
  };
  if (picture) {
    picture.addEventListener('error', soon);
    if (picture.complete && !picture.naturalWidth) return soon();
  }
  // The browser reports a paint once its pixels are on the screen: the picture's (Element
  // Timing, whatever its size beside the text), or on a page without one, the first. Counting
  // frames instead started the app before that frame was shown on a slow phone.
  var kind = picture ? 'element' : 'paint';
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf(kind) === -1) {
    if (!picture || picture.complete) return afterPaint(1);
    picture.addEventListener('load', soon);
    return;
  }
  observer = new PerformanceObserver(function (list) {
    var entries = list.getEntries();
    for (var i = 0; i < entries.length; i++) {
      if (picture ? entries[i].element === picture : entries[i].name === 'first-contentful-paint')
        return setTimeout(load, 0);
    }
  });
  observer.observe({ type: kind, buffered: true });
})();
