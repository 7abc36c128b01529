import { createHash } from 'node:crypto';
import { SSR_STATE_ELEMENT_ID } from '../document/ssrState';

/** Start anyway after this long: a tab opened in the background paints nothing until it is shown. */
const LONGEST_WAIT_MS = 3000;

/**
 * The pages' one inline script: it requests the files named in the SSR state (`afterFirstPaint`) once
 * the first screen is painted, its text first, then its high-priority images (a hero
 * illustration). Requested with the HTML, the scripts would share a phone's bandwidth with that
 * first screen, and run before it paints when they arrive first. The text is the same on every
 * page, so the Content-Security-Policy allows it by its hash.
 */
export const SCRIPTS_AFTER_FIRST_PAINT = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var files = JSON.parse(document.getElementById(${JSON.stringify(SSR_STATE_ELEMENT_ID)}).textContent).afterFirstPaint;
    var requests = [];
    function preload(as, href) {
      requests.push(function () {
        var link = document.createElement('link');
        link.rel = 'preload';
        link.as = as;
        link.href = href;
        if (as === 'fetch') link.crossOrigin = 'anonymous';
        else link.setAttribute('fetchpriority', 'low');
        document.head.appendChild(link);
      });
    }
    files.preloadFetches.forEach(function (href) { preload('fetch', href); });
    files.runScripts.forEach(function (src) {
      requests.push(function () {
        var script = document.createElement('script');
        script.src = src;
        script.async = false;
        document.body.appendChild(script);
      });
    });
    files.preloadScripts.forEach(function (href) { preload('script', href); });
    // One request a task: starting a request costs a phone a few milliseconds, ten of them one long task.
    var channel = new MessageChannel();
    channel.port1.onmessage = function () {
      requests.shift()();
      if (requests.length) channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
  }
  function afterNextFrame() {
    requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(start, 0); }); });
  }
  function afterFirstScreenImages() {
    var pending = [].filter.call(document.querySelectorAll('img[fetchpriority="high"]'), function (image) {
      return !image.complete;
    });
    if (pending.length === 0) return afterNextFrame();
    pending.forEach(function (image) {
      function settled() {
        pending = pending.filter(function (other) { return other !== image; });
        if (pending.length === 0) afterNextFrame();
      }
      image.addEventListener('load', settled);
      image.addEventListener('error', settled);
    });
  }
  setTimeout(start, ${LONGEST_WAIT_MS});
  try {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      afterFirstScreenImages();
    }).observe({ type: 'paint', buffered: true });
  } catch (unsupported) {
    afterNextFrame();
  }
})();`;

/** The Content-Security-Policy source that allows exactly this inline script to run. */
export function inlineScriptSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}
