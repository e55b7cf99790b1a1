// net.js — the phone's connection to the host (lan/PROTOCOL.md): one
// WebSocket, reconnected for ever with backoff, an app-level heartbeat, and an
// outbox of commands resent (same id) until the server acks them.
//
// Everything environment-specific (WebSocket, timers, clock, randomness) is
// injected, so net.test.mjs drives it with fakes.

export const PING_EVERY_MS = 15000; // app-level ping
export const SILENCE_MS = 40000; // no frame for this long: drop and reconnect
export const BACKOFF_MIN_MS = 500;
export const BACKOFF_MAX_MS = 5000;

// backoffDelay is the wait before reconnect attempt n (0-based): 0.5 s
// doubling to 5 s, with jitter (50–100 % of that) so phones that lost the
// host together do not all knock at once.
export function backoffDelay(n, rnd = Math.random) {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, n));
  return Math.round(base * (0.5 + 0.5 * rnd()));
}

// BALLOT_ACTIONS are the commands that belong to the open ballot.
const BALLOT_ACTIONS = ['vote', 'abstain', 'skip'];

// stamp adds to a command the view it was made from (PROTOCOL.md "stale"):
// the round its table showed and, for a ballot's commands, the ballot. A
// command resent after a reconnect into another round or ballot is then
// refused as stale instead of landing where it was not meant.
export function stamp(cmd, table) {
  if (!table || !(table.round > 0)) return { ...cmd };
  const out = { ...cmd, round: table.round };
  const b = table.ballot;
  if (b && !b.closed && table.stage === 'vote' && BALLOT_ACTIONS.includes(cmd.do)) out.ballot = b.index;
  return out;
}

// Outbox numbers commands and keeps them until acked or refused.
export class Outbox {
  constructor(prefix) {
    this.prefix = prefix;
    this.n = 0;
    this.pending = new Map(); // id -> frame, in sending order
  }
  // add makes a cmd frame with a fresh id, stamped with the table the
  // command was made from (if given), and keeps it pending.
  add(cmd, table) {
    this.n += 1;
    const frame = { t: 'cmd', id: `${this.prefix}-${this.n}`, ...stamp(cmd, table) };
    this.pending.set(frame.id, frame);
    return frame;
  }
  // settle forgets id (ack or error); reports whether it was pending.
  settle(id) { return this.pending.delete(id); }
  frames() { return [...this.pending.values()]; }
  clear() { this.pending.clear(); }
}

// CMD_FRAME_BYTES is the size every command frame is padded to, so that the
// length of a phone's frames (visible even on an encrypted Wi-Fi) does not
// tell "sleep" from "kill 12" (the server pads views the same way).
export const CMD_FRAME_BYTES = 192;

const utf8Len = (s) => new TextEncoder().encode(s).length;

// encodeFrame serialises a frame; cmd frames get a "pad" of spaces up to
// CMD_FRAME_BYTES, or, when longer (a cat-lives-7 manifesto), up to the next
// multiple of 1024 bytes below the server's 16384-byte limit (the server
// ignores the field).
export function encodeFrame(frame) {
  const s = JSON.stringify(frame);
  if (frame.t !== 'cmd') return s;
  const n = utf8Len(s) + ',"pad":""'.length;
  const size = n <= CMD_FRAME_BYTES ? CMD_FRAME_BYTES : Math.min(16000, Math.ceil(n / 1024) * 1024);
  if (n > size) return s;
  return JSON.stringify({ ...frame, pad: ' '.repeat(size - n) });
}

// randomId is a short random string for command id prefixes.
export function randomId(rnd = Math.random) {
  let s = '';
  for (let i = 0; i < 8; i++) s += 'abcdefghijkmnpqrstuvwxyz23456789'[Math.floor(rnd() * 32)];
  return s;
}

// wsURL is the WebSocket address for a page at loc (window.location).
export function wsURL(loc, room) {
  const proto = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${loc.host}/ws?room=${encodeURIComponent(room)}`;
}

// Conn keeps one socket open.
//   onOpen(send)  called on every (re)connection: send the hello there
//   onFrame(f)    every parsed server frame
//   onState(s, x) 'connecting' | 'open' | 'closed' (waiting to retry, unless the
//                 close code is in stopCodes), with x = {opened, wait, code}:
//                 opened says whether this attempt's socket ever opened
//   keepTrying(code) for a close code in stopCodes: true retries with backoff
//                 all the same (a "wrong room" while the phone holds a token
//                 for this room: the host is coming back with it)
export class Conn {
  constructor(opts) {
    this.url = opts.url;
    this.WS = opts.WebSocket;
    this.onOpen = opts.onOpen || (() => {});
    this.onFrame = opts.onFrame || (() => {});
    this.onState = opts.onState || (() => {});
    this.now = opts.now || (() => Date.now());
    this.setTimeout = opts.setTimeout || ((f, ms) => setTimeout(f, ms));
    this.clearTimeout = opts.clearTimeout || ((h) => clearTimeout(h));
    this.rnd = opts.rnd || Math.random;
    this.stopCodes = opts.stopCodes || [];
    this.keepTrying = opts.keepTrying || (() => false);
    this.ws = null;
    this.attempt = 0;
    this.retry = null;
    this.beat = null;
    this.lastIn = 0;
    this.lastPing = 0;
    this.stopped = false;
    this.state = 'idle';
  }

  start() { this.stopped = false; this.attempt = 0; this.connect(); }

  stop() {
    this.stopped = true;
    this.clearTimeout(this.retry);
    this.clearTimeout(this.beat);
    if (this.ws) { const w = this.ws; this.ws = null; try { w.close(); } catch { /* already closed */ } }
  }

  // kick reconnects at once unless a healthy socket is open (visibilitychange, pageshow).
  kick() {
    if (this.stopped) return;
    if (this.ws && this.state === 'open' && this.now() - this.lastIn < SILENCE_MS) {
      this.sendPing();
      return;
    }
    if (this.state === 'connecting') return;
    this.clearTimeout(this.retry);
    this.drop();
    this.connect();
  }

  // send transmits a frame now; false when no socket is open (the outbox
  // resends commands after the next hello).
  send(frame) {
    if (!this.ws || this.state !== 'open') return false;
    try { this.ws.send(encodeFrame(frame)); return true; } catch { return false; }
  }

  setState(s, extra) { this.state = s; this.onState(s, extra || {}); }

  connect() {
    if (this.stopped) return;
    this.clearTimeout(this.retry);
    this.setState('connecting');
    let ws;
    try { ws = new this.WS(this.url); } catch { this.scheduleRetry(false); return; }
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      opened = true;
      this.lastIn = this.now();
      this.lastPing = this.now();
      this.setState('open');
      this.onOpen((f) => this.send(f));
      this.heartbeat();
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.lastIn = this.now();
      let f;
      try { f = JSON.parse(ev.data); } catch { return; }
      if (f && f.t === 'welcome') this.attempt = 0; // a session again: back to short waits
      this.onFrame(f);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      const code = ev && ev.code;
      if (this.stopCodes.includes(code) && !this.keepTrying(code)) { // e.g. 4000 "replaced": another tab took the seat; do not fight it
        this.stopped = true;
        this.clearTimeout(this.beat);
        this.setState('closed', { opened, code });
        return;
      }
      this.scheduleRetry(opened, code);
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  drop() {
    this.clearTimeout(this.beat);
    if (this.ws) {
      const w = this.ws;
      this.ws = null;
      w.onopen = w.onmessage = w.onclose = w.onerror = null;
      try { w.close(); } catch { /* ignore */ }
    }
  }

  scheduleRetry(opened, code) {
    this.clearTimeout(this.beat);
    if (this.stopped) return;
    const wait = backoffDelay(this.attempt, this.rnd);
    this.attempt += 1;
    this.setState('closed', { opened, wait, code });
    this.retry = this.setTimeout(() => this.connect(), wait);
  }

  sendPing() {
    this.lastPing = this.now();
    this.send({ t: 'ping' });
  }

  heartbeat() {
    this.clearTimeout(this.beat);
    this.beat = this.setTimeout(() => {
      if (!this.ws || this.state !== 'open') return;
      const now = this.now();
      if (now - this.lastIn >= SILENCE_MS) { // silent: the socket is dead even if the OS has not noticed
        this.drop();
        this.scheduleRetry(true);
        return;
      }
      if (now - this.lastPing >= PING_EVERY_MS) this.sendPing();
      this.heartbeat();
    }, 1000);
  }
}
