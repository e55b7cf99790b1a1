// net.js — the phone's connection to the host (lan/PROTOCOL.md): one
// WebSocket, sealed to the key of the QR code (NaCl box, tweetnacl), reconnected
// for ever with backoff, an app-level heartbeat, the game's cadence (one frame a
// tick), and an outbox of commands resent (same id) until the server acks them.
//
// Everything environment-specific (WebSocket, timers, clock, randomness, nacl)
// is injected, so net.test.mjs drives it with fakes.

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

// stamp adds to a command the round of the view it was made from
// (PROTOCOL.md "stale"); a ballot's command already names its ballot, as
// its task said (task.ballot). A command resent after a reconnect into
// another round or ballot is then refused as stale instead of landing where
// it was not meant. The engine decides; the page only echoes.
export function stamp(cmd, table) {
  if (!table || !(table.round > 0)) return { ...cmd };
  return { ...cmd, round: table.round };
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

// UP_UNIT is the unit every frame the phone sends is padded to (trailing
// spaces, which JSON ignores): a "sleep", a "kill 12", a vote and the
// cadence's empty frame are all one size on the air (the host pads its
// frames the same way). Only a long free text (cat-lives-7's manifesto) takes
// more units, below the server's 16384-byte limit.
export const UP_UNIT = 512;

const enc = new TextEncoder();
const dec = new TextDecoder();

// encodeFrame serialises a frame, padded to a whole number of UP_UNIT.
export function encodeFrame(frame) {
  const s = JSON.stringify(frame);
  const n = enc.encode(s).length;
  const size = Math.max(UP_UNIT, Math.ceil(n / UP_UNIT) * UP_UNIT);
  return s + ' '.repeat(size - n);
}

// ---- the sealed channel (lan/PROTOCOL.md "Sealed channel") --------------------------------------

export const CHALLENGE_BYTES = 32;
const NONCE_BYTES = 24;
const PHONE_SIDE = 0;
const HOST_SIDE = 1;

// keyFromText reads the host's public key as the join URL's #k= carries it
// (unpadded base64url of 32 bytes); null if it is not one.
export function keyFromText(s) {
  if (!s || !/^[A-Za-z0-9_-]{43}$/.test(s)) return null;
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '=';
  let bin;
  try { bin = atob(b64); } catch { return null; }
  if (bin.length !== 32) return null;
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

function nonceOf(side, n) {
  const b = new Uint8Array(NONCE_BYTES);
  b[0] = side;
  const v = new DataView(b.buffer);
  v.setUint32(16, Math.floor(n / 2 ** 32));
  v.setUint32(20, n >>> 0);
  return b;
}

// normalizeCode is a typed short code as both ends hash it: capitals,
// without spaces and dashes (lan/sealed NormalizeCode).
export function normalizeCode(s) {
  return String(s || '').toUpperCase().replace(/[\s-]/g, '');
}

// typedProof is a typed join's proof of the short code (lan/PROTOCOL.md
// "Typed join"): SHA-512(label | challenge | phone key | host key | code),
// its first 32 bytes. It goes inside the sealed first frame, after the
// challenge.
export function typedProof(nacl, challenge, phonePub, hostPub, code) {
  const label = enc.encode('nightfall typed join v1\0');
  const c = enc.encode(normalizeCode(code));
  const parts = [label, challenge, phonePub, hostPub, c];
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { all.set(p, at); at += p.length; }
  return nacl.hash(all).subarray(0, 32);
}

// channelKeys are one socket's keys: a fresh key pair's public half and
// the box key it shares with the host (two scalar multiplications: the
// costly part of a Channel, tens of ms of a phone's CPU). They seal one
// socket only: the nonces start again on every socket.
export function channelKeys(nacl, hostKey) {
  const kp = nacl.box.keyPair();
  const shared = nacl.box.before(hostKey, kp.secretKey);
  kp.secretKey.fill(0);
  return { pub: kp.publicKey, shared };
}

// Channel is one socket's sealing: a fresh key pair for the socket (keys,
// made ahead by channelKeys, or now), the box key shared with the host,
// and a counter for each direction. With a code (a typed join) the first
// frame proves it.
export class Channel {
  constructor(nacl, hostKey, code, keys) {
    this.nacl = nacl;
    const k = keys || channelKeys(nacl, hostKey);
    this.pub = k.pub;
    this.hostKey = hostKey;
    this.code = code || '';
    this.shared = k.shared;
    this.sent = 0;
    this.got = 0;
    this.challenge = null; // the host's first message
  }

  // seal is the binary message for a text: the first one carries this
  // socket's public key and the host's challenge.
  seal(text) {
    this.sent += 1;
    const nonce = nonceOf(PHONE_SIDE, this.sent);
    let plain = enc.encode(text);
    const first = this.sent === 1;
    if (first) {
      const proof = this.code ? typedProof(this.nacl, this.challenge, this.pub, this.hostKey, this.code) : new Uint8Array(0);
      const p = new Uint8Array(this.challenge.length + proof.length + plain.length);
      p.set(this.challenge);
      p.set(proof, this.challenge.length);
      p.set(plain, this.challenge.length + proof.length);
      plain = p;
    }
    const box = this.nacl.box.after(plain, nonce, this.shared);
    const head = first ? 32 : 0;
    const out = new Uint8Array(head + NONCE_BYTES + box.length);
    if (first) out.set(this.pub);
    out.set(nonce, head);
    out.set(box, head + NONCE_BYTES);
    return out;
  }

  // open is the text of a host's message, or null when it does not open
  // (altered, replayed, reordered, or sealed to another key): dropped.
  open(buf) {
    const b = new Uint8Array(buf);
    if (b.length < NONCE_BYTES + 16 || b[0] !== HOST_SIDE) return null;
    for (let i = 1; i < 16; i++) if (b[i] !== 0) return null;
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const n = v.getUint32(16) * 2 ** 32 + v.getUint32(20);
    if (!(n > this.got)) return null;
    const plain = this.nacl.box.open.after(b.subarray(NONCE_BYTES), b.subarray(0, NONCE_BYTES), this.shared);
    if (!plain) return null;
    this.got = n;
    return dec.decode(plain);
  }
}

// cadenceLead(ms): during the cadence a frame leaves this long before the
// host's next tick is due (measured from the last reply), so it arrives in
// time and a tap waits at most one tick plus this: 40 % of a tick, at most
// CADENCE_LEAD_MS (80 ms of the game's 200 ms tick; a frame that misses
// its tick on a slow Wi-Fi is answered one tick later, nothing worse).
export const CADENCE_LEAD_MS = 200;
export function cadenceLead(ms) { return Math.min(CADENCE_LEAD_MS, Math.floor(ms * 0.4)); }

// REPLIES are the host's tick during the cadence: exactly one of them comes
// to every phone at every tick (the oldest answer it is owed, or an empty
// pad), and the phone answers each with exactly one frame.
const REPLIES = new Set(['ack', 'error', 'pad', 'pong']);

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

// Conn keeps one sealed socket open.
//   hostKey       the host's public key (the QR code's #k=, or the typed key; Uint8Array(32))
//   code          a typed join's short code (its proof goes in the first frame)
//   nacl          tweetnacl (window.nacl)
//   onOpen(send)  called on every (re)connection once the channel is up: send the hello there
//   onFrame(f)    every parsed server frame
//   onState(s, x) 'connecting' | 'open' | 'closed' (waiting to retry, unless the
//                 close code is in stopCodes), with x = {opened, wait, code}:
//                 opened says whether this attempt's socket ever opened
//   keepTrying(code) for a close code in stopCodes: true retries with backoff
//                 all the same (a "wrong room" while the phone holds a token
//                 for this room: the host is coming back with it)
//   takeKeys()    keys made ahead for the next socket (channelKeys), or null:
//                 made when the socket opens
//   adopt(url)    a socket to url already opening, {ws, got: its events so far},
//                 or null: a new one (index.html opens one before the scripts)
// setCadence(ms) turns the game's cadence on (ms > 0) or off: then exactly one
// frame leaves for every tick of the host's, a queued one or an empty
// {"t":"pad"}.
export class Conn {
  constructor(opts) {
    this.url = opts.url;
    this.WS = opts.WebSocket;
    this.nacl = opts.nacl;
    this.hostKey = opts.hostKey;
    this.code = opts.code || ''; // a typed join's short code
    this.onOpen = opts.onOpen || (() => {});
    this.onFrame = opts.onFrame || (() => {});
    this.onState = opts.onState || (() => {});
    this.now = opts.now || (() => Date.now());
    this.setTimeout = opts.setTimeout || ((f, ms) => setTimeout(f, ms));
    this.clearTimeout = opts.clearTimeout || ((h) => clearTimeout(h));
    this.rnd = opts.rnd || Math.random;
    this.stopCodes = opts.stopCodes || [];
    this.keepTrying = opts.keepTrying || (() => false);
    this.takeKeys = opts.takeKeys || (() => null);
    this.adopt = opts.adopt || (() => null);
    this.ws = null;
    this.ch = null; // the socket's Channel
    this.attempt = 0;
    this.retry = null;
    this.beat = null;
    this.lastIn = 0;
    this.lastPing = 0;
    this.stopped = false;
    this.state = 'idle';
    this.cadence = 0; // ms; 0: frames leave at once
    this.queue = []; // frames waiting for their tick
    this.tickTimer = null;
    this.owed = 0; // the host's ticks not answered yet
  }

  start() { this.stopped = false; this.attempt = 0; this.connect(); }

  stop() {
    this.stopped = true;
    this.clearTimeout(this.retry);
    this.clearTimeout(this.beat);
    this.clearTimeout(this.tickTimer);
    if (this.ws) { const w = this.ws; this.ws = null; try { w.close(); } catch { /* already closed */ } }
  }

  // kick reconnects at once unless a healthy socket is open (visibilitychange, pageshow).
  kick() {
    if (this.stopped) return;
    if (this.ws && this.state === 'open' && this.now() - this.lastIn < SILENCE_MS) {
      if (!this.cadence) this.sendPing();
      return;
    }
    if (this.state === 'connecting') return;
    this.clearTimeout(this.retry);
    this.drop();
    this.connect();
  }

  // send transmits a frame (during the cadence: queues it for the next tick);
  // false when no socket is open (the outbox resends commands after the next
  // hello).
  send(frame) {
    if (!this.ws || this.state !== 'open') return false;
    if (this.cadence) { this.queue.push(frame); return true; }
    return this.transmit(frame);
  }

  transmit(frame) {
    if (!this.ws || this.state !== 'open' || !this.ch) return false;
    try { this.ws.send(this.ch.seal(encodeFrame(frame))); return true; } catch { return false; }
  }

  // setCadence turns the cadence on (ms > 0) or off (0: what waits goes now).
  setCadence(ms) {
    ms = ms > 0 ? ms : 0;
    if (ms === this.cadence) return;
    this.cadence = ms;
    this.clearTimeout(this.tickTimer);
    this.tickTimer = null;
    this.owed = 0;
    if (!ms) {
      const q = this.queue;
      this.queue = [];
      for (const f of q) this.transmit(f);
    }
    // on: the first frame answers the host's first tick (onReply)
  }

  schedule(ms) {
    this.clearTimeout(this.tickTimer);
    this.tickTimer = this.setTimeout(() => this.tick(), Math.max(0, ms));
  }

  // tick sends one frame for every tick of the host's not answered yet: the
  // queued ones first, then empty ones. Normally that is one, the lead
  // before the host's next tick.
  tick() {
    this.tickTimer = null;
    if (!this.cadence || !this.ws || this.state !== 'open') return;
    for (; this.owed > 0; this.owed--) this.transmit(this.queue.shift() || { t: 'pad' });
    this.lastPing = this.now();
  }

  // onReply: a tick of the host's. Its frame leaves the lead before the
  // next tick (cadence − lead from now), so it arrives in time. A page that
  // fell behind (its CPU busy, its timer late: the previous tick's frame
  // still owed when this one comes) sends what it owes at once: it still
  // sends one frame for every tick, and the count of its frames says
  // nothing about how busy it is.
  onReply() {
    if (!this.cadence) return;
    this.owed++;
    if (this.owed > 1) this.tick();
    else this.schedule(this.cadence - cadenceLead(this.cadence));
  }

  setState(s, extra) { this.state = s; this.onState(s, extra || {}); }

  connect() {
    if (this.stopped) return;
    this.clearTimeout(this.retry);
    this.setState('connecting');
    const early = this.adopt(this.url);
    let ws = early && early.ws;
    if (!ws) try { ws = new this.WS(this.url); } catch { this.scheduleRetry(false); return; }
    try { ws.binaryType = 'arraybuffer'; } catch { /* a fake */ }
    this.ws = ws;
    this.queue = [];
    this.owed = 0;
    let ch;
    try { ch = new Channel(this.nacl, this.hostKey, this.code, this.takeKeys()); } catch { this.stop(); this.setState('closed', { opened: false, code: 4004 }); return; }
    this.ch = ch;
    let opened = false;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      opened = true;
      this.lastIn = this.now();
      this.lastPing = this.now();
      this.heartbeat(); // the challenge comes at once; silence still counts
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.lastIn = this.now();
      let text;
      if (typeof ev.data === 'string') {
        text = ev.data; // in clear: only the host's refusal of a socket without a channel
      } else if (!ch.challenge) {
        if (ev.data.byteLength !== CHALLENGE_BYTES) return;
        ch.challenge = new Uint8Array(ev.data);
        // the hello leaves before the page draws "connected": its answer
        // is what the page waits for
        this.state = 'open';
        this.onOpen((f) => this.transmit(f));
        this.setState('open');
        return;
      } else {
        text = ch.open(ev.data);
        if (text === null) return; // does not open: dropped
      }
      let f;
      try { f = JSON.parse(text); } catch { return; }
      if (!f || typeof f !== 'object') return;
      if (typeof ev.data === 'string' && f.t !== 'error') return;
      if (f.t === 'welcome') this.attempt = 0; // a session again: back to short waits
      if (REPLIES.has(f.t)) this.onReply();
      this.onFrame(f);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.clearTimeout(this.tickTimer);
      this.tickTimer = null;
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
    if (early) for (const e of early.got) if (this.ws === ws) ws['on' + e.type](e); // what it heard before
  }

  drop() {
    this.clearTimeout(this.beat);
    this.clearTimeout(this.tickTimer);
    this.tickTimer = null;
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
    this.transmit({ t: 'ping' });
  }

  heartbeat() {
    this.clearTimeout(this.beat);
    this.beat = this.setTimeout(() => {
      if (!this.ws) return;
      const now = this.now();
      if (now - this.lastIn >= SILENCE_MS) { // silent: the socket is dead even if the OS has not noticed
        this.drop();
        this.scheduleRetry(true);
        return;
      }
      // during the cadence its frames are the heartbeat
      if (this.state === 'open' && !this.cadence && now - this.lastPing >= PING_EVERY_MS) this.sendPing();
      this.heartbeat();
    }, 1000);
  }
}
