// join.js — getting in: the guide for the in-app browsers of WeChat, QQ,
// Alipay, DingTalk and Weibo (their scanners open links in a browser of their
// own, which may show a warning or a blank page for a LAN address), and the
// typed join (lan/PROTOCOL.md "Typed join"): the host's address typed by
// hand, then the short code from the big screen.
//
// The in-app browsers are told by user agent in view.js (inAppOf: app.js
// loads this file only for them, a typed join, or an address without key).
// The pure parts (fingerprint) are tested with node; the rest
// builds DOM the way app.js does (text through textContent only).

import { keyFromText, normalizeCode } from './net.js';

// The look of these screens comes with this file (a phone that never needs
// them never fetches it).
if (typeof document !== 'undefined') { // (not in node's tests)
  const css = document.createElement('link');
  css.rel = 'stylesheet';
  css.href = new URL('join.css', import.meta.url).href;
  document.head.appendChild(css);
}

// fingerprint is the typed key's fingerprint as the big screen shows it
// (lan/sealed Fingerprint): the first 8 bytes of SHA-512 of the key, as a
// big-endian number, modulo 10^8, in two groups of 4 digits. Computed
// without BigInt (not in iOS 12): hi·2^32 + lo, modulo 10^8, in parts
// small enough for a double.
export function fingerprint(nacl, key) {
  const h = nacl.hash(key);
  const word = (i) => ((h[i] << 24) >>> 0) + (h[i + 1] << 16) + (h[i + 2] << 8) + h[i + 3];
  const M = 1e8;
  const mulMod = (a, b) => { // a, b < 1e8: a·b mod M without passing 2^53
    const b1 = Math.floor(b / 1e4), b0 = b % 1e4;
    return (((a * b1) % M) * 1e4 + a * b0) % M;
  };
  const n = (mulMod(word(0) % M, 4294967296 % M) + word(4) % M) % M;
  const s = String(n).padStart(8, '0');
  return `${s.slice(0, 4)} ${s.slice(4)}`;
}

// ---- storage of a typed join (per room, as the QR code's key is) ------------------------------

const typedKey = (room) => `nightfall:typed:${room}`;

// loadTyped is the typed key and code this phone used for room, or null.
export function loadTyped(store, room) {
  if (!room) return null;
  try {
    const x = JSON.parse(store.get(typedKey(room)) || 'null');
    const key = x && keyFromText(x.k);
    return key && x.c ? { key, k: x.k, code: x.c } : null;
  } catch { return null; }
}

export function saveTyped(store, room, k, code) {
  store.set(typedKey(room), JSON.stringify({ k, c: code }));
}

// fetchTypedKey asks the host for its typed key (GET /key): the text and the
// key, or null when the host does not answer with one.
export async function fetchTypedKey() {
  try {
    const r = await fetch('key', { cache: 'no-store' });
    if (!r.ok) return null;
    const x = await r.json();
    const key = keyFromText(x && x.k);
    return key ? { k: x.k, key } : null;
  } catch { return null; }
}

// ---- DOM -----------------------------------------------------------------------------------

function el(tag, props, ...kids) {
  const e = document.createElement(tag);
  for (const k of Object.keys(props || {})) {
    const v = props[k];
    if (v == null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.slice(0, 2) === 'on') e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const kid of kids) if (kid != null && kid !== false) e.appendChild(typeof kid === 'string' ? document.createTextNode(kid) : kid);
  return e;
}

// codeForm is the typed join's form: a field for the short code and a
// button. msg is a line above it (why the phone is here), err a refusal.
// onCode(code) runs with the code typed.
export function codeForm(T, { msg, err, busy, code }, onCode) {
  const input = el('input', {
    id: 'code', type: 'text', inputmode: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false',
    maxlength: '9', enterkeyhint: 'go', 'aria-describedby': 'codeHint', class: 'code', value: code || '',
  });
  const go = el('button', { class: 'btn primary', type: 'submit', text: T('typed.go'), disabled: busy || undefined });
  const form = el('form', { class: 'typed', novalidate: true },
    el('label', { for: 'code', class: 'big', text: T('typed.title') }),
    el('p', { id: 'codeHint', class: 'dim', text: T('typed.hint') }),
    input,
    err ? el('p', { class: 'warn', role: 'alert', text: err }) : null,
    go);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const c = normalizeCode(input.value);
    if (c.length >= 4) onCode(c);
    else input.focus();
  });
  return el('div', { class: 'panel' }, msg ? el('p', { class: 'big', text: msg }) : null, form);
}

// showFingerprint shows the typed key's fingerprint under the status line
// (the big screen shows the same digits beside the code), or hides it (fp
// empty).
export function showFingerprint(T, fp) {
  let p = document.getElementById('fp');
  if (!fp) { if (p) p.hidden = true; return; }
  if (!p) {
    p = el('p', { id: 'fp', class: 'fp' });
    const conn = document.getElementById('conn');
    conn.parentNode.insertBefore(p, conn.nextSibling);
  }
  const text = T('typed.fp', { FP: fp });
  if (p.textContent !== text) p.textContent = text;
  p.hidden = false;
}

// copyText puts text on the clipboard: the Clipboard API where the page may
// use it (a secure context: not a plain-http LAN address), else the
// selected text of field with document.execCommand('copy') (which old
// WebViews and plain http still allow). It resolves to whether it worked.
export async function copyText(text, field) {
  if (navigator.clipboard && window.isSecureContext) {
    try { await navigator.clipboard.writeText(text); return true; } catch { /* fall back */ }
  }
  const ro = field.readOnly;
  field.readOnly = false; // iOS selects nothing in a read-only field
  field.value = text;
  field.focus();
  field.select();
  try { field.setSelectionRange(0, text.length); } catch { /* not a text field */ }
  let ok = false;
  try { ok = document.execCommand('copy'); } catch { ok = false; }
  field.readOnly = ro;
  return ok;
}

// APP_NAMES: the apps' names as the guide says them.
const APP_KEYS = { wechat: 'inapp.wechat', qq: 'inapp.qq', alipay: 'inapp.alipay', dingtalk: 'inapp.dingtalk', weibo: 'inapp.weibo' };

// showInAppGuide covers the page with the guide out of the in-app browser:
// an arrow to the ··· menu, the menu item to choose, and the whole address
// (the key in its fragment too) with a copy button. onStay runs when the
// player chooses to go on here all the same.
export function showInAppGuide(T, app, url, onStay) {
  const old = document.getElementById('inapp');
  if (old) old.remove();
  const field = el('input', { id: 'inappURL', class: 'url', type: 'text', readonly: true, value: url, 'aria-label': T('inapp.address') });
  field.value = url;
  field.addEventListener('focus', () => field.select());
  const status = el('p', { id: 'inappCopied', class: 'dim', role: 'status', 'aria-live': 'polite' });
  const copy = el('button', { id: 'inappCopy', class: 'btn primary', type: 'button', text: T('inapp.copy') });
  copy.addEventListener('click', async () => {
    const ok = await copyText(url, field);
    status.textContent = ok ? T('inapp.copied') : T('inapp.copyFailed');
    document.body.dataset.copied = ok ? 'yes' : 'no';
  });
  const stay = el('button', { class: 'btn ghost small', type: 'button', text: T('inapp.stay') });
  const guide = el('section', { id: 'inapp', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'inappTitle', 'data-app': app.app, 'data-os': app.ios ? 'ios' : 'android' },
    el('div', { class: 'arrow', 'aria-hidden': 'true', text: '↗' }),
    el('h1', { id: 'inappTitle', text: T('inapp.title') }),
    el('p', { class: 'why', text: T('inapp.why', { App: T(APP_KEYS[app.app]) }) }),
    el('ol', { class: 'steps' },
      el('li', { text: T('inapp.step1') }),
      el('li', { text: T(app.ios ? 'inapp.step2ios' : 'inapp.step2android') })),
    el('p', { text: T('inapp.or') }),
    field, copy, status,
    el('p', { class: 'dim', text: T('inapp.camera') }),
    stay);
  stay.addEventListener('click', () => { guide.remove(); document.body.classList.remove('inapp'); onStay(); });
  document.body.classList.add('inapp');
  document.body.appendChild(guide);
  copy.focus();
  return guide;
}
