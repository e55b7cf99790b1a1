// Tests of the connection logic with a fake WebSocket and a fake clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { Conn, Outbox, Channel, channelKeys, backoffDelay, wsURL, encodeFrame, keyFromText, stamp, UP_UNIT, CADENCE_LEAD_MS, cadenceLead, PING_EVERY_MS, SILENCE_MS } from './static/net.js';

const nacl = createRequire(import.meta.url)('./static/nacl.min.js');

test('backoff: 0.5 s doubling to 5 s, jittered between 50 and 100 %', () => {
  const hi = () => 0.999999, lo = () => 0;
  assert.deepEqual([0, 1, 2, 3, 4, 5, 9, 1000].map((n) => backoffDelay(n, hi)), [500, 1000, 2000, 4000, 5000, 5000, 5000, 5000]);
  assert.deepEqual([0, 1, 4, 9].map((n) => backoffDelay(n, lo)), [250, 500, 2500, 2500]);
});

test('stamp: the round of the view; a ballot\'s command keeps the ballot its task named', () => {
  const vote = { round: 2, stage: 'vote', phase: 'day', ballot: { index: 1, closed: false } };
  assert.deepEqual(stamp({ do: 'vote', target: 3, ballot: 1 }, vote), { do: 'vote', target: 3, round: 2, ballot: 1 });
  assert.deepEqual(stamp({ do: 'explode' }, vote), { do: 'explode', round: 2 });
  assert.deepEqual(stamp({ do: 'kill', target: 6 }, { round: 3, stage: 'night', phase: 'night' }), { do: 'kill', target: 6, round: 3 });
  assert.deepEqual(stamp({ do: 'sleep' }, { round: 0, stage: 'night' }), { do: 'sleep' });
  assert.deepEqual(stamp({ do: 'sleep' }, null), { do: 'sleep' });
  const o = new Outbox('p');
  const f = o.add({ do: 'vote', target: 3, ballot: 1 }, vote);
  assert.equal(f.ballot, 1);
  assert.equal(f.round, 2);
  assert.deepEqual(o.frames(), [f], 'the outbox resends the stamped frame, unchanged');
});

test('outbox keeps commands until settled, with unique ids', () => {
  const o = new Outbox('p');
  const a = o.add({ do: 'kill', target: 6 });
  const b = o.add({ do: 'pass' });
  assert.equal(a.t, 'cmd');
  assert.notEqual(a.id, b.id);
  assert.deepEqual(o.frames().map((f) => f.id), [a.id, b.id]);
  assert.equal(o.settle(a.id), true);
  assert.equal(o.settle(a.id), false);
  assert.deepEqual(o.frames(), [b]);
});

test('wsURL', () => {
  assert.equal(wsURL({ protocol: 'http:', host: '10.0.0.5:8080' }, 'K7QX2M'), 'ws://10.0.0.5:8080/ws?room=K7QX2M');
  assert.equal(wsURL({ protocol: 'https:', host: 'h' }, 'A B'), 'wss://h/ws?room=A%20B');
});

// ---- a fake world --------------------------------------------------------------------------

// host is the host's end of one socket: it opens what the phone seals and
// seals what it sends (lan/sealed, in JavaScript).
function hostEnd(hostKP) {
  const challenge = nacl.randomBytes(32);
  const h = { challenge, shared: null, sent: 0, got: 0, sizes: [] };
  h.open = (buf) => {
    let b = new Uint8Array(buf);
    h.sizes.push(b.length);
    if (h.got === 0) { // the first frame: the phone's key, then the sealed challenge and frame
      h.shared = nacl.box.before(b.subarray(0, 32), hostKP.secretKey);
      b = b.subarray(32);
    }
    assert.equal(b[0], 0, 'the phone side of the nonce');
    const n = new DataView(b.buffer, b.byteOffset).getUint32(20);
    assert.ok(n > h.got, 'counters go up');
    h.got = n;
    let plain = nacl.box.open.after(b.subarray(24), b.subarray(0, 24), h.shared);
    assert.ok(plain, 'the host opens what the phone seals');
    if (n === 1) {
      assert.deepEqual(plain.subarray(0, 32), challenge, 'the first frame carries the challenge');
      plain = plain.subarray(32);
    }
    assert.equal(plain.length % UP_UNIT, 0, 'padded');
    return JSON.parse(new TextDecoder().decode(plain));
  };
  h.seal = (f) => {
    h.sent += 1;
    const nonce = new Uint8Array(24);
    nonce[0] = 1;
    new DataView(nonce.buffer).setUint32(20, h.sent);
    const box = nacl.box.after(new TextEncoder().encode(JSON.stringify(f) + '   '), nonce, h.shared);
    const out = new Uint8Array(24 + box.length);
    out.set(nonce);
    out.set(box, 24);
    return out.buffer;
  };
  return h;
}

function world() {
  let now = 0;
  let timers = [];
  let nextId = 1;
  const sockets = [];
  const hostKP = nacl.box.keyPair();
  class FakeWS {
    constructor(url) { this.url = url; this.sent = []; this.closed = false; this.host = hostEnd(hostKP); sockets.push(this); }
    send(b) { this.sent.push(this.host.open(b)); }
    close() { this.closed = true; }
    // test helpers
    open() { this.onopen && this.onopen({ type: 'open' }); this.onmessage && this.onmessage({ type: 'message', data: this.host.challenge.slice().buffer }); }
    recv(f) {
      if (!this.host.shared) this.host.shared = nacl.box.before(w.last.ch.pub, hostKP.secretKey); // the phone sent nothing yet
      this.onmessage && this.onmessage({ data: this.host.seal(f) });
    }
    recvClear(f) { this.onmessage && this.onmessage({ data: JSON.stringify(f) }); }
    drop(code = 1006) { this.closed = true; this.onclose && this.onclose({ type: 'close', code }); }
  }
  const w = {
    FakeWS,
    sockets,
    hostKP,
    get now() { return now; },
    setTimeout: (f, ms) => { const id = nextId++; timers.push({ id, at: now + ms, f }); return id; },
    clearTimeout: (id) => { timers = timers.filter((t) => t.id !== id); },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const t = timers[0];
        if (!t || t.at > end) break;
        timers.shift();
        now = t.at;
        t.f();
      }
      now = end;
    },
  };
  w.conn = (extra = {}) => {
    w.last = new Conn({
      url: 'ws://h/ws?room=R', WebSocket: FakeWS, now: () => now, nacl, hostKey: hostKP.publicKey,
      setTimeout: w.setTimeout, clearTimeout: w.clearTimeout, rnd: () => 0.999999, ...extra,
    });
    return w.last;
  };
  return w;
}

test('hello on every open, frames delivered, reconnect with backoff', () => {
  const w = world();
  const frames = [], states = [];
  const c = w.conn({ onOpen: (send) => send({ t: 'hello', token: 'tk' }), onFrame: (f) => frames.push(f), onState: (s, x) => states.push([s, x.opened]) });
  c.start();
  assert.equal(w.sockets.length, 1);
  w.sockets[0].open();
  assert.deepEqual(w.sockets[0].sent, [{ t: 'hello', token: 'tk' }]);
  w.sockets[0].recv({ t: 'welcome', token: 'tk', seat: 3, mode: 'player' });
  assert.equal(frames[0].t, 'welcome');
  // the host goes away: retry after 0.5 s, then 1 s, 2 s …
  w.sockets[0].drop();
  w.advance(499);
  assert.equal(w.sockets.length, 1);
  w.advance(1);
  assert.equal(w.sockets.length, 2);
  w.sockets[1].drop();
  w.advance(999);
  assert.equal(w.sockets.length, 2);
  w.advance(1);
  assert.equal(w.sockets.length, 3);
  w.sockets[2].drop();
  w.advance(2000);
  assert.equal(w.sockets.length, 4);
  // a welcome resets the backoff
  w.sockets[3].open();
  w.sockets[3].recv({ t: 'welcome' });
  w.sockets[3].drop();
  w.advance(500);
  assert.equal(w.sockets.length, 5);
  assert.deepEqual(states.slice(0, 3), [['connecting', undefined], ['open', undefined], ['closed', true]]);
});

test('heartbeat: ping every 15 s; silence for 40 s drops and reconnects', () => {
  const w = world();
  const c = w.conn();
  c.start();
  const ws = w.sockets[0];
  ws.open();
  ws.recv({ t: 'welcome' });
  w.advance(PING_EVERY_MS + 1000);
  assert.ok(ws.sent.some((f) => f.t === 'ping'), 'pinged');
  // answers keep it alive
  for (let i = 0; i < 5; i++) { w.advance(10000); ws.recv({ t: 'pong' }); }
  assert.equal(ws.closed, false);
  // then nothing at all
  w.advance(SILENCE_MS + 1000);
  assert.equal(ws.closed, true, 'silent socket dropped');
  w.advance(1000);
  assert.equal(w.sockets.length, 2, 'and replaced');
});

test('kick reconnects at once when the socket is not healthy', () => {
  const w = world();
  const c = w.conn();
  c.start();
  w.sockets[0].drop(); // waiting 0.5 s to retry
  c.kick();
  assert.equal(w.sockets.length, 2, 'no waiting after visibilitychange');
  w.sockets[1].open();
  c.kick(); // healthy: just a ping
  assert.equal(w.sockets.length, 2);
  assert.deepEqual(w.sockets[1].sent.at(-1), { t: 'ping' });
});

test('close code 4000 (replaced by another tab) stops reconnecting', () => {
  const w = world();
  const states = [];
  const c = w.conn({ stopCodes: [4000], onState: (s, x) => states.push([s, x.code]) });
  c.start();
  w.sockets[0].open();
  w.sockets[0].drop(4000);
  w.advance(60000);
  assert.equal(w.sockets.length, 1);
  assert.deepEqual(states.at(-1), ['closed', 4000]);
  c.start();
  assert.equal(w.sockets.length, 2, 'start() takes the seat back');
});

test('wrong room (4003) keeps trying while keepTrying says so, with capped backoff', () => {
  const w = world();
  let known = true;
  const c = w.conn({ stopCodes: [4000, 4003], keepTrying: (code) => code === 4003 && known });
  c.start();
  w.sockets[0].open();
  w.sockets[0].drop(1006); // the host died
  for (let i = 0; i < 30; i++) { // refused, then a fresh host without this room, for a while
    w.advance(5000);
    const s = w.sockets.at(-1);
    if (i % 2) s.drop(1006); else { s.open(); s.drop(4003); }
  }
  const n = w.sockets.length;
  assert.ok(n >= 25, `only ${n} attempts in 150 s`);
  w.advance(5000);
  assert.equal(w.sockets.length, n + 1, 'the next attempt comes within 5 s');
  w.sockets.at(-1).open();
  w.sockets.at(-1).recv({ t: 'welcome', token: '', seat: 3, mode: 'player' });
  assert.equal(c.attempt, 0, 'back: short waits again');
  known = false; // no token for this room: a wrong QR code, stop
  w.sockets.at(-1).drop(4003);
  w.advance(60000);
  assert.equal(w.sockets.length, n + 1);
});

test('send fails while offline (the outbox resends after hello)', () => {
  const w = world();
  const c = w.conn();
  c.start();
  assert.equal(c.send({ t: 'cmd', id: 'a' }), false);
  w.sockets[0].open();
  assert.equal(c.send({ t: 'cmd', id: 'a' }), true);
});

test('every frame is padded to one size; only a long free text takes more units', () => {
  const o = new Outbox('k3m9x2pq');
  const frames = [o.add({ do: 'sleep' }), o.add({ do: 'kill', target: 12 }), o.add({ do: 'traitor-check', target: '12L', card: '12R' }),
    { t: 'pad' }, { t: 'ping' }, { t: 'hello', token: 'f'.repeat(64), lang: 'zh' }, { t: 'join', name: '名'.repeat(24), seat: 30 }];
  for (let i = 0; i < 120; i++) frames.push(o.add({ do: 'vote', target: i, round: 12, ballot: 3 }));
  for (const f of frames) {
    const s = encodeFrame(f);
    assert.equal(Buffer.byteLength(s), UP_UNIT, s);
    assert.deepEqual(JSON.parse(s), f);
  }
  // a manifesto: whole units, never above the server's limit
  const long = o.add({ do: 'attack', target: 3, via: 'killer', text: '月'.repeat(250) });
  assert.equal(Buffer.byteLength(encodeFrame(long)), 1024);
  const max = o.add({ do: 'attack', target: 3, text: '月'.repeat(2000) }); // lan's maxTextRunes
  assert.ok(Buffer.byteLength(encodeFrame(max)) <= 16384);
});

test('the sealed channel: the first frame carries the key and challenge; altered, replayed and foreign frames are dropped', () => {
  const w = world();
  const frames = [];
  const c = w.conn({ onOpen: (send) => send({ t: 'hello', token: '' }), onFrame: (f) => frames.push(f) });
  c.start();
  const ws = w.sockets[0];
  ws.onopen();
  assert.deepEqual(ws.sent, [], 'no hello before the challenge');
  assert.equal(c.send({ t: 'ping' }), false, 'not open before the challenge');
  ws.onmessage({ data: ws.host.challenge.slice().buffer });
  assert.deepEqual(ws.sent, [{ t: 'hello', token: '' }]);
  assert.equal(ws.host.sizes[0], 32 + 24 + 16 + 32 + UP_UNIT);
  c.send({ t: 'ping' });
  assert.equal(ws.host.sizes[1], 24 + 16 + UP_UNIT);
  const good = ws.host.seal({ t: 'pong' });
  const bad = new Uint8Array(good.slice(0));
  bad[bad.length - 1] ^= 1;
  ws.onmessage({ data: bad.buffer });
  assert.equal(frames.length, 0, 'an altered frame is dropped');
  ws.onmessage({ data: good });
  ws.onmessage({ data: good });
  assert.deepEqual(frames, [{ t: 'pong' }], 'a replay is dropped');
  const other = hostEnd(nacl.box.keyPair());
  other.shared = nacl.box.before(nacl.box.keyPair().publicKey, nacl.box.keyPair().secretKey);
  other.sent = 10;
  ws.onmessage({ data: other.seal({ t: 'pong' }) });
  assert.equal(frames.length, 1, 'sealed with another key: dropped');
  ws.recvClear({ t: 'welcome', token: 'x' });
  assert.equal(frames.length, 1, 'only an error comes in clear');
  ws.recvClear({ t: 'error', code: 'sealed' });
  assert.equal(frames.at(-1).code, 'sealed');
  // a new socket, a new key pair: the host's frames of the old one do not open
  ws.drop();
  w.advance(1000);
  const ws2 = w.sockets[1];
  ws2.open();
  ws2.onmessage({ data: ws.host.seal({ t: 'pong' }) });
  assert.equal(frames.length, 2);
  assert.notDeepEqual(new Uint8Array(ws2.host.shared), new Uint8Array(ws.host.shared), 'a fresh key per socket');
});

test('keys made ahead seal the next socket, once: a socket without them makes its own', () => {
  const w = world();
  const ahead = [channelKeys(nacl, w.hostKP.publicKey)];
  const c = w.conn({ onOpen: (send) => send({ t: 'hello', token: 'tk' }), takeKeys: () => ahead.shift() || null });
  c.start();
  const ws = w.sockets[0];
  ws.open();
  assert.deepEqual(ws.sent, [{ t: 'hello', token: 'tk' }], 'the host opens what the keys made ahead seal');
  assert.deepEqual(new Uint8Array(ws.host.shared), new Uint8Array(nacl.box.before(w.last.ch.pub, w.hostKP.secretKey)));
  assert.equal(ahead.length, 0);
  const first = w.last.ch.pub;
  ws.drop();
  w.advance(1000);
  const ws2 = w.sockets[1];
  ws2.open();
  assert.deepEqual(ws2.sent, [{ t: 'hello', token: 'tk' }]);
  assert.notDeepEqual(w.last.ch.pub, first, 'the next socket has a fresh key');
});

test('a socket opened before the scripts (index.html) is taken over: what it heard is played in order, then it goes on', () => {
  const w = world();
  const url = 'ws://h/ws?room=R';
  const early = (ws) => { const got = []; ws.onopen = ws.onmessage = ws.onclose = (e) => got.push(e); return { url, ws, got }; };
  const ws = new w.FakeWS(url);
  const e = early(ws);
  ws.open(); // the upgrade and the challenge, before the scripts ran
  const frames = [], states = [];
  let taken = [e];
  const c = w.conn({ onOpen: (send) => send({ t: 'hello', token: 'tk' }), onFrame: (f) => frames.push(f), onState: (s) => states.push(s), adopt: (u) => { assert.equal(u, url); return taken.shift() || null; } });
  c.start();
  assert.equal(w.sockets.length, 1, 'no socket of its own');
  assert.deepEqual(ws.sent, [{ t: 'hello', token: 'tk' }], 'the challenge heard before is answered');
  assert.deepEqual(states, ['connecting', 'open']);
  ws.recv({ t: 'welcome' });
  assert.deepEqual(frames.map((f) => f.t), ['welcome'], 'what comes later comes straight');
  ws.drop();
  w.advance(500);
  assert.equal(w.sockets.length, 2, 'after it closes, a socket of its own');
  // one that closed before the scripts ran: tried again after the backoff
  const ws3 = new w.FakeWS(url);
  taken = [early(ws3)];
  ws3.drop();
  const c2 = w.conn({ onState: (s) => states.push(s), adopt: () => taken.shift() || null });
  states.length = 0;
  c2.start();
  assert.deepEqual(states, ['connecting', 'closed']);
  w.advance(500);
  assert.equal(w.sockets.length, 4, 'a new socket');
});

test('keyFromText reads the #k= of the QR code', () => {
  const k = nacl.box.keyPair().publicKey;
  const text = Buffer.from(k).toString('base64url');
  assert.deepEqual(keyFromText(text), k);
  for (const bad of ['', null, 'abc', text + 'A', text.slice(0, 42) + '*']) assert.equal(keyFromText(bad), null, String(bad));
  const ch = new Channel(nacl, k);
  assert.equal(ch.pub.length, 32);
});

test('cadence: one frame for every tick of the host\'s, the lead before the next; queued commands first, then empty ones', () => {
  const w = world();
  const c = w.conn({ onOpen: (send) => send({ t: 'hello', token: 'tk' }) });
  c.start();
  const ws = w.sockets[0];
  ws.open();
  ws.recv({ t: 'welcome', token: 'tk', cadence: 1000 });
  c.setCadence(1000);
  w.advance(3000);
  assert.equal(ws.sent.length, 1, 'the hello only: the phone waits for the host\'s tick');
  ws.recv({ t: 'pad' });
  w.advance(1000 - CADENCE_LEAD_MS - 1);
  assert.equal(ws.sent.length, 1);
  w.advance(1);
  assert.deepEqual(ws.sent.at(-1), { t: 'pad' }, 'the lead before the next tick');
  c.send({ t: 'cmd', id: 'a', do: 'kill', target: 3 });
  c.send({ t: 'cmd', id: 'b', do: 'kill', target: 4 });
  assert.equal(ws.sent.length, 2, 'queued, not sent');
  w.advance(CADENCE_LEAD_MS);
  ws.recv({ t: 'pad' });
  w.advance(1000 - CADENCE_LEAD_MS);
  assert.equal(ws.sent.at(-1).id, 'a');
  w.advance(CADENCE_LEAD_MS);
  ws.recv({ t: 'ack', id: 'a' });
  w.advance(1000 - CADENCE_LEAD_MS);
  assert.equal(ws.sent.at(-1).id, 'b');
  // no tick from the host: nothing leaves, no pings
  const quiet = ws.sent.length;
  w.advance(PING_EVERY_MS * 2);
  assert.equal(ws.sent.length, quiet, 'no frame without a tick');
  assert.ok(!ws.sent.some((f) => f.t === 'ping'), 'the cadence is the heartbeat');
  // a page that fell behind (its timer late, three ticks read at once)
  // answers each of them all the same: one frame a tick
  c.send({ t: 'cmd', id: 'c', do: 'vote', target: 5 });
  ws.recv({ t: 'ack', id: 'b' });
  ws.recv({ t: 'pad' });
  ws.recv({ t: 'pad' });
  assert.equal(ws.sent.length, quiet + 2, 'two owed at once, the third at its time');
  assert.equal(ws.sent.at(-2).id, 'c', 'the queued command first');
  assert.deepEqual(ws.sent.at(-1), { t: 'pad' });
  w.advance(1000 - CADENCE_LEAD_MS);
  assert.equal(ws.sent.length, quiet + 3);
  w.advance(5000);
  assert.equal(ws.sent.length, quiet + 3, 'one frame for each of the three ticks, no more');
  // the lead is 40 % of a tick, at most CADENCE_LEAD_MS (the game's tick: 200 ms)
  assert.equal(cadenceLead(1000), CADENCE_LEAD_MS);
  assert.equal(cadenceLead(200), 80);
  // off: what waits goes at once, and the host's replies ask for nothing
  c.send({ t: 'spectate', name: 'x' });
  c.setCadence(0);
  assert.equal(ws.sent.at(-1).t, 'spectate');
  const n = ws.sent.length;
  ws.recv({ t: 'pad' });
  w.advance(5000);
  assert.equal(ws.sent.length, n, 'no more ticks');
});

test('a typed join: the first frame carries the challenge, the proof of the code, then the frame', async () => {
  const { typedProof, normalizeCode } = await import('./static/net.js');
  const host = nacl.box.keyPair();
  const ch = new Channel(nacl, host.publicKey, 'k7-qx');
  ch.challenge = nacl.randomBytes(32);
  const msg = ch.seal('{"t":"hello"}');
  const shared = nacl.box.before(msg.subarray(0, 32), host.secretKey);
  const plain = nacl.box.open.after(msg.subarray(32 + 24), msg.subarray(32, 32 + 24), shared);
  assert.ok(plain, 'opens with the host key');
  assert.deepEqual(plain.subarray(0, 32), ch.challenge);
  assert.deepEqual(plain.subarray(32, 64), typedProof(nacl, ch.challenge, ch.pub, host.publicKey, 'K7QX'));
  assert.notDeepEqual(plain.subarray(32, 64), typedProof(nacl, ch.challenge, ch.pub, host.publicKey, 'K7QY'));
  assert.equal(new TextDecoder().decode(plain.subarray(64)), '{"t":"hello"}');
  assert.equal(normalizeCode(' k7-q x\t'), 'K7QX');
  const second = ch.seal('{"t":"pad"}');
  assert.equal(second.length, 24 + 16 + 11, 'later frames carry no proof');
});

// The page's tweetnacl (static/nacl.min.js: tweetnacl 1.0.3's nacl.js
// without the signatures and the low-level table, assets/README.md) seals
// and hashes as Go's golang.org/x/crypto does: the answers below are Go's
// (nacl/box, curve25519, sha512) for these keys, nonce and message.
test('nacl.min.js agrees with Go\'s x/crypto', () => {
  const hex = (u8) => Buffer.from(u8).toString('hex');
  const a = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
  const b = Uint8Array.from({ length: 32 }, (_, i) => i + 101);
  const n = Uint8Array.from({ length: 24 }, (_, i) => i);
  const msg = new TextEncoder().encode('Nightfall 天黑请闭眼');
  const ak = nacl.box.keyPair.fromSecretKey(a), bk = nacl.box.keyPair.fromSecretKey(b);
  assert.equal(hex(ak.publicKey), '07a37cbc142093c8b755dc1b10e86cb426374ad16aa853ed0bdfc0b2b86d1c7c');
  assert.equal(hex(bk.publicKey), '5714769d116bf76436ae74bc793d2c30ad1903c59ac5273805c7e2698b410c36');
  const shared = nacl.box.before(bk.publicKey, a);
  assert.equal(hex(shared), '72da8bbbf5a0760cea2a1d1f2c5f19d54f292f8e7a1dd292b7a86a567ceabc69');
  assert.equal(hex(nacl.box.before(ak.publicKey, b)), hex(shared));
  const sealed = nacl.box.after(msg, n, shared);
  assert.equal(hex(sealed), 'de9425fd0f59b77fe8f38176b810eae14438661e318ef5fbc09eb8ef1db58205ec89f83d7b62040886');
  assert.equal(new TextDecoder().decode(nacl.box.open.after(sealed, n, shared)), 'Nightfall 天黑请闭眼');
  sealed[20] ^= 1;
  assert.equal(nacl.box.open.after(sealed, n, shared), null, 'an altered box does not open');
  assert.equal(hex(nacl.hash(msg)), '33a93dd67b0d1d908d2996687acc8274eef39a3d586a66ce0bb81fd69209d4592ed5b1e2cf5339a84fd971c237878990c0b577415dc5d82868737a498e863a1c');
  assert.equal(nacl.randomBytes(32).length, 32);
});
