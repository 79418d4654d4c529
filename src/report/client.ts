/**
 * The report's inline stylesheet and script. Both are constants (no record data in them), so the
 * script's CSP hash is stable; record data reaches the script only through the JSON data block,
 * and the script writes it with `textContent` (never `innerHTML`).
 */

export const REPORT_CSS = `
:root { color-scheme: light; --fg: #1b1b1f; --muted: #5f6368; --line: #d9d9de; --bg: #ffffff; --soft: #f5f5f7; --main: #e4007c; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
header.top { padding: 16px 24px; border-bottom: 1px solid var(--line); background: var(--soft); }
h1 { font-size: 22px; margin: 0 0 8px; }
h2 { font-size: 18px; margin: 0 0 8px; overflow-wrap: anywhere; }
h3 { font-size: 15px; margin: 16px 0 6px; }
main { padding: 0 24px 48px; }
table { border-collapse: collapse; margin: 6px 0; }
th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: var(--soft); font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.counts { display: flex; gap: 18px; flex-wrap: wrap; margin: 4px 0 8px; }
.counts b { font-size: 18px; }
.toc ol { margin: 6px 0; padding-left: 24px; columns: 2; }
.toc li { overflow-wrap: anywhere; }
.toc a { color: inherit; }
.page { border-top: 2px solid var(--line); padding-top: 18px; margin-top: 22px; }
.status { font-size: 12px; padding: 1px 7px; border-radius: 9px; vertical-align: middle; color: #fff; }
.status.ok { background: #2e7d32; }
.status.fail { background: #c62828; }
.status.nomain { background: #8d6e00; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 6px 0 10px; }
dl.meta dt { color: var(--muted); }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
.reason { background: var(--soft); border-left: 4px solid var(--main); padding: 6px 10px; margin: 8px 0; overflow-wrap: anywhere; }
.error { background: #fdecea; border-left: 4px solid #c62828; padding: 6px 10px; overflow-wrap: anywhere; }
.layout { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 20px; align-items: start; }
.side details.text { margin-top: 0; }
@media (max-width: 1100px) { .layout { grid-template-columns: minmax(0, 1fr); } }
.shot-scroll { max-height: 85vh; overflow: auto; border: 1px solid var(--line); background: var(--soft); }
.shot { position: relative; width: 100%; }
.shot img { display: block; width: 100%; height: auto; }
/* clip, not hidden: a hidden overflow is a scroll container, and scrollIntoView would scroll it */
.overlay { position: absolute; left: 0; top: 0; overflow: hidden; overflow: clip; }
.blk { position: absolute; cursor: pointer; }
.blk:hover, .blk.active, .blk.hl, .blk.focus { outline: 3px solid var(--c, var(--main)); outline-offset: -3px; background: rgba(255, 255, 255, 0.12); }
.blk.pinned, .blk.focus { outline-style: dashed; }
.blk.shown::before { content: ''; position: absolute; inset: 0; background: var(--c); opacity: 0.3; }
.blk.shown { outline: 2px solid var(--c); outline-offset: -2px; }
.toolbar { display: flex; align-items: center; gap: 4px; margin: 0 0 4px; color: var(--muted); font-size: 12px; }
.toolbar button { font: inherit; min-width: 28px; padding: 1px 6px; border: 1px solid var(--line); border-radius: 4px; background: #fff; cursor: pointer; }
.legend { border: 1px solid var(--line); border-radius: 4px; margin: 0 0 6px; padding: 2px 8px 4px; font-size: 12px; display: flex; flex-wrap: wrap; gap: 2px 12px; }
.legend legend { color: var(--muted); padding: 0 4px; }
.legend label { cursor: pointer; white-space: nowrap; }
.legend input { margin: 0 4px 0 0; vertical-align: -2px; }
.swatch.sep { background: #ffd400; }
.reason p { margin: 0 0 4px; }
.reason .why { margin: 2px 0 0; }
.reason .why summary { font-weight: normal; color: var(--muted); font-size: 12px; }
.blk-link { color: inherit; text-decoration: none; white-space: nowrap; }
.blk-link:hover code { text-decoration: underline; }
.seg { display: inline; border-radius: 3px; }
.seg.hl, .seg.focus { background: #fff3b0; box-shadow: 0 0 0 2px #fff3b0; }
.to-block { display: inline-block; font: 10px/1.4 ui-monospace, monospace; color: #fff; background: var(--main); border-radius: 3px; padding: 0 4px; margin-right: 4px; text-decoration: none; vertical-align: 1px; }
.missing { color: #8d6e00; }
table.dropped td.excerpt { max-width: 520px; }
.candidates tr.main td:first-child { box-shadow: inset 4px 0 0 var(--main); }
.candidates tr[data-b] { cursor: default; }
.candidates tr.hl td { background: #fff3f9; }
.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 5px; border-radius: 2px; vertical-align: baseline; }
.comp { color: var(--muted); font-size: 12px; }
.excerpt { color: var(--muted); font-size: 12px; max-width: 420px; overflow-wrap: anywhere; }
.candidates td.comp { max-width: 320px; }
details { margin: 10px 0; }
summary { cursor: pointer; font-weight: 600; }
.text-body { white-space: pre-wrap; overflow-wrap: anywhere; max-height: 80vh; overflow: auto; border: 1px solid var(--line); padding: 10px 12px; background: #fff; }
.warnings { color: #8d6e00; }
.tooltip { position: fixed; z-index: 10; max-width: 380px; background: #1b1b1f; color: #fff; border-radius: 6px; padding: 8px 10px; font-size: 12px; line-height: 1.4; box-shadow: 0 4px 16px rgba(0,0,0,.3); pointer-events: none; overflow-wrap: anywhere; }
.tooltip.pinned { pointer-events: auto; border: 2px solid var(--main); }
.tooltip[hidden] { display: none; }
.tooltip .tip-head { font-size: 13px; margin-bottom: 3px; }
.tooltip .tip-sub { color: #c8c8d0; }
.tooltip .tip-excerpt { color: #e6e6ea; font-style: italic; margin-top: 4px; }
.empty { color: var(--muted); font-style: italic; }
`;

/**
 * Client behaviour: block tooltips on hover (click pins one, Escape or a click elsewhere unpins);
 * a block with a passage in the extracted text scrolls to it on click, and a passage's tag or a
 * block link scrolls to the block; zoom buttons; role toggles.
 */
export const REPORT_JS = `(function () {
  'use strict';
  var dataEl = document.getElementById('viseg-data');
  var data = [];
  try { data = JSON.parse(dataEl ? dataEl.textContent : '[]'); } catch (e) { data = []; }
  var tip = document.getElementById('viseg-tooltip');
  var KEY = ['chars', 'words', 'linkDensity', 'textDensity', 'wordsPerLine', 'relFontSize', 'prose', 'mainShare',
    'paragraphs', 'headings', 'links', 'images', 'top', 'areaShare', 'hint', 'positionFixed'];
  var current = null, pinned = null;

  function fmt(v) {
    if (typeof v === 'number') return String(Math.round(v * 1000) / 1000);
    if (v === null || v === undefined) return '-';
    return String(v);
  }
  function div(cls, text) {
    var d = document.createElement('div');
    d.className = cls;
    d.textContent = text;
    return d;
  }
  function blockOf(el) {
    var page = data[Number(el.getAttribute('data-p'))];
    return page ? page.blocks[Number(el.getAttribute('data-b'))] : null;
  }
  function fill(b) {
    tip.textContent = '';
    var head = document.createElement('div');
    head.className = 'tip-head';
    var id = document.createElement('strong');
    id.textContent = b.id;
    head.appendChild(id);
    head.appendChild(document.createTextNode(' \\u00b7 ' + b.role + (b.fineRole && b.fineRole !== b.role ? ' (fine: ' + b.fineRole + ')' : '') + ' \\u00b7 score ' + fmt(b.score)));
    tip.appendChild(head);
    var r = b.rect || { x: 0, y: 0, w: 0, h: 0 };
    tip.appendChild(div('tip-sub', (b.leaf ? 'leaf' : 'inner block') + ' \\u00b7 DoC ' + fmt(b.doc) + ' \\u00b7 ' +
      r.w + '\\u00d7' + r.h + ' px at (' + r.x + ', ' + r.y + ')'));
    var comps = Object.keys(b.components || {}).map(function (k) { return [k, b.components[k]]; })
      .sort(function (a, c) { return Math.abs(c[1]) - Math.abs(a[1]) || (a[0] < c[0] ? -1 : 1); });
    if (comps.length) {
      tip.appendChild(div('tip-comp', 'components: ' + comps.map(function (kv) {
        return kv[0] + ' ' + (kv[1] >= 0 ? '+' : '') + fmt(kv[1]);
      }).join(', ')));
    }
    var f = b.features || {};
    var feats = KEY.filter(function (k) { return k in f; }).map(function (k) { return k + ' ' + fmt(f[k]); });
    if (feats.length) tip.appendChild(div('tip-feat', 'features: ' + feats.join(', ')));
    if (b.excerpt) tip.appendChild(div('tip-excerpt', '\\u201c' + b.excerpt + '\\u201d'));
    if (b.inText) tip.appendChild(div('tip-sub', 'click: its passage in the extracted text'));
  }
  function place(x, y) {
    var w = tip.offsetWidth, h = tip.offsetHeight;
    var left = Math.min(x + 14, window.innerWidth - w - 8);
    var top = y + 16 + h > window.innerHeight - 8 ? y - h - 12 : y + 16;
    tip.style.left = Math.max(4, left) + 'px';
    tip.style.top = Math.max(4, top) + 'px';
  }
  function show(el, x, y) {
    var b = blockOf(el);
    if (!b) return;
    if (current && current !== el) current.classList.remove('active');
    current = el;
    el.classList.add('active');
    fill(b);
    tip.hidden = false;
    place(x, y);
  }
  function hide() {
    if (current) current.classList.remove('active', 'pinned');
    current = null;
    pinned = null;
    tip.classList.remove('pinned');
    tip.hidden = true;
  }
  function blkAt(t) { return t && t.closest ? t.closest('.blk') : null; }
  document.addEventListener('mouseover', function (e) {
    if (pinned) return;
    var el = blkAt(e.target);
    if (el) show(el, e.clientX, e.clientY);
    else if (current) hide();
  });
  document.addEventListener('mousemove', function (e) {
    if (!pinned && current) place(e.clientX, e.clientY);
  });
  function blockEl(p, b) { return document.getElementById('b-' + p + '-' + b); }
  function segEl(p, b) { return document.getElementById('t-' + p + '-' + b); }
  var focused = [];
  function focus(els) {
    focused.forEach(function (x) { x.classList.remove('focus'); });
    focused = els.filter(Boolean);
    focused.forEach(function (x) { x.classList.add('focus'); });
  }
  /** Show block b of page p: scroll the screenshot to it and pin its tooltip. */
  function goToBlock(p, b) {
    var el = blockEl(p, b);
    if (!el) return;
    focus([el, segEl(p, b)]);
    el.scrollIntoView({ block: 'center', inline: 'center' });
    var r = el.getBoundingClientRect();
    if (pinned) pinned.classList.remove('pinned');
    show(el, r.left + Math.min(20, r.width / 2), r.top + Math.min(20, r.height / 2));
    pinned = el;
    el.classList.add('pinned');
    tip.classList.add('pinned');
  }
  function refOf(t) { return t && t.closest ? t.closest('.to-block, .blk-link') : null; }
  function zoom(bar, how) {
    var p = bar.getAttribute('data-p');
    var shot = document.getElementById('shot-' + p);
    if (!shot) return;
    var w = Number(shot.getAttribute('data-w')) || shot.offsetWidth;
    var now = shot.offsetWidth / w;
    var z = how === 'in' ? now * 1.25 : how === 'out' ? now / 1.25 : how === '1' ? 1 : 0;
    var label = bar.querySelector('.zoom-level');
    if (!z) {
      shot.style.width = '';
      shot.style.maxWidth = w + 'px';
      if (label) label.textContent = 'fit';
      return;
    }
    z = Math.max(0.1, Math.min(4, z));
    shot.style.maxWidth = 'none';
    shot.style.width = Math.round(w * z) + 'px';
    if (label) label.textContent = Math.round(z * 100) + '%';
  }
  document.addEventListener('change', function (e) {
    var box = e.target;
    if (!box || !box.classList || !box.classList.contains('role-toggle')) return;
    var shot = document.getElementById('shot-' + box.getAttribute('data-p'));
    if (!shot) return;
    var role = box.getAttribute('data-role');
    Array.prototype.forEach.call(shot.querySelectorAll('.blk.leaf'), function (el) {
      if (el.getAttribute('data-role') === role) el.classList.toggle('shown', box.checked);
    });
  });
  document.addEventListener('click', function (e) {
    var ref = refOf(e.target);
    if (ref) {
      e.preventDefault();
      goToBlock(ref.getAttribute('data-p'), ref.getAttribute('data-b'));
      return;
    }
    var zb = e.target && e.target.closest ? e.target.closest('[data-zoom]') : null;
    if (zb) {
      zoom(zb.parentNode, zb.getAttribute('data-zoom'));
      return;
    }
    var el = blkAt(e.target);
    if (el) {
      var seg = segEl(el.getAttribute('data-p'), el.getAttribute('data-b'));
      if (pinned !== el) {
        focus([el, seg]);
        if (seg) seg.scrollIntoView({ block: 'nearest' });
      }
      if (pinned === el) { hide(); return; }
      if (pinned) pinned.classList.remove('pinned');
      pinned = null;
      show(el, e.clientX, e.clientY);
      pinned = el;
      el.classList.add('pinned');
      tip.classList.add('pinned');
    } else if (pinned && !(e.target.closest && e.target.closest('#viseg-tooltip'))) {
      hide();
    }
  });
  document.addEventListener('keydown', function (e) { if (e.key === 'Escape') hide(); });
  function rowTarget(tr) {
    return document.querySelector('.blk[data-p="' + tr.getAttribute('data-p') + '"][data-b="' + tr.getAttribute('data-b') + '"]');
  }
  Array.prototype.forEach.call(document.querySelectorAll('.seg'), function (seg) {
    var el = blockEl(seg.getAttribute('data-p'), seg.getAttribute('data-b'));
    seg.addEventListener('mouseenter', function () { if (el) el.classList.add('hl'); });
    seg.addEventListener('mouseleave', function () { if (el) el.classList.remove('hl'); });
  });
  Array.prototype.forEach.call(document.querySelectorAll('.blk'), function (el) {
    var seg = segEl(el.getAttribute('data-p'), el.getAttribute('data-b'));
    if (!seg) return;
    el.addEventListener('mouseenter', function () { seg.classList.add('hl'); });
    el.addEventListener('mouseleave', function () { seg.classList.remove('hl'); });
  });
  Array.prototype.forEach.call(document.querySelectorAll('tr[data-b]'), function (tr) {
    tr.addEventListener('mouseenter', function () {
      tr.classList.add('hl');
      var el = rowTarget(tr);
      if (el) el.classList.add('hl');
    });
    tr.addEventListener('mouseleave', function () {
      tr.classList.remove('hl');
      var el = rowTarget(tr);
      if (el) el.classList.remove('hl');
    });
  });
})();
`;
