/*
 * Starts the app on a page the server rendered (modules/pages/pages.service.ts), once that
 * page has painted: what the guest came for (the text, the first picture) gets the line
 * first, the app's code right after. A page in a background tab starts at once.
 * data-entry: the app's entry module; data-preload: the modules it imports, fetched alongside.
 */
(function start() {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function load() {
    if (started) return;
    started = true;
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
  // The callback runs before the next paint; the timeout it sets, after that paint.
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
})();
