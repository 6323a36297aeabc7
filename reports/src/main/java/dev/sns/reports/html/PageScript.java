package dev.sns.reports.html;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The run report's one script, inline and allowed by its hash in the Content-Security-Policy (no
 * other script can run, nothing is fetched). It makes the overview triageable: a filter by name (a
 * regular expression) and by tier or status, sorting by any column with a {@code data-key}, a count
 * of the rows shown; it opens the card a link points at, and records the load event's time
 * ({@code data-load-ms} on {@code <html>}, milliseconds from navigation start) for
 * {@code scripts/page-load.sh}. Without it the page still works: every row shows, cards open by hand.
 */
final class PageScript {
    static final String JS = """
            (function () {
              var d = document, t = d.getElementById('ov'), c = d.getElementById('controls');
              addEventListener('load', function () { d.documentElement.setAttribute('data-load-ms', Math.round(performance.now())); });
              function openHash() {
                var e = location.hash && d.getElementById(decodeURIComponent(location.hash.slice(1)));
                var p = e && (e.tagName === 'DETAILS' ? e : e.closest('details'));
                if (p) { p.open = true; e.scrollIntoView(); }
              }
              addEventListener('hashchange', openHash);
              openHash();
              if (!t || !c) { return; }
              var tb = t.tBodies[0], rows = Array.prototype.slice.call(tb.rows);
              var q = d.getElementById('q'), shown = d.getElementById('shown');
              c.hidden = false;
              function apply() {
                var re = null;
                try { re = q.value ? new RegExp(q.value, 'i') : null; q.classList.remove('bad'); } catch (e) { q.classList.add('bad'); }
                var on = {}, k = 0;
                Array.prototype.forEach.call(c.querySelectorAll('input[type=checkbox]'), function (b) { on[b.value] = b.checked; });
                rows.forEach(function (r) {
                  var ok = (!re || re.test(r.getAttribute('data-name'))) && on[r.getAttribute('data-tier')] !== false;
                  r.hidden = !ok;
                  if (ok) { k++; }
                });
                shown.textContent = k + ' of ' + rows.length + ' shown';
              }
              function sort(h) {
                var key = 'data-' + h.getAttribute('data-key'), num = h.hasAttribute('data-num');
                var dir = t.getAttribute('data-sorted') === key && t.getAttribute('data-dir') === 'up' ? 'down' : 'up';
                t.setAttribute('data-sorted', key);
                t.setAttribute('data-dir', dir);
                rows.sort(function (a, b) {
                  var x = a.getAttribute(key), y = b.getAttribute(key), r;
                  if (num) { x = x === '' ? Infinity : +x; y = y === '' ? Infinity : +y; r = x < y ? -1 : x > y ? 1 : 0; }
                  else { r = x < y ? -1 : x > y ? 1 : 0; }
                  return dir === 'up' ? r : -r;
                });
                var f = d.createDocumentFragment();
                rows.forEach(function (r) { f.appendChild(r); });
                tb.appendChild(f);
                Array.prototype.forEach.call(t.tHead.rows[0].cells, function (x) { x.removeAttribute('aria-sort'); });
                h.setAttribute('aria-sort', dir === 'up' ? 'ascending' : 'descending');
              }
              q.addEventListener('input', apply);
              c.addEventListener('change', apply);
              Array.prototype.forEach.call(t.tHead.querySelectorAll('th[data-key]'), function (h) {
                h.tabIndex = 0;
                h.addEventListener('click', function () { sort(h); });
                h.addEventListener('keydown', function (e) { if (e.key === 'Enter') { sort(h); } });
              });
              apply();
            })();
            """;

    /** The CSP source that allows exactly {@link #JS}: {@code 'sha256-...'}. */
    static final String HASH_SOURCE = "'sha256-" + sha256Base64(JS) + "'";

    private PageScript() {}

    private static String sha256Base64(String s) {
        try {
            return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                    .digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
