// app.js — the phone page: state, DOM, and the wiring to the host.
// What to show is decided in view.js (pure, tested); this file only builds
// DOM from those models. All user text goes in through textContent (h() and
// text nodes); no HTML string is ever parsed (assets_test.go checks).

import * as V from './view.js';
import { Conn, Outbox, channelKeys, keyFromText, randomId, wsURL } from './net.js';

// join.js (the typed join, the in-app browsers' guide) is loaded only when
// it is needed: a phone that scanned the QR code into its own browser never
// fetches it (fewer bytes on a slow network: lan's TestPageGzip).
let J = null;
const loadJoin = () => (J ? Promise.resolve(J) : import('./join.js').then((m) => { J = m; return m; }));

const $ = (id) => document.getElementById(id);

// h builds an element. Strings among the children become text nodes.
function h(tag, props, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v == null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else if (k === 'style') Object.assign(el.style, v);
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const kid of kids.flat()) {
    if (kid == null || kid === false || kid === '') continue;
    el.append(typeof kid === 'string' ? document.createTextNode(kid) : kid);
  }
  return el;
}

// ---- storage (private browsing may refuse it) -------------------------------------------------

const mem = new Map();
const store = {
  get(k) { try { return localStorage.getItem(k); } catch { return mem.has(k) ? mem.get(k) : null; } },
  set(k, v) { try { localStorage.setItem(k, v); } catch { mem.set(k, v); } },
};

// ---- state ---------------------------------------------------------------------------------

const query = new URLSearchParams(location.search);
const hash = new URLSearchParams(location.hash.slice(1));

const S = {
  room: (query.get('room') || '').trim().toUpperCase(),
  mock: hash.get('mock'),
  lang: hash.get('lang') || store.get('nightfall:lang') || V.pickLang(navigator.language),
  T: (k) => k,
  dicts: {},
  mode: null, // lobby | player | spectator
  seat: 0,
  lobby: null,
  pv: null, // game.PlayerView
  table: null, // game.TableView (spectators)
  names: {},
  conn: 'connecting',
  everOpen: false,
  helloOut: false, // a hello said, its welcome not in yet
  roomWrong: false,
  replaced: false,
  myName: store.get('nightfall:name') || '',
  joinMsg: null, // {text, spectate}
  local: freshLocal(),
  refusal: '', // the last refused command's reason at night: shown behind the card
  localKey: '',
  voteKey: '',
  peeking: false,
  peekOpen: false, // the card opened with the toggle (no long press), until tapped again or PEEK_OPEN_MS
  menu: hash.get('menu') === '1',
  board: hash.get('board') === '1',
  rules: hash.get('rules') === '1', // the ☰ sheet shows the rules
  explodeArmed: hash.get('explode') === '1' ? Date.now() + 60000 : 0, // the self-reveal armed in the card, until then
  timers: new Map(),
  lastBuzz: null,
};
const tokenKey = () => `nightfall:${S.room || 'mock'}`;

// The host's public key comes from the QR code (#k=, which the browser never
// sends over the network), kept per room so that a reload without it works.
// Without it the phone opens no socket and asks for the QR code.
const hostKeyKey = () => `nightfall:key:${S.room}`;
if (S.room && keyFromText(hash.get('k'))) store.set(hostKeyKey(), hash.get('k'));
S.hostKey = S.room ? keyFromText(store.get(hostKeyKey())) : null;
// A QR code scanned while this page is open may change only the fragment
// (the same address otherwise): no new page load, so load it again.
window.addEventListener('hashchange', () => {
  const k = new URLSearchParams(location.hash.slice(1)).get('k');
  if (S.room && keyFromText(k) && k !== store.get(hostKeyKey())) location.reload();
});
// A phone that typed the address and the code (join.js) keeps the typed
// key and the code per room in the same way (read in main, with join.js).
S.typed = null;
S.typedStored = !!S.room && !S.hostKey && !!store.get(`nightfall:typed:${S.room}`);
S.typing = { busy: false, err: '', code: '' }; // the code form (typedJoin)
S.keyMissing = !S.mock && !!S.room && !S.hostKey && !S.typedStored;
S.keyWrong = false;
S.cadence = 0;

// inGame: a game runs (this phone plays, watches, or waits in the lobby
// meanwhile): the host's cadence applies.
const inGame = () => !!(S.pv || S.table || (S.lobby && S.lobby.started));

// Local picks live for one night (or one ballot). A guess is never sent, so
// it is kept here across a reload: a sleeper's screen after a reload shows
// "Your pick: 6" as a killer's does.
function freshLocal() { return { sel: {}, guess: null, skipped: {}, refused: {}, pads: 0, padPick: undefined, focus: null, vote: null }; }
const nightKey = () => `nightfall:night:${S.room || 'mock'}`;
function saveNight() {
  if (S.mock) return;
  const l = S.local;
  store.set(nightKey(), JSON.stringify({ k: S.localKey, guess: l.guess, skipped: l.skipped, refused: l.refused, refusedWait: l.refusedWait, deferSent: l.deferSent, pads: l.pads, padPick: l.padPick }));
}
function loadNight(k) {
  try {
    const x = JSON.parse(store.get(nightKey()) || 'null');
    if (x && x.k === k) { S.local.guess = x.guess != null ? x.guess : null; S.local.skipped = x.skipped || {}; S.local.refused = x.refused || {}; S.local.refusedWait = x.refusedWait || {}; S.local.deferSent = x.deferSent || {}; S.local.pads = x.pads || 0; S.local.padPick = x.padPick; }
  } catch { /* a bad entry: start afresh */ }
}
const outbox = new Outbox(randomId());
let conn = null;

// ---- translations --------------------------------------------------------------------------

// The two dictionaries hold the same keys (assets_test.go), so a phone
// fetches only its language, and English only if that fails (the page's
// bytes: lan's TestPageGzip).
async function loadLang(lang) {
  const fetchDict = async (l) => {
    if (S.dicts[l]) return;
    try {
      const r = await fetch(new URL(`i18n/${l}.json`, import.meta.url)); // beside app.js: the page's version of it
      S.dicts[l] = r.ok ? await r.json() : null;
    } catch { S.dicts[l] = null; }
  };
  await fetchDict(lang);
  if (!S.dicts[lang] && lang !== 'en') await fetchDict('en');
  useLang(lang);
}

// useLang puts lang's words in use (S.dicts[lang], English where it has none).
function useLang(lang) {
  S.lang = lang;
  S.T = V.makeT(S.dicts[lang] || {}, S.dicts.en || {});
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

// The words no one reads before a game is on (the role cards, the ☰ Rules
// sheet, the evening's scoreboard: assets.LateFamilies) come in a second
// file, <lang>.late.json, the same for every phone of a language. It is
// asked for once the first screen past the connection's is painted (the
// join screen; a phone back mid-game, its game at once), so that the first
// load is smaller (lan's TestPageGzip); until it is in, a screen that
// reads it (render's lateWanted) is not drawn, so that nothing shows a
// missing word: the screen stays as it was a moment longer. A failed fetch
// is tried again a few seconds later, the screens drawn meanwhile.
const late = {}; // language → { done } once in, { busy: promise } while asked, { retry: ms } after a failure
const lateLang = () => (S.dicts[S.lang] ? S.lang : 'en'); // the dictionary S.T reads first
// lateFetch: the late file's request, asked for (askLate) with the first
// file by a phone likely back mid-game (main), taken by loadLate.
const lateFetch = {};
const askLate = (l) => lateFetch[l] || (lateFetch[l] = fetch(new URL(`i18n/${l}.late.json`, import.meta.url))); // beside app.js, as the first file
function loadLate() {
  const l = lateLang();
  const x = late[l];
  if (!S.dicts[l] || (x && (x.done || x.busy))) return (x && x.busy) || Promise.resolve();
  const busy = (async () => {
    try {
      const r = await askLate(l);
      delete lateFetch[l]; // a retry asks again
      if (!r.ok) throw new Error(String(r.status));
      Object.assign(S.dicts[l], await r.json()); // S.T reads the same object
      late[l] = { done: true };
    } catch {
      late[l] = { retry: Date.now() + 3000 };
    }
  })();
  late[l] = { busy };
  return busy;
}
// lateMissing: the late words are not in and are worth waiting for (never
// asked, on their way, or due again after a failure).
function lateMissing() {
  const x = late[lateLang()];
  if (!S.dicts[lateLang()] || (x && x.done)) return false;
  return !x || !!x.busy || Date.now() >= x.retry;
}

async function toggleLang() {
  const next = S.lang === 'zh' ? 'en' : 'zh';
  store.set('nightfall:lang', next);
  await loadLang(next);
  render();
}

// ---- commands ------------------------------------------------------------------------------

// ---- taps the host answers ------------------------------------------------------------------
//
// A tap the host answers changes the tapped control at once: the press, then
// "sending…" on that control (V.tapLook) until the host's answer replaces it.
// It looks and times the same for every role and every control, so a
// neighbour learns nothing from it: a step of the night screen that sends no
// command (a guess, a private pick, a skip the task cannot take) goes out as
// a pad carrying an id in the place of the cadence's empty frame, and settles
// when the host answers that frame, as a command settles on its ack (the
// view of a command's effect arrives at the same tick, just before its ack).
// So the air is unchanged too: one frame a tick, of one size. A second tap on
// a waiting control does nothing; with no answer in V.tapLateMs the control
// says so, and a tap sends the same frame again (same id: the host answers a
// repeated id once, PROTOCOL.md). What the tap changes on this phone alone
// (a pick cleared, a guess kept) is done when the answer comes (apply).
//
// Each control is named (data-ctl) so that a render, which rebuilds the
// buttons, keeps its look.
const taps = new Map(); // ctl -> { ctl, id, frame, local, apply, late, timer, local state it was made in }
let localTaps = 0;

// hostTap handles a tap on control ctl that sends cmd (null: a step sent as
// a pad) and then, once answered, runs apply.
function hostTap(ctl, cmd, apply) {
  const was = taps.get(ctl);
  if (was) { if (was.late) resendTap(was); return; } // waiting: a second tap does nothing
  const tap = { ctl, apply: apply || null, late: false, timer: 0, made: S.local };
  if (cmd) {
    tap.frame = outbox.add(cmd, currentTable()); // stamped with the view it was made from
  } else {
    localTaps += 1;
    tap.frame = { t: 'pad', id: `${outbox.prefix}-p${localTaps}` };
    tap.local = true;
  }
  tap.id = tap.frame.id;
  taps.set(ctl, tap);
  lookTaps(); // at once, before the frame is sealed and sent; the rest of the screen after this look is painted
  sendTap(tap);
  afterPaint(render);
}

// afterPaint runs f once the next frame is painted: a tap's look first,
// then the screen's full render.
function afterPaint(f) {
  requestAnimationFrame(() => setTimeout(f, 0));
}

function sendTap(tap) {
  clearTimeout(tap.timer);
  tap.timer = setTimeout(() => { tap.late = true; render(); }, V.tapLateMs(S.cadence));
  if (S.mock) {
    console.log('mock tap', JSON.stringify(tap.frame));
    setTimeout(() => onFrame(tap.local ? { t: 'pad', id: tap.id } : { t: 'ack', id: tap.id }), 50);
    return;
  }
  if (conn) conn.send(tap.frame); // if offline: resent after the next hello (welcome)
}

function resendTap(tap) {
  tap.late = false;
  sendTap(tap);
  lookTaps();
  afterPaint(render);
}

// settleTap ends the wait of the tap whose frame had id (the host answered).
function settleTap(id) {
  for (const tap of taps.values()) {
    if (tap.id !== id) continue;
    clearTimeout(tap.timer);
    taps.delete(tap.ctl);
    // what the tap changes on this phone, unless the night or ballot it was made in is over
    if (tap.apply && tap.made === S.local) tap.apply();
    return true;
  }
  return false;
}

// lookTaps gives every waiting control on the page its look (V.tapLook).
function lookTaps() {
  for (const el of document.querySelectorAll('[data-ctl]')) {
    const tap = taps.get(el.dataset.ctl);
    if (!tap) continue;
    const look = V.tapLook(S.T, tap.late);
    el.classList.remove('sending', 'late');
    el.classList.add(look.cls);
    setText(el, look.label);
    el.setAttribute('aria-busy', String(look.busy));
    if (el.tagName === 'BUTTON') {
      el.disabled = false; // waiting or late, it looks the same whatever the control was
      if (look.busy) el.setAttribute('aria-disabled', 'true'); else el.removeAttribute('aria-disabled');
    }
  }
}

// tapped wraps a control's click: while its tap waits, a click does nothing
// (or, once late, sends it again); otherwise run.
function tapped(ctl, run) {
  return () => {
    const tap = taps.get(ctl);
    if (tap) { if (tap.late) resendTap(tap); return; }
    run();
  };
}

function sendRaw(frame) {
  if (S.mock) { console.log('mock send', JSON.stringify(frame)); return; }
  if (conn && conn.send(frame)) return;
  toast(S.T('conn.reconnecting'));
  if (frame.t === 'join' || frame.t === 'spectate') rawWaiting = frame; // said with the next welcome
}
let rawWaiting = null; // a seat's pick (or watching) made while the socket was down

// ---- server frames -----------------------------------------------------------------------------

function onFrame(f) {
  handleFrame(f);
  if (conn && !S.mock) conn.setCadence(inGame() ? S.cadence : 0);
}

function handleFrame(f) {
  if (f.t === 'lobby' || f.t === 'view' || f.t === 'table') { S.live = true; keptBox = null; keepSoon(); } // drawn from the host's word on this load, measured
  switch (f.t) {
    case 'welcome': {
      typedWelcome(f);
      // A spectator's place is not kept when the host restarts (a fresh token): watch again.
      const rewatch = S.mode === 'spectator' && f.token && f.mode === 'lobby' && S.myName.trim();
      if (f.token) { S.token = f.token; store.set(tokenKey(), f.token); }
      S.cadence = f.cadence || 0;
      S.mode = f.mode || S.mode;
      S.seat = f.seat || 0;
      if (f.name) S.seatName = f.name;
      if (f.phone) S.phoneCode = f.phone;
      if (S.mode === 'lobby') { S.pv = null; S.table = null; } // e.g. the host took the seat back
      if (S.mode === 'spectator') S.pv = null;
      if (S.seat) S.joinMsg = null;
      if (!S.mock) for (const fr of outbox.frames()) conn.send(fr); // resend, same ids
      if (!S.mock) for (const tap of taps.values()) if (tap.local) conn.send(tap.frame); // and the steps sent as pads
      if (rewatch && !S.mock) conn.send({ t: 'spectate', name: S.myName.trim() });
      if (rawWaiting && !S.mock && !rewatch) conn.send(rawWaiting);
      rawWaiting = null;
      // a hello's welcome: the host's state comes right after it, and the
      // screen is drawn once, then
      if (S.helloOut) { S.helloOut = false; return; }
      break;
    }
    case 'lobby':
      S.lobby = f.lobby;
      if (!S.pv) S.lastBuzz = ''; // waiting in the lobby: buzz when the game starts
      if (!f.lobby.started && (S.pv || S.table)) { // the host opened a new game: back to the lobby
        S.pv = null; S.table = null; S.clock = null; S.lastBuzz = null;
      }
      break;
    case 'view': {
      // The host sends every seated phone a view whenever any seat's view
      // changes (so traffic says nothing about roles): most are unchanged.
      const key = JSON.stringify([f.view, f.names]);
      if (S.pv && key === S.viewKey && S.mode === 'player') return;
      S.viewKey = key;
      S.pv = f.view;
      if (f.names) S.names = f.names;
      if (S.mode !== 'player') S.mode = 'player';
      S.seat = f.view.seat;
      onViewChanged();
      break;
    }
    case 'table':
      S.table = f.table;
      if (f.names) S.names = f.names;
      if (S.mode === 'spectator' || !S.pv) S.pv = null;
      noteTimer(f.table);
      break;
    case 'clock': // the host's timer: authoritative, also says when it is paused
      S.clock = f;
      S.clockAt = Date.now();
      tick();
      return;
    case 'evening':
      S.evening = f.evening;
      break;
    case 'replay':
      saveReplay(f);
      return;
    case 'ack':
      outbox.settle(f.id);
      settleTap(f.id);
      S.refusal = '';
      break;
    case 'pad': // the host's answer to a pad: a step sent as one settles
      if (!f.id || !settleTap(f.id)) return;
      break;
    case 'error':
      if (f.id && f.id.startsWith('replay-')) {
        S.replayBusy = false;
        toast(S.T('evening.noreplay'));
      } else if (f.id) {
        outbox.settle(f.id);
        settleTap(f.id);
        // at night the reason may name the action: only behind the card
        const night = V.screenOf(S) === 'night';
        toast(V.cmdErrorText(S.T, f, night));
        S.refusal = night ? V.errorText(S.T, f) : '';
      } else {
        joinError(f);
      }
      break;
    default:
      return; // pong and unknown frames change nothing
  }
  render();
}

function joinError(f) {
  const text = V.errorText(S.T, f);
  switch (f.code) {
    case 'room':
      if (roomKnown()) break; // the host is coming back with this room: keep trying
      S.roomWrong = true;
      conn && conn.stop();
      break;
    case 'sealed': // not the big screen's key (an old QR code): scan again
      S.keyWrong = true;
      conn && conn.stop();
      break;
    case 'code': // a typed code refused: the close (4006, 4007) brings the form back
    case 'code-wait':
      break;
    case 'table-full':
    case 'started':
      S.joinMsg = { text, spectate: true };
      break;
    case 'seat-taken':
    case 'removed':
    case 'seat':
    case 'pending': // the host checks this phone's code against the big screen's
      S.joinMsg = { text, code: S.phoneCode || '' };
      break;
    case 'busy':
    case 'refused':
    case 'name':
      S.joinMsg = { text };
      break;
    default:
      toast(text);
  }
}

function onViewChanged() {
  const pv = S.pv;
  noteTimer(pv.table);
  localFor(pv.table);
  sendDeferred();
  if (V.buzzes(S.lastBuzz, pv) && navigator.vibrate) {
    try { navigator.vibrate([120, 60, 120]); } catch { /* not allowed before a user gesture */ }
  }
  S.lastBuzz = pv.buzz || 0;
}

// localFor keeps this phone's local picks while they hold for the table tv
// (its night, ballot, or turn), and starts them afresh when it moved on.
function localFor(tv) {
  // local picks live for one night / one ballot
  const k = `${tv.phase}:${tv.round}`;
  if (k !== S.localKey) { S.localKey = k; S.local = freshLocal(); S.refusal = ''; if (tv.phase === 'night') loadNight(k); }
  const vk = tv.ballot ? `${tv.round}:${tv.ballot.index}` : '';
  if (vk !== S.voteKey) { S.voteKey = vk; S.local.vote = null; }
  // a day turn's pick (werewolf-12's skill and badge turns) lives for the turn
  const tk = `${tv.round}:${tv.stage}:${tv.speaker || 0}`;
  if (tk !== S.turnKey) { S.turnKey = tk; S.local.turn = null; S.withdrawArmed = 0; }
}

// sendDeferred sends the skips the player gave while their tasks waited
// (V.deferredSkips: the witch's antidote before the knife closed), once
// each, as soon as the engine opens them.
function sendDeferred() {
  const l = S.local;
  for (const t of V.deferredSkips(S.pv, l)) {
    const k = V.taskKey(t);
    l.deferSent = { ...(l.deferSent || {}), [k]: true };
    hostTap(`defer:${k}`, V.nightCommand(t, 'skip'), saveNight);
  }
}

function noteTimer(tv) {
  if (!tv || !tv.timer) return;
  const k = `${tv.timer.key}:${tv.timer.kind}`;
  if (!S.timers.has(k)) S.timers.set(k, Date.now());
}

function currentTable() { return S.pv ? S.pv.table : S.table; }

// ---- toast ---------------------------------------------------------------------------------

let toastTimer = null;
function toast(text) {
  const el = $('toast');
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 3500);
}

// ---- rendering -----------------------------------------------------------------------------

// A render replaces the buttons; one arriving between a finger's press and
// release would swallow the tap. So while a finger or button is down on the
// page, renders wait until just after the release (and its click).
let pressing = false;
let renderWaiting = false;
function setupPressGuard() {
  const main = $('main');
  main.addEventListener('pointerdown', () => { pressing = true; });
  const up = () => {
    if (!pressing) return;
    pressing = false;
    if (renderWaiting) setTimeout(() => { if (!pressing && renderWaiting) render(); }, 0);
  };
  for (const ev of ['pointerup', 'pointercancel']) window.addEventListener(ev, up, true);
  window.addEventListener('blur', up);
}

let shownScreen = ''; // the screen render drew last
let renders = 0; // how many times render drew (keepScreen: whether the screen changed)

// header is the top bar's model: live, as the host's word has it; else as a
// phone that woke shows its kept screen until then ("connecting").
function header(live) {
  let names = S.names;
  if (!S.pv && !S.table && S.lobby) { // before the game: names from the lobby
    names = {};
    for (const x of S.lobby.seats || []) if (x.taken && x.name) names[String(x.seat)] = x.name;
  }
  return V.headerModel(S.T, { ...S, names, myName: S.seatName || S.myName, conn: live ? S.conn : 'connecting', everOpen: live && S.everOpen });
}

function render() {
  if (!S.ready) return; // main renders once the dictionary is in
  if (pressing) { renderWaiting = true; return; }
  // typing a manifesto: a render would take the text box away mid-word
  const ae = document.activeElement;
  if (!window.woken && ae && ae.tagName === 'TEXTAREA' && $('main').contains(ae)) {
    if (!renderWaiting) ae.addEventListener('blur', () => setTimeout(() => { if (renderWaiting) render(); }, 0), { once: true });
    renderWaiting = true;
    return;
  }
  renderWaiting = false;
  const T = S.T;
  const screen = V.screenOf(S);
  // the screens before a game (the connection's and the join screen's,
  // without the ☰ sheet) need only the first file's words; the others
  // wait for the late ones, asked for once the join screen is painted
  const lateWanted = S.menu || !['wait', 'noroom', 'join'].includes(screen);
  if (lateWanted && lateMissing()) { loadLate().then(render); return; }
  if (screen !== 'wait' && screen !== 'noroom' && !late[lateLang()]) afterPaint(loadLate);
  const woken = window.woken && takeWoken(); // the screen index.html drew, drawn again here
  const bd = document.body.dataset;
  bd.screen = screen;
  bd.sync = V.syncSig(S.pv, S.table); // for tests and debugging: public-or-own data only
  bd.live = S.live ? '1' : ''; // for tests: what shows came from the host since this load
  bd.pending = String(outbox.pending.size + [...taps.values()].filter((x) => x.local).length); // taps not yet answered

  renders++;
  // (a phone that woke shows its last screen: "reconnecting" until the host's word)
  const hm = header(S.live);
  $('mySeat').textContent = hm.seat;
  $('myName').textContent = hm.name;
  $('phase').textContent = hm.phase;
  $('menuBtn').setAttribute('aria-label', T('menu.open'));
  const c = $('conn');
  if (S.replaced) {
    // another window took this seat over; do not fight it, but offer to take it back
    c.replaceChildren(h('span', { text: T('err.replaced') }), ' ',
      h('button', { class: 'btn small', onclick: () => { S.replaced = false; conn.start(); render(); }, text: T('conn.takeBack') }));
  } else {
    c.textContent = hm.conn;
  }
  c.hidden = S.mock || (!hm.conn && !S.replaced) || screen === 'noroom';
  tick();

  // the peek card exists whenever this phone has a role, and looks the same for everyone
  const peek = $('peek');
  peek.hidden = !(S.pv && screen !== 'over');
  // (text set only when it changes: Firefox sends the rest of a touch to the
  // node the finger went down on, and a replaced text node is detached, so
  // the release would never reach the card)
  setText($('peekLabel'), T('peek.hold'));
  const tg = $('peekToggle');
  setText(tg, S.peekOpen ? T('peek.hide') : T('peek.show'));
  tg.setAttribute('aria-label', S.peekOpen ? T('peek.hideLong') : T('peek.showLong'));
  tg.setAttribute('aria-expanded', String(S.peekOpen));
  if (S.peeking) renderPeek(); else clearPeek();

  const main = $('main');
  switch (screen) {
    case 'noroom': renderNoRoom(main); break;
    case 'join': renderJoin(main); break;
    case 'wait': fresh(main, 'wait', h('p', { class: 'center dim big', text: S.conn === 'open' ? '…' : T('conn.connecting') })); break;
    case 'night': renderNight(main); break;
    case 'day': renderDay(main, false); break;
    case 'watch': renderDay(main, true); break;
    case 'over': renderOver(main); break;
    case 'briefing': renderBriefing(main); break;
  }
  renderSheet();
  if (J) J.showFingerprint(S.T, screen === 'join' || screen === 'noroom' ? S.fp : '');
  // a new screen starts at the top: after the typed join, the page was left
  // scrolled where the code field had been, the fingerprint line cut off
  if (screen !== shownScreen) {
    if (shownScreen) window.scrollTo(0, 0);
    shownScreen = screen;
  }
  lookTaps();
  announce(screen, hm.phase);
  if (woken) woken();
}

// announce puts the screen's title (the task: the same words on every
// phone, whatever the role) into the aria-live region when it changes, for
// screen readers.
let announced = '';
function announce(screen, phase) {
  const t = document.querySelector('#main h1, #main h2');
  const title = t ? t.textContent : '';
  // the phase once: a title that starts with it says it ("Night 1 · your move")
  const text = phase && title.startsWith(phase) ? title : [phase, title].filter(Boolean).join(' · ');
  const key = screen + '|' + text;
  if (key === announced) return;
  announced = key;
  $('live').textContent = text;
}

function fresh(main, name, ...kids) {
  main.dataset.screen = name;
  main.replaceChildren(...kids.flat().filter(Boolean));
}

function tick() {
  const tv = S.live ? currentTable() : null; // (a screen kept from before this load: no clock until the host's)
  const el = $('clock');
  const timerStart = tv && tv.timer ? S.timers.get(`${tv.timer.key}:${tv.timer.kind}`) : undefined;
  const m = V.clockModel(S.T, tv, { ...S, timerStart }, Date.now());
  setText(el, m.text);
  el.classList.toggle('low', m.low);
  el.classList.toggle('stopped', m.stopped);
}

function renderNoRoom(main) {
  const T = S.T;
  // The code form stays while the phone types in it (a render would take
  // the field away mid-word): only a change of what it shows rebuilds it.
  const sig = [S.lang, noRoomText(), S.typing.busy, S.typing.err].join('|');
  if (main.dataset.screen === 'noroom' && main.dataset.sig === sig) return;
  if (!J) { // the form comes with join.js
    fresh(main, 'noroom', h('h1', { text: T('app.title') }), h('p', { class: 'big', text: T(noRoomText()) }));
    main.dataset.sig = '';
    loadJoin().then(render, () => {});
    return;
  }
  const typed = $('code');
  if (typed) S.typing.code = typed.value;
  fresh(main, 'noroom',
    h('h1', { text: T('app.title') }),
    J.codeForm(T, { msg: T(noRoomText()), err: S.typing.err && T(S.typing.err), busy: S.typing.busy, code: S.typing.code }, typedJoin),
    langButton());
  main.dataset.sig = sig;
}

// typedJoin joins with a typed code: the host's typed key from GET /key,
// then the socket sealed to it, the code proved in its first frame
// (lan/PROTOCOL.md "Typed join"). The room code comes in the welcome.
async function typedJoin(code) {
  if (S.typing.busy) return;
  S.typing = { busy: true, err: '', code };
  render();
  const got = await J.fetchTypedKey();
  if (!got) {
    S.typing = { busy: false, err: 'typed.unreachable', code };
    render();
    return;
  }
  if (conn) conn.stop();
  S.typed = { key: got.key, k: got.k, code, pending: true };
  S.hostKey = got.key;
  S.fp = J.fingerprint(window.nacl, got.key);
  S.keyWrong = false;
  S.roomWrong = false;
  connect();
}

// typedWelcome: a typed join's first welcome names the room; from then on
// the phone is like one that scanned the QR code (the key and the code kept
// for the room, the address with the room code, so a reload comes back).
function typedWelcome(f) {
  if (!S.typed || !S.typed.pending || !f.room) return;
  S.typed.pending = false;
  S.typing = { busy: false, err: '', code: '' };
  S.room = String(f.room).toUpperCase();
  S.keyMissing = false;
  J.saveTyped(store, S.room, S.typed.k, S.typed.code);
  try { history.replaceState(null, '', `./?room=${encodeURIComponent(S.room)}`); } catch { /* the address stays */ }
  if (conn) conn.url = wsURL(location, S.room);
}

// typedRefused: the host refused the code (4006) or takes none for a while
// (4007): back to the form.
function typedRefused(code) {
  S.typing = { busy: false, err: code === 4006 ? 'typed.wrong' : 'typed.wait', code: S.typed ? S.typed.code : '' };
  S.typed = null;
  S.hostKey = null;
  S.fp = '';
  if (S.room) S.keyMissing = true;
}

function noRoomText() {
  if (!S.room) return 'typed.intro';
  if (S.roomWrong) return 'room.wrong';
  if (S.keyWrong) return 'room.key';
  return 'room.nokey';
}

function langButton() {
  return h('button', { class: 'btn ghost small', onclick: toggleLang, text: S.T('lang.switch') });
}

// ---- join ----------------------------------------------------------------------------------

let joinRefs = null;

let tallest = 0; // the window's greatest height seen (renderJoin)

// The window's size and the lobby table's top as the screen was last drawn
// with them (measured: reading them makes the browser lay the page out at
// once), kept with the screen (keepScreen). A phone that wakes draws its
// kept screen with these (keptBox) rather than lay out a page not yet
// drawn before its first frame; the host's first word, or a resize, has
// them measured again.
const drawnBox = { w: 0, h: 0, top: 0 };
let keptBox = null;
// measured is drawnBox[what]: as kept on a woken screen, else read() now.
const measured = (what, read) => (keptBox ? keptBox[what] : (drawnBox[what] = read()));
const winWidth = () => measured('w', () => window.innerWidth || 360);

function renderJoin(main) {
  const T = S.T;
  if (main.dataset.screen !== 'join' || !joinRefs) {
    const input = h('input', {
      id: 'name', type: 'text', autocomplete: 'nickname', enterkeyhint: 'done', maxlength: '48',
      spellcheck: 'false',
    });
    input.value = S.myName;
    input.addEventListener('input', () => {
      let v = input.value;
      if ([...v].length > 24) { v = [...v].slice(0, 24).join(''); input.value = v; }
      S.myName = v;
      store.set('nightfall:name', v);
    });
    joinRefs = {
      title: h('h1'), game: h('p', { class: 'dim' }), label: h('label', { for: 'name' }), input,
      pick: h('p', { class: 'lead' }), hint: h('p', { class: 'dim small' }),
      table: h('div'), msg: h('div', { class: 'msg', 'aria-live': 'polite' }), wait: h('div'),
      foot: h('div', { class: 'row' }),
    };
    const r = joinRefs;
    fresh(main, 'join', h('div', { class: 'join' }, r.title, r.game, r.label, r.input, r.pick, r.hint, r.table, r.msg, r.wait, r.foot));
  }
  const r = joinRefs;
  const m = V.lobbyModel(T, S.lobby, S.seat);
  r.title.textContent = T('join.title');
  // (replaceChildren turns a null into the text "null"); the game and the
  // watchers each hold on one line ("1 / watching" wrapped at 360 px)
  r.game.replaceChildren(...[m.table, m.game && h('span', { class: 'nw' }, m.game), m.watching && h('span', { class: 'nw' }, m.watching)]
    .filter(Boolean).flatMap((x, i) => (i ? [' · ', x] : [x])),
    ...(m.deal ? [h('br'), m.deal] : []));
  r.label.textContent = T('join.name');
  r.input.placeholder = T('join.namePlaceholder');
  r.pick.textContent = T('join.pick');
  r.hint.textContent = T('join.pickHint');
  // every seat in sight without scrolling, where the screen allows: the
  // table takes the height left under it (the tallest the window has been,
  // so that a keyboard over the name field does not squash it)
  tallest = Math.max(tallest, measured('h', () => Math.max(tallest, window.innerHeight || 0)));
  const top = measured('top', () => r.table.getBoundingClientRect().top + (window.scrollY || 0));
  r.table.replaceChildren(drawTable(m.cells, 'circle', {
    kind: 'lobby',
    maxH: Math.max(0, tallest - top - 8),
    center: h('div', { class: 'center-label' }, S.lobby && S.lobby.table ? h('div', { text: S.lobby.table }) : null),
    onTap: (cell) => {
      const name = S.myName.trim();
      if (!name) { S.joinMsg = { text: T('join.needName') }; render(); r.input.focus(); return; }
      if (cell.mine) return;
      S.joinMsg = null;
      sendRaw({ t: 'join', name, seat: cell.seat });
    },
    tapDisabled: (cell) => { if (cell.taken) { S.joinMsg = { text: T('err.seat-taken') }; render(); } },
  }));
  r.msg.replaceChildren();
  const msg = S.joinMsg || (m.started && !S.seat ? { text: T('err.started'), spectate: true } : null);
  if (msg) r.msg.append(h('p', { class: 'warn', text: msg.text }));
  if (msg && msg.code) r.msg.append(h('p', { class: 'ok big', text: T('join.showCode', { Code: msg.code }) }));
  r.wait.replaceChildren();
  if (S.seat) {
    r.wait.append(h('p', { class: 'ok big', text: T('join.waiting', { Seat: S.seat }) }), h('p', { class: 'dim small', text: T('join.move') }));
  }
  const spectate = h('button', {
    class: msg && msg.spectate ? 'btn primary' : 'btn ghost',
    text: T('join.spectate'),
    onclick: () => sendRaw({ t: 'spectate', name: S.myName.trim() }),
  });
  r.foot.replaceChildren(...[S.seat ? null : spectate, langButton()].filter(Boolean));
}

// ---- the table of seats ------------------------------------------------------------------------

// drawTable draws cells (view.js) as seat buttons around a table seen from
// above (layout "circle") or as a grid of cards/hands (layout "cards").
function drawTable(cells, layout, opts = {}) {
  const onTap = opts.onTap || null;
  const button = (cell, extra) => {
    const cls = ['seat', cell.cls, cell.offline && 'offline', cell.dead && 'dead', cell.me && 'me', cell.selected && 'selected',
      cell.chosen && 'chosen', cell.silenced && 'silenced', !cell.enabled && 'off'].filter(Boolean).join(' ');
    const kids = [h('span', { class: 'num', text: cell.label })];
    if (layout === 'circle' && (cell.name || cell.sub)) kids.push(h('span', { class: 'nm', text: cell.name || cell.sub }));
    if (cell.marks && cell.marks.length) kids.push(h('span', { class: 'marks', text: cell.marks.join(' ') }));
    const b = h('button', { class: cls, type: 'button', style: extra, 'aria-disabled': cell.enabled ? null : 'true', 'data-id': cell.id }, kids);
    b.setAttribute('aria-label', `${V.seatLabel(S.T, cell.seat)} ${cell.card ? cell.label : ''} ${cell.name || ''}`.trim());
    if (onTap) {
      b.addEventListener('click', () => {
        if (cell.enabled) onTap(cell);
        else if (opts.tapDisabled) opts.tapDisabled(cell);
      });
    } else {
      b.tabIndex = -1;
    }
    return b;
  };
  if (layout === 'cards') {
    const bySeat = new Map();
    for (const c of cells) { if (!bySeat.has(c.seat)) bySeat.set(c.seat, []); bySeat.get(c.seat).push(c); }
    const rows = [];
    for (const [seat, cs] of bySeat) {
      rows.push(h('div', { class: 'cardrow' + (cs.every((c) => c.dead) ? ' dead' : '') },
        h('div', { class: 'who' }, h('span', { class: 'num', text: String(seat) }), h('span', { class: 'nm', text: cs[0].name || '' })),
        cs.map((c) => button(c))));
    }
    return h('div', { class: `cards ${opts.kind || ''}` }, rows);
  }
  // main is at most 520 px wide with 12 px padding; a panel takes 2×13 px more
  const width = Math.min(winWidth(), 520) - 24 - (opts.inPanel ? 26 : 0);
  const box = V.tableBox(cells.length, width, opts.maxH || 0);
  const pos = V.seatPositions(cells.length, box.w, box.h, box.size);
  const wrap = h('div', { class: `table ${opts.kind || ''}`, style: { width: `${box.w}px`, height: `${box.h}px` } });
  wrap.append(h('div', { class: 'felt', style: { left: `${box.size * 0.55}px`, right: `${box.size * 0.55}px`, top: `${box.size * 0.55}px`, bottom: `${box.size * 0.55}px` } }, opts.center || null));
  cells.forEach((cell, i) => {
    const p = pos[i];
    wrap.append(button(cell, {
      left: `${p.x - box.size / 2}px`, top: `${p.y - box.size / 2}px`, width: `${box.size}px`, height: `${box.size}px`,
    }));
  });
  return wrap;
}

function setText(el, text) { if (el.textContent !== text) el.textContent = text; }

// ---- hold-to-peek ------------------------------------------------------------------------------

// The role is put into the DOM only while the card is pressed, and removed
// on release, so a glance (or the page's DOM) shows nothing while hidden.
function renderPeek() {
  const body = $('peekBody');
  if (!S.pv) { clearPeek(); return; }
  if (lateMissing()) { loadLate().then(() => { if (S.peeking) renderPeek(); }); return; } // the role texts
  body.replaceChildren(...cardParts());
  body.hidden = false;
  sizeCard(body);
  $('peek').classList.add('open');
  $('peek').classList.toggle('latched', S.peekOpen);
}

// cardParts draws the held card (V.cardModel) in the same parts, in the same
// places and, with sizeCard, of the same heights for every seat of a game:
// each part is given the rows the table view says (--n), empty or not.
function cardParts() {
  const T = S.T;
  const nm = nightShown() ? V.nightModel(T, S.pv, S.names, S.local) : turnShown();
  const c = V.cardModel(T, S.pv, S.names, nm && nm.peek);
  const sh = c.shape;
  // The parts that scroll when their words outgrow their rows (style.css:
  // c-results, c-tonight) take the keyboard's focus, so they scroll without
  // a finger too; every role's card has the same parts, so the same stops.
  const scrolls = (cls) => cls === 'c-results' || cls === 'c-tonight';
  const part = (cls, n, ...kids) => {
    const el = h('div', { class: `cpart ${cls}`, tabindex: scrolls(cls) ? '0' : null }, ...kids);
    el.style.setProperty('--n', String(n)); // the rows the part is given (style.css)
    return el;
  };
  const parts = [];
  const you = [h('p', { class: 'dim', text: c.you.label })];
  if (c.you.cat) {
    you.push(h('ol', { class: 'catcards' }, c.you.cat.cards.map((x) => h('li', { text: x.replace(/^\d+\. /, '') }))));
    you.push(h('p', { class: 'dim small', text: c.you.cat.lost || '\u00a0' }), h('p', { class: 'ok small', text: c.you.cat.notice || '\u00a0' }));
  } else {
    for (const r of c.you.roles) you.push(h('p', { class: 'role' }, r.card ? h('span', { class: 'card', text: r.card }) : null, r.role));
  }
  parts.push(part(c.you.cat ? 'c-you cat' : 'c-you', sh.cards, you));
  // the camp: its text names it and says how it wins (roleinfo.<variant>.camp.<camp>); the
  // line "Camp: …" only where the variant has no text for it
  if (c.camp) parts.push(part('c-camp', 1, h('p', { class: 'ctext', text: c.camp.text || c.camp.line })));
  if (c.team) {
    // more than four teammates' lines (the game's most, sh.team): two
    // columns of half the rows, each line the seat and role, then the name
    const cols = sh.team > 4;
    const teamPart = part(cols ? 'c-team cols' : 'c-team', cols ? Math.ceil(sh.team / 2) : sh.team, h('p', { class: 'dim', text: c.team.label }),
      c.team.items.length
        ? h('ul', { class: 'team' }, c.team.items.map((x) => h('li', {}, h('b', { text: x.target }), ' ', x.role, ' · ', h('span', { class: 'nm', text: x.name }))))
        : h('p', { class: 'dim small', text: c.team.none }));
    parts.push(teamPart);
  }
  if (c.results) {
    parts.push(part('c-results', sh.results, h('p', { class: 'dim', text: c.results.label }),
      c.results.items.length ? h('ul', { class: 'results' }, c.results.items.map((x) => h('li', { text: x }))) : h('p', { class: 'dim small', text: c.results.none })));
  }
  // tonight's task: what a tap on the night screen does, team picks, answers
  const tn = [h('p', { class: 'task', text: c.tonight.title || '\u00a0' })];
  if (c.tonight.lines.length) tn.push(h('ul', {}, c.tonight.lines.map((x) => h('li', { text: x }))));
  if (S.refusal && nightShown()) tn.push(h('p', { class: 'warn small', text: S.refusal }));
  if (sh.tonight > 0) parts.push(part('c-tonight', sh.tonight, tn));
  // this player's own controls (the self-reveal): used by sliding the
  // holding finger onto one and letting go (setupPeek); the room is there
  // on every card of a game that allows them
  if (sh.acts) {
    const ca = V.cardActions(T, S.pv, cardArmed());
    const kids = [];
    if (ca) {
      const hint = S.peekOpen && !cardArmed() ? T('card.tapHint') : ca.hint; // opened with the toggle: taps
      kids.push(h('p', { class: 'dim small', text: hint }),
        h('div', { class: 'buttons' }, ca.items.map((x) => S.peekOpen
          // opened with the toggle: plain buttons (no finger to slide)
          ? h('button', { class: `btn ${x.cls} cardact`, type: 'button', 'data-act': x.id, text: x.label, onclick: () => { cardAct(x.id); renderPeek(); } })
          : h('div', { class: `btn ${x.cls} cardact`, 'data-act': x.id, text: x.label }))));
    }
    parts.push(part('c-acts', 1, kids));
  }
  // A seat of several cards: each card's text begins with the card's name
  // (roleinfo), so neither the part nor its slots have a heading (the room
  // goes to the texts); one card: a heading, and the role's name heads it.
  const heads = sh.cards === 1;
  parts.push(part('c-about', sh.cards, heads ? h('p', { class: 'dim', text: c.about.label }) : null,
    c.about.items.map((x) => h('div', { class: 'slot' }, heads ? h('b', { text: x.role || '\u00a0' }) : null, h('p', { class: 'ctext', text: x.text })))));
  cardMeasure = { ...c.measure, heads };
  return parts;
}

// sizeCard gives the role texts' slots (and the camp's text) the height of
// the tallest text of the variant at this width and language, measured in
// the card itself: the same on every phone of the game whatever its roles.
let cardMeasure = { about: [], camp: [], heads: true };
const cardSizes = new Map();
function sizeCard(body) {
  const tallest = (texts, make) => {
    const key = `${S.lang}|${body.clientWidth}|${cardMeasure.heads}|${texts.join('\u0001')}`;
    if (cardSizes.has(key)) return cardSizes.get(key);
    const probe = h('div', { class: 'cpart probe', 'aria-hidden': 'true' });
    body.append(probe);
    let most = 0;
    for (const t of texts) {
      probe.replaceChildren(make(t));
      most = Math.max(most, probe.firstChild.getBoundingClientRect().height);
    }
    probe.remove();
    cardSizes.set(key, most);
    return most;
  };
  const slot = tallest(cardMeasure.about, (t) => h('div', { class: 'slot' }, cardMeasure.heads ? h('b', { text: 'X' }) : null, h('p', { class: 'ctext', text: t })));
  for (const el of body.querySelectorAll('.c-about .slot')) el.style.height = `${slot}px`;
  const camp = tallest(cardMeasure.camp, (t) => h('p', { class: 'ctext', text: t }));
  for (const el of body.querySelectorAll('.c-camp .ctext')) el.style.height = `${camp}px`;
  body.dataset.sized = String(body.clientWidth); // the width it was sized at (lan's card tests wait for it)
}

// turnShown is the day turn panel (V.turnModel) on the screen, for the held
// card's "tonight" part, where it has words for this role only (the skill
// turn); else null.
function turnShown() {
  const sc = V.screenOf(S);
  if (!S.pv || (sc !== 'day' && sc !== 'watch')) return null;
  const m = V.turnModel(S.T, S.pv.table, S.names, S.pv, S.local);
  return m && m.peek ? m : null;
}

// nightShown: the night screen of a classic-style game is on (its seats
// carry the team's marks while the card is held).
function nightShown() { return !!S.pv && !S.pv.catLives && V.screenOf(S) === 'night'; }

// peekChanged follows the card being pressed or released: the card's
// content, and the marks on the seats.
function peekChanged() {
  if (S.peeking) renderPeek(); else clearPeek();
  if (nightShown()) render();
}

function clearPeek() {
  const body = $('peekBody');
  body.replaceChildren();
  delete body.dataset.sized;
  body.hidden = true;
  const peek = $('peek');
  peek.classList.remove('open', 'latched');
  if (!peek.className) peek.removeAttribute('class'); // the same markup as a card never held
}

// the self-reveal armed inside the card: confirmed at the next hold
function cardArmed() { return S.explodeArmed > Date.now(); }

// cardActAt is the card's control under the point, if any (the card itself
// lets pointers through: elementFromPoint would not find it).
function cardActAt(x, y) {
  if (!S.peeking) return null;
  for (const el of $('peekBody').querySelectorAll('[data-act]')) {
    const b = el.getBoundingClientRect();
    if (x >= b.left && x <= b.right && y >= b.top && y <= b.bottom) return el;
  }
  return null;
}

function cardAct(id) {
  switch (id) {
    case 'explode': S.explodeArmed = Date.now() + 20000; break;
    case 'explode-yes':
      if (cardArmed()) { const ca = V.cardActions(S.T, S.pv, true); S.explodeArmed = 0; if (ca) hostTap('card.explode', ca.cmd); }
      break;
    default: S.explodeArmed = 0; // cancel, or let go elsewhere
  }
}

// setPeekOpen opens or closes the card with the toggle button: for people
// who cannot hold a finger down (and screen readers). It closes by itself
// after PEEK_OPEN_MS, when the page is hidden or left, and at a hold's release.
const PEEK_OPEN_MS = 20000;
let peekOpenTimer = 0;
function setPeekOpen(on) {
  clearTimeout(peekOpenTimer);
  S.peekOpen = on;
  S.peeking = on;
  if (on) peekOpenTimer = setTimeout(() => setPeekOpen(false), PEEK_OPEN_MS);
  if (!on && cardArmed()) cardAct('cancel');
  peekChanged();
  render();
}

function setupPeek() {
  const cover = $('peekCover');
  let held = false; // a finger, the mouse or a key holds the card now
  $('peekToggle').addEventListener('click', () => setPeekOpen(!S.peekOpen));
  const down = (e) => {
    if (e.button != null && e.button > 0) return;
    e.preventDefault();
    try { cover.setPointerCapture(e.pointerId); } catch { /* synthetic */ }
    held = true;
    if (S.peekOpen) { clearTimeout(peekOpenTimer); S.peekOpen = false; }
    S.peeking = true;
    peekChanged();
  };
  const up = (e) => {
    if (!S.peeking) return;
    const leaving = e && (e.type === 'visibilitychange' || e.type === 'pagehide' || (e.type === 'blur' && e.currentTarget === window));
    if (S.peekOpen && !held && !leaving) return; // a toggled card stays open
    if (S.peekOpen) { setPeekOpen(false); return; }
    held = false;
    // let go over one of the card's controls: use it
    const act = e && e.type === 'pointerup' ? cardActAt(e.clientX, e.clientY) : null;
    const armed = cardArmed();
    S.peeking = false;
    if (act) cardAct(act.dataset.act);
    else if (armed) cardAct('cancel'); // an armed self-reveal lasts one hold
    peekChanged();
  };
  cover.addEventListener('pointermove', (e) => {
    if (!S.peeking) return;
    const act = cardActAt(e.clientX, e.clientY);
    for (const el of $('peekBody').querySelectorAll('[data-act]')) el.classList.toggle('hot', el === act);
  });
  cover.addEventListener('pointerdown', down);
  for (const ev of ['pointerup', 'pointercancel', 'lostpointercapture', 'pointerleave']) cover.addEventListener(ev, up);
  cover.addEventListener('contextmenu', (e) => e.preventDefault());
  cover.addEventListener('keydown', (e) => { if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) { e.preventDefault(); held = true; S.peekOpen = false; S.peeking = true; peekChanged(); } });
  cover.addEventListener('keyup', up);
  cover.addEventListener('blur', up);
  window.addEventListener('blur', up);
  document.addEventListener('visibilitychange', up);
  window.addEventListener('pagehide', up);
}

// ---- night ---------------------------------------------------------------------------------

function renderNight(main) {
  const T = S.T;
  const pv = S.pv;
  if (pv.catLives) {
    fresh(main, 'night', h('section', { class: 'panel night cat' }, firstNightLine(), catSection()));
    return;
  }
  const m = V.nightModel(T, pv, S.names, S.local);
  const w = m.wire;
  const task = (pv.tasks || []).find((t) => V.taskKey(t) === w.taskKey);
  const sel = S.local.sel;
  const notNow = () => toast(T('night.notNow'));
  // Every living seat takes a pick on every phone (V.nightModel wire.legal);
  // the message is left for a phone without a task at all.
  const onTap = (cell) => {
    if ((!task && w.action !== 'pad') || !w.legal.includes(cell.id)) { if (!w.done) notNow(); return; }
    const t = cell.card ? cell.id : cell.seat;
    if (V.sameTarget(sel[w.taskKey], t)) delete sel[w.taskKey]; // a second tap takes the pick back
    else sel[w.taskKey] = t;
    S.local.focus = w.taskKey;
    render();
  };
  // Both buttons answer alike for every role, whether they send a command
  // or not (hostTap): "sending…", then the host's answer; what the tap
  // changes on this phone is done then.
  const act = (ctl, b) => {
    if (!b || (!task && w.action !== 'pad')) return;
    if (b.do === 'refuse') { notNow(); return; } // a mandatory or waiting task: the card says why
    const key = w.taskKey;
    const l = S.local;
    const apply = (f) => () => {
      // after the padding steps the last answer shows: a later pick replaces it
      if (l.padPick !== undefined && w.action !== 'pad' && b.target != null) l.padPick = b.target;
      if (f) f();
      saveNight();
    };
    switch (b.do) {
      case 'local-skip': hostTap(ctl, null, apply(() => { l.skipped[key] = b.wait ? 'wait' : true; delete l.sel[key]; sendDeferred(); })); break; // nothing sent now (a waiting task's: once it opens)
      case 'local-pick': hostTap(ctl, null, apply(() => { l.refused[key] = b.target; l.refusedWait = { ...(l.refusedWait || {}), [key]: !!b.wait }; })); break; // a seat the task cannot use: nothing sent
      case 'pad': hostTap(ctl, null, apply(() => { l.pads = (l.pads || 0) + 1; l.padPick = b.target; })); break; // a step's guess: nothing sent
      case 'pad-skip': hostTap(ctl, null, apply(() => { l.pads = (l.pads || 0) + 1; l.padPick = null; delete l.sel[key]; })); break;
      case 'guess': hostTap(ctl, null, apply(() => { l.guess = b.target; })); break; // a new guess after "ready": nothing to send
      case 'sleep': hostTap(ctl, V.nightCommand(task, 'sleep'), apply(() => { l.guess = b.target; })); break;
      case 'sleep-skip': hostTap(ctl, V.nightCommand(task, 'sleep'), apply(() => { l.guess = null; delete l.sel[key]; })); break;
      case 'skip': case 'decline': hostTap(ctl, V.nightCommand(task, b.do), apply(() => { delete l.sel[key]; })); break;
      default: hostTap(ctl, V.nightCommand(task, b.do, b.target), apply(null));
    }
  };
  // the team's marks on the seats: only while the card is held, like the role
  const marks = S.peeking && m.peek ? new Map(m.peek.marks.map((x) => [x.id, x.seats])) : new Map();
  const cells = m.cells.map((c) => (marks.has(c.id) ? { ...c, marks: marks.get(c.id) } : c));
  fresh(main, 'night',
    h('section', { class: 'panel night' },
      firstNightLine(),
      h('h2', { class: 'task-title', text: m.title }),
      h('p', { class: 'hint', text: m.hint }),
      drawTable(cells, m.layout, {
        kind: 'night', inPanel: true, onTap,
        center: h('div', { class: 'center-label' }, h('div', { class: 'moon', text: '☾' }), h('div', { text: m.center })),
      }),
      h('p', { class: 'status', text: m.status || '\u00a0' }),
      h('div', { class: 'buttons' },
        h('button', { class: 'btn second', 'data-ctl': 'night.second', disabled: !m.secondary.enabled, onclick: tapped('night.second', () => m.secondary.enabled && act('night.second', w.secondary)), text: m.secondary.label }),
        h('button', { class: 'btn primary', 'data-ctl': 'night.primary', disabled: !m.primary.enabled, onclick: tapped('night.primary', () => m.primary.enabled && act('night.primary', w.primary)), text: m.primary.label }))));
}

// renderBriefing is every phone's screen while the big screen explains the
// game before the first night: the same for every role.
function renderBriefing(main) {
  const T = S.T;
  fresh(main, 'briefing', h('section', { class: 'panel briefing center' },
    h('div', { class: 'bigscreen', 'aria-hidden': 'true', text: '🖥' }),
    h('h2', { class: 'task-title', text: T('briefing.look') }),
    h('p', { class: 'hint', text: T('briefing.lookHint') })));
}

// firstNightLine is the line of this phone's first night ever (remembered
// on the phone, V.firstNightHint): what to do, the same for every role.
function firstNightLine() {
  const tv = S.pv && S.pv.table;
  const night = tv && tv.phase === 'night' ? `${S.room || 'mock'}:${tv.round}:${tv.narration ? tv.narration.key : ''}` : '';
  const x = V.firstNightHint(S.T, store.get('nightfall:firstNight') || '', night, (tv && tv.variant) || '');
  if (x.seen) store.set('nightfall:firstNight', x.seen);
  return x.line ? h('p', { class: 'firsthint', text: x.line }) : null;
}

// ---- cat-lives-7 -----------------------------------------------------------------------------

let catText = null; // the manifesto box, kept across renders

// The hand (points, privileges, manifesto, order, stance, "done") is private:
// closed, the panel is the same on every phone (V.catClosedModel); it opens
// on a deliberate tap of "Open my hand" and closes by itself after
// V.CAT_IDLE_MS without a touch or key, when the page is hidden, or when the
// phase changes. S.catHand: the phase it was opened in, or null.
let catTimer = null;
function catHandKey() { const tv = S.pv && S.pv.table; return tv ? `${tv.phase}:${tv.round}` : ''; }
function catIsOpen() { return !!S.catHand && S.catHand === catHandKey(); }
function catArm() { clearTimeout(catTimer); catTimer = setTimeout(() => setCatHand(false), V.CAT_IDLE_MS); }
function setCatHand(open) {
  clearTimeout(catTimer);
  catTimer = null;
  if (open) {
    S.catHand = catHandKey();
    catArm();
  } else {
    if (!S.catHand) return;
    S.catHand = null;
    // a focused manifesto box would hold the render back: let it go (the draft stays in S.local.cat)
    const ae = document.activeElement;
    if (ae && $('main').contains(ae) && ae.blur) ae.blur();
  }
  render();
}
function catActivity() { if (catIsOpen()) catArm(); }
function setupCatHand() {
  for (const ev of ['pointerdown', 'keydown', 'input', 'scroll', 'wheel']) document.addEventListener(ev, catActivity, { capture: true, passive: true });
  document.addEventListener('visibilitychange', () => { if (document.visibilityState !== 'visible') setCatHand(false); });
  window.addEventListener('pagehide', () => setCatHand(false));
}

// catSection: the cat-lives panel's content, closed (the same for everyone) or open.
function catSection() {
  const T = S.T;
  const c = V.catClosedModel(T, S.pv);
  const title = h('h2', { class: 'task-title', text: c.title });
  if (!catIsOpen()) {
    return [title, h('div', { class: 'hand-closed', 'aria-hidden': 'true' }),
      h('p', { class: 'hint', text: c.hint }),
      h('button', { class: 'btn primary hand-open', type: 'button', onclick: () => setCatHand(true), text: c.open })];
  }
  return [title, ...catPanel(),
    h('button', { class: 'btn ghost hand-close', type: 'button', onclick: () => setCatHand(false), text: T('cat.close') })];
}

function catLocal() {
  if (!S.local.cat) S.local.cat = {};
  return S.local.cat;
}

function catPanel() {
  const T = S.T;
  const cl = catLocal();
  const m = V.catModel(T, S.pv, S.names, S.local);
  const kids = [h('p', { class: 'status', text: m.points })];
  if (m.manifesto) kids.push(h('p', { class: 'dim small center', text: m.manifesto }));
  if (m.saved) kids.push(h('p', { class: 'warn center', text: m.saved }));
  if (m.form) {
    const f = m.form;
    kids.push(h('h3', { class: 'center', text: f.title }));
    if (f.cells) {
      kids.push(drawTable(f.cells, 'circle', {
        kind: 'night', inPanel: true,
        onTap: (cell) => { cl.target = cell.seat; cl.position = undefined; render(); },
      }));
    }
    if (f.positions) {
      kids.push(h('label', { class: 'field' }, f.positions.label, ' ',
        h('span', { class: 'chips' }, f.positions.options.map((n) => h('button', {
          class: 'chip' + (n === f.positions.value ? ' on' : ''), type: 'button', text: String(n),
          onclick: () => { cl.position = n; render(); },
        })))));
    }
    if (f.into) {
      kids.push(h('div', { class: 'field' }, f.into.label, ' ',
        h('span', { class: 'chips' }, f.into.options.map((o) => h('button', {
          class: 'chip' + (o.id === f.into.value ? ' on' : ''), type: 'button', text: o.label,
          onclick: () => { cl.into = o.id; render(); },
        })))));
    }
    let use = null;
    let count = null;
    if (f.text) {
      if (!catText || catText.dataset.form !== f.key) {
        catText = h('textarea', { rows: '4', maxlength: '2000', 'data-form': f.key });
        catText.value = cl.text || '';
      }
      catText.placeholder = f.text.hint;
      count = h('p', { class: 'count' + (f.text.short ? ' short' : ''), 'aria-live': 'polite', text: f.text.count });
      const short = h('p', { class: 'warn small', text: f.text.short });
      catText.oninput = () => {
        cl.text = catText.value;
        const now = V.catModel(T, S.pv, S.names, S.local).form;
        if (!now) return;
        count.textContent = now.text.count;
        count.classList.toggle('short', !!now.text.short);
        short.textContent = now.text.short;
        use.disabled = !now.primary.enabled; use.textContent = now.primary.label;
      };
      kids.push(h('p', { class: 'dim small', text: f.text.hint }), catText, count, short);
    }
    use = h('button', { class: 'btn primary', 'data-ctl': 'cat.use', disabled: !f.primary.enabled, text: f.primary.label,
      onclick: tapped('cat.use', () => {
        const now = V.catModel(T, S.pv, S.names, S.local).form;
        if (!now || !now.primary.enabled) return;
        const l = S.local;
        hostTap('cat.use', now.primary.cmd, () => { l.cat = {}; catText = null; });
      }) });
    kids.push(h('div', { class: 'stack' }, use,
      h('button', { class: 'btn ghost', text: T('cat.back'), onclick: () => { S.local.cat = {}; catText = null; render(); } })));
  } else {
    kids.push(h('ul', { class: 'privs' }, m.privileges.map((p) => h('li', {},
      h('button', {
        class: 'priv', type: 'button', 'aria-disabled': p.usable ? null : 'true',
        onclick: () => { if (!p.usable) return; S.local.cat = { open: p.key }; catText = null; render(); },
      }, h('span', { class: 'pa', text: p.label }), h('span', { class: 'pc', text: p.card }), h('span', { class: 'pk', text: p.cost }),
      p.reason ? h('span', { class: 'pr', text: p.reason }) : null)))));
  }
  if (m.pending.length) {
    kids.push(h('h3', { text: T('cat.pending') }), h('ul', { class: 'pending' }, m.pending.map((x) => h('li', {},
      h('span', { text: x.label }), h('button', { class: 'btn small', 'data-ctl': `cat.withdraw:${x.label}`, text: T('cat.withdraw'), onclick: tapped(`cat.withdraw:${x.label}`, () => hostTap(`cat.withdraw:${x.label}`, x.cmd)) })))));
  }
  if (m.order) {
    const o = m.order;
    const move = (i, d) => {
      const cur = o.rows.map((r) => r.id);
      [cur[i], cur[i + d]] = [cur[i + d], cur[i]];
      cl.order = cur;
      render();
    };
    const list = h('ol', { class: 'order' }, o.rows.map((r, i) => h('li', { class: r.fixed ? 'fixed' : '', 'data-i': String(i) },
      h('span', { class: 'oc' + (r.fixed ? '' : ' grip') }, r.fixed ? null : h('span', { class: 'dim', 'aria-hidden': 'true', text: '≡ ' }), r.label,
        r.bottom ? h('span', { class: 'dim small', text: ` · ${T('cat.bottom')}` }) : null),
      h('button', { class: 'chip', type: 'button', disabled: !r.up, 'aria-label': `${T('cat.up')}: ${r.label}`, text: '↑', onclick: () => move(i, -1) }),
      h('button', { class: 'chip', type: 'button', disabled: !r.down, 'aria-label': `${T('cat.down')}: ${r.label}`, text: '↓', onclick: () => move(i, 1) }))));
    orderDrag(list, o, (next) => { cl.order = next; render(); });
    kids.push(h('h3', { text: o.title }), h('p', { class: 'dim small', text: T('cat.drag') }), list,
    h('button', { class: 'btn second', 'data-ctl': 'cat.order', disabled: !o.primary.enabled, text: o.primary.label, onclick: tapped('cat.order', () => hostTap('cat.order', o.primary.cmd, () => { cl.order = null; })) }));
  }
  if (m.stance) {
    const st = m.stance;
    kids.push(h('h3', { text: st.title }), h('p', { class: 'dim small', text: st.now }),
      h('div', { class: 'chips' }, st.camps.map((c) => h('button', { class: 'chip' + (c.selected ? ' on' : ''), type: 'button', text: c.label,
        onclick: () => { cl.camp = c.id; render(); } })),
      h('button', { class: 'chip' + (st.cowin.value ? ' on' : ''), type: 'button', text: (st.cowin.value ? '☑ ' : '☐ ') + st.cowin.label,
        onclick: () => { cl.cowin = !st.cowin.value; render(); } })),
      h('button', { class: 'btn second', 'data-ctl': 'cat.stance', disabled: !st.primary.enabled, text: st.primary.label, onclick: tapped('cat.stance', () => hostTap('cat.stance', st.primary.cmd)) }));
  }
  if (m.done) kids.push(h('button', { class: 'btn primary done', 'data-ctl': 'cat.done', disabled: !m.done.enabled, text: m.done.label, onclick: tapped('cat.done', () => m.done.cmd && hostTap('cat.done', m.done.cmd)) }));
  return kids;
}

// orderDrag lets the discard order be reordered by dragging a card's label
// (pointer events: touch, pen and mouse); the fixed bottom card neither
// moves nor takes a card below it (V.moveCard).
function orderDrag(list, o, done) {
  let drag = null; // { from, li, y0 }
  const rows = () => [...list.children];
  const indexAt = (y, from) => { // where a card dragged from index from lands
    const rs = rows();
    for (let i = 0; i < rs.length; i++) {
      const b = rs[i].getBoundingClientRect();
      if (y < b.top + b.height / 2) return i > from ? i - 1 : i;
    }
    return rs.length - 1;
  };
  list.addEventListener('pointerdown', (e) => {
    const grip = e.target.closest('.grip');
    if (!grip) return;
    const li = grip.closest('li');
    drag = { from: Number(li.dataset.i), li, y0: e.clientY };
    li.classList.add('dragging');
    try { list.setPointerCapture(e.pointerId); } catch { /* synthetic */ }
    e.preventDefault();
  });
  list.addEventListener('pointermove', (e) => {
    if (!drag) return;
    drag.li.style.transform = `translateY(${e.clientY - drag.y0}px)`;
  });
  const end = (e, drop) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    d.li.classList.remove('dragging');
    d.li.style.transform = '';
    if (!drop) return;
    const ids = o.rows.map((r) => r.id);
    const next = V.moveCard(ids, d.from, indexAt(e.clientY, d.from), o.bottomFixed);
    if (next) done(next);
  };
  list.addEventListener('pointerup', (e) => end(e, true));
  list.addEventListener('pointercancel', (e) => end(e, false));
}

// ---- day, dead players, spectators ---------------------------------------------------------------

function renderDay(main, watching) {
  const T = S.T;
  const tv = currentTable();
  const pv = watching ? null : S.pv;
  // a dead player's phone keeps the tasks the engine gives it (the floor's)
  const m = V.dayModel(T, tv, S.names, pv || S.pv, S.local);
  const kids = [];
  if (watching) {
    kids.push(h('p', { class: 'watching' }, h('b', { text: S.pv && !S.pv.alive ? T('peek.dead') : T('spect.title') }), ' · ', T('spect.hint')));
  }
  kids.push(h('h2', { class: 'narr', text: tv.phase === 'night' ? T('narr.night') : m.narration }));
  if (m.dawn) kids.push(h('p', { class: 'dawn', text: m.dawn }));
  if (m.sheriff) kids.push(h('p', { class: 'dim small center sheriff', text: m.sheriff }));
  if (m.speaker) {
    kids.push(h('p', { class: 'speaker' }, m.speaker.label, ' ', h('span', { class: 'nm', text: m.speaker.name })));
    if (m.next) kids.push(h('p', { class: 'speaker next dim' }, m.next.label, ' ', h('span', { class: 'nm', text: m.next.name })));
  }
  if (m.lastWords) kids.push(h('p', { class: 'dim small', text: m.lastWords }));
  // werewolf-12's decisions: 上警, a skill turn, the badge, the speaking order
  const turn = V.turnModel(T, tv, S.names, S.pv, S.local);
  if (turn) {
    const ok = new Map((turn.cells || []).map((c) => [c.id, c]));
    kids.push(h('section', { class: `panel turn ${turn.kind}` },
      h('h2', { class: 'task-title', text: turn.title }),
      h('p', { class: 'hint', text: turn.hint }),
      turn.cells ? drawTable(turn.cells, turn.layout, {
        kind: 'turn', inPanel: true,
        onTap: (cell) => {
          const c = ok.get(cell.id);
          if (!c || !c.enabled) return;
          S.local.turn = V.sameTarget(S.local.turn, cell.seat) ? null : cell.seat; // a second tap takes the pick back
          render();
        },
      }) : null,
      turn.status ? h('p', { class: 'status', text: turn.status }) : null,
      h('div', { class: 'buttons' }, turn.buttons.map((b) => h('button', {
        class: `btn ${b.cls}`, type: 'button', 'data-ctl': b.ctl, disabled: !b.enabled, text: b.label,
        onclick: tapped(b.ctl, () => { if (b.enabled && b.cmd) hostTap(b.ctl, b.cmd, () => { S.local.turn = null; }); }),
      })))));
  }
  const wd = watching ? null : V.withdrawModel(T, S.pv, S.withdrawArmed > Date.now());
  if (wd) {
    kids.push(h('section', { class: 'panel withdraw' },
      h('p', { class: 'dim small', text: wd.hint }),
      h('div', { class: 'buttons' }, wd.buttons.map((b) => h('button', {
        class: `btn ${b.cls}`, type: 'button', 'data-ctl': b.ctl, text: b.label,
        onclick: tapped(b.ctl, () => {
          if (b.arm) { S.withdrawArmed = Date.now() + 15000; render(); return; }
          if (b.cancel) { S.withdrawArmed = 0; render(); return; }
          hostTap(b.ctl, b.cmd, () => { S.withdrawArmed = 0; });
        }),
      })))));
  }
  if (m.tied) kids.push(h('p', { class: 'warn', text: m.tied }));
  if (m.suspects) kids.push(h('p', { class: 'warn center', text: m.suspects }));
  if (m.vote && m.vote.kind === 'call') {
    // a sequential open ballot: one tap answers the call in front of the voter
    const v = m.vote;
    kids.push(h('section', { class: 'panel vote call' },
      h('h2', { class: 'task-title', text: v.title }),
      v.hand ? h('p', { class: 'dim small center', text: v.hand }) : null,
      // the call itself is the narration above (one wording): here whom it is for
      h('p', { class: 'callline' }, h('span', { class: 'tg', text: v.target }), ' ', h('span', { class: 'nm', text: v.callName })),
      h('p', { class: 'status', text: v.status }),
      h('button', { class: 'btn primary raise', type: 'button', 'data-ctl': 'call.raise', disabled: !v.raise.enabled, text: v.raise.label,
        onclick: tapped('call.raise', () => { if (v.raise.enabled) hostTap('call.raise', v.raise.cmd); }) }),
      v.letGo || v.secondary ? h('div', { class: 'buttons' },
        v.letGo ? h('button', { class: 'btn second letgo', type: 'button', 'data-ctl': 'call.letgo', disabled: !v.letGo.enabled,
          onclick: tapped('call.letgo', () => { if (v.letGo.enabled) hostTap('call.letgo', v.letGo.cmd); }), text: v.letGo.label }) : null,
        v.secondary ? h('button', { class: 'btn ghost abstain', type: 'button', 'data-ctl': 'call.abstain', onclick: tapped('call.abstain', () => hostTap('call.abstain', v.secondary.cmd)), text: v.secondary.label }) : null) : null));
  } else if (m.vote) {
    const v = m.vote;
    const targets = new Map(v.cells.map((c) => [c.id, c]));
    kids.push(h('section', { class: 'panel vote' },
      h('h2', { class: 'task-title', text: v.title }),
      v.hand ? h('p', { class: 'dim small center', text: v.hand }) : null,
      m.ballot && m.ballot.calling ? h('p', { class: 'callline' }, m.ballot.calling, ' ', h('span', { class: 'nm', text: m.ballot.callingName })) : null,
      drawTable(v.cells, v.layout, {
        kind: 'vote', inPanel: true,
        onTap: (cell) => {
          if (!targets.has(cell.id)) return;
          S.local.vote = cell.card ? cell.id : cell.seat;
          render();
        },
      }),
      h('p', { class: 'status', text: v.status }),
      h('div', { class: 'buttons' },
        v.secondary ? h('button', { class: 'btn second', 'data-ctl': 'vote.second', onclick: tapped('vote.second', () => hostTap('vote.second', v.secondary.cmd)), text: v.secondary.label }) : null,
        h('button', { class: 'btn primary', 'data-ctl': 'vote.primary', disabled: !v.primary.enabled, text: v.primary.label,
          onclick: tapped('vote.primary', () => {
            if (!v.primary.enabled) return;
            const l = S.local;
            hostTap('vote.primary', v.primary.cmd, () => { l.vote = null; });
          }) }))));
  }
  // the speaker's pass comes after a nomination panel: nominate first, then pass
  if (m.pass) {
    kids.push(h('p', { class: 'lead ok center', text: T('day.yourTurn') }));
    kids.push(h('button', { class: 'btn pass', 'data-ctl': 'pass', onclick: tapped('pass', () => hostTap('pass', { do: 'pass' })), text: T('day.pass') }));
    kids.push(h('p', { class: 'dim small center', text: T('day.passHint') }));
  }
  if (m.ballot) kids.push(renderBallot(m.ballot, !!m.vote));
  if (!watching && S.pv && S.pv.catLives && S.pv.alive) kids.push(h('section', { class: 'panel cat' }, catSection()));
  if (m.table && !(turn && turn.cells)) {
    kids.push(drawTable(m.table.cells, m.table.layout, {
      kind: 'view',
      center: h('div', { class: 'center-label' }, h('div', { text: V.narrationText(T, tv) && tv.speaker ? V.seatLabel(T, tv.speaker) : '' })),
    }));
  }
  fresh(main, watching ? 'watch' : 'day', h('div', { class: 'day' }, kids));
}

function renderBallot(b, compact) {
  return h('section', { class: 'panel ballot' },
    h('h3', {}, b.title, ' · ', h('span', { class: 'dim', text: b.cast })),
    !compact && b.calling ? h('p', { class: 'callline' }, b.calling, ' ', h('span', { class: 'nm', text: b.callingName })) : null,
    b.secret ? h('p', { class: 'dim small', text: b.secret }) : null,
    h('ul', { class: 'counts' }, b.rows.filter((r) => !compact || r.votes || r.calling || r.top || b.closed).map((r) => h('li', { class: [r.calling && 'calling', r.top && 'top'].filter(Boolean).join(' ') },
      h('span', { class: 'tg', text: r.target }), h('span', { class: 'nm', text: r.name }),
      h('span', { class: 'votes', text: r.count }),
      r.voters ? h('span', { class: 'voters', text: '← ' + r.voters }) : null))),
    b.abstained ? h('p', { class: 'dim small', text: b.abstained }) : null,
    b.outcome ? h('p', { class: 'outcome', text: b.outcome }) : null);
}

// ---- game over -----------------------------------------------------------------------------

function renderOver(main) {
  const T = S.T;
  const m = V.overModel(T, currentTable(), S.names, S.pv ? S.pv.outcome : '');
  fresh(main, 'over', h('div', { class: 'over' },
    m.you ? h('p', { class: 'you ' + (m.won ? 'won' : 'lost'), text: m.you }) : null,
    h('h1', { class: 'winner', text: m.winner }),
    m.reason ? h('p', { class: 'dim small reason', text: m.reason }) : null,
    h('button', { class: 'btn second', disabled: S.replayBusy, onclick: () => askReplay(''), text: T('evening.save') }),
    h('h2', { text: T('over.roles') }),
    h('ul', { class: 'reveal' }, m.reveal.map((r) => h('li', { class: r.alive ? '' : 'dead' },
      h('span', { class: 'tg', text: r.seat }), h('span', { class: 'nm', text: r.name }),
      h('span', { class: 'roles' }, r.roles.map((x) => h('span', { class: 'rl' + (x.alive ? '' : ' lost') }, x.role, x.alive ? '' : '\u00a0✕', x.sep ? h('span', { class: 'sep', text: x.sep }) : null)),
        r.camp ? h('span', { class: 'camp', text: r.camp }) : null)))),
    h('h2', { text: T('over.timeline') }),
    m.timeline.map((g) => h('section', { class: 'tl' }, h('h3', { text: g.title }), h('ol', {}, g.lines.map((l) => h('li', { text: l })))))));
}

// ---- menu sheet ------------------------------------------------------------------------------

// rulesOf is the variant the rules sheet shows and its roles: the game's
// (the table view's list), or in the lobby the chosen variant's deal.
function rulesOf() {
  const tv = currentTable();
  if (tv && tv.variant) return { variant: tv.variant, roles: tv.roles || [] };
  const lb = S.lobby;
  if (lb && lb.variant) return { variant: lb.variant, roles: (lb.deal || []).map((x) => x.role) };
  return null;
}
function rulesShown() { return !!rulesOf(); }

// renderRules fills the ☰ sheet with the rules (V.rulesModel): the
// variant's summary, a round, the wins and every role's card of the
// variant, the same on every phone whatever its roles.
function renderRules(sheet) {
  const r = rulesOf();
  const m = V.rulesModel(S.T, r.variant, r.roles);
  const back = () => { S.rules = false; render(); };
  sheet.replaceChildren(h('div', { class: 'sheet-body rules' },
    h('h2', { text: m.title }),
    m.summary ? h('p', { class: 'lead', text: m.summary }) : null,
    h('h3', { text: m.round.title }), h('p', { class: 'rtext', text: m.round.text }),
    h('h3', { text: m.win.title }), h('p', { class: 'rtext', text: m.win.text }),
    m.camps.map((x) => h('p', { class: 'rtext', text: x })),
    h('h3', { text: m.rolesTitle }),
    h('dl', { class: 'rroles' }, m.roles.flatMap((x) => [h('dt', { text: x.name }), h('dd', { class: 'rtext', text: x.text })])),
    h('button', { class: 'btn second', onclick: back, text: m.back })));
  sheet.hidden = false;
}

function renderSheet() {
  const T = S.T;
  const sheet = $('sheet');
  if (!S.menu) { sheet.hidden = true; sheet.replaceChildren(); return; }
  // The same entries for every role (V.menuModel): a neighbour may see it
  // opened. The self-reveal is behind the held card (V.cardActions).
  const mm = V.menuModel(T, S);
  if (S.rules && rulesShown()) { renderRules(sheet); return; }
  const kids = [
    h('div', { class: 'row' }, h('span', { class: 'dim', text: mm.language }), langButton()),
  ];
  if (rulesShown()) kids.push(h('button', { class: 'btn second', onclick: () => { S.rules = true; render(); }, text: T('menu.rules') }));
  if (mm.room) kids.push(h('p', { class: 'dim small', text: mm.room }));
  if (mm.phone) kids.push(h('p', { class: 'dim small', text: mm.phone }));
  if (mm.board) {
    if (S.board) kids.push(boardSheet(T));
    else kids.push(h('button', { class: 'btn second', onclick: () => { S.board = true; render(); }, text: mm.board }));
  }
  kids.push(h('button', { class: 'btn second', onclick: () => { S.menu = false; S.board = false; render(); }, text: mm.close }));
  sheet.replaceChildren(h('div', { class: 'sheet-body' }, kids));
  sheet.hidden = false;
}

// boardSheet: the evening's scoreboard (V.boardModel).
function boardSheet(T) {
  const m = V.boardModel(T, S.evening);
  return h('div', { class: 'board' },
    h('h2', { text: m.title }),
    h('table', {},
      h('tr', {}, m.cols.map((c) => h('th', { text: c }))),
      m.players.map((p) => h('tr', {}, h('td', { text: p.name }), h('td', { class: 'n', text: p.games }), h('td', { class: 'n', text: p.wins }), h('td', { class: 'small', text: p.roles })))),
    m.notes.length ? h('h3', { text: m.notesTitle }) : null,
    m.notes.length ? h('ul', {}, m.notes.map((n) => h('li', { class: 'small', text: n }))) : null,
    h('ol', { class: 'games' }, m.games.map((g) => h('li', {}, h('span', { class: 'small', text: g.label + ' ' }),
      h('button', { class: 'btn second small', onclick: () => askReplay(g.id), text: m.save })))));
}

// askReplay: a game's 复盘 (PROTOCOL.md "replay").
let replaySeq = 0;
function askReplay(game) {
  if (S.mock || S.replayBusy) return;
  S.replayBusy = true;
  replaySeq++;
  sendRaw({ t: 'replay', id: `replay-${replaySeq}`, game, lang: S.lang });
  render();
}

function saveReplay(f) {
  S.replayBusy = false;
  const blob = new Blob([f.html || ''], { type: 'text/html' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `nightfall-${f.game || 'replay'}.html`;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  render();
}

// ---- connection ------------------------------------------------------------------------------

function hello(send) {
  send({ t: 'hello', token: store.get(tokenKey()) || '', lang: S.lang });
}

// roomKnown: this phone holds a token for the room of its QR code, so a
// "wrong room" is a host that restarted (or another program on the port) and
// the phone keeps trying until its host is back.
function roomKnown() { return !!store.get(tokenKey()); }

// The next socket's keys (net.js channelKeys: tens of ms of a phone's CPU)
// are made ahead, once the page is idle, and kept in this tab's
// sessionStorage: a phone that wakes reloads, and its socket is sealed
// without that work on the way to its screen. A pair seals one socket
// only (the nonces start again on every socket), so it is taken out before
// it is used, and the pairs used are noted in localStorage: a tab
// duplicated (which copies sessionStorage) never seals with the same pair.
const nextKeysKey = 'nightfall:next-keys';
const usedKeysKey = 'nightfall:used-keys';
const b64 = (u8) => btoa(String.fromCharCode(...u8));
const unb64 = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
function takeKeys() {
  let k = null;
  try {
    k = JSON.parse(sessionStorage.getItem(nextKeysKey) || 'null');
    sessionStorage.removeItem(nextKeysKey);
  } catch { return null; }
  afterIdle(makeKeys);
  if (!k || !S.hostKey || k.host !== b64(S.hostKey)) return null;
  const used = (store.get(usedKeysKey) || '').split(' ');
  if (used.includes(k.pub)) return null;
  store.set(usedKeysKey, [k.pub, ...used].slice(0, 8).join(' '));
  return { pub: unb64(k.pub), shared: unb64(k.shared) };
}
function makeKeys() {
  if (!S.hostKey || !window.nacl) return;
  try {
    if (sessionStorage.getItem(nextKeysKey)) return;
    const k = channelKeys(window.nacl, S.hostKey);
    sessionStorage.setItem(nextKeysKey, JSON.stringify({ host: b64(S.hostKey), pub: b64(k.pub), shared: b64(k.shared) }));
  } catch { /* no storage: made when the socket opens */ }
}
// afterIdle runs f once the page has nothing else to do (after a few
// seconds where the browser cannot tell), not in the way of a tap's answer.
function afterIdle(f) {
  if (window.requestIdleCallback) setTimeout(() => requestIdleCallback(f, { timeout: 10000 }), 1000);
  else setTimeout(f, 3000);
}

// adopt takes the socket index.html opened before the scripts came, if
// it goes to url; one to another address, or none asked for (main), is
// closed.
function adopt(url) {
  const e = window.early;
  window.early = null;
  if (e && e.url === url) return e;
  if (e) e.ws.close();
  return null;
}

function connect() {
  conn = new Conn({
    url: wsURL(location, S.room),
    WebSocket: window.WebSocket,
    nacl: window.nacl,
    hostKey: S.hostKey,
    code: S.typed ? S.typed.code : '',
    onOpen: (send) => { S.everOpen = true; S.helloOut = true; hello(send); },
    onFrame,
    onState: (s, x) => {
      if (s !== 'open' && S.conn === 'open') S.lostAt = Date.now(); // the clock stops here until the host is back
      S.conn = s;
      if (s === 'closed' && x.code === 4000) S.replaced = true;
      if (s === 'closed' && x.code === 4003 && !roomKnown()) S.roomWrong = true;
      if (s === 'closed' && x.code === 4004) S.keyWrong = true;
      if (s === 'closed' && (x.code === 4006 || x.code === 4007)) typedRefused(x.code);
      render();
    },
    stopCodes: [4000, 4003, 4004, 4006, 4007], // replaced by another window; wrong room; not the room's key; a typed code refused
    keepTrying: (code) => code === 4003 && roomKnown(), // a host restarting: it comes back with this room
    takeKeys,
    adopt,
  });
  conn.start();
  const kick = () => { if (document.visibilityState === 'visible' && !S.replaced) conn.kick(); };
  document.addEventListener('visibilitychange', kick);
  window.addEventListener('pageshow', kick);
  window.addEventListener('online', kick);
}

// ---- a phone that wakes ------------------------------------------------------------------------
//
// A phone whose screen was off reloads the page. It draws its last screen at
// once, from what this tab kept (sessionStorage: this tab only, and only
// what the seat's token brings from the host anyway) a second after the
// host's word last changed it (keepSoon) and as it hid, and the host's
// word replaces it as soon as the socket is up. The screen is drawn twice:
// first by index.html as the document is parsed, from the screen as it was
// drawn (keepWoken), before this file has run; then by this file from the
// state it was drawn from (takeScreen), which is what a tap on it acts on
// (takeWoken). Until the host's word the
// bar says "connecting…", the card stays covered (it opens on a press
// only), and a tap waits for the socket: the outbox's commands, stamped
// with the view they were made from (the host refuses one made on a screen
// that is no longer true), and a seat's pick (rawWaiting). Kept for this
// room and token only; the words once per page version and language,
// with the late ones or not yet (wordsKey); the screen again only when it
// was drawn again since it was last kept (renders).
const snapKey = () => `nightfall:snap:${S.room}`;
const wordsKey = (all) => `nightfall:words:${S.lang}:${all ? 'all' : 'first'}:${import.meta.url}`;
let kept = '', wordsKept = '', keptAt = 0;
function keepScreen() {
  if (!S.live || S.mock || !S.room || !S.dicts[S.lang]) return;
  if (keptAt === renders) return; // nothing drawn since (a page going away has nothing to write)
  keptAt = renders;
  try {
    const all = !!(late[S.lang] && late[S.lang].done), words = wordsKey(all);
    if (wordsKept !== words) { sessionStorage.setItem(words, JSON.stringify(S.dicts[S.lang])); wordsKept = words; }
    const tok = store.get(tokenKey());
    const snap = JSON.stringify({
      tok, words, all,
      s: { mode: S.mode, seat: S.seat, seatName: S.seatName, names: S.names, lobby: S.lobby, pv: S.pv, table: S.table, evening: S.evening, cadence: S.cadence },
      box: drawnBox,
    });
    if (snap !== kept) { sessionStorage.setItem(snapKey(), snap); kept = snap; }
    if (tok) keepWoken(); // a seat's screen only, as takeScreen's
  } catch { keptAt = 0; /* no room: the next load waits for the host */ }
}

// The kept screen drawn before any of this code runs: index.html's script
// draws it as the document is parsed (the moment it is interactive), so a
// phone that wakes shows its screen without waiting for this file and the
// two it imports to run. It is kept in the page's history entry
// (history.state.woken: this tab's, this address's, like sessionStorage,
// and there for the new document as it starts, where reading
// sessionStorage first waits for the browser), as plain data (domData), put
// in as elements and text nodes (no HTML string is parsed): the screen as
// it was last drawn (again only after a render since), with the bar as a
// woken screen shows it ("connecting", no clock) and nothing of the card
// but its cover: the card's face (#peekBody) is never kept, and the ☰ sheet
// and the toast are not either. This file's first render replaces it
// (takeWoken).
let wokenKept = '';
function keepWoken() {
  const hm = header(false), T = S.T;
  const woken = JSON.stringify({
    room: S.room,
    lang: document.documentElement.lang,
    screen: document.body.dataset.screen,
    sync: document.body.dataset.sync,
    text: { mySeat: hm.seat, myName: hm.name, phase: hm.phase, conn: hm.conn, peekLabel: T('peek.hold'), peekToggle: T('peek.show') },
    peek: !$('peek').hidden,
    main: domData($('main')),
  });
  if (woken !== wokenKept) { history.replaceState({ woken }, ''); wokenKept = woken; }
}

// domData is el as plain data: [name, attributes, ...children], a text
// node as its string; a text field with its value.
function domData(el) {
  const attrs = {};
  for (const a of el.attributes) attrs[a.name] = a.value;
  if (el.localName === 'input' || el.localName === 'textarea') attrs.value = el.value;
  const out = [el.localName, attrs];
  for (const n of el.childNodes) {
    if (n.nodeType === 3) out.push(n.data);
    else if (n.nodeType === 1) out.push(domData(n));
  }
  return out;
}

// takeWoken takes over the screen index.html drew (a phone that woke), for
// render to draw it again, and is what to do once it has: the taps made on
// it meanwhile (window.woken.taps: the elements tapped) are made again on
// the same elements now drawn: where the other was under #main, with the
// same name and class, on the same screen drawn from the same state (the
// same sync signature; a screen kept before the last change is not). (A text
// field on it is not typed in before this: its keyboard takes longer to
// come up.)
function takeWoken() {
  const w = window.woken, main = $('main'), was = main.dataset.screen + document.body.dataset.sync;
  window.woken = null;
  w.stop();
  delete main.dataset.screen; // (drawn afresh)
  const taps = w.taps.filter((el) => main.contains(el)).map((el) => {
    const path = [];
    for (let x = el; x !== main; x = x.parentElement) path.unshift([...x.parentElement.children].indexOf(x));
    return { path, name: el.localName, cls: el.className };
  });
  return () => {
    if (main.dataset.screen + document.body.dataset.sync !== was) return; // another screen: the taps were on one no longer true
    for (const t of taps) {
      let el = $('main');
      for (const i of t.path) el = el && el.children[i];
      if (el && el.localName === t.name && el.className === t.cls) el.click();
    }
  };
}

// keepSoon keeps the screen a second after the host's word changed it, when
// the page is idle: a page that hides or reloads then finds it kept
// already, and its way out (pagehide) has nothing to write.
let keepTimer = 0;
function keepSoon() {
  if (keepTimer) return;
  keepTimer = setTimeout(() => {
    keepTimer = 0;
    if (window.requestIdleCallback) requestIdleCallback(keepScreen, { timeout: 1000 }); else keepScreen();
  }, 1000);
}
function takeScreen() {
  try {
    const x = JSON.parse(sessionStorage.getItem(snapKey()) || 'null');
    const d = x && x.words === wordsKey(x.all) && x.tok && x.tok === store.get(tokenKey()) && JSON.parse(sessionStorage.getItem(x.words) || 'null');
    if (!d) return false;
    wordsKept = x.words;
    S.dicts[S.lang] = d;
    useLang(S.lang);
    if (x.all) late[S.lang] = { done: true }; // else asked for as on any load
    Object.assign(S, x.s);
    if (S.pv) localFor(S.pv.table);
    if (x.box && x.box.w > 0) keptBox = x.box;
    return true;
  } catch { return false; }
}

// ---- start ---------------------------------------------------------------------------------

// ready sets the page up to draw and to be tapped, once.
function ready() {
  if (S.ready) return;
  S.ready = true;
  setupPeek();
  setupPressGuard();
  setupCatHand();
  $('menuBtn').addEventListener('click', () => { S.menu = !S.menu; S.rules = false; render(); });
  $('sheet').addEventListener('click', (e) => { if (e.target === $('sheet')) { S.menu = false; S.rules = false; render(); } });
  setInterval(tick, 250);
  window.addEventListener('resize', () => { keptBox = null; render(); });
  // keep the screen awake during the game, where the browser allows it
  const wake = async () => { try { if (navigator.wakeLock && document.visibilityState === 'visible') await navigator.wakeLock.request('screen'); } catch { /* not allowed */ } };
  document.addEventListener('pointerdown', wake, { once: true });
  document.addEventListener('visibilitychange', wake);
  // what a reload draws at once (takeScreen)
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') keepScreen(); });
  window.addEventListener('pagehide', keepScreen);
}

async function main() {
  // what Chrome 70 and iOS 12 lack, filled in there only (compat.js)
  if (!Element.prototype.replaceChildren) await import('./compat.js');
  // Opened by WeChat's (QQ's, Alipay's…) scanner: the way out to the
  // phone's browser first, unless the player goes on here all the same.
  const inApp = S.mock ? null : V.inAppOf(navigator.userAgent);
  // A phone that wakes draws its last screen now (takeScreen), words and all.
  const woke = !inApp && !S.mock && S.room && takeScreen();
  // The socket opens while the dictionary loads (one round trip less on a
  // slow network, and a warm reload's two waits overlap); nothing renders
  // before the words are there.
  const words = woke ? null : loadLang(S.lang);
  if (woke) {
    ready();
    render();
    // The socket (opened by index.html, on its way) is taken over in the
    // next task: this one ends with the kept screen, for the browser to
    // draw it now (what came meanwhile waits in window.early).
    await new Promise((next) => setTimeout(next, 0));
  }
  if (!inApp && !S.mock && S.room && S.hostKey) connect(); else adopt();
  // A phone back with its token for this room is likely back mid-game,
  // whose screens read the late words: asked for now, with the first file,
  // while the socket says hello, not once the game's view is in.
  const back = !S.mock && S.room && roomKnown();
  if (back && !late[S.lang]) askLate(S.lang).catch(() => {}); // (a failure: loadLate's)
  await words;
  if (back) loadLate();
  if (inApp) {
    await loadJoin();
    await new Promise((stay) => J.showInAppGuide(S.T, inApp, location.href, stay));
  }
  if (S.typedStored) { // joined by the typed code before: its key and code
    await loadJoin();
    S.typed = J.loadTyped(store, S.room);
    if (S.typed) { S.hostKey = S.typed.key; S.fp = J.fingerprint(window.nacl, S.typed.key); } else S.keyMissing = true;
  }
  ready();
  if (!woke || S.typed || S.keyMissing) render(); // (a phone that woke is drawn)
  // the development-only mock mode (#mock=): mock.js, fetched only then
  if (S.mock) { import('./mock.js').then((m) => m.startMock({ S, hash, onFrame, toast, render, catHandKey, catArm })); return; }
  // a phone with the typed key kept for its room connects now it has it
  if (!S.room || S.keyMissing || !S.hostKey || conn) return;
  connect();
}

main();
