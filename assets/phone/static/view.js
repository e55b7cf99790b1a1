// view.js — what the phone shows, as pure functions of the state.
//
// No DOM, no globals, no clock: every function takes the server's view
// (game.PlayerView / game.TableView, see game/view.go), the seat names and a
// translator T(key, data), and returns plain data that app.js turns into DOM.
// User text (names) is never mixed into translated strings: it travels in
// separate `name` fields, which app.js renders with textContent.

// error codes of lan/frame.go the page translates (err.<code>); the others
// ("rejected": the engine's refusal) show the server's English reason behind
// a translated "Refused:"
export const JOIN_ERRORS = ['room', 'seat-taken', 'table-full', 'started', 'name', 'name-invisible', 'name-marks', 'name-alike', 'rate', 'replaced', 'seat', 'removed', 'busy', 'saving', 'not-started', 'no-seat',
  'not-yours', 'bad-frame', 'hello', 'paused', 'stale', 'pending', 'refused'];

// Actions whose answer is private (shown behind the hold-to-peek card).

// ---- translation -------------------------------------------------------------------------

// format fills Go-template fields ("{{.Seat}}") from data; missing fields become "".
export function format(tpl, data) {
  return String(tpl).replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, k) => (data && data[k] != null ? String(data[k]) : ''));
}

// makeT returns T(key, data): dict's text (else fallback's, else the key) formatted.
export function makeT(dict, fallback = {}) {
  return (key, data) => format(dict[key] != null ? dict[key] : fallback[key] != null ? fallback[key] : key, data);
}

// pickLang maps navigator.language to a supported language.
export function pickLang(navLang) {
  return /^zh/i.test(navLang || '') ? 'zh' : 'en';
}

// tId translates an id of a family ("role", "killer"), falling back to the id itself.
export function tId(T, family, id) {
  const key = `${family}.${id}`;
  const s = T(key);
  return s === key ? String(id) : s;
}

// ---- targets -------------------------------------------------------------------------------

// A target is a seat number (6) or a card/hand name ("6L", "6R").
export function targetKey(t) { return t == null ? '' : String(t); }
export function targetSeat(t) { return typeof t === 'number' ? t : parseInt(String(t), 10) || 0; }
export function isCard(t) { return typeof t === 'string' && /^\d+[LR]$/i.test(t); }
export function sameTarget(a, b) { return a != null && b != null && targetKey(a).toUpperCase() === targetKey(b).toUpperCase(); }

export function seatLabel(T, seat) { return T('seat.n', { Seat: seat }); }
export function targetLabel(T, t) { return isCard(t) ? targetKey(t).toUpperCase() : seatLabel(T, targetSeat(t)); }
export function listLabel(T, items) { return items.join(T('list.sep')); }
export function targetsLabel(T, ts) { return listLabel(T, (ts || []).map((t) => targetLabel(T, t))); }
export function nameOf(names, seat) { return (names && names[String(seat)]) || ''; }

// canonical order (rules README G8): seat, then L before R.
export function compareTargets(a, b) {
  const d = targetSeat(a) - targetSeat(b);
  if (d) return d;
  return targetKey(a).localeCompare(targetKey(b));
}

// ---- table geometry ------------------------------------------------------------------------

// seatPositions places n seats on an ellipse inside a w×h box, seen from above:
// seat 1 at the bottom (south), numbers increasing clockwise, i.e. towards
// the left of the screen first (rules README "Table geometry": the left-hand
// neighbour of s is s+1). Seats are spaced by equal arc length. Returns
// [{seat, x, y}] centre points for buttons of the given size.
export function seatPositions(n, w, h, size) {
  const cx = w / 2, cy = h / 2;
  const rx = Math.max(0, (w - size) / 2), ry = Math.max(0, (h - size) / 2);
  const pt = (a) => [cx - rx * Math.sin(a), cy + ry * Math.cos(a)];
  const steps = 720;
  const acc = [0];
  let [px, py] = pt(0);
  for (let i = 1; i <= steps; i++) {
    const [x, y] = pt((2 * Math.PI * i) / steps);
    acc.push(acc[i - 1] + Math.hypot(x - px, y - py));
    px = x; py = y;
  }
  const total = acc[steps];
  const out = [];
  let j = 0;
  for (let s = 0; s < n; s++) {
    const want = (total * s) / n;
    while (j < steps && acc[j + 1] < want) j++;
    const seg = acc[j + 1] - acc[j] || 1;
    const a = ((2 * Math.PI) / steps) * (j + (want - acc[j]) / seg);
    const [x, y] = pt(a);
    out.push({ seat: s + 1, x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 });
  }
  return out;
}

// seatSize is the button size for n seats: never under 48 px (touch target).
export function seatSize(n) { return n <= 10 ? 64 : n <= 14 ? 58 : n <= 17 ? 54 : 50; }

// tableBox is the drawing box for n seats in a column `width` wide. With
// maxH (the height left on the screen, where every seat should be seen
// without scrolling: the join screen), the oval is flattened, and then the
// seats made smaller down to 48 px, as far as neighbours stay apart; past
// that it keeps the flattest box that works and the page scrolls.
export function tableBox(n, width, maxH = 0) {
  const w = Math.max(250, Math.min(width, 470));
  const ratio = n <= 12 ? 1.0 : n <= 16 ? 1.12 : 1.3;
  const box = { w, h: Math.round(w * ratio), size: seatSize(n) };
  if (!(maxH > 0) || box.h <= maxH) return box;
  const apart = (h, size) => {
    const p = seatPositions(n, w, h, size);
    for (let i = 0; i < n; i++) {
      const a = p[i], c = p[(i + 1) % n];
      if (Math.hypot(a.x - c.x, a.y - c.y) < size * 0.95) return false;
    }
    return true;
  };
  const floor = Math.max(maxH, Math.round(w * 0.7));
  let best = box;
  for (let size = box.size; size >= 48; size -= 2) {
    for (let h = best.h; ; h = Math.max(h - 4, floor)) {
      if (!apart(h, size)) break;
      best = { w, h, size };
      if (h === floor) break;
    }
    if (best.h <= maxH) return best;
  }
  return best;
}

// ---- screens -------------------------------------------------------------------------------

// screenOf says which screen to show for the app state.
export function screenOf(st) {
  if (!st.room && !st.mock) return 'noroom';
  if (st.roomWrong || st.keyMissing || st.keyWrong) return 'noroom';
  const tv = st.pv ? st.pv.table : st.table;
  if (tv) {
    if (tv.phase === 'over') return 'over';
    if (tv.stage === 'briefing') return 'briefing'; // the same screen for everyone: look at the big screen
    if (st.pv && !st.pv.spectator && st.pv.alive) return tv.phase === 'night' ? 'night' : 'day';
    return 'watch';
  }
  if (st.mode === 'player' || st.mode === 'spectator') return st.lobby ? 'join' : 'wait';
  if (st.lobby || st.mode === 'lobby') return 'join';
  return 'wait';
}

// headerModel: the top bar. Same for every role.
export function headerModel(T, st) {
  const tv = st.pv ? st.pv.table : st.table;
  const seat = st.pv ? st.pv.seat : st.seat;
  let phase = '';
  if (tv && tv.stage === 'briefing') phase = T('phase.briefing');
  else if (tv) phase = tv.phase === 'over' ? T('phase.over') : T(tv.phase === 'night' ? 'phase.night' : 'phase.day', { Round: tv.round });
  return {
    seat: seat ? seatLabel(T, seat) : '',
    name: seat ? nameOf(st.names, seat) || st.myName || '' : st.myName || '',
    phase,
    conn: st.conn === 'open' ? '' : T(st.everOpen ? 'conn.reconnecting' : 'conn.connecting'),
  };
}

// narrationText translates table.narration (the host app uses the same keys).
export function narrationText(T, tv) {
  if (!tv || !tv.narration) return '';
  const n = tv.narration;
  const data = { Round: n.round, Seat: n.seat };
  if (n.seats && n.seats.length) data.Target = targetLabel(T, n.seats[0]);
  else if (n.seat) data.Target = seatLabel(T, n.seat);
  if (n.key === 'over') return winnerText(T, n.winner || tv.winner);
  return variantT(T, tv.variant || '', `narr.${n.key}`, data); // werewolf-12's idiot is revealed, not immune
}

export function winnerText(T, w) {
  if (w == null || w === '') return T('narr.over');
  if (/^\d+$/.test(String(w))) return T('winner.seat', { Seat: w });
  return tId(T, 'winner', w);
}

// capFirst is s with its first letter a capital (a Latin one: Chinese has none).
export function capFirst(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

// reasonText translates why a game ended: table.why, a code of the engine's
// reasons ("reason.<code>") with its arguments.
export function reasonText(T, why) {
  if (!why || !why.code) return '';
  return T(`reason.${why.code}`, { N: why.n, Others: why.others });
}

export function dawnText(T, dawn) {
  if (!dawn) return '';
  const dead = dawn.dead || [];
  let s = dead.length ? T('dawn.dead', { Seats: targetsLabel(T, dead) }) : T('dawn.peaceful');
  if (dawn.silenced && dawn.silenced.length) s += ' ' + T('dawn.silenced', { Seats: targetsLabel(T, dawn.silenced) });
  return s;
}

// timerLeft is the whole seconds left of timer, started at startMs, at nowMs.
export function timerLeft(timer, startMs, nowMs) {
  if (!timer) return null;
  return Math.max(0, Math.ceil(timer.seconds - (nowMs - startMs) / 1000));
}

// clockLeft is the whole seconds left by the host's clock frame
// ({t:"clock", key, kind, seconds, remaining (ms), paused}) received at atMs:
// null when the frame says no timer runs.
export function clockLeft(clock, atMs, nowMs) {
  if (!clock || !clock.key) return null;
  const ms = clock.paused ? clock.remaining : clock.remaining - (nowMs - atMs);
  return Math.max(0, Math.ceil(ms / 1000));
}
export function clockText(secs) {
  if (secs == null) return '';
  const m = Math.floor(secs / 60), s = secs % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

// clockModel is the header's countdown for table tv at nowMs. st holds the
// host's last clock frame (clock, received at clockAt), when this phone
// first saw the timer (timerStart: the count without a clock frame), the
// connection (conn) and when it was lost (lostAt). A phone that lost the host
// shows its clock stopped at what it showed then: the host's clock may have
// stopped with it (a crash, a pause), and a countdown that ran on and then
// jumped back would mislead. It stays stopped after the reconnect until the
// host's clock frame comes (the host sends it at once after the hello).
export function clockModel(T, tv, st, nowMs) {
  if (!tv || !tv.timer || tv.phase === 'over') return { text: '', low: false, stopped: false, left: null };
  const stopped = !st.mock && st.lostAt > 0 && (st.conn !== 'open' || !(st.clockAt >= st.lostAt));
  const at = stopped ? Math.min(nowMs, st.lostAt) : nowMs;
  let left;
  if (st.clock && (!st.clock.key || st.clock.key === tv.timer.key)) left = clockLeft(st.clock, st.clockAt, at);
  else left = timerLeft(tv.timer, st.timerStart != null ? st.timerStart : at, at); // no clock frame for this timer yet
  let label = '';
  if (left != null && stopped) label = T('clock.stopped');
  else if (left != null && st.clock && st.clock.paused) label = T('clock.paused');
  return { text: (label ? `${label} ` : '') + clockText(left), low: !stopped && left != null && left <= 10, stopped, left };
}

// ---- taps the host answers -----------------------------------------------------------------

// A tap the host answers (a confirm, a vote, 不投, 过, a raised hand…) shows
// "sending…" on the tapped control at once, until the host's answer
// replaces it. If none comes in TAP_LATE_TICKS of the cadence (a tap's frame
// leaves and is answered within about one tick and CADENCE_LEAD_MS), and
// never sooner than TAP_LATE_MIN_MS, the control says so and a tap sends the
// same frame again (same id: the host answers a repeated id once).
export const TAP_LATE_TICKS = 4;
export const TAP_LATE_MIN_MS = 4000;
export function tapLateMs(cadenceMs) {
  return Math.max(TAP_LATE_MIN_MS, TAP_LATE_TICKS * (cadenceMs > 0 ? cadenceMs : 0));
}

// tapLook is how a control waiting for the host looks: the same for every
// control and every role (class, words, busy), whatever it sends or whether
// it sends a command at all. late: no answer in tapLateMs.
export function tapLook(T, late) {
  return late
    ? { cls: 'late', label: T('tap.late'), busy: false }
    : { cls: 'sending', label: T('tap.sending'), busy: true };
}

// ---- lobby / join ----------------------------------------------------------------------------

export function lobbyModel(T, lobby, mySeat) {
  const seats = (lobby && lobby.seats) || [];
  const n = (lobby && lobby.players) || seats.length;
  const cells = [];
  for (let i = 1; i <= n; i++) {
    const s = seats.find((x) => x.seat === i) || { seat: i, taken: false };
    const mine = i === mySeat;
    cells.push({
      id: String(i), seat: i, label: String(i), name: s.taken ? s.name || '' : '',
      sub: s.taken ? '' : T('join.free'),
      taken: !!s.taken, mine, offline: !!s.taken && s.online === false,
      enabled: !s.taken || mine, cls: mine ? 'mine' : s.taken ? 'taken' : 'free',
    });
  }
  return {
    table: lobby ? lobby.table || '' : '',
    game: lobby && lobby.variant ? gameLabel(T, lobby.variant, n) : '',
    watching: lobby && lobby.spectators ? T('join.watching', { Count: lobby.spectators }) : '',
    // the proposed deal ("Police ×3, Killer ×3, Civilian ×6"): public, the host sets it
    deal: lobby && lobby.deal && lobby.deal.length ? listLabel(T, lobby.deal.map((d) => `${tId(T, 'role', d.role)} ×${d.count}`)) : '',
    cells,
    started: !!(lobby && lobby.started),
  };
}

// ---- hold-to-peek card -------------------------------------------------------------------

// gameLabel is the game's name and its seats ("Classic 2.0 · 12 seats"),
// or its name alone where the name says the number ("Werewolf, 12
// players", 狼人杀12人: not "Werewolf, 12 players · 12 seats"), as the big
// screen's lobby names it (app/ui variantLabel).
export function gameLabel(T, variant, n) {
  const name = tId(T, 'variant', variant);
  return new RegExp(`(^|[^\\d.])${n}([^\\d.]|$)`).test(name) ? name : T('join.game', { Variant: name, Players: n }); // (the 2 of "2.0" is no count)
}

// peekModel is what the card shows while pressed: own roles, teammates the
// rules reveal, and private answers. Never rendered while the card is released.
export function peekModel(T, pv, names) {
  if (!pv) return null;
  // a seat's cards as the table names them (only where a seat holds several)
  const mine = ((pv.table && pv.table.seats) || []).find((x) => x.seat === pv.seat);
  const cards = (mine && mine.cards) || [];
  // cat-lives-7's five cards are listed by catPeek, in discard order
  const roles = (pv.catLives ? [] : pv.roles || []).map((r, i) => ({
    card: cards[i] ? targetKey(cards[i].card).toUpperCase() : '',
    role: tId(T, 'role', r),
  }));
  const team = (pv.known || [])
    .filter((k) => targetSeat(k.target) !== pv.seat) // own cards are listed above
    .map((k) => ({
      target: targetLabel(T, k.target),
      name: nameOf(names, targetSeat(k.target)),
      // labels number a group ("police #2"): keep the number, translate the role
      role: tId(T, 'role', k.role) + (k.label ? (/#\d+$/.test(k.label) ? ` ${k.label.match(/#\d+$/)[0]}` : ` · ${k.label}`) : ''),
    }));
  // an answer about nobody (werewolf-12's hunter status, the witch told of
  // 空刀) has no seat
  const results = (pv.results || []).map((r) => T(r.target ? 'peek.result' : 'peek.resultNobody', {
    Round: r.round, Target: r.target ? targetLabel(T, r.target) : '', Answer: answerText(T, r.action, r.answer),
  }));
  return { roles, team, results, dead: !pv.alive, camp: pv.camp ? T('peek.camp', { Camp: tId(T, 'camp', pv.camp) }) : '' };
}

// answerText is a private answer in the words of its action where the
// dictionary has them (answer.<action>.<answer>: the witch's "nobody was
// knifed"), else the answer's own (answer.<answer>).
export function answerText(T, action, answer) {
  const key = `answer.${action}.${answer}`;
  const s = action ? T(key) : key;
  return s !== key ? s : tId(T, 'answer', answer);
}

// ---- night -------------------------------------------------------------------------------

export function taskKey(t) { return `${t.action}:${t.step || 0}:${t.card != null ? t.card : ''}`; }

// Where the phone offers a task is the engine's word (task.place, Go's
// game.Place): none, the phase's main screen; 'card' (inside the held
// card), 'mark' (an add-on to the night's step), 'turn', 'confirm' and
// 'hand' (panels of their own). The page routes by it, never by names.
const nightStep = (t) => !t.place || t.place === 'mark';

function actionable(t) { return nightStep(t) && !!t.open; }

// nightTask picks the task the night screen shows: the first one still to
// do; else the one the player chose to revisit while its pick is open (the
// engine's task.open: a group pick may change until the group locks); else
// the last open group task; else the last task.
export function nightTask(tasks, focus, behind = (t) => !!t.done) {
  const ts = (tasks || []).filter(nightStep);
  const first = ts.find((t) => !behind(t) && !t.waiting && !t.locked);
  if (first) return first;
  const f = focus && ts.find((t) => taskKey(t) === focus && actionable(t));
  if (f) return f;
  const groups = ts.filter((t) => t.group && t.open);
  if (groups.length) return groups[groups.length - 1];
  const waiting = ts.find((t) => t.waiting && !behind(t)) || ts.find((t) => t.waiting && !t.done);
  if (waiting) return waiting;
  return ts.length ? ts[ts.length - 1] : null;
}

function picksText(T, picks) {
  return listLabel(T, picks.map((p) => `${p.seat}→${p.skip ? T('night.skipped') : p.target != null ? targetKey(p.target) : '?'}`));
}

// cellsFor lays out the selectable cells: one per seat (circle layout), or
// one per card/hand where the table lists the seats' cards (grid layout).
export function cellsFor(tv, names, mySeat, enabledKeys) {
  const seats = tv.seats || [];
  const cards = seats.some((s) => s.cards && s.cards.length);
  const cells = [];
  for (const s of seats) {
    const units = cards
      ? (s.cards || []).map((c) => ({ id: targetKey(c.card).toUpperCase(), alive: c.alive, label: targetKey(c.card).toUpperCase() }))
      : [{ id: String(s.seat), alive: s.alive, label: String(s.seat) }];
    for (const u of units) {
      cells.push({
        id: u.id, seat: s.seat, label: u.label, card: cards,
        name: nameOf(names, s.seat), me: s.seat === mySeat,
        dead: !u.alive, silenced: !!s.silenced, role: s.role ? s.role : '',
        enabled: enabledKeys ? enabledKeys.has(u.id) : false,
        selected: false, chosen: false, marks: [], cls: '',
      });
    }
  }
  return { layout: cards ? 'cards' : 'circle', cells };
}

// variantT is key's words in variant: `key.<variant>` where the variant
// words it otherwise (two-hands taps hands, v5.0-dual cards, where the
// others tap seats), else key. It depends on the variant only, so every
// phone of a game reads the same words.
export function variantT(T, variant, key, data) {
  const k = [key, variant].join('.');
  const s = variant ? T(k, data) : k;
  return s !== k ? s : T(key, data);
}

// nightModel: the night screen. It is the same for every role and every
// kind of task — title, hint, status wording, button labels, which buttons
// are enabled, which seats take a tap, colours — so that nobody glancing at
// a phone across the table learns anything: only the seat numbers in
// "Your pick: 6" / "Confirm 6" differ, and they differ for everyone. Each
// screen goes through the same states:
//
//   nothing picked   "No pick yet"    [Skip]  [Pick a seat] (disabled)
//   a seat tapped    "Your pick: 6"   [Skip]  [Confirm 6]
//   confirmed        "Your pick: 6"   [Skip]  [Done ✓]      (both disabled)
//   skipped          "Skipped"        [Skip]  [Done ✓]      (both disabled)
//
// A player without a night action makes a private guess (kept on this
// phone, never sent) and confirms it the same way; "Skip" is then "ready
// without a guess". Everything that depends on the role — the action's
// name, team picks, "first finish …", where an answer appears — is in
// `peek`, which app.js shows only while the card is held. `wire` says what
// the buttons and taps do; it is never rendered either.
export function nightModel(T, pv, names, local = {}) {
  const tv = pv.table;
  // a task is behind this phone once done, or skipped or refused without
  // sending (it keeps the finished look; see below). A Skip on a task that
  // waits for an earlier one (the witch's antidote before the knife closes)
  // is sent once the task opens (deferredSkips): the screen does not open
  // again when the knife closes.
  const skippedNow = (t) => !!(local.skipped && local.skipped[taskKey(t)]);
  // A seat the task could not use keeps the screen while the engine would
  // still take a pick (task.open): the next screen would leave the task
  // unanswered for the night (the guard's seat of last night, the witch's
  // antidote on another seat); the player picks again or skips.
  // A pick refused while the task waited (the antidote before the knife)
  // is forgotten once it opens, like such a Skip.
  const refusedOf = (t) => {
    const k = taskKey(t);
    const r = local.refused ? local.refused[k] : null;
    return r == null || (local.refusedWait && local.refusedWait[k] && !t.waiting) ? null : r;
  };
  const behind = (t) => !!t.done || skippedNow(t) || (refusedOf(t) != null && !t.open);
  const task = nightTask(pv.tasks, local.focus, behind);
  const sel = local.sel || {};
  const c = cellsFor(tv, names, pv.seat, null);
  // every living seat takes a tap, for every role: a tap the task cannot
  // use is answered by one generic message (app.js), whoever taps
  for (const x of c.cells) x.enabled = !x.dead;
  const variant = tv.variant || '';
  const vt = (key, data) => variantT(T, variant, key, data);
  // the setup night (v5.0-dual's, two-hands' redeal question): a night to
  // look at one's cards, worded alike on every phone
  const setup = !!(tv.narration && tv.narration.key === 'setup-night');
  const m = {
    kind: 'night',
    title: setup ? T('night.setupTitle', { Round: tv.round }) : T('night.title', { Round: tv.round }),
    hint: setup ? vt('night.setupHint') : vt('night.hint'),
    status: T('night.noPick'),
    layout: c.layout, cells: c.cells, center: T('phase.night', { Round: tv.round }),
    primary: { label: vt('night.pickFirst'), enabled: false },
    secondary: { label: T('night.skip'), enabled: true },
    peek: null,
    wire: { taskKey: '', action: '', legal: [], done: false, primary: null, secondary: { do: 'refuse' } },
  };
  // Where a seat holds several cards, a phone may have up to that many
  // tasks tonight, one screen after the other. Every phone goes through as
  // many screens: one with fewer tasks gets private guesses (never sent)
  // after its own, as many as the engine says (pv.pads), so that a
  // neighbour does not see who had a second step.
  const acts = (pv.tasks || []).filter((t) => !t.place);
  const padsNeeded = pv.pads || 0;
  const pads = local.pads || 0;
  if (padsNeeded && pads < padsNeeded && acts.every(behind)) {
    const key = `pad:${pads}`;
    const legal = c.cells.filter((x) => !x.dead).map((x) => x.id);
    const picked = sel[key] != null && legal.includes(targetKey(sel[key]).toUpperCase()) ? sel[key] : null;
    m.wire = { taskKey: key, action: 'pad', legal, usable: legal, done: false, primary: null, secondary: { do: 'pad-skip' } };
    if (picked != null) {
      c.cells.find((x) => x.id === targetKey(picked).toUpperCase()).selected = true;
      m.status = T('night.chosen', { Target: targetLabel(T, picked) });
      m.primary = { label: T('night.confirm', { Target: targetLabel(T, picked) }), enabled: true };
      m.wire.primary = { do: 'pad', target: picked };
    }
    m.peek = { title: T('peek.guess'), lines: [T('peek.pad')], marks: [] };
    return m;
  }
  if (!task) {
    // nothing to do: the finished look
    m.status = T('night.skipped');
    m.primary = { label: T('night.doneShort'), enabled: false };
    m.secondary.enabled = false;
    m.wire.done = true;
    m.peek = { title: T('peek.nothing'), lines: [], marks: [] };
    return m;
  }
  const key = taskKey(task);
  const isSleep = task.action === 'sleep';
  const isSuspect = task.place === 'mark';
  const targets = task.targets || [];
  const upper = (t) => targetKey(t).toUpperCase();
  const byId = new Map(m.cells.map((x) => [x.id, x]));
  m.wire.taskKey = key;
  m.wire.action = task.action;

  // the confirmed choice, and whether this task is finished
  let choice = null;
  let ownMark = null; // the police's own huddle mark (a tap on the checked seat may mark it)
  let done = !!task.done;
  // Skip on a task that cannot be skipped (mandatory, or waiting for an
  // earlier one) sends nothing, but the screen takes the finished look a
  // sleeper's Skip gets ("Skipped", "Done ✓", no message): the player may
  // still tap a seat and confirm, and the card says that nothing was sent.
  const localSkip = !done && !isSleep && !isSuspect && skippedNow(task);
  if (isSleep) {
    choice = done && local.guess != null ? local.guess : null;
  } else if (isSuspect) {
    // The police huddle marker comes after the check has locked. It is an
    // add-on, like a sleeper's new guess after "ready": the screen keeps the
    // finished look ("Your pick: …" of the check, or the own mark, "Done ✓"),
    // and a tap on a seat then "Confirm" moves the mark. What it is for is
    // told behind the card only.
    const own = (pv.huddle || []).find((p) => p.seat === pv.seat && p.target != null);
    const prev = (pv.tasks || []).filter((t) => !t.place && t.done);
    const last = prev.length ? prev[prev.length - 1] : null;
    choice = own ? own.target : last && last.choice != null ? last.choice : null;
    ownMark = own ? own.target : null;
    done = true;
  } else {
    choice = task.choice != null ? task.choice : null;
  }
  // may the player still change the action? while the engine says its pick
  // is open (task.open: before it is done; a group pick until the group
  // locks; the huddle's marker), and a sleeper's private guess at any time
  const changeable = !!task.open || isSleep;
  const living = m.cells.filter((x) => !x.dead).map((x) => x.id);

  // the seats (or cards) the task can use now
  let usable = [];
  if (changeable) {
    if (isSleep) {
      usable = living; // a guess, on anyone
    } else if (task.noTarget) {
      // a question without a target (two-hands' redeal): tap one's own seat
      const own = task.card != null ? [upper(task.card)] : m.cells.filter((x) => x.seat === pv.seat).map((x) => x.id);
      usable = own.filter((id) => living.includes(id));
    } else {
      usable = targets.map(upper).filter((id) => byId.has(id));
    }
  }
  // Every living seat takes a tap and a "Confirm" on every phone, whatever
  // the task and its state, and the screen answers alike: a seat the task
  // cannot use, or a tap once the action is final, becomes a private pick
  // that is never sent ("refused" / a guess); the card tells which it was.
  const final = done && !changeable && !isSleep && !isSuspect;
  const refused = !done ? refusedOf(task) : null;
  if (final && local.guess != null) choice = local.guess;
  if (refused != null) choice = refused;
  const shownDone = done || localSkip || refused != null;
  // after the guesses that pad the steps, the last screen's answer shows
  if (shownDone && padsNeeded && pads >= padsNeeded && local.padPick !== undefined) choice = local.padPick;
  const legal = living;
  m.wire.legal = legal;
  m.wire.usable = usable;
  m.wire.done = shownDone;
  const picked = sel[key] != null && legal.includes(upper(sel[key])) ? sel[key] : null;
  const current = isSuspect ? ownMark : choice;
  const fresh = picked != null && !(current != null && sameTarget(picked, current));
  if (fresh) byId.get(upper(picked)).selected = true;
  if (choice != null && byId.has(upper(choice))) byId.get(upper(choice)).chosen = true;

  // status: the same wording for everyone
  if (fresh) m.status = T('night.chosen', { Target: targetLabel(T, picked) });
  else if (choice != null) m.status = T('night.chosen', { Target: targetLabel(T, choice) });
  else if (shownDone) m.status = T('night.skipped');

  // buttons: the same labels and enabled states for everyone
  if (fresh) {
    const found = targets.find((t) => sameTarget(t, picked));
    const target = found !== undefined ? found : picked;
    m.primary = { label: T('night.confirm', { Target: targetLabel(T, picked) }), enabled: true };
    if (isSleep) m.wire.primary = { do: done ? 'guess' : 'sleep', target: picked };
    else if (final) m.wire.primary = { do: 'guess', target: picked };
    else if (!usable.includes(upper(picked))) m.wire.primary = { do: 'local-pick', target: picked, ...(task.waiting ? { wait: true } : {}) };
    else if (task.noTarget) m.wire.primary = { do: 'use', target: picked };
    else m.wire.primary = { do: 'confirm', target };
  } else if (shownDone) {
    m.primary = { label: T('night.doneShort'), enabled: false };
  }
  // (after a seat the task could not use the screen has the finished look
  // of any confirm; the player may still pick another seat: see behind)
  m.secondary.enabled = !shownDone;
  if (!shownDone) {
    if (isSleep) m.wire.secondary = { do: 'sleep-skip' }; // ready without a guess
    else if (task.waiting || task.locked) m.wire.secondary = { do: 'local-skip', wait: !!task.waiting };
    else if (task.decline) m.wire.secondary = { do: 'decline' };
    else if (task.optional) m.wire.secondary = { do: 'skip' };
    else m.wire.secondary = { do: 'local-skip' }; // mandatory: nothing sent, told only behind the card
  }

  // the card: what this screen's tap does, for this role only
  const action = tId(T, 'action', task.action);
  const lines = [];
  let title;
  if (isSleep) {
    title = T('peek.guess');
    lines.push(T('peek.sleep'));
  } else {
    title = task.card != null ? T('peek.taskCard', { Action: action, Card: targetKey(task.card).toUpperCase() }) : T('peek.task', { Action: action });
    if (task.waiting) lines.push(T('night.waiting', { Action: tId(T, 'action', task.waiting) }));
    if (isSuspect) lines.push(T('night.suspectHint'));
    else if (task.noTarget) lines.push(vt('peek.noTarget'));
    else if (task.group) lines.push(T('peek.group'));
    else lines.push(T('peek.solo'));
    // how this action is given on the screen, where it is not plain (the
    // witch's potions); it says how to decline it too
    const howto = `peek.howto.${task.action}.${variant}`;
    const how = variant && T(howto) !== howto ? T(howto) : '';
    if (task.locked) lines.push(T('peek.locked'));
    else if (how) lines.push(how);
    else if (!isSuspect && task.decline) lines.push(T('peek.decline', { Action: tId(T, 'action', task.decline) }));
    else if (!isSuspect && task.optional) lines.push(T('peek.optional'));
    else if (!isSuspect) lines.push(vt('peek.mandatory'));
    if (task.answers) lines.push(T('night.answerHint'));
    if (localSkip) lines.push(local.skipped[key] === 'wait' && task.optional ? T('peek.skipLater') : vt('peek.notSent'));
    if (refused != null) lines.push(notUsableText(T, variant, task.action, refused));
    if (final && task.choice != null) lines.push(T('peek.final', { Target: targetLabel(T, task.choice) }));
    else if (final) lines.push(T('peek.finalNone'));
  }
  const marks = [];
  const mark = (p) => {
    if (p.target == null || !byId.has(upper(p.target))) return;
    let x = marks.find((k) => k.id === upper(p.target));
    if (!x) marks.push((x = { id: upper(p.target), seats: [] }));
    x.seats.push(p.seat);
  };
  if (isSuspect) {
    const others = (pv.huddle || []).filter((p) => p.seat !== pv.seat);
    lines.push(T('night.huddle', { Picks: others.length ? picksText(T, others) : '—' }));
    others.forEach(mark);
  } else if (task.group || task.shared || (task.team && task.team.length)) {
    const team = task.team || [];
    lines.push(team.length ? T('night.team', { Picks: picksText(T, team) }) : T('night.teamNone'));
    team.forEach(mark);
  }
  const all = (pv.tasks || []).filter(nightStep);
  if (all.length > 1) {
    lines.push(T('peek.steps', { Actions: listLabel(T, all.map((t) => tId(T, 'action', t.action) + (t.card != null ? ` ${targetKey(t.card).toUpperCase()}` : '') + (t.done ? ' ✓' : ''))) }));
  }
  m.peek = { title, lines, marks };
  return m;
}

// notUsableText says behind the card that a picked seat was not sent: in
// the words of the engine's refusal where a task's one reason is known
// (peek.notUsable.<action>[.<variant>]: the guard's seat of last night,
// werewolf-12's antidote on another seat), else the variant's or the
// common words.
function notUsableText(T, variant, action, target) {
  const data = { Target: targetLabel(T, target) };
  for (const key of [`peek.notUsable.${action}.${variant}`, `peek.notUsable.${action}`]) {
    const s = T(key, data);
    if (s !== key) return s;
  }
  return variantT(T, variant, 'peek.notUsable', data);
}

// deferredSkips are the tasks whose Skip the player gave while they waited
// for an earlier one (local.skipped[key] 'wait') and that are open now:
// the page sends their skip (nightCommand(task, 'skip')), once each
// (local.deferSent).
export function deferredSkips(pv, local = {}) {
  if (!pv || !pv.table || pv.table.phase !== 'night') return [];
  return (pv.tasks || []).filter((t) => {
    const k = taskKey(t);
    return local.skipped && local.skipped[k] === 'wait' && t.open && !t.done && t.optional && !(local.deferSent && local.deferSent[k]);
  });
}

// nightCommand is the cmd frame body for a night button's wire.do.
export function nightCommand(task, what, target) {
  const c = { do: task.action };
  if (what === 'skip') c.do = 'skip';
  if (what === 'decline') c.do = task.decline || 'skip';
  if (what === 'sleep' || what === 'sleep-skip') return { do: 'sleep' };
  if (what === 'confirm') c.target = target;
  if (task.card != null) c.card = task.card;
  return c;
}

// ---- cat-lives-7 ---------------------------------------------------------------------------

// manifestoChars counts a manifesto's draft: its code points but the blanks
// the engine leaves out, which the view lists (catLives.manifesto.blank).
export function manifestoChars(text, blank) {
  return [...String(text || '')].filter((ch) => !String(blank || '').includes(ch)).length;
}

// catModel: cat-lives-7's action screen (night and day): action points, the
// privileges of the held cards (each opens a form: target, manifesto,
// position, form to take), this phase's pending uses, the discard order
// editor, the free-choice stance, and "done". The same panel for every
// player, whatever their cards.
export function catModel(T, pv, names, local = {}) {
  const c = pv.catLives;
  if (!c) return null;
  const tv = pv.table;
  const cl = local.cat || {};
  const tasks = pv.tasks || [];
  const has = (a) => tasks.find((t) => t.action === a);
  const privs = (c.privileges || []).map((p) => ({
    key: `${p.action}:${p.via}`,
    action: p.action, label: tId(T, 'action', p.action), card: tId(T, 'role', p.card),
    cost: T('cat.cost', { Cost: p.cost }), costN: p.cost,
    // usable now, in this phase (the engine lists night privileges by day too, unusable)
    usable: !!p.usable && !!has(p.action), reason: p.usable ? '' : refusalText(T, p.why),
    needs: p.needs || [], target: p.target, targets: p.targets || [], positions: p.positions || {},
    into: p.into || [], via: p.via,
  })).sort((a, b) => Number(b.usable) - Number(a.usable)); // usable now first
  const m = {
    kind: 'cat',
    points: T('cat.points', { Points: c.points }),
    manifesto: c.manifesto && c.manifesto.attacks > 0
      ? T('cat.manifesto', { Chars: c.manifesto.chars, Need: c.manifesto.need }) : '',
    saved: c.saved ? T('cat.saved') : '',
    privileges: privs,
    form: null,
    pending: (c.pending || []).map((p) => ({
      label: tId(T, 'action', p.action) + (p.target != null ? ` → ${targetLabel(T, p.target)}` : ''),
      cmd: { do: 'withdraw', action: p.action, ...(p.target != null ? { target: p.target } : {}) },
    })),
    order: null, stance: null,
    done: (() => {
      const d = has('done');
      if (!d) return null;
      return d.done ? { label: T('night.doneShort'), enabled: false } : { label: T('cat.done'), enabled: true, cmd: { do: 'done' } };
    })(),
  };
  const open = privs.find((p) => p.key === cl.open && p.usable);
  if (open) {
    const needText = open.needs.includes('text');
    const needPos = open.needs.includes('position');
    const needInto = open.needs.includes('into');
    let cells = null;
    if (open.target !== 'none') {
      const enabled = new Set(open.targets.map((t) => targetKey(t).toUpperCase()));
      cells = cellsFor(tv, names, pv.seat, enabled).cells;
      for (const x of cells) if (cl.target != null && sameTarget(x.id, cl.target)) x.selected = true;
    }
    const positions = needPos && cl.target != null ? open.positions[String(targetSeat(cl.target))] || [] : [];
    // this attack's text counts with the manifestos already sent tonight;
    // the engine says what they need together with one more attack (§8.1)
    const mf = c.manifesto;
    const have = mf.chars + manifestoChars(cl.text, mf.blank);
    const need = mf.next || 0;
    const ready = (open.target === 'none' || cl.target != null)
      && (!needPos || positions.includes(cl.position))
      && (!needInto || open.into.includes(cl.into))
      && (!needText || have >= need);
    const cmd = { do: open.action, via: open.via };
    if (open.target !== 'none' && cl.target != null) cmd.target = cl.target;
    if (needText) cmd.text = cl.text || '';
    if (needPos) cmd.position = cl.position;
    if (needInto) cmd.into = cl.into;
    m.form = {
      key: open.key, title: `${open.label} · ${open.card}`, cells,
      text: needText ? {
        hint: T('cat.text', { Min: mf.min }), count: T('cat.chars', { Count: have, Need: need }), have, need,
        short: have < need ? T('cat.short', { Count: have, Need: need }) : '',
      } : null,
      positions: needPos ? { label: T('cat.position'), options: positions, value: cl.position } : null,
      into: needInto ? { label: T('cat.into'), options: open.into.map((x) => ({ id: x, label: tId(T, 'role', x) })), value: cl.into } : null,
      primary: { label: T('cat.use', { Action: open.label, Cost: open.costN }), enabled: ready, cmd },
    };
  }
  if (c.orderOpen) {
    const cards = cl.order && cl.order.length === (c.cards || []).length ? cl.order : (c.proposed || (c.cards || []).map((x) => x.card));
    const fixed = !!c.bottomFixed;
    m.order = {
      title: T('cat.order'),
      rows: cards.map((id, i) => ({
        id, label: tId(T, 'role', id), bottom: i === cards.length - 1,
        up: i > 0 && !(fixed && i === cards.length - 1),
        down: i < cards.length - 1 && !(fixed && i === cards.length - 2),
        fixed: fixed && i === cards.length - 1,
      })),
      bottomFixed: fixed,
      sent: !!c.proposed && (!cl.order || cl.order.join() === c.proposed.join()),
      primary: { label: c.proposed && (!cl.order || cl.order.join() === c.proposed.join()) ? T('cat.orderSent') : T('cat.orderSubmit'),
        enabled: !c.proposed || (!!cl.order && cl.order.join() !== c.proposed.join()), cmd: { do: 'order', order: cards } },
    };
  }
  if (has('stance')) {
    const cur = c.stance || {};
    const chosen = !!cur.camp; // the engine's: '' while independent
    const camp = cl.camp || (chosen ? cur.camp : '');
    const cowin = cl.cowin != null ? cl.cowin : !!cur.cowin;
    m.stance = {
      title: T('cat.stance'),
      now: T('cat.stanceNow', { Camp: chosen
        ? tId(T, 'camp', cur.camp) + (cur.cowin ? ` · ${T('cat.cowin')}` : ` · ${T('cat.solo')}`) : T('cat.independent') }),
      camps: (cur.camps || []).map((x) => ({ id: x, label: tId(T, 'camp', x), selected: camp === x })),
      cowin: { label: T('cat.cowin'), value: cowin },
      primary: { label: T('cat.stanceSubmit', { Camp: camp ? tId(T, 'camp', camp) : '…' }), enabled: !!camp, cmd: { do: 'stance', camp, cowin } },
    };
  }
  return m;
}

// catClosedModel: cat-lives-7's panel as everybody sees it, closed. The same
// for every player whatever their cards: a title, a hint and the button that
// opens the hand. Points (commoner cards add points), privileges and costs,
// the manifesto, pending uses, the discard order, the stance and "done" are
// all in catModel, drawn only after a deliberate tap on that button, and the
// page closes it again after CAT_IDLE_MS without a touch or when hidden.
export const CAT_IDLE_MS = 20000;
export function catClosedModel(T, pv) {
  if (!pv || !pv.catLives) return null;
  const tv = pv.table || {};
  const night = tv.phase === 'night';
  return {
    kind: 'cat-closed',
    title: night ? T('night.title', { Round: tv.round }) : T('cat.dayTitle', { Round: tv.round }),
    hint: T('cat.handHint', { Seconds: CAT_IDLE_MS / 1000 }),
    open: T('cat.open'),
  };
}

// moveCard moves the card at index from to index to in a discard order
// (drag and drop); with the bottom card fixed, the last card stays last and
// nothing is dropped below it. Returns a new array, or null for no move.
export function moveCard(ids, from, to, bottomFixed) {
  const n = ids.length;
  const last = bottomFixed ? n - 2 : n - 1;
  if (from < 0 || from >= n || (bottomFixed && from === n - 1)) return null;
  to = Math.max(0, Math.min(last, to));
  if (to === from) return null;
  const out = ids.slice();
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
}

// catPeek is the held cards for the hold-to-peek card.
export function catPeek(T, pv) {
  const c = pv && pv.catLives;
  if (!c) return null;
  return {
    title: T('cat.cards'),
    cards: (c.cards || []).map((x, i) => {
      const tags = [];
      if (x.bottom) tags.push(T('cat.bottom'));
      if (x.pending) tags.push(T('cat.pendingCard'));
      if (x.guard) tags.push(T('cat.guard'));
      if (x.form) tags.push(T('cat.form', { Form: tId(T, 'role', x.form) }));
      return `${i + 1}. ${tId(T, 'role', x.card)}${tags.length ? ` (${listLabel(T, tags)})` : ''}`;
    }),
    lost: c.lost && c.lost.length ? T('cat.lost', { Cards: listLabel(T, c.lost.map((x) => tId(T, 'role', x))) }) : '',
    notice: c.notice === 'cowin' ? T('cat.notice.cowin') : '',
    points: T('cat.points', { Points: c.points }),
  };
}

// ---- day ---------------------------------------------------------------------------------

export function ballotModel(T, tv, names) {
  const b = tv.ballot;
  if (!b) return null;
  const open = !!b.open;
  const votes = b.votes || [];
  const rows = (b.counts && b.counts.length ? b.counts : b.candidates.map((c) => ({ target: c, votes: null }))).map((c) => {
    const voters = votes.filter((v) => sameTarget(v.target, c.target)).map((v) => v.seat);
    return {
      target: targetLabel(T, c.target), name: nameOf(names, targetSeat(c.target)),
      votes: c.votes, count: c.votes == null ? '' : T('votes.n', { N: c.votes }), // as the big screen writes it
      voters: voters.length ? listLabel(T, voters.map(String)) : '',
      calling: !b.closed && b.calling != null && sameTarget(b.calling, c.target),
      top: !!(b.top || []).find((x) => sameTarget(x, c.target)),
    };
  });
  let outcome = '';
  if (b.closed) {
    if (b.outcome === 'out' && b.top && b.top.length) outcome = T('ballot.out', { Target: targetLabel(T, b.top[0]) });
    else if (b.outcome === 'tie') outcome = T('ballot.tie', { Seats: targetsLabel(T, b.top || []) });
    else if (b.outcome === 'none') outcome = T('ballot.none');
  }
  const ww = tv.werewolf; // werewolf-12's public part: the election's ballots are the sheriff's
  return {
    title: ww && ww.electing ? T('ww.ballot.election') : T('ballot.title', { Index: b.index }),
    // the same wording as the narration (and the big screen): narr.vote-call
    calling: !b.closed && b.calling != null ? T('narr.vote-call', { Target: targetLabel(T, b.calling) }) : '',
    callingName: !b.closed && b.calling != null ? nameOf(names, targetSeat(b.calling)) : '',
    cast: T('ballot.cast', { Cast: b.cast, Total: (b.voters || []).length }),
    rows,
    abstained: b.abstained && b.abstained.length ? T('ballot.abstained', { Seats: listLabel(T, b.abstained.map(String)) }) : '',
    secret: !open && !b.closed ? T('ballot.secret') : '',
    outcome, closed: !!b.closed,
  };
}

// ballotOf is the ballot a task's commands name, as the task says (the
// engine refuses them as stale once it has closed).
function ballotOf(task) { return task.ballot ? { ballot: task.ballot } : {}; }

// taskCommand is the command of a day task: its action, its card (a hand's
// vote) and its ballot, with extra fields.
export function taskCommand(task, extra) {
  return { do: task.action, ...(task.card != null ? { card: task.card } : {}), ...ballotOf(task), ...extra };
}

// dayTasks are the tasks the day screen offers, alive or dead: the
// engine's (a dead seat's are those of the turn the floor gives it: last
// words, werewolf-12's skill and badge turns).
export function dayTasks(pv) {
  return (pv && pv.tasks) || [];
}

// dayModel: the day screen (also the dead players' and spectators' screen,
// with pv null or without tasks).
export function dayModel(T, tv, names, pv, local = {}) {
  const tasks = (pv && pv.tasks) || [];
  const m = {
    kind: 'day',
    narration: narrationText(T, tv),
    // (werewolf-12's skill, badge and order turns are no speech: the
    // narration names the seat)
    speaker: tv.speaker && !tv.decision ? { label: T('day.speaking', { Seat: seatLabel(T, tv.speaker) }), name: nameOf(names, tv.speaker) } : null,
    next: tv.next ? { label: T('day.next', { Seat: seatLabel(T, tv.next) }), name: nameOf(names, tv.next) } : null,
    pass: tasks.some((t) => t.action === 'pass'),
    dawn: tv.dawn && tv.dawn.round === tv.round ? dawnText(T, tv.dawn) : '',
    tied: tv.tied && tv.tied.length && tv.stage !== 'vote' ? T('day.tied', { Seats: targetsLabel(T, tv.tied) }) : '',
    suspects: tv.suspects && tv.suspects.length ? T('day.suspects', { Seats: targetsLabel(T, tv.suspects) }) : '',
    lastWords: tv.stage === 'last-words' ? T('day.lastWordsLeft', { Count: tv.lastWordsLeft }) : '',
    ballot: ballotModel(T, tv, names),
    vote: null,
    table: null,
    sheriff: sheriffText(T, tv),
  };
  // The day task with targets shown on the table: a vote (one per hand or
  // card in two-card variants: the first not yet cast), or another targeted
  // day action such as two-hands' nomination.
  const targeted = tasks.filter((t) => !t.place && t.action !== 'pass' && (t.action === 'vote' || (t.targets && t.targets.length)));
  const vt = targeted.find((t) => !t.done) || targeted[0];
  if (vt) {
    const isVote = vt.action === 'vote';
    const targets = vt.targets || [];
    const enabled = new Set(vt.done ? [] : targets.map((t) => targetKey(t).toUpperCase()));
    const c = cellsFor(tv, names, pv.seat, enabled);
    const byId = new Map(c.cells.map((x) => [x.id, x]));
    const picked = local.vote;
    if (picked != null && byId.has(targetKey(picked).toUpperCase()) && !vt.done) byId.get(targetKey(picked).toUpperCase()).selected = true;
    if (vt.choice != null && byId.has(targetKey(vt.choice).toUpperCase())) byId.get(targetKey(vt.choice).toUpperCase()).chosen = true;
    const b = tv.ballot;
    if (isVote && b && b.mode === 'sequential-open' && b.calling != null && !b.closed) {
      m.vote = callModel(T, tv, names, vt);
      return m;
    }
    if (isVote && b && b.calling != null && byId.has(targetKey(b.calling).toUpperCase())) byId.get(targetKey(b.calling).toUpperCase()).cls = 'calling';
    const action = tId(T, 'action', vt.action);
    let status = isVote ? T('vote.pick') : T('night.soloHint');
    if (vt.skipped) status = T('vote.youAbstained');
    else if (vt.choice != null) status = isVote ? T('vote.you', { Target: targetLabel(T, vt.choice) }) : T('day.done', { Target: targetLabel(T, vt.choice) });
    // "Tap a candidate, then confirm · 2 left": the sentence's stop gives way to the count
    if (vt.count > 1 && !vt.done) status = status.replace(/[.。]$/, '') + ' · ' + T('task.left', { Count: vt.count });
    const canPick = !vt.done && picked != null && !!targets.find((t) => sameTarget(t, picked));
    const cmd = (extra) => taskCommand(vt, extra);
    m.vote = {
      title: action, hand: vt.card != null ? T('vote.hand', { Card: targetKey(vt.card) }) : '',
      layout: c.layout, cells: c.cells, status, done: !!vt.done,
      primary: vt.done
        ? { label: status, cmd: null, enabled: false }
        : canPick
          ? { label: isVote ? T('vote.confirm', { Target: targetLabel(T, picked) }) : T('day.confirm', { Action: action, Target: targetLabel(T, picked) }), cmd: cmd({ target: picked }), enabled: true, target: picked }
          : { label: isVote ? T('vote.pickFirst') : variantT(T, tv.variant || '', 'night.pickFirst'), cmd: null, enabled: false },
      secondary: isVote && vt.abstain && !vt.done ? { label: T('vote.abstain'), cmd: cmd({ do: 'abstain' }), enabled: true } : null,
    };
  } else {
    const c = cellsFor(tv, names, pv ? pv.seat : 0, null);
    for (const x of c.cells) {
      if (x.seat === tv.speaker) x.cls = 'speaker';
      else if (x.seat === tv.next) x.cls = 'next';
    }
    m.table = { layout: c.layout, cells: c.cells };
  }
  return m;
}

// ---- werewolf-12's day decisions -------------------------------------------------------------

// turnModel is the panel of the tasks the engine offers in a turn of their
// own (place 'turn'), or null when it offers none:
//
//   - stand (上警 / 不上警): every living phone at once, two buttons, the
//     same for everyone; the choice stays on the phone's screen only;
//   - a skill turn (是否发动技能): the same for every role, whatever the
//     engine offers: every living seat but one's own takes a pick and
//     "Confirm", beside "no skill". Where the engine lists the seat as a
//     target (the hunter who can shoot), Confirm shoots it; elsewhere it
//     ends the turn as "skip", as the no-skill button does, and only the
//     held card (peek) says which it was;
//   - the badge turn: hand the badge to a seat the engine lists, or tear it;
//   - the order turn: the speeches start to the anchor's left or right
//     (field side), each button saying who speaks first that way (the
//     engine's werewolf.starts: the phone works out no seat).
//
// The phone decides no rule: the tasks and their targets are the engine's.
export function turnModel(T, tv, names, pv, local = {}) {
  const tasks = (pv && pv.tasks) || [];
  const find = (a) => tasks.find((t) => t.place === 'turn' && t.action === a);
  const btn = (ctl, cls, label, enabled, cmd) => ({ ctl, cls, label, enabled: !!enabled, cmd: enabled ? cmd : null });
  const stand = find('stand');
  if (stand) {
    const done = !!stand.done;
    return {
      kind: 'stand', title: T('ww.stand.title'), hint: T('ww.stand.hint'),
      status: done ? T(stand.skipped ? 'ww.stand.no' : 'ww.stand.yes') : T('ww.stand.ask'),
      cells: null, peek: null,
      buttons: [btn('turn.second', 'second', T('ww.stand.skip'), !done, { do: 'skip' }), btn('turn.primary', 'primary', T('ww.stand.stand'), !done, { do: 'stand' })],
    };
  }
  const order = find('order');
  if (order) {
    const starts = tv.werewolf.starts; // with the order task, always
    const side = (s, cls) => btn(`turn.${s}`, cls, T('ww.order.from', { Side: T(`ww.order.${s}`), Seat: starts[s] }), !order.done, { do: 'order', side: s });
    return {
      kind: 'order', title: T('ww.order.title'), hint: T('ww.order.hint'), status: '', cells: null, peek: null,
      buttons: [side('right', 'second'), side('left', 'primary')],
    };
  }
  const pickOf = (cells) => {
    const p = local.turn;
    const cell = p != null && cells.find((x) => x.enabled && x.id === targetKey(p).toUpperCase());
    if (cell) cell.selected = true;
    return cell ? p : null;
  };
  const shoot = find('shoot');
  if (shoot) {
    const c = cellsFor(tv, names, pv.seat, null);
    for (const x of c.cells) x.enabled = !x.dead && !x.me; // the same seats on every phone
    const picked = pickOf(c.cells);
    const usable = picked != null && (shoot.targets || []).some((t) => sameTarget(t, picked));
    return {
      kind: 'skill', title: T('ww.skill.title'), hint: T('ww.skill.hint'),
      status: picked != null ? T('night.chosen', { Target: targetLabel(T, picked) }) : T('night.noPick'),
      layout: c.layout, cells: c.cells,
      buttons: [btn('turn.second', 'second', T('ww.skill.skip'), true, { do: 'skip' }),
        btn('turn.primary', 'primary', picked != null ? T('night.confirm', { Target: targetLabel(T, picked) }) : T('night.pickFirst'), picked != null,
          usable ? { do: 'shoot', target: picked } : { do: 'skip' })],
      peek: { title: T('peek.task', { Action: tId(T, 'action', 'shoot') }), lines: [T((shoot.targets || []).length ? 'ww.skill.can' : 'ww.skill.cannot')], marks: [] },
    };
  }
  const badge = find('badge');
  if (badge) {
    const ok = new Set((badge.targets || []).map((t) => targetKey(t).toUpperCase()));
    const c = cellsFor(tv, names, pv.seat, ok);
    const picked = pickOf(c.cells);
    return {
      kind: 'badge', title: T('ww.badge.title'), hint: T('ww.badge.hint'),
      status: picked != null ? T('night.chosen', { Target: targetLabel(T, picked) }) : T('night.noPick'),
      layout: c.layout, cells: c.cells, peek: null,
      buttons: [btn('turn.second', 'second', T('ww.badge.tear'), !!find('tear'), { do: 'tear' }),
        btn('turn.primary', 'primary', picked != null ? T('ww.badge.give', { Target: targetLabel(T, picked) }) : T('night.pickFirst'), picked != null,
          { do: 'badge', target: picked })],
    };
  }
  return null;
}

// withdrawModel is a candidate's 退水 while the engine offers it (the
// task of place 'confirm'): one tap arms it, a second confirms (armed: the
// phone's local state).
export function withdrawModel(T, pv, armed) {
  const t = pv && (pv.tasks || []).find((x) => x.place === 'confirm');
  if (!t) return null;
  if (!armed) return { hint: T('ww.withdraw.hint'), buttons: [{ ctl: 'withdraw', cls: 'second', label: T('ww.withdraw.button'), arm: true }] };
  return {
    hint: T('ww.withdraw.confirm'),
    buttons: [{ ctl: 'withdraw.cancel', cls: 'ghost', label: T('cancel'), cancel: true },
      { ctl: 'withdraw.yes', cls: 'danger', label: T('ww.withdraw.yes'), cmd: { do: t.action } }],
  };
}

// sheriffText is werewolf-12's public state of the badge for the day
// screen, the same on every phone: the candidates (警上) and who withdrew
// while an election runs, else the sheriff or the lost badge; '' elsewhere.
export function sheriffText(T, tv) {
  const ww = tv && tv.werewolf;
  if (!ww) return '';
  if (ww.electing) {
    if (tv.stage === 'stand') return ''; // the stand choices are secret until the window closes
    let s = T('ww.candidates', { Seats: targetsLabel(T, ww.candidates || []) || '—' });
    if (ww.withdrawn && ww.withdrawn.length) s += ' · ' + T('ww.withdrawn', { Seats: targetsLabel(T, ww.withdrawn) });
    return s;
  }
  if (ww.sheriff) return T('ww.sheriff', { Seat: seatLabel(T, ww.sheriff) });
  if (ww.badgeGone) return T('ww.badgeGone');
  return '';
}

// callModel: a sequential open ballot calls the candidates one by one ("hands
// up for 7"). The voter answers the call in front of them: one deliberate tap
// raises the hand for the called candidate ("vote" with that target), the
// other lets them go ("skip": not this one; the task then says passed until
// the next call). No pick-then-confirm: the call lasts only seconds.
export function callModel(T, tv, names, vt) {
  const b = tv.ballot;
  const target = targetLabel(T, b.calling);
  const can = !vt.done && !vt.passed && (vt.targets || []).some((t) => sameTarget(t, b.calling));
  let status = T('vote.callHint', { Target: target });
  if (vt.skipped) status = T('vote.youAbstained');
  else if (vt.done && vt.choice != null) status = T('vote.you', { Target: targetLabel(T, vt.choice) });
  else if (vt.done) status = T('night.doneShort');
  else if (vt.passed) status = T('vote.passed', { Target: target });
  else if (!can) status = T('vote.notYou', { Target: target });
  const cmd = (extra) => taskCommand(vt, extra);
  return {
    kind: 'call',
    title: tId(T, 'action', 'vote'), hand: vt.card != null ? T('vote.hand', { Card: targetKey(vt.card) }) : '',
    call: T('narr.vote-call', { Target: target }), target, callName: nameOf(names, targetSeat(b.calling)),
    status, done: !!vt.done,
    raise: { label: T('vote.raise', { Target: target }), enabled: can, cmd: can ? cmd({ target: b.calling }) : null, target: b.calling },
    // once let go, "not this one" stays in its place, disabled: the row
    // beside it (不投) keeps its size instead of jumping under the finger
    letGo: !vt.done && (vt.optional || vt.passed) ? {
      label: T('vote.letGo', { Target: target }), enabled: !!vt.optional && !vt.passed,
      cmd: vt.optional && !vt.passed ? { do: 'skip', ...ballotOf(vt) } : null,
    } : null,
    secondary: vt.abstain && !vt.done ? { label: T('vote.abstain'), cmd: cmd({ do: 'abstain' }), enabled: true } : null,
  };
}

// ---- menu and the card's own controls ---------------------------------------------------------

// menuModel: the ☰ sheet. The same entries for every player whatever the
// role (a neighbour sees it opened): the language, the room, the phone
// code, close. Role
// controls (the self-reveal) are behind the held card (cardActions).
export function menuModel(T, st) {
  return {
    language: T('menu.language'), lang: T('lang.switch'),
    room: st && st.room ? T('menu.room', { Room: st.room }) : '',
    // the phone code the host checks against a request for a freed seat
    phone: st && st.phoneCode ? T('menu.phone', { Code: st.phoneCode }) : '',
    // the scoreboard: in the lobby and at the end only
    board: st && st.evening && st.evening.games && !['night', 'day', 'watch'].includes(screenOf(st)) ? T('evening.open') : '',
    close: T('menu.close'),
  };
}

// boardModel: the host's "evening" frame as the ☰ sheet shows it (a
// variant's own counts, werewolf-12's badge, potions and shots, after the
// roles).
export function boardModel(T, ev) {
  ev = ev || {};
  const list = (xs) => listLabel(T, xs);
  const side = (s) => (s === 'alone' ? T('evening.side.alone') : winnerText(T, s));
  return {
    title: T('evening.title'),
    cols: [T('evening.col.player'), T('evening.col.games'), T('evening.col.wins'), T('evening.col.roles')],
    players: (ev.players || []).map((p) => ({
      name: p.name, games: String(p.games), wins: String(p.wins),
      roles: list((p.roles || []).map((r) => tId(T, 'role', r.role) + (r.n > 1 ? `×${r.n}` : '')))
        + (p.stats ? ` · ${list(p.stats.map((x) => T(`evening.stat.${x.kind}`, { N: x.n })))}` : ''),
    })),
    notesTitle: T('evening.notes'),
    notes: (ev.notes || []).map((n) => T(`evening.note.${n.kind}`, { Name: n.name, N: n.n || 0, Of: n.of || 0, Games: list((n.games || []).map(String)) })),
    games: (ev.played || []).map((g, i) => ({ id: g.id, label: `${T('evening.game', { N: i + 1 })} · ${tId(T, 'variant', g.variant)} · ${side(g.winner)}` })),
    save: T('evening.save'),
  };
}

// cardActions: the controls drawn inside the held card, for this player
// only: the self-reveal (爆) while the engine offers it (the task of place
// 'card'; cmd sends it). A control inside the card is used by sliding the
// finger that holds the card onto it and letting go; the self-reveal takes
// that twice (armed, then confirmed).
export function cardActions(T, pv, armed) {
  const t = pv && (pv.tasks || []).find((x) => x.place === 'card');
  if (!t) return null;
  const cmd = { do: t.action };
  if (!armed) return { hint: T('card.slideHint'), items: [{ id: 'explode', label: T('explode.button'), cls: 'danger' }], cmd };
  return {
    hint: T('explode.confirm'), cmd,
    items: [{ id: 'explode-cancel', label: T('cancel'), cls: 'second' }, { id: 'explode-yes', label: T('explode.yes'), cls: 'danger' }],
  };
}

// ---- game over ---------------------------------------------------------------------------

// overModel is the end screen: the winner and why, whether this player won
// (outcome: the engine's PlayerView.outcome, "won" / "lost"; '' for a
// spectator, a draw or a game the host ended), every role and the replay.
export function overModel(T, tv, names, outcome) {
  const reveal = (tv.reveal || []).map((r) => ({
    seat: seatLabel(T, r.seat), name: nameOf(names, r.seat),
    // a seat's cards or hands, each but the last followed by list.cards
    // ("Killer · Villager", 杀手、村民: a card's own name may hold a "/"),
    // as on the big screen and in the saved replay
    roles: (r.roles || []).map((x, i, all) => ({ role: tId(T, 'role', x), alive: r.alive ? r.alive[i] !== false : true,
      sep: i < all.length - 1 ? T('list.cards').trimEnd() : '' })),
    camp: r.camp ? tId(T, 'camp', r.camp) : '',
    alive: !(r.alive || []).every((a) => a === false),
  }));
  const groups = [];
  let cur = null;
  for (const mo of tv.timeline || []) {
    const key = `${mo.round}:${mo.phase}`;
    if (!cur || cur.key !== key) {
      cur = { key, title: T(mo.phase === 'day' ? 'over.day' : 'over.night', { Round: mo.round }), lines: [] };
      groups.push(cur);
    }
    const line = lineText(T, mo.line);
    if (line) cur.lines.push(line);
  }
  const winner = winnerText(T, tv.winner);
  const reason = reasonText(T, tv.why);
  // the reason, unless it only repeats the winner (the host ended the game)
  const you = outcome === 'won' ? T('over.won') : outcome === 'lost' ? T('over.lost') : '';
  // the reason stands on a line of its own: an English one starts with a
  // capital, as the big screen's detail lines do (announce.go capLines)
  return { winner, you, won: outcome === 'won', reason: reason.toLowerCase() !== winner.toLowerCase() ? capFirst(reason) : '', reveal, timeline: groups };
}

// lineText is a line in codes (the engine's game.Line: a words key and its
// arguments; a timeline's moment.line) in the dictionary's words, as the
// big screen and the saved file say it (lan/replay LineText): a value is a
// number or a string as it is, a name ({id: keys}: the first key the
// dictionary has, else the id), a list ({list, sep}) or a line.
export function lineText(T, l) {
  if (!l || !l.k) return '';
  const a = {};
  for (const [n, v] of Object.entries(l.a || {})) a[n] = lineArg(T, v);
  return T(l.k, a);
}
function lineArg(T, v) {
  if (v == null || typeof v !== 'object') return v;
  if (v.id) {
    const k = v.id.find((x) => T(x) !== x);
    return k ? T(k) : (v.id[v.id.length - 1] || '').replace(/^[^.]*\./, '');
  }
  if (v.list) return v.list.map((x) => lineArg(T, x)).join(T(v.sep || 'list.sep'));
  return lineText(T, v);
}

// ---- notifications -------------------------------------------------------------------------

// buzzes: whether the view pv vibrates the phone. The engine decides when
// (pv.buzz, the key of its latest cue that calls this seat: nightfall for
// every living seat whatever its role, the floor passing to it, a ballot it
// votes in); the phone vibrates for a key it has not acted on. last is the
// key acted on last: null on a fresh load (its first view never vibrates:
// that cue came before the page), '' in the lobby (the game's first does).
export const buzzes = (last, pv) => !!pv.buzz && pv.buzz !== last && last !== null;

// syncSig summarises what the page holds, for end-to-end tests (written to
// body[data-sync]): table version, phase, and each task's action with "+"
// when done and "!" when locked. lan/browser_test.go computes the same from
// the engine's view to know when a page has caught up.
export function syncSig(pv, tv) {
  const t = pv ? pv.table : tv;
  if (!t) return '';
  const tasks = pv ? (pv.tasks || []).map((x) => `${x.action}${x.done ? '+' : ''}${x.locked ? '!' : ''}`).join(',') : '';
  return `${t.version}|${t.phase}|${tasks}`;
}

// refusalText is the engine's refusal of a command (an error frame's
// refusal, a privilege's why: a code and its arguments) in the dictionary's
// words, "refuse.<code>" with seats, targets, actions and roles named as the
// page names them; '' for a code the dictionary has no words for.
export function refusalText(T, r) {
  if (!r || !r.code) return '';
  const key = `refuse.${r.code}`;
  const num = (x) => (x == null ? 0 : x); // the engine leaves out a 0
  const s = T(key, {
    Seat: num(r.seat), Target: r.target != null ? targetLabel(T, r.target) : '',
    Action: r.action ? tId(T, 'action', r.action) : '', Role: r.role ? tId(T, 'role', r.role) : '',
    Roles: listLabel(T, (r.roles || []).map((x) => tId(T, 'role', x))), Text: r.text || '',
    N: num(r.n), Have: num(r.have), Need: num(r.need), Each: num(r.each), Position: num(r.position),
    Round: num(r.round), Ballot: num(r.ballot), Now: num(r.now), Open: num(r.open),
  });
  return s === key ? '' : s;
}

// errorText translates an error frame: a known code; a refusal by the rules
// in the dictionary's words after a translated "Refused:" ("操作被拒绝：");
// else the server's (English) reason after it, so that a Chinese player at
// least knows that something was refused.
export function errorText(T, f) {
  if (f.code && JOIN_ERRORS.includes(f.code)) return T(`err.${f.code}`, { Reason: f.reason || '' });
  return T('err.unknown', { Reason: refusalText(T, f.refusal) || f.reason || f.code || '?' });
}

// cmdErrorText is the toast for a refused command. At night an engine's
// reason can name the action ("your kill is mandatory"), so the toast only
// says that something was refused, the same for every role; the reason
// (errorText) goes behind the card, with the role.
export function cmdErrorText(T, f, night) {
  if (night && !(f.code && JOIN_ERRORS.includes(f.code))) return T('err.night');
  return errorText(T, f);
}

// ---- role cards, the held card's fixed layout and the rules sheet -------------------------------

// roleText is role's card in variant: roleinfo.<variant>.<role> where the
// role plays otherwise in that variant, else roleinfo.<role> (assets'
// RoleCard reads the same keys); '' when there is none.
export function roleText(T, variant, role) {
  for (const key of [['roleinfo', variant, role].join('.'), ['roleinfo', role].join('.')]) {
    const s = T(key);
    if (s !== key) return s;
  }
  return '';
}

// CAMPS are the camps a view may name (PlayerView.camp).
export const CAMPS = ['good', 'killers', 'werewolves', 'free-choice'];

// campText is how camp wins in variant, where the variant's cards leave the
// win to the camp (v5.0-dual, two-hands, cat-lives-7); '' elsewhere.
export function campText(T, variant, camp) {
  const key = ['roleinfo', variant, 'camp', camp].join('.');
  const s = T(key);
  return camp && s !== key ? s : '';
}

// cardModel is the held card in the parts and row counts the table view
// gives (tv.card, the same for every seat of the game): every card of a
// game has the same parts in the same places, each as tall as the game's
// largest, whatever this seat's role, team, answers or task; only the words
// differ. `measure` lists the texts of every role and camp of the variant:
// the page sizes the role texts' part for the tallest of them.
export function cardModel(T, pv, names, tonight) {
  const m = peekModel(T, pv, names);
  const tv = pv.table || {};
  const sh = tv.card || { cards: Math.max(1, (pv.roles || []).length), camp: !!pv.camp, team: m.team.length, results: 2, tonight: 4 };
  const variant = tv.variant || '';
  const own = [];
  for (const r of pv.roles || []) if (!own.includes(r)) own.push(r); // cat-lives-7: a commoner once
  const about = [];
  for (let i = 0; i < sh.cards; i++) {
    const r = own[i];
    about.push(r ? { role: tId(T, 'role', r), card: m.roles[i] ? m.roles[i].card : '', text: roleText(T, variant, r) } : { role: '', card: '', text: '' });
  }
  return {
    shape: sh,
    you: { label: m.dead ? T('peek.dead') : T('peek.you'), roles: m.roles, cat: catPeek(T, pv) },
    camp: sh.camp ? { line: m.camp, text: campText(T, variant, pv.camp) } : null,
    team: sh.team > 0 ? { label: T('peek.team'), items: m.team, none: T('peek.noTeam') } : null,
    results: sh.results > 0 ? { label: T('peek.results'), items: m.results.slice().reverse(), none: T('peek.noResults') } : null,
    tonight: tonight ? { title: tonight.title, lines: tonight.lines } : { title: '', lines: [] },
    about: { label: T('peek.about'), items: about },
    measure: {
      about: (tv.roles || []).map((r) => roleText(T, variant, r)).filter(Boolean),
      camp: sh.camp ? CAMPS.map((c) => campText(T, variant, c)).filter(Boolean) : [],
    },
  };
}

// rulesModel is the ☰ menu's rules sheet (and the big screen's): the
// variant's summary, a round, how each side wins and every role's card of
// the variant. It depends on the variant and the language only, never on
// the phone's roles, so it is the same on every phone.
export function rulesModel(T, variant, roles) {
  if (!variant) return null;
  const tx = (key) => { const s = T(key); return s === key ? '' : s; };
  return {
    title: T('rules.title', { Variant: tId(T, 'variant', variant) }),
    summary: tx(['summary', variant].join('.')),
    round: { title: T('rules.roundTitle'), text: tx(['rules', 'round', variant].join('.')) },
    win: { title: T('rules.winTitle'), text: tx(['rules', 'win', variant].join('.')) },
    camps: CAMPS.map((c) => campText(T, variant, c)).filter(Boolean),
    rolesTitle: T('rules.rolesTitle'),
    roles: (roles || []).map((r) => ({ name: tId(T, 'role', r), text: roleText(T, variant, r) })),
    back: T('rules.back'),
  };
}

// firstNightHint is the one line a phone's first night ever shows, the same
// for every role. seen is what the phone remembers ('' on its first night);
// night is this night's key. It returns the line and what to remember: the
// first night's key, so that the line stays all that night (a reload
// included) and never comes back.
export function firstNightHint(T, seen, night, variant = '') {
  if (!night) return { line: '', seen };
  const line = variantT(T, variant, 'hint.firstNight');
  if (!seen) return { line, seen: night };
  return { line: seen === night ? line : '', seen };
}

// ---- in-app browsers (join.js shows them the way out) ----------------------------------------

// IN_APPS: the in-app browsers, by user agent. QQ's own browser says
// "MQQBrowser/" (a real browser, like QQ Browser's "QQBrowser/"): only the
// QQ app's " QQ/8.9" counts.
const IN_APPS = [
  ['wechat', /MicroMessenger\//i],
  ['qq', /(^|[^A-Za-z])QQ\/\d/],
  ['alipay', /AlipayClient/i],
  ['dingtalk', /DingTalk/i],
  ['weibo', /(^|[^a-z])weibo/i],
];

// inAppOf names the in-app browser of a user agent, and whether it runs on
// iOS (its menu says "Open in Safari" there, "Open in Browser" on Android);
// null for a browser of the phone's own.
export function inAppOf(ua) {
  ua = String(ua || '');
  for (const [app, re] of IN_APPS) {
    if (re.test(ua)) return { app, ios: /iPhone|iPad|iPod/.test(ua) };
  }
  return null;
}
