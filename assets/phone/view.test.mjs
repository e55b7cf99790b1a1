// Unit tests of the phone page's pure logic: node --test assets/phone/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as V from './static/view.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dict = (l) => JSON.parse(readFileSync(path.join(here, '..', 'i18n', `${l}.json`), 'utf8'));
const en = dict('en');
const zh = dict('zh');
const T = V.makeT(en);
const TZ = V.makeT(zh, en);
const fixture = (name) => JSON.parse(readFileSync(path.join(here, 'fixtures', `${name}.json`), 'utf8'));
const viewOf = (name) => {
  const f = fixture(name).find((x) => x.t === 'view');
  return { pv: f.view, names: f.names };
};
const tableOf = (name) => {
  const f = fixture(name).find((x) => x.t === 'table');
  return { tv: f.table, names: f.names };
};

test('format fills Go-template fields', () => {
  assert.equal(V.format('Seat {{.Seat}} of {{ .Players }}', { Seat: 3, Players: 12 }), 'Seat 3 of 12');
  assert.equal(V.format('{{.Missing}}x', {}), 'x');
  assert.equal(V.makeT({}, { a: 'fallback {{.N}}' })('a', { N: 1 }), 'fallback 1');
  assert.equal(V.makeT({})('no.such.key'), 'no.such.key');
});

test('pickLang', () => {
  assert.equal(V.pickLang('zh-CN'), 'zh');
  assert.equal(V.pickLang('zh-Hant-TW'), 'zh');
  assert.equal(V.pickLang('en-GB'), 'en');
  assert.equal(V.pickLang('de'), 'en');
  assert.equal(V.pickLang(undefined), 'en');
});

// Ids the translations must cover (answer.<id>, narr.<key>, … in both
// i18n files): codes of the engine's views the page translates by family.
// The names of variants, roles, actions and options come from the engine's
// own tables: assets/names_test.go checks them. (Kept here, not in
// view.js: the page reads the codes from its views and needs no list, and
// every byte of it counts against the first load.)
const ANSWER_IDS = ['killer', 'not-killer', 'secret-police', 'not-secret-police', 'none'];
const NARRATION_KEYS = ['night', 'setup-night', 'day', 'last-words', 'speech', 'pk-speech', 'defence', 'nomination',
  'discussion', 'closing', 'vote-call', 'vote', 'immune', 'over', 'campaign', 'campaign-pk', 'skill', 'badge', 'order'];
const CAMP_IDS = ['good', 'killers', 'werewolves', 'free-choice'];
const WINNER_IDS = ['good', 'killers', 'werewolves', 'draw', 'none'];

test('i18n files have the same keys and the same fields', () => {
  assert.deepEqual(Object.keys(zh).sort(), Object.keys(en).sort());
  const fields = (s) => [...s.matchAll(/\{\{\s*\.(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
  for (const k of Object.keys(en)) assert.deepEqual(fields(zh[k]), fields(en[k]), k);
});

test('every id family is translated', () => {
  const need = [
    ...ANSWER_IDS.map((x) => `answer.${x}`), ...NARRATION_KEYS.map((x) => `narr.${x}`),
    ...WINNER_IDS.map((x) => `winner.${x}`), ...V.JOIN_ERRORS.map((x) => `err.${x}`),
    ...CAMP_IDS.map((x) => `camp.${x}`),
    'winner.seat', 'dawn.dead', 'dawn.peaceful',
  ];
  for (const k of need) {
    assert.ok(k in en, `en lacks ${k}`);
    assert.ok(k in zh, `zh lacks ${k}`);
  }
});

test('targets', () => {
  assert.equal(V.targetLabel(T, 6), 'Seat 6');
  assert.equal(V.targetLabel(T, '3l'), '3L');
  assert.equal(V.targetLabel(TZ, 6), '6号');
  assert.ok(V.sameTarget(6, '6'));
  assert.ok(V.sameTarget('3L', '3l'));
  assert.ok(!V.sameTarget('3L', '3R'));
  assert.deepEqual([5, '2R', '2L', 1].sort(V.compareTargets), [1, '2L', '2R', 5]);
});

test('seats go clockwise from the bottom: seat 2 is to the left of seat 1', () => {
  for (const n of [6, 8, 12]) {
    const p = V.seatPositions(n, 300, 360, 50);
    assert.equal(p.length, n);
    assert.ok(Math.abs(p[0].x - 150) < 0.5, 'seat 1 centred');
    assert.ok(p[0].y > 300, 'seat 1 at the bottom');
    assert.ok(p[1].x < p[0].x, `n=${n}: seat 2 left of seat 1`);
    // a quarter of the way round is the left (west) side, half way the top
    const q = p[Math.round(n / 4)], top = p[n / 2];
    if (n % 4 === 0) assert.ok(q.x < 40, `n=${n}: quarter seat on the left`);
    assert.ok(top.y < 60 && Math.abs(top.x - 150) < 0.5, `n=${n}: opposite seat at the top`);
    // clockwise on screen: the signed area (y down) is negative
    let area = 0;
    for (let i = 0; i < n; i++) {
      const a = p[i], b = p[(i + 1) % n];
      area += a.x * b.y - b.x * a.y;
    }
    assert.ok(area > 0, 'clockwise in screen coordinates (y down)');
    // buttons do not overlap
    for (let i = 0; i < n; i++) {
      const a = p[i], b = p[(i + 1) % n];
      assert.ok(Math.hypot(a.x - b.x, a.y - b.y) >= 48, `n=${n}: seats ${i + 1},${i + 2} apart`);
    }
  }
});

test('table box keeps touch targets at least 48 px and fits 360 px', () => {
  for (let n = 4; n <= 20; n++) {
    const b = V.tableBox(n, 360 - 24 - 26);
    assert.ok(b.size >= 48);
    assert.ok(b.w <= 310);
    const p = V.seatPositions(n, b.w, b.h, b.size);
    for (let i = 0; i < n; i++) {
      const a = p[i], c = p[(i + 1) % n];
      assert.ok(Math.hypot(a.x - c.x, a.y - c.y) >= b.size * 0.95, `n=${n}: neighbours ${i + 1} and ${((i + 1) % n) + 1} overlap`);
    }
  }
});

test('the join screen\'s table flattens to the height left, every seat in sight, neighbours apart', () => {
  for (let n = 4; n <= 20; n++) {
    for (const maxH of [300, 360, 420]) {
      const b = V.tableBox(n, 336, maxH);
      assert.ok(b.size >= 48, `n=${n}`);
      const p = V.seatPositions(n, b.w, b.h, b.size);
      for (let i = 0; i < n; i++) {
        const a = p[i], c = p[(i + 1) % n];
        assert.ok(Math.hypot(a.x - c.x, a.y - c.y) >= b.size * 0.95, `n=${n} maxH=${maxH}: neighbours ${i + 1} and ${((i + 1) % n) + 1} overlap`);
      }
    }
  }
  // a 16-seat table on a 360×740 screen has about 360 px under the join form
  assert.ok(V.tableBox(16, 336, 360).h <= 360);
  assert.ok(V.tableBox(20, 336, 380).h <= 380);
  assert.deepEqual(V.tableBox(12, 336, 1000), V.tableBox(12, 336), 'room enough: the usual box');
});

// The heart of the night's fairness: every role's night screen is the same.
// `visible` is what the page draws from a night model: everything but the
// card's content (`peek`, drawn only while the card is held) and the wiring
// (`wire`, what a tap or button does, never drawn). `anon` also drops which
// seat is the phone's own, for views of different seats.
const visible = (m) => { const { peek, wire, ...rest } = m; return rest; };
const anon = (m) => ({ ...visible(m), cells: m.cells.map(({ me, ...c }) => c) });

// One table (classic-2.0, 12 seats, night 1), seen from seat 4 by a killer,
// a police officer, a doctor and a civilian.
function rolesAtOneTable() {
  const { pv, names } = viewOf('night-killer');
  const all = pv.table.seats.map((s) => s.seat);
  const as = (roles, tasks, known) => ({ ...structuredClone(pv), roles, tasks, known });
  return {
    names,
    views: {
      killer: structuredClone(pv),
      police: as(['police'], [{ action: 'check', step: 1, role: 'police', group: true, targets: all.filter((s) => ![4, 7, 11].includes(s)), done: false, open: true }],
        [{ target: 4, role: 'police' }, { target: 7, role: 'police' }, { target: 11, role: 'police' }]),
      doctor: as(['doctor'], [{ action: 'save', step: 2, role: 'doctor', optional: true, targets: all, done: false, open: true }], null),
      civilian: as(['civilian'], [{ action: 'sleep', step: 0, done: false, open: true }], null),
    },
  };
}

// the states a night screen goes through, applied to any role's view
const STATES = {
  fresh: (pv) => ({ pv, local: {} }),
  picked: (pv) => ({ pv, local: { sel: { [V.taskKey(pv.tasks[0])]: 6 } } }),
  confirmed: (pv) => {
    const v = structuredClone(pv);
    v.tasks[0].done = true;
    v.tasks[0].open = !!v.tasks[0].group; // as the engine says: a group's pick stays open until the group locks
    if (v.tasks[0].action !== 'sleep') v.tasks[0].choice = 6;
    return { pv: v, local: { sel: { [V.taskKey(v.tasks[0])]: 6 }, guess: 6 } };
  },
  skipped: (pv) => {
    const v = structuredClone(pv);
    v.tasks[0].done = true;
    v.tasks[0].open = !!v.tasks[0].group;
    if (v.tasks[0].action !== 'sleep') v.tasks[0].skipped = true;
    return { pv: v, local: {} };
  },
  teamPicking: (pv) => { // a teammate (if any) picks 6: live on the killer's card only
    const v = structuredClone(pv);
    if (v.tasks[0].group) v.tasks[0].team = [{ seat: 9, target: 6 }];
    return { pv: v, local: {} };
  },
};

test('night screens are identical for a killer, a police, a doctor and a civilian at one table', () => {
  const { views, names } = rolesAtOneTable();
  for (const [lang, t] of [['en', T], ['zh', TZ]]) {
    for (const [state, make] of Object.entries(STATES)) {
      const ms = Object.fromEntries(Object.entries(views).map(([role, pv]) => {
        const x = make(pv);
        return [role, V.nightModel(t, x.pv, names, x.local)];
      }));
      for (const role of ['killer', 'police', 'doctor']) {
        // title, hint, status, centre, layout, every seat's look and tap-ability, button labels and states
        assert.deepEqual(visible(ms[role]), visible(ms.civilian), `${lang} ${state}: ${role} vs civilian`);
      }
      // nothing on screen names a role or an action
      const text = JSON.stringify(visible(ms.killer));
      for (const word of ['Kill', 'Check', 'Save', 'Ready', 'Team', 'Guess', '杀', '验', '救', '同伴', '准备', '猜测']) {
        assert.ok(!text.includes(word), `${lang} ${state}: "${word}" on screen`);
      }
      // ... but the card (held) does
      assert.notDeepEqual(ms.killer.peek, ms.civilian.peek);
    }
  }
  // the states themselves
  const c = views.civilian, k = views.killer;
  const m = (f, pv) => { const x = f(pv); return V.nightModel(T, x.pv, names, x.local); };
  const fresh = m(STATES.fresh, c);
  assert.equal(fresh.title, 'Night 1 · your move');
  assert.equal(V.nightModel(TZ, c, names, {}).title, '第 1 夜 · 请行动');
  assert.equal(fresh.status, 'No pick yet');
  assert.deepEqual([fresh.secondary, fresh.primary], [{ label: 'Skip', enabled: true }, { label: 'Pick a seat', enabled: false }]);
  const picked = m(STATES.picked, c);
  assert.equal(picked.status, 'Your pick: Seat 6');
  assert.deepEqual(picked.primary, { label: 'Confirm Seat 6', enabled: true });
  assert.equal(picked.cells.find((x) => x.id === '6').selected, true);
  const done = m(STATES.confirmed, c);
  assert.equal(done.status, 'Your pick: Seat 6');
  assert.deepEqual([done.secondary.enabled, done.primary], [false, { label: 'Done ✓', enabled: false }]);
  assert.equal(done.cells.find((x) => x.id === '6').chosen, true);
  assert.equal(m(STATES.skipped, c).status, 'Skipped');
  // every living seat takes a tap on every phone; which ones the task can use is wiring
  assert.ok(fresh.cells.every((x) => x.enabled === !x.dead));
  // every living seat takes a pick on every phone, oneself included; which ones the task can use is wiring
  assert.deepEqual(fresh.wire.legal, m(STATES.fresh, views.police).wire.legal);
  assert.deepEqual(m(STATES.fresh, views.police).wire.usable, ['1', '2', '3', '5', '6', '8', '9', '10', '12']);
  // a police officer confirming a teammate: nothing is sent, the screen looks confirmed, the card says why
  const p7 = V.nightModel(T, views.police, names, { sel: { [V.taskKey(views.police.tasks[0])]: 7 } });
  assert.deepEqual(p7.wire.primary, { do: 'local-pick', target: 7 });
  const r7 = V.nightModel(T, views.police, names, { refused: { [V.taskKey(views.police.tasks[0])]: 7 } });
  const c7 = structuredClone(c);
  c7.tasks[0].done = true;
  assert.deepEqual(visible(r7), visible(V.nightModel(T, c7, names, { guess: 7 })), "like a sleeper's confirmed guess");
  assert.equal(r7.status, 'Your pick: Seat 7');
  assert.deepEqual([r7.primary, r7.secondary.enabled], [{ label: 'Done ✓', enabled: false }, false]);
  assert.ok(r7.peek.lines.some((l) => /Seat 7 cannot be chosen/.test(l)));
  assert.ok(r7.wire.usable.includes('6'), 'and may still pick a usable seat');
  // what the buttons do differs, out of sight
  assert.deepEqual(picked.wire.primary, { do: 'sleep', target: 6 });
  assert.deepEqual(m(STATES.picked, k).wire.primary, { do: 'confirm', target: 6 });
  assert.equal(fresh.wire.secondary.do, 'sleep-skip', "a sleeper's Skip: ready without a guess");
  assert.equal(m(STATES.fresh, k).wire.secondary.do, 'local-skip', 'a mandatory kill cannot be skipped: nothing is sent');
  assert.equal(m(STATES.fresh, views.doctor).wire.secondary.do, 'skip');
  // a teammate's pick is on the card only: text and marks
  const kt = m(STATES.teamPicking, k);
  assert.ok(kt.cells.every((x) => x.marks.length === 0));
  assert.deepEqual(kt.peek.marks, [{ id: '6', seats: [9] }]);
  assert.ok(kt.peek.lines.some((l) => /Team: 9→6/.test(l)), kt.peek.lines.join('\n'));
  assert.equal(kt.peek.title, 'Your tap: Kill');
  assert.equal(m(STATES.fresh, c).peek.title, 'Your tap: a private guess');
});

test('night screens of real views of one table are identical but for the own seat', () => {
  const pairs = [['night-killer', 'night-civilian'], ['night-doctor-16', 'night-civilian-16'],
    ['hands-night-killer', 'hands-night-villager'], ['dual-night-killer', 'dual-night-two-tasks'], ['night-cards-killer', 'night-cards-sleep']];
  for (const [a, b] of pairs) {
    const x = viewOf(a), y = viewOf(b);
    for (const t of [T, TZ]) {
      assert.deepEqual(anon(V.nightModel(t, x.pv, x.names, {})), anon(V.nightModel(t, y.pv, y.names, {})), `${a} vs ${b}`);
      // the same seat tapped on both phones (if both tasks can use it) looks the same
      const ka = V.nightModel(t, x.pv, x.names, {}).wire, kb = V.nightModel(t, y.pv, y.names, {}).wire;
      const both = ka.legal.find((id) => kb.legal.includes(id));
      const pick = (w) => ({ sel: { [w.taskKey]: /^\d+$/.test(both) ? Number(both) : both } });
      assert.deepEqual(anon(V.nightModel(t, x.pv, x.names, pick(ka))), anon(V.nightModel(t, y.pv, y.names, pick(kb))), `${a} vs ${b}, ${both} picked`);
    }
  }
  // v5.0-dual's setup night: the narration, for everyone
  const s = viewOf('dual-setup-night');
  assert.match(V.nightModel(T, s.pv, s.names, {}).hint, /Nobody acts/);
  assert.equal(V.nightModel(T, s.pv, s.names, {}).primary.label, 'Pick a card');
});

test('night: the neutral task takes a guess, which is never sent', () => {
  const { pv, names } = viewOf('night-civilian');
  const key = V.taskKey(pv.tasks[0]);
  const m = V.nightModel(T, pv, names, { sel: { [key]: 4 } });
  assert.deepEqual(V.nightCommand(pv.tasks[0], m.wire.primary.do, m.wire.primary.target), { do: 'sleep' });
  assert.deepEqual(V.nightCommand(pv.tasks[0], 'sleep-skip'), { do: 'sleep' });
  assert.ok(m.wire.legal.includes('1'), 'a guess on oneself, as a killer may pick any seat');
  assert.equal(m.cells.find((x) => x.id === '1').enabled, true);
  assert.equal(m.cells.find((x) => x.id === '4').selected, true);
  // after "ready" the guess may still change, as a team's pick may
  const done = structuredClone(pv);
  done.tasks[0].done = true;
  const m2 = V.nightModel(T, done, names, { sel: { [key]: 7 }, guess: 4 });
  assert.deepEqual(m2.primary, { label: 'Confirm Seat 7', enabled: true });
  assert.equal(m2.wire.primary.do, 'guess', 'nothing is sent again');
  assert.equal(m2.cells.find((x) => x.id === '4').chosen, true);
});

test('night: group task shows teammates on the card and lets the player change', () => {
  const { pv, names } = viewOf('night-killer-picks');
  const m = V.nightModel(T, pv, names, {});
  assert.equal(m.wire.action, 'kill');
  assert.equal(m.status, 'Your pick: Seat 6');
  assert.deepEqual(m.primary, { label: 'Done ✓', enabled: false }, 'nothing new to confirm');
  assert.equal(m.secondary.enabled, false);
  assert.equal(m.cells.find((x) => x.id === '6').chosen, true);
  assert.deepEqual(m.cells.find((x) => x.id === '6').marks, [], 'no marks on screen');
  assert.deepEqual(m.peek.marks, [{ id: '6', seats: [9] }]);
  assert.ok(m.peek.lines.some((l) => /9→6/.test(l)));
  assert.ok(m.peek.lines.some((l) => /Team action/.test(l)));
  const m2 = V.nightModel(T, pv, names, { sel: { [m.wire.taskKey]: 2 } });
  assert.equal(m2.primary.enabled, true);
  assert.deepEqual(V.nightCommand(pv.tasks[0], m2.wire.primary.do, m2.wire.primary.target), { do: 'kill', target: 2 });
});

test('night: locked group task is final', () => {
  const { pv, names } = viewOf('night-killer-locked');
  const m0 = V.nightModel(T, pv, names, {});
  assert.deepEqual(m0.primary, { label: 'Done ✓', enabled: false });
  assert.equal(m0.status, 'Your pick: Seat 5');
  assert.deepEqual(m0.wire.usable, []);
  assert.ok(m0.peek.lines.some((l) => /Final: your team/.test(l)));
  // a tap after that is a private guess, as a sleeper's after "ready"
  const m = V.nightModel(T, pv, names, { sel: { [V.taskKey(pv.tasks[0])]: 7 } });
  assert.deepEqual(m.primary, { label: 'Confirm Seat 7', enabled: true });
  assert.deepEqual(m.wire.primary, { do: 'guess', target: 7 });
  const g = V.nightModel(T, pv, names, { guess: 7 });
  assert.equal(g.status, 'Your pick: Seat 7');
  assert.ok(g.peek.lines.some((l) => /Final: Seat 5/.test(l)), g.peek.lines.join('\n'));
});

test('night: optional action offers Skip; a check says where its answer goes (on the card)', () => {
  const { pv, names } = viewOf('night-doctor-16');
  const m = V.nightModel(T, pv, names, {});
  assert.equal(m.wire.action, 'save');
  assert.equal(m.wire.secondary.do, 'skip');
  assert.deepEqual(V.nightCommand(pv.tasks[0], 'skip'), { do: 'skip' });
  assert.ok(m.peek.lines.some((l) => /Skip: you do not use it/.test(l)));
  const pol = viewOf('night-police');
  const mp = V.nightModel(T, pol.pv, pol.names, {});
  assert.ok(mp.peek.lines.some((l) => /on this card/.test(l)));
  assert.ok(!/card/.test(mp.hint + mp.status) || mp.hint === V.nightModel(T, pv, names, {}).hint);
});

test('night: police huddle (suspect) after the check', () => {
  const { pv, names } = viewOf('night-police-answer');
  const m = V.nightModel(T, pv, names, {});
  assert.equal(m.wire.action, 'suspect');
  // after the check locked, the screen has the finished look of everybody's
  // (the check's seat, Done ✓, Skip off); the mark is a tap and Confirm away
  assert.equal(m.status, 'Your pick: Seat 8');
  assert.deepEqual([m.secondary.enabled, m.primary], [false, { label: 'Done ✓', enabled: false }]);
  assert.ok(m.wire.legal.includes('8'), 'the checked seat may be marked');
  const m8 = V.nightModel(T, pv, names, { sel: { [m.wire.taskKey]: 8 } });
  assert.deepEqual(m8.primary, { label: 'Confirm Seat 8', enabled: true });
  assert.ok(m.peek.lines.some((l) => /Mark/i.test(l)), m.peek.lines.join('\n'));
  const m2 = V.nightModel(T, pv, names, { sel: { [m.wire.taskKey]: 7 } });
  assert.deepEqual(V.nightCommand(pv.tasks.find((t) => t.action === 'suspect'), m2.wire.primary.do, m2.wire.primary.target), { do: 'suspect', target: 7 });
  assert.ok(m.peek.lines.some((l) => /Police marks/.test(l)));
  // once this seat's mark is in the huddle, it is its choice: done, but it may move
  const marked = structuredClone(pv);
  marked.huddle = [{ seat: 1, target: 7 }, { seat: 5, target: 3 }];
  const m3 = V.nightModel(T, marked, names, { sel: { [m.wire.taskKey]: 7 } });
  assert.deepEqual(m3.primary, { label: 'Done ✓', enabled: false });
  assert.equal(m3.cells.find((c) => c.id === '7').chosen, true);
  assert.deepEqual(m3.cells.find((c) => c.id === '3').marks, []);
  assert.deepEqual(m3.peek.marks, [{ id: '3', seats: [5] }]);
  assert.ok(m3.wire.legal.includes('2'));
  assert.equal(m3.status, 'Your pick: Seat 7');
});

test('night: cards and hands get L/R buttons; a waiting task looks like any other', () => {
  const { pv, names } = viewOf('night-cards-killer');
  const m = V.nightModel(T, pv, names, { sel: {} });
  assert.equal(m.layout, 'cards');
  assert.equal(m.cells.length, 16);
  assert.equal(m.cells.find((c) => c.id === '6R').dead, true);
  assert.equal(m.cells.find((c) => c.id === '3L').label, '3L');
  assert.equal(m.peek.title, 'Your tap: Kill (card 4L)');
  assert.ok(m.peek.lines.some((l) => /Tonight: Kill 4L, Save 4R/.test(l)), m.peek.lines.join('\n'));
  const k = V.nightModel(T, pv, names, { sel: { [m.wire.taskKey]: '3R' } });
  assert.deepEqual(V.nightCommand(pv.tasks[0], k.wire.primary.do, k.wire.primary.target), { do: 'kill', target: '3R', card: '4L' });
  // the save waits on the kill: the same screen, nothing to tap, told on the card
  const w = structuredClone(pv);
  w.tasks = [w.tasks[1]];
  const mw = V.nightModel(T, w, names, {});
  const s = viewOf('night-cards-sleep');
  assert.deepEqual(anon(mw), anon(V.nightModel(T, s.pv, s.names, {})));
  assert.deepEqual(mw.wire.usable, []);
  assert.equal(mw.wire.secondary.do, 'local-skip');
  assert.ok(mw.peek.lines.some((l) => /First finish: Kill/.test(l)));
});

test('night: a question without a target (redeal) is the same screen: tap your own seat, or Skip', () => {
  const { pv, names } = viewOf('hands-night-villager');
  const q = structuredClone(pv);
  q.tasks = [{ action: 'redeal', step: 0, role: 'villager', noTarget: true, decline: 'keep', optional: true, done: false, open: true }];
  const m = V.nightModel(T, q, names, {});
  assert.deepEqual(visible(m), visible(V.nightModel(T, pv, names, {})));
  assert.deepEqual(m.wire.usable, ['8L', '8R']);
  assert.equal(m.wire.secondary.do, 'decline');
  assert.deepEqual(V.nightCommand(q.tasks[0], 'decline'), { do: 'keep' });
  const m2 = V.nightModel(T, q, names, { sel: { [m.wire.taskKey]: '8L' } });
  assert.equal(m2.primary.label, 'Confirm 8L');
  assert.deepEqual(V.nightCommand(q.tasks[0], m2.wire.primary.do, m2.wire.primary.target), { do: 'redeal' });
  assert.ok(m.peek.lines.some((l) => /your own hands/.test(l)) && m.peek.lines.some((l) => /Keep my cards/.test(l)));
});

test('two-hands\' night 0: one screen for the asked and the others, that says what the night is and names hands, not seats', () => {
  const asked = viewOf('hands-setup-double'), other = viewOf('hands-setup-villager');
  assert.ok(asked.pv.tasks.some((t) => t.action === 'redeal'));
  assert.ok(!other.pv.tasks.some((t) => t.action === 'redeal'));
  for (const t of [T, TZ]) {
    const a = V.nightModel(t, asked.pv, asked.names, {}), b = V.nightModel(t, other.pv, other.names, {});
    assert.deepEqual(anon(a), anon(b));
    const words = [a.title, a.hint, a.primary.label, a.secondary.label, a.status, V.firstNightHint(t, '', 'R:0:setup-night', 'two-hands').line];
    assert.equal(a.title, t === T ? 'Night 0 · your cards' : '第 0 夜 · 看牌');
    if (t === T) {
      for (const w of words) assert.ok(!/\bseats?\b|your move|Nobody acts|First night/i.test(w), w);
      assert.equal(a.primary.label, 'Pick a hand');
    } else {
      for (const w of words) assert.ok(!/座位|请行动|无人行动|第一夜/.test(w), w);
    }
  }
  // the asked seat's card: the question, on its own hands
  const peek = V.nightModel(T, asked.pv, asked.names, {}).peek;
  assert.ok(peek.lines.some((l) => /your own hands/.test(l)), peek.lines.join('\n'));
});

test('nightTask order: first undone, else the group task the engine says is open', () => {
  const tasks = [
    { action: 'kill', step: 0, group: true, done: true, choice: 3, open: true },
    { action: 'check', step: 1, done: false, waiting: '', open: true },
  ];
  assert.equal(V.nightTask(tasks).action, 'check');
  Object.assign(tasks[1], { done: true, open: false });
  assert.equal(V.nightTask(tasks).action, 'kill');
  Object.assign(tasks[0], { locked: true, open: false });
  assert.equal(V.nightTask(tasks).action, 'check');
  assert.equal(V.nightTask([]), null);
});

test('peek shows roles, teammates (not oneself) and private answers', () => {
  const { pv, names } = viewOf('night-police-answer');
  const p = V.peekModel(T, pv, names);
  assert.deepEqual(p.roles, [{ card: '', role: 'Police' }]);
  assert.ok(p.team.length >= 1);
  assert.ok(p.team.every((x) => x.target !== 'Seat 1'));
  assert.equal(p.results.length, 1);
  assert.match(p.results[0], /Night 1: Seat 8 → Killer/);
  const c = viewOf('night-cards-killer');
  const pc = V.peekModel(T, c.pv, c.names);
  assert.deepEqual(pc.roles.map((r) => r.card), ['4L', '4R']);
  assert.deepEqual(pc.team.map((x) => x.target), ['7R']);
});

test('day: the speaker gets pass; others do not; the self-reveal is only behind the card', () => {
  const me = viewOf('speech-me');
  const m = V.dayModel(T, me.pv.table, me.names, me.pv, {});
  assert.equal(m.pass, true);
  assert.match(m.narration, /Seat 3 speaks/);
  assert.match(m.speaker.label, /Speaking: Seat 3/);
  assert.equal(m.speaker.name, me.names['3']);
  assert.match(m.next.label, /Next: Seat 2/);
  const o = viewOf('speech-other');
  assert.equal(V.dayModel(T, o.pv.table, o.names, o.pv, {}).pass, false);
  const k = viewOf('speech-killer');
  const mk = V.dayModel(T, k.pv.table, k.names, k.pv, {});
  assert.equal(mk.explode, undefined);
  assert.equal(V.cardActions(T, k.pv, false).items[0].id, 'explode');
  assert.deepEqual(V.cardActions(T, k.pv, true).items.map((x) => x.id), ['explode-cancel', 'explode-yes']);
  assert.equal(V.cardActions(T, o.pv, false), null);
  // a killer's day screen has the same shape as a civilian's
  const civ = V.dayModel(T, o.pv.table, o.names, o.pv, {});
  assert.deepEqual(Object.keys(mk).sort(), Object.keys(civ).sort());
});

// simultaneous: the vote fixture (a sequential open ballot) as a secret ballot
function simultaneous(pv) {
  const v = structuredClone(pv);
  v.table.ballot.mode = 'simultaneous-secret';
  delete v.table.ballot.calling;
  delete v.tasks[0].optional;
  return v;
}

test('day: vote with candidates and abstain', () => {
  const pv = simultaneous(viewOf('vote').pv);
  const { names } = viewOf('vote');
  const m = V.dayModel(T, pv.table, names, pv, {});
  assert.ok(m.vote);
  assert.equal(m.vote.secondary.cmd.do, 'abstain');
  assert.deepEqual(m.vote.primary, { label: 'Pick first', cmd: null, enabled: false });
  assert.equal(m.vote.status, 'Tap a candidate, then confirm.');
  assert.equal(m.vote.cells.find((c) => c.id === '5').enabled, false, 'no self vote');
  assert.equal(m.vote.cells.find((c) => c.id === '6').dead, true);
  const m2 = V.dayModel(T, pv.table, names, pv, { vote: 9 });
  // a ballot's command names the ballot its task said (the engine refuses it once closed)
  assert.deepEqual(m2.vote.primary.cmd, { do: 'vote', target: 9, ballot: 1 });
  assert.equal(m2.vote.primary.target, 9);
  assert.deepEqual(m.vote.secondary.cmd, { do: 'abstain', ballot: 1 });
  // a hand's vote (two-hands) names the voting hand
  const hand = structuredClone(pv);
  hand.tasks[0].card = '5R';
  assert.deepEqual(V.dayModel(T, hand.table, names, hand, { vote: 9 }).vote.primary.cmd, { do: 'vote', target: 9, card: '5R', ballot: 1 });
  // another targeted day action (two-hands' nomination) gets the same panel
  const nom = structuredClone(pv);
  nom.tasks = [{ action: 'pass', step: 0, done: false }, { action: 'nominate', step: 0, targets: [1, 2], done: false }];
  const mn = V.dayModel(T, nom.table, names, nom, { vote: 2 });
  assert.equal(mn.pass, true);
  assert.equal(mn.vote.title, 'Nominate');
  assert.deepEqual(mn.vote.primary.cmd, { do: 'nominate', target: 2 });
  assert.equal(mn.vote.secondary, null);
  assert.match(m.ballot.cast, /of 11/);
});

test('day: a sequential open ballot: one tap raises the hand for the called candidate, one lets them go', () => {
  const { pv, names } = viewOf('vote');
  assert.equal(pv.table.ballot.mode, 'sequential-open');
  const m = V.dayModel(T, pv.table, names, pv, {});
  const v = m.vote;
  assert.equal(v.kind, 'call');
  // one wording everywhere: the narration, the ballot's line, the panel's call
  assert.equal(m.narration, 'Hands up to vote for Seat 7');
  assert.equal(m.ballot.calling, m.narration);
  assert.equal(v.call, m.narration);
  assert.equal(V.dayModel(TZ, pv.table, names, pv, {}).vote.call, '投7号的请举手');
  assert.equal(v.callName, names['7']);
  assert.deepEqual(v.raise, { label: 'Hands up for Seat 7', enabled: true, cmd: { do: 'vote', target: 7, ballot: 1 }, target: 7 });
  assert.equal(V.dayModel(TZ, pv.table, names, pv, {}).vote.raise.label, '举手 · 投7号');
  assert.deepEqual(v.letGo, { label: 'Not Seat 7', enabled: true, cmd: { do: 'skip', ballot: 1 } });
  assert.deepEqual(v.secondary.cmd, { do: 'abstain', ballot: 1 });
  assert.match(v.status, /Seat 7/);
  // after "not this one": passed until the next call
  const passed = structuredClone(pv);
  Object.assign(passed.tasks[0], { passed: true, optional: false });
  const mp = V.dayModel(T, passed.table, names, passed, {}).vote;
  assert.equal(mp.raise.enabled, false);
  // "not this one" stays in its place, disabled (the row keeps its shape)
  assert.deepEqual([mp.letGo.enabled, mp.letGo.cmd], [false, null]);
  assert.equal(mp.status, 'You let Seat 7 go. Wait for the next call.');
  // voted: the vote, nothing more to tap
  const voted = structuredClone(pv);
  Object.assign(voted.tasks[0], { done: true, choice: 7, optional: false });
  const mv = V.dayModel(T, voted.table, names, voted, {}).vote;
  assert.deepEqual([mv.raise.enabled, mv.letGo, mv.secondary, mv.status], [false, null, null, 'You voted for Seat 7']);
  // called: oneself (not a legal target): only "not this one"
  const self = structuredClone(pv);
  self.table.ballot.calling = 5;
  const ms = V.dayModel(T, self.table, names, self, {}).vote;
  assert.equal(ms.raise.enabled, false);
  assert.ok(ms.letGo);
  // the wording fits: no label of a call longer than the night's longest
  for (const t of [T, TZ]) {
    const x = V.dayModel(t, pv.table, names, pv, {}).vote;
    assert.ok([...x.letGo.label].length <= 14 && [...x.raise.label].length <= 24, x.letGo.label + ' / ' + x.raise.label);
  }
});

test('day: spectators see ballot counts, tie and dawn', () => {
  const { tv, names } = tableOf('pk-watch');
  const m = V.dayModel(T, tv, names, null, {});
  assert.equal(m.vote, null);
  assert.ok(m.table);
  assert.match(m.ballot.outcome, /Tie: Seat 2, Seat 9/);
  assert.match(m.tied, /Tied/);
  assert.match(m.dawn, /Seat 6/);
  const nine = m.ballot.rows.find((r) => r.target === 'Seat 9');
  assert.equal(nine.votes, 4);
  assert.match(nine.voters, /2, 3, 7, 11/);
});

test('game over: winner, every seat revealed, timeline by round', () => {
  const { pv, names } = viewOf('over');
  const m = V.overModel(T, pv.table, names);
  assert.equal(m.winner, 'The good side wins');
  assert.equal(m.reveal.length, pv.table.players);
  assert.ok(m.timeline.length >= 2);
  assert.equal(m.timeline[0].title, 'Night 1');
  const lines = m.timeline.flatMap((g) => g.lines);
  assert.ok(lines.some((l) => /killed \d/.test(l)), lines.join('\n'));
  assert.ok(lines.some((l) => /Dawn/.test(l)));
  assert.ok(lines.every((l) => !/^[:：]/.test(l)), 'no empty role prefix');
  assert.ok(lines.every((l) => !/\{\{|role\.|action\.|tl\./.test(l)), 'all translated');
  assert.match(m.reason, /^[A-Z]/, 'an English reason starts with a capital: ' + m.reason);
  const z = V.overModel(TZ, pv.table, names);
  assert.equal(z.winner, '好人获胜');
  // why it ended: the engine's code, translated (never its English sentence)
  assert.equal(z.reason, zh['reason.killers-dead']);
  assert.equal(V.reasonText(TZ, { code: 'stall', n: 3 }), zh['reason.stall'].replace('{{.N}}', '3'));
  assert.equal(V.overModel(T, { ...pv.table, winner: 'none', why: { code: 'host' } }, names).reason, '', 'the winner says it');
});

test('game over: the player is told whether they won, as the engine says', () => {
  const good = viewOf('over'); // standard-003, the good side won; seat 1 is good
  assert.equal(good.pv.outcome, 'won');
  const m = V.overModel(T, good.pv.table, good.names, good.pv.outcome);
  assert.equal(m.you, 'You won!');
  assert.ok(m.won);
  const hands = viewOf('hands-over'); // two-hands, the killer camp won
  const camp = hands.pv.camp;
  assert.equal(hands.pv.outcome, camp === hands.pv.table.winner ? 'won' : 'lost');
  assert.equal(V.overModel(TZ, hands.pv.table, hands.names, 'lost').you, '你输了。');
  assert.equal(V.overModel(T, hands.pv.table, hands.names, '').you, '', 'a spectator, a draw');
});

test(`game over: a seat's hands are named apart ("Killer · Villager", 杀手、村民), one card alone`, () => {
  const hands = viewOf('hands-over');
  for (const [t, sep] of [[T, ' ·'], [TZ, '、']]) {
    for (const r of V.overModel(t, hands.pv.table, hands.names, '').reveal) {
      assert.deepEqual(r.roles.map((x) => x.sep), [sep, ''], r.seat);
    }
  }
  const one = viewOf('over');
  for (const r of V.overModel(T, one.pv.table, one.names, '').reveal) assert.deepEqual(r.roles.map((x) => x.sep), [''], r.seat);
});

test('narration covers every key, in both languages', () => {
  for (const key of NARRATION_KEYS) {
    const tv = { narration: { key, round: 2, seat: 4, seats: [4] }, winner: 'killers' };
    for (const t of [T, TZ]) {
      const s = V.narrationText(t, tv);
      assert.ok(s && !s.startsWith('narr.'), `${key}: ${s}`);
      assert.ok(!/\{\{/.test(s));
    }
  }
  assert.equal(V.winnerText(T, '3'), 'Seat 3 wins alone');
  assert.equal(V.dawnText(T, { dead: [] }), en['dawn.peaceful']);
});

test('buzz: on a cue of the engine the phone has not acted on', () => {
  const pv = (buzz) => ({ buzz, table: { phase: 'day' } });
  assert.equal(V.buzzes('', pv(7)), true, 'the game\'s first cue, from the lobby');
  assert.equal(V.buzzes(7, pv(7)), false, 'the same view again, or a host come back with the same cue');
  assert.equal(V.buzzes(7, pv(12)), true, 'a new cue');
  assert.equal(V.buzzes(null, pv(12)), false, 'the first view after a reload: its cue came before the page');
  assert.equal(V.buzzes('', pv(0)), false, 'no cue yet (the briefing)');
  assert.equal(V.buzzes(12, pv(undefined)), false);
});

test('screens', () => {
  assert.equal(V.screenOf({ room: '' }), 'noroom');
  assert.equal(V.screenOf({ room: 'X', mode: 'lobby', lobby: {} }), 'join');
  assert.equal(V.screenOf({ room: 'X' }), 'wait');
  assert.equal(V.screenOf({ room: 'X', pv: viewOf('night-killer').pv }), 'night');
  assert.equal(V.screenOf({ room: 'X', pv: viewOf('vote').pv }), 'day');
  assert.equal(V.screenOf({ room: 'X', pv: viewOf('lastwords-dead').pv }), 'watch');
  assert.equal(V.screenOf({ room: 'X', mode: 'spectator', table: tableOf('vote-watch').tv }), 'watch');
  assert.equal(V.screenOf({ room: 'X', pv: viewOf('over').pv }), 'over');
});

test('lobby: taken seats greyed with names, own seat tappable', () => {
  const f = fixture('lobby-seated');
  const m = V.lobbyModel(T, f.find((x) => x.t === 'lobby').lobby, 3);
  assert.equal(m.cells.length, 12);
  assert.equal(m.cells[2].cls, 'mine');
  assert.equal(m.cells[0].cls, 'taken');
  assert.equal(m.cells[0].enabled, false);
  assert.equal(m.cells[0].name, '小明');
  assert.equal(m.cells[4].cls, 'free');
  assert.equal(m.cells[9].offline, true);
  const d = V.lobbyModel(TZ, { players: 8, seats: [], deal: [{ role: 'police', count: 2 }, { role: 'killer', count: 2 }, { role: 'civilian', count: 4 }] }, 0);
  assert.equal(d.deal, '警察 ×2、杀手 ×2、平民 ×4');
});

test('error texts by code; an engine refusal in the dictionary words behind a translated prefix', () => {
  assert.equal(V.errorText(T, { code: 'seat-taken' }), en['err.seat-taken']);
  assert.equal(V.errorText(TZ, { code: 'not-yours', reason: 'seat 3 is not yours' }), zh['err.not-yours']);
  const refused = { id: 'c-1', code: 'rejected', reason: 'seat 4 is dead and cannot vote', refusal: { code: 'dead-voter', seat: 4 } };
  assert.equal(V.errorText(T, refused), 'Refused: Seat 4 is dead and cannot vote.');
  assert.equal(V.errorText(TZ, refused), '操作被拒绝：4号已经出局，不能投票。');
  // a code the dictionary has no words for: the English reason
  const unknown = { id: 'c-4', code: 'rejected', reason: 'something new', refusal: { code: 'no-such-refusal' } };
  assert.equal(V.errorText(TZ, unknown), '操作被拒绝：something new');
  // at night the reason may name the action: the toast does not, the same
  // for every role; the refusal goes behind the card, translated
  const night = { id: 'c-2', code: 'rejected', reason: 'your kill is mandatory tonight; choose a target',
    refusal: { code: 'mandatory', action: 'kill' } };
  const check = { id: 'c-5', code: 'rejected', reason: 'your check is mandatory tonight; choose a target',
    refusal: { code: 'mandatory', action: 'check' } };
  assert.equal(V.cmdErrorText(TZ, night, true), zh['err.night']);
  assert.equal(V.cmdErrorText(TZ, check, true), zh['err.night']);
  assert.equal(V.cmdErrorText(T, night, true), en['err.night']);
  assert.equal(V.errorText(TZ, night), '操作被拒绝：今晚的「杀人」必须做：请选择目标。');
  assert.equal(V.cmdErrorText(T, refused, false), 'Refused: Seat 4 is dead and cannot vote.');
  assert.equal(V.cmdErrorText(T, { id: 'c-3', code: 'saving' }, true), en['err.saving']);
  // the arguments: targets, roles, lists and counts, a count of 0 left out
  assert.equal(V.refusalText(TZ, { code: 'dead-target', target: '3L' }), '3L已经出局，不能作为目标。');
  assert.equal(V.refusalText(TZ, { code: 'ap', action: 'snipe', need: 2 }), '「普通狙击」需要 2 点，你只有 0 点。');
  assert.equal(V.refusalText(TZ, { code: 'order-all', roles: ['killer', 'commoner'] }), '顺序要列出你手上的每一张牌，先丢的在前：杀手、庶民。');
  assert.equal(V.refusalText(TZ, { code: 'stale-ballot', ballot: 1, open: 2 }), '那一票是第 1 次投票的，现在进行的是第 2 次投票。');
  assert.equal(V.refusalText(TZ, { code: 'no-such-refusal' }), '');
  assert.equal(V.refusalText(TZ, undefined), '');
});

test('timer counts down from when its key appeared', () => {
  assert.equal(V.timerLeft({ seconds: 60 }, 1000, 1000), 60);
  assert.equal(V.timerLeft({ seconds: 60 }, 1000, 31500), 30);
  assert.equal(V.timerLeft({ seconds: 60 }, 0, 99000), 0);
  assert.equal(V.clockText(75), '1:15');
  assert.equal(V.clockText(null), '');
});

test('fixtures are well formed', () => {
  for (const f of readdirSync(path.join(here, 'fixtures'))) {
    const frames = JSON.parse(readFileSync(path.join(here, 'fixtures', f), 'utf8'));
    assert.ok(Array.isArray(frames) && frames.length, f);
  }
});

test('peek: numbered group labels keep the number, translate the role', () => {
  const { pv, names } = viewOf('dual-night-two-tasks');
  const p = V.peekModel(T, pv, names);
  assert.deepEqual(p.roles.map((r) => r.card), ['2L', '2R']);
  assert.equal(p.camp, 'Camp: Good side');
  const six = p.team.find((x) => x.target === '6L');
  assert.equal(six.role, 'Police or undercover #2');
  const z = V.peekModel(TZ, pv, names);
  assert.equal(z.team.find((x) => x.target === '6L').role, '警察或卧底 #2');
});

test('cat-lives-7: privileges open a form; the command carries target, manifesto and card', () => {
  const { pv, names } = viewOf('cat-night-killer');
  const m = V.catModel(T, pv, names, {});
  const attack = m.privileges.find((p) => p.action === 'attack');
  assert.ok(attack.usable);
  assert.ok(m.privileges.findIndex((p) => !p.usable) === -1 || m.privileges.findIndex((p) => !p.usable) > m.privileges.findIndex((p) => p.usable), 'usable first');
  const f0 = V.catModel(T, pv, names, { cat: { open: attack.key } }).form;
  assert.ok(f0.cells && f0.text);
  assert.equal(f0.primary.enabled, false, 'no target yet');
  const f = V.catModel(T, pv, names, { cat: { open: attack.key, target: 3, text: '今晚 月色很美' } }).form;
  assert.equal(f.text.count, '6/100', 'white space does not count');
  assert.equal(f.primary.enabled, false, 'too short: refused before sending');
  assert.match(f.text.short, /6 of 100/);
  const long = '今晚 月色很美。'.repeat(15); // 7 characters each (the space does not count)
  const blank = pv.catLives.manifesto.blank; // the engine's blanks, in the view
  assert.equal(V.manifestoChars(long, blank), 105);
  const g = V.catModel(T, pv, names, { cat: { open: attack.key, target: 3, text: long } }).form;
  assert.equal(g.text.count, '105/100');
  assert.equal(g.text.short, '');
  assert.equal(g.primary.enabled, true);
  assert.deepEqual(g.primary.cmd, { do: 'attack', via: 'killer', target: 3, text: long });
  // the engine's count: every code point but white space (tabs, newlines, U+3000 too), as
  // Go's unicode.IsSpace has it: U+0085 is white space, U+FEFF is not (JavaScript's \s has
  // them the other way round)
  assert.equal(V.manifestoChars('a\tb\nc\u3000d!', blank), 5);
  assert.equal(V.manifestoChars('a\u0085b\ufeff', blank), 3);
  assert.ok(m.done.enabled);
  assert.deepEqual(m.done.cmd, { do: 'done' });
});

test('cat-lives-7: discard order editor and the free-choice stance', () => {
  const { pv, names } = viewOf('cat-night-free');
  const m = V.catModel(T, pv, names, {});
  const ids = pv.catLives.cards.map((c) => c.card);
  assert.deepEqual(m.order.rows.map((r) => r.id), ids);
  assert.equal(m.order.rows[0].up, false);
  assert.equal(m.order.rows.at(-1).bottom, true);
  // drag: the bottom card is fixed once night 1 is over
  assert.deepEqual(V.moveCard(['a', 'b', 'c', 'd'], 0, 3, false), ['b', 'c', 'd', 'a']);
  assert.deepEqual(V.moveCard(['a', 'b', 'c', 'd'], 0, 3, true), ['b', 'c', 'a', 'd']);
  assert.equal(V.moveCard(['a', 'b', 'c', 'd'], 3, 0, true), null);
  assert.equal(V.moveCard(['a', 'b', 'c', 'd'], 1, 1, false), null);
  const moved = [ids[1], ids[0], ...ids.slice(2)];
  const m2 = V.catModel(T, pv, names, { cat: { order: moved } });
  assert.deepEqual(m2.order.primary.cmd, { do: 'order', order: moved });
  assert.ok(m.stance);
  assert.equal(m.stance.primary.enabled, false);
  const m3 = V.catModel(T, pv, names, { cat: { camp: 'werewolves', cowin: true } });
  assert.deepEqual(m3.stance.primary.cmd, { do: 'stance', camp: 'werewolves', cowin: true });
  const p = V.catPeek(T, pv);
  assert.equal(p.cards.length, 5);
  assert.match(p.cards.at(-1), /bottom card/);
  assert.deepEqual(V.peekModel(T, pv, names).roles, [], 'cards are listed by catPeek, not as L/R roles');
  // nobody else gets the stance
  assert.equal(V.catModel(T, viewOf('cat-night-killer').pv, names, {}).stance, null);
});

test('cat-lives-7: by day the vote is on the table, privileges in their own panel', () => {
  const { pv, names } = viewOf('cat-day');
  const m = V.dayModel(T, pv.table, names, pv, {});
  assert.equal(m.vote.title, 'Vote');
  const c = V.catModel(T, pv, names, {});
  assert.ok(c.privileges.some((p) => p.action === 'curse' && p.usable));
  // a night privilege by day says why in the player's language, from its code
  const heal = V.catModel(TZ, pv, names, {}).privileges.find((p) => p.action === 'heal');
  assert.equal(heal.usable, false);
  assert.equal(heal.reason, `「${zh['action.heal']}」是夜晚的特权，现在是白天。`);
});

// cat-lives-7's fairness: the panel as it is drawn closed (before "Open my
// hand") is the same for every player, whatever their cards. The closed
// model carries no seat; the page's header (own seat and name) is the only
// difference.
test('cat-lives-7: the closed hand is identical for a killer, a sniper, a commoner-only and the free-choice player', () => {
  const killer = viewOf('cat-night-killer');
  const sniper = viewOf('cat-night-civilian'); // sniper, amoeba, bodyguard
  const free = viewOf('cat-night-free');
  assert.ok(killer.pv.catLives.cards.some((c) => c.card === 'killer'));
  assert.ok(sniper.pv.catLives.cards.some((c) => c.card === 'sniper'));
  assert.ok(free.pv.tasks.some((t) => t.action === 'stance'), 'the free-choice player');
  // a commoner-only hand: nothing to use, more points
  const commoner = structuredClone(sniper.pv);
  commoner.seat = 1;
  commoner.catLives = { ...commoner.catLives, points: 7, privileges: [], pending: [],
    cards: commoner.catLives.cards.map((c) => ({ ...c, card: 'commoner' })) };
  commoner.tasks = commoner.tasks.filter((t) => t.action === 'order' || t.action === 'done');
  const views = { killer: killer.pv, sniper: sniper.pv, commoner, free: free.pv };
  // ... and by day (the same players' hands on the day's table)
  const day = viewOf('cat-day').pv;
  const byDay = Object.fromEntries(Object.entries(views).map(([k, v]) => [k, { ...structuredClone(v), table: day.table }]));
  for (const [lang, t] of [['en', T], ['zh', TZ]]) {
    for (const [when, vs] of [['night', views], ['day', byDay]]) {
      const ms = Object.fromEntries(Object.entries(vs).map(([k, v]) => [k, V.catClosedModel(t, v)]));
      for (const k of ['killer', 'sniper', 'free']) assert.deepEqual(ms[k], ms.commoner, `${lang} ${when}: ${k} vs commoner-only`);
      const text = JSON.stringify(ms.killer);
      for (const word of ['AP', 'points', 'Kill', 'Snipe', 'Stance', 'order', '点', '杀', '狙', '立场', '顺序']) {
        assert.ok(!text.includes(word), `${lang} ${when}: "${word}" on the closed hand`);
      }
      // the open hand (behind the button) does differ
      assert.notDeepEqual(V.catModel(t, vs.killer, killer.names, {}), V.catModel(t, vs.sniper, killer.names, {}));
    }
  }
  assert.deepEqual(V.catClosedModel(T, killer.pv), { kind: 'cat-closed', title: `Night ${killer.pv.table.round} · your move`,
    hint: 'Open your hand where nobody can see it. It closes by itself after 20 s without a touch.', open: 'Open my hand' });
  assert.equal(V.catClosedModel(TZ, killer.pv).open, '打开我的牌');
  assert.match(V.catClosedModel(T, day).title, /^Day \d+ · your hand$/);
  assert.equal(V.catClosedModel(T, viewOf('night-killer').pv), null, 'not cat-lives');
});

// ---- fairness: what a neighbour can see is the same for every role ------------------------------

// shape is a closed screen as a glance sees it, seat numbers aside (each
// player picks their own seats): the model without the card's content and
// the wiring, digits blanked, without the own-seat, picked and chosen marks.
const shape = (m) => JSON.parse(JSON.stringify(visible(m), (k, v) => (k === 'me' || k === 'chosen' || k === 'selected' ? undefined
  : typeof v === 'string' || typeof v === 'number' ? String(v).replace(/\d+/g, '#') : v)));

// press emulates the night buttons as app.js wires them; returns the next {pv, local}.
function press(pv, local, which, target) {
  const m = V.nightModel(T, pv, {}, local);
  const w = m.wire;
  const b = which === 'skip' ? w.secondary : w.primary;
  if (which !== 'tap') assert.ok(which === 'skip' ? m.secondary.enabled : m.primary.enabled, `${which} enabled`);
  const v = structuredClone(pv);
  const l = structuredClone(local);
  const task = v.tasks.find((t) => V.taskKey(t) === w.taskKey);
  l.sel = l.sel || {};
  if (which === 'tap') { l.sel[w.taskKey] = target; return { pv: v, local: l }; }
  assert.notEqual(b.do, 'refuse', `${w.action}: ${which} answers with a message`);
  switch (b.do) {
    case 'local-skip': l.skipped = { ...(l.skipped || {}), [w.taskKey]: b.wait ? 'wait' : true }; delete l.sel[w.taskKey]; break;
    case 'sleep-skip': task.done = true; l.guess = null; delete l.sel[w.taskKey]; break;
    case 'sleep': task.done = true; l.guess = b.target; break;
    case 'guess': l.guess = b.target; break;
    case 'local-pick': l.refused = { ...(l.refused || {}), [w.taskKey]: b.target }; l.refusedWait = { ...(l.refusedWait || {}), [w.taskKey]: !!b.wait }; break;
    case 'skip': case 'decline': task.done = true; task.skipped = true; delete l.sel[w.taskKey]; break;
    case 'confirm':
      if (task.action === 'suspect') { v.huddle = [...(v.huddle || []).filter((p) => p.seat !== pv.seat), { seat: pv.seat, target: b.target }]; break; }
      task.done = true; task.choice = b.target; if (task.group) task.team = [{ seat: pv.seat, target: b.target }]; break;
    case 'use': task.done = true; break;
    case 'pad': l.pads = (l.pads || 0) + 1; l.padPick = b.target; break;
    case 'pad-skip': l.pads = (l.pads || 0) + 1; l.padPick = null; break;
    default: assert.fail(`unknown wire ${b.do}`);
  }
  // the engine: a task waiting on this one may go now
  for (const t of v.tasks) if (task && task.done && t.waiting === task.action) delete t.waiting;
  return { pv: v, local: l };
}

// groups of fixtures: one table at one moment, seen from several roles
const TABLES = [
  ['night-killer', 'night-civilian'], // classic-2.0 night 1
  ['night-killer-locked', 'night-police-answer'], // standard-003: kill locked; police checked, suspect mark open
  ['night-doctor-16', 'night-civilian-16'], // v4.0
  ['hands-night-killer', 'hands-night-villager'], // two-hands
  ['dual-night-killer', 'dual-night-two-tasks'], // v5.0-dual
];
// two cards a seat: a phone with two tasks tonight (kill with 4L, save with
// 4R) shows a second screen once the first is done; a phone with one task
// (or none) gets a second screen too, a private guess
const TWO_STEPS = [['night-cards-killer', 'night-cards-sleep'], ['dual-night-two-tasks', 'dual-night-killer'],
  ['hands-night-killer', 'hands-night-villager'],
  // werewolf-12: the witch's antidote and poison questions, before and
  // after the knife; a villager's ready and the padding guess
  ['ww-night-witch', 'ww-night-witch-waiting', 'ww-night-villager']];

test('fairness: the closed night screen of every role of every variant looks alike, in every state', () => {
  for (const group of [...TABLES, ...TWO_STEPS]) {
    const views = group.map((n) => viewOf(n).pv);
    const tapOf2 = (x) => { const w = V.nightModel(T, x.pv, {}, x.local).wire; const id = w.usable[0] || w.legal[0]; return /^\d+$/.test(id) ? Number(id) : id; };
    const tapOf = (pv) => { // the first seat this phone's task can use, else any living seat
      const w = V.nightModel(T, pv, {}, {}).wire;
      const id = w.usable[0] || w.legal[0] || V.nightModel(T, pv, {}, {}).cells.find((c) => !c.dead).id;
      return /^\d+$/.test(id) ? Number(id) : id;
    };
    const states = {
      fresh: (pv) => ({ pv, local: {} }),
      picked: (pv) => press(pv, {}, 'tap', tapOf(pv)),
      skip: (pv) => (V.nightModel(T, pv, {}, {}).secondary.enabled ? press(pv, {}, 'skip') : { pv, local: {} }),
      confirmed: (pv) => {
        const x = press(pv, {}, 'tap', tapOf(pv));
        return V.nightModel(T, x.pv, {}, x.local).primary.enabled ? press(x.pv, x.local, 'confirm') : x;
      },
      // the second screen, where seats hold two cards
      skip2: (pv) => {
        const x = states.skip(pv);
        return V.nightModel(T, x.pv, {}, x.local).secondary.enabled ? press(x.pv, x.local, 'skip') : x;
      },
      confirmed2: (pv) => {
        let x = states.confirmed(pv);
        x = press(x.pv, x.local, 'tap', tapOf2(x));
        return V.nightModel(T, x.pv, {}, x.local).primary.enabled ? press(x.pv, x.local, 'confirm') : x;
      },
    };
    for (const [state, make] of Object.entries(states)) {
      for (const t of [T, TZ]) {
        const shapes = views.map((pv) => { const x = make(pv); return shape(V.nightModel(t, x.pv, {}, x.local)); });
        for (let i = 1; i < shapes.length; i++) assert.deepEqual(shapes[i], shapes[0], `${group[i]} vs ${group[0]}, ${state}`);
      }
    }
  }
});

test('fairness: Skip never answers with a message, whatever the task', () => {
  const all = readdirSync(path.join(here, 'fixtures')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
  let n = 0;
  for (const name of all) {
    const f = fixture(name).find((x) => x.t === 'view');
    if (!f || f.view.table.phase !== 'night' || f.view.catLives || !f.view.alive) continue;
    const m = V.nightModel(T, f.view, f.names, {});
    if (m.secondary.enabled) { assert.notEqual(m.wire.secondary.do, 'refuse', name); n++; }
    // a mandatory task's Skip: the finished look, nothing sent, the card tells
    if (m.wire.secondary.do === 'local-skip') {
      const s = V.nightModel(T, f.view, f.names, { skipped: { [m.wire.taskKey]: true } });
      if (s.wire.taskKey !== m.wire.taskKey) continue; // the phone's next step
      assert.equal(s.status, 'Skipped');
      assert.deepEqual([s.secondary.enabled, s.primary.enabled], [false, false]);
      assert.ok(s.peek.lines.some((l) => /sent nothing/.test(l)), name);
      assert.ok(s.wire.usable.length > 0 || m.wire.usable.length === 0, `${name}: may still pick`);
    }
  }
  assert.ok(n >= 8, `${n} night screens checked`);
});

test('fairness: the menu is the same for every role, by night and by day', () => {
  const names = ['night-killer', 'night-civilian', 'night-police', 'night-doctor-16', 'speech-killer', 'speech-other', 'hands-night-killer',
    'dual-night-two-tasks', 'cat-night-killer', 'cat-night-civilian', 'lastwords-dead', 'vote'];
  for (const t of [T, TZ]) {
    const menus = names.map((n) => V.menuModel(t, { room: 'K7QX2M', phoneCode: '4821', pv: viewOf(n).pv }));
    for (let i = 1; i < menus.length; i++) assert.deepEqual(menus[i], menus[0], names[i]);
    assert.ok(menus[0].phone.includes('4821'), 'the phone code is in the menu');
  }
  assert.ok(!JSON.stringify(V.menuModel(T, { room: 'X' })).includes('reveal'));
});

test('day: a dead speaker keeps the pass (last words); other dead players get nothing', () => {
  const { pv, names } = viewOf('lastwords-dead');
  assert.equal(pv.alive, false);
  assert.deepEqual(V.dayTasks(pv).map((t) => t.action), ['pass']);
  const m = V.dayModel(T, pv.table, names, { ...pv, tasks: V.dayTasks(pv) }, {});
  assert.equal(m.pass, true);
  assert.equal(m.vote, null);
  // what a dead player may do is the engine's word (game's random games
  // check that a dead seat gets the floor's tasks only): the page offers
  // its view's tasks and decides nothing
  assert.deepEqual(V.dayTasks({ ...pv, tasks: [{ action: 'shoot', place: 'turn' }] }).map((t) => t.action), ['shoot']);
});

test('lobby: a started game shows no stray text', () => {
  const f = fixture('lobby-started');
  const m = V.lobbyModel(T, f.find((x) => x.t === 'lobby').lobby, 0);
  assert.ok(m.started);
  assert.ok(!/null|undefined/.test(JSON.stringify(m)), JSON.stringify(m));
});

test('boardModel words the evening the host sent; the menu offers it only between games', () => {
  const ev = {
    games: 2,
    variants: [{ variant: 'classic-2.0', games: 2 }],
    sides: [{ side: 'killers', wins: 1 }, { side: 'alone', wins: 1 }],
    players: [{ name: 'Ann', games: 2, wins: 1, roles: [{ role: 'killer', n: 2 }] }],
    notes: [{ kind: 'police', name: 'Ann', n: 1, of: 3 }, { kind: 'unvoted-killer', name: 'Ann', games: [1, 2] }],
    played: [{ id: 'g1', variant: 'classic-2.0', winner: 'killers' }, { id: 'g2', variant: 'classic-2.0', winner: '7' }],
  };
  const m = V.boardModel(T, ev);
  assert.deepEqual(m.players, [{ name: 'Ann', games: '2', wins: '1', roles: `${en['role.killer']}×2` }]);
  assert.deepEqual(m.notes, ['Sharpest checker: Ann (1 of 3 checks found the bad side)', 'Bad side nobody voted for: Ann (game 1, 2)']);
  assert.deepEqual(m.games.map((g) => g.id), ['g1', 'g2']);
  assert.match(m.games[1].label, /^Game 2 · .* · Seat 7/);
  const zm = V.boardModel(TZ, ev);
  assert.equal(zm.players[0].roles, `${zh['role.killer']}×2`);
  assert.equal(V.boardModel(T, null).players.length, 0);
  assert.equal(V.menuModel(T, { room: 'K7QX2M', mode: 'player', lobby: { started: false }, evening: { games: 0 } }).board, '');

  // werewolf-12's counts (the badge, the potions, the shot) after the roles
  const ww = { games: 1, players: [{ name: 'Bo', games: 1, wins: 1, roles: [{ role: 'witch', n: 1 }],
    stats: [{ kind: 'sheriff', n: 1 }, { kind: 'save', n: 1 }, { kind: 'poison', n: 2 }] }] };
  assert.equal(V.boardModel(T, ww).players[0].roles, `${en['role.witch']} · sheriff×1, antidote×1, poison×2`);
  assert.equal(V.boardModel(TZ, ww).players[0].roles, `${zh['role.witch']} · 警长×1、解药×1、毒药×2`);

  const lobby = { room: 'K7QX2M', mode: 'player', lobby: { started: false }, evening: ev };
  assert.equal(V.menuModel(T, lobby).board, 'Scoreboard');
  const night = { room: 'K7QX2M', mode: 'player', pv: { alive: true, table: { phase: 'night' } }, evening: ev };
  assert.equal(V.menuModel(T, night).board, '');
  const over = { room: 'K7QX2M', mode: 'player', pv: { alive: true, table: { phase: 'over' } }, evening: ev };
  assert.equal(V.menuModel(T, over).board, 'Scoreboard');
});

test('role cards: a variant of its own where the role plays otherwise, else the role\'s', () => {
  assert.equal(V.roleText(T, 'classic-2.0', 'police'), en['roleinfo.police']);
  assert.equal(V.roleText(T, 'v4.0', 'police'), en['roleinfo.v4.0.police']);
  assert.notEqual(en['roleinfo.v4.0.police'], en['roleinfo.police']);
  assert.equal(V.roleText(TZ, 'two-hands', 'assassin'), zh['roleinfo.assassin']);
  assert.equal(V.roleText(T, 'classic-2.0', 'no-such-role'), '');
  assert.equal(V.campText(T, 'two-hands', 'killers'), en['roleinfo.two-hands.camp.killers']);
  assert.equal(V.campText(T, 'classic-2.0', 'good'), '');
});

test('the held card has the same parts and rows for every seat of a game', () => {
  const shapes = ['night-civilian-16', 'night-doctor-16'].map((n) => {
    const { pv, names } = viewOf(n);
    const c = V.cardModel(T, pv, names, null);
    return { shape: c.shape, parts: [!!c.camp, !!c.team, !!c.results, c.about.items.length], measure: c.measure, text: c.about.items[0].text };
  });
  assert.deepEqual(shapes[0].shape, shapes[1].shape);
  assert.deepEqual(shapes[0].parts, shapes[1].parts);
  assert.deepEqual(shapes[0].measure, shapes[1].measure); // the texts the role part is sized for
  assert.notEqual(shapes[0].text, shapes[1].text); // only the words differ
  assert.ok(shapes[0].measure.about.length === 7 && shapes[0].measure.about.includes(shapes[1].text));
  const { pv, names } = viewOf('hands-night-killer');
  const c = V.cardModel(T, pv, names, null);
  assert.equal(c.about.items.length, 2);
  // what the night told a seat: a part every card has, named alike for
  // every role (no "your checks" on a card that checks nobody)
  for (const n of ['night-civilian-16', 'night-doctor-16', 'night-killer', 'night-police-answer', 'hands-night-villager']) {
    const v = viewOf(n);
    const r = V.cardModel(T, v.pv, v.names, null).results;
    assert.equal(r.label, 'What you learned at night', n);
    assert.equal(r.none, 'Nothing yet.', n);
    const rz = V.cardModel(TZ, v.pv, v.names, null).results;
    assert.ok(!/验/.test(rz.label + rz.none), rz.label);
  }
  assert.ok(c.camp && c.camp.text === en[`roleinfo.two-hands.camp.${pv.camp}`]);
});

test('the rules sheet depends on the variant and the language only', () => {
  const m = V.rulesModel(T, 'v4.0', ['butterfly', 'sniper', 'killer', 'police', 'doctor', 'elder', 'civilian']);
  assert.equal(m.roles.length, 7);
  assert.equal(m.roles[3].text, en['roleinfo.v4.0.police']);
  assert.equal(m.round.text, en['rules.round.v4.0']);
  assert.equal(m.win.text, en['rules.win.v4.0']);
  assert.equal(V.rulesModel(T, '', []), null);
});

test('the first night\'s line: on the first night ever, all that night, never again', () => {
  const first = V.firstNightHint(T, '', 'R:1:night');
  assert.equal(first.line, en['hint.firstNight']);
  assert.equal(first.seen, 'R:1:night');
  assert.equal(V.firstNightHint(T, first.seen, 'R:1:night').line, en['hint.firstNight']); // a reload
  assert.equal(V.firstNightHint(T, first.seen, 'R:2:night').line, '');
  assert.equal(V.firstNightHint(T, first.seen, 'S:1:night').line, ''); // another game
  assert.equal(V.firstNightHint(T, '', '').line, ''); // not a night
});

test('the briefing: every phone shows the same screen, whatever its role', () => {
  const { pv } = viewOf('night-killer');
  const briefing = (p) => ({ ...p, tasks: [], table: { ...p.table, phase: 'setup', stage: 'briefing', round: 0 } });
  const st = { room: 'R', pv: briefing(pv) };
  assert.equal(V.screenOf(st), 'briefing');
  assert.equal(V.headerModel(T, st).phase, en['phase.briefing']);
  assert.equal(V.screenOf({ room: 'R', pv: briefing(viewOf('night-civilian').pv) }), 'briefing');
});

test('the clock of a phone that lost the host stands still, marked stopped, until the host\'s clock comes again', () => {
  const tv = { phase: 'day', round: 1, timer: { key: 7, kind: 'speech', seconds: 90 } };
  const clock = { t: 'clock', key: 7, kind: 'speech', seconds: 90, remaining: 60000, paused: false };
  const on = { conn: 'open', clock, clockAt: 1000 };
  assert.equal(V.clockModel(T, tv, on, 11000).text, '0:50');
  const lost = { ...on, conn: 'closed', lostAt: 21000 };
  for (const now of [21000, 30000, 90000]) {
    const m = V.clockModel(T, tv, lost, now);
    assert.equal(m.text, 'Stopped 0:40', `at ${now}`);
    assert.ok(m.stopped && !m.low);
  }
  // back online: still stopped until the host's clock frame, then the host's time
  assert.equal(V.clockModel(T, tv, { ...lost, conn: 'open' }, 95000).text, 'Stopped 0:40');
  const back = { ...lost, conn: 'open', clock: { ...clock, remaining: 30000 }, clockAt: 96000 };
  assert.equal(V.clockModel(T, tv, back, 98000).text, '0:28');
  assert.equal(V.clockModel(TZ, tv, lost, 30000).text, '已停 0:40');
  // without a clock frame: the local count stops too
  const local = { conn: 'closed', lostAt: 5000, timerStart: 0 };
  assert.equal(V.clockModel(T, tv, local, 60000).text, 'Stopped 1:25');
  assert.equal(V.clockModel(T, { ...tv, phase: 'over' }, lost, 30000).text, '');
});

test('a tap waiting for the host looks the same on every control; late after a few ticks, never under the minimum', () => {
  assert.deepEqual(V.tapLook(T, false), { cls: 'sending', label: 'Sending…', busy: true });
  assert.deepEqual(V.tapLook(TZ, true), { cls: 'late', label: zh['tap.late'], busy: false });
  assert.equal(V.tapLateMs(0), V.TAP_LATE_MIN_MS);
  assert.equal(V.tapLateMs(250), V.TAP_LATE_MIN_MS);
  assert.equal(V.tapLateMs(2000), V.TAP_LATE_TICKS * 2000);
});

test('every tally on the phone reads like the big screen\'s: the 复盘\'s "8号3票、2号3票", a ballot\'s rows "3票"', () => {
  const count = (seat, n) => ({ k: 'tl.count', a: { N: n, Seat: { k: 'tl.seat', a: { Seat: seat } } } });
  const line = { k: 'tl.tally', a: { Counts: { list: [count('8', 3), count('2', 3)] }, Tie: { k: 'tl.tie' } } };
  assert.equal(V.lineText(TZ, line), '投票：8号3票、2号3票，平票');
  assert.equal(V.lineText(T, line), 'Vote: 8: 3, 2: 3 — tie');
  const tv = { round: 1, phase: 'day', stage: 'vote', ballot: { index: 1, mode: 'simultaneous-open', candidates: [8, 2], voters: [1, 2, 3, 4],
    counts: [{ target: 8, votes: 3 }, { target: 2, votes: 1 }], votes: [{ seat: 1, target: 8 }, { seat: 3, target: 8 }, { seat: 4, target: 8 }, { seat: 2, target: 2 }], cast: 4 } };
  const b = V.ballotModel(TZ, tv, {});
  assert.deepEqual(b.rows.map((r) => [r.target, r.count, r.voters]), [['8号', '3票', '1、3、4'], ['2号', '1票', '2']]);
});

// ---- werewolf-12 ---------------------------------------------------------------------------

test('werewolf-12: the witch is told the knife behind the card and saves by tapping that seat; every phone has two night screens', () => {
  const w = viewOf('ww-night-witch');
  for (const t of [T, TZ]) {
    const m = V.nightModel(t, w.pv, w.names, {});
    assert.equal(m.wire.action, 'save');
    assert.deepEqual(m.wire.usable, ['7'], 'the antidote takes the knifed seat only');
    // the knife is on the card, never on the screen
    const card = V.peekModel(t, w.pv, w.names);
    assert.ok(card.results.some((r) => r.includes(V.targetLabel(t, 7))), card.results.join());
    assert.ok(!JSON.stringify(visible(m)).includes(t('answer.knifed')));
  }
  let x = press(w.pv, {}, 'tap', 7);
  assert.deepEqual(V.nightModel(T, x.pv, {}, x.local).wire.primary, { do: 'confirm', target: 7 });
  assert.deepEqual(V.nightCommand(w.pv.tasks[0], 'confirm', 7), { do: 'save', target: 7 });
  // another seat: nothing sent, the card says why in the antidote's words
  x = press(press(w.pv, {}, 'tap', 3).pv, press(w.pv, {}, 'tap', 3).local, 'confirm');
  assert.ok(V.nightModel(T, x.pv, {}, x.local).peek.lines.includes(T('peek.notUsable.save.werewolf-12', { Target: 'Seat 3' })));
  // the villager's screens: ready, then one padding guess
  const v = viewOf('ww-night-villager');
  assert.equal(v.pv.pads, 1);
  assert.equal(w.pv.pads || 0, 0);
  let y = press(v.pv, {}, 'skip');
  assert.equal(V.nightModel(T, y.pv, {}, y.local).wire.action, 'pad');
});

test('werewolf-12: a Skip before the knife closes is sent once the antidote question opens; a pick then is forgotten', () => {
  const w = viewOf('ww-night-witch-waiting');
  const m = V.nightModel(T, w.pv, w.names, {});
  assert.equal(m.wire.action, 'save');
  assert.deepEqual(m.wire.secondary, { do: 'local-skip', wait: true });
  const x = press(w.pv, {}, 'skip');
  assert.notEqual(V.nightModel(T, x.pv, {}, x.local).wire.action, 'save', 'skipped while waiting: the next screen');
  assert.deepEqual(V.deferredSkips(x.pv, x.local), [], 'nothing to send while the question waits');
  // the knife closes: the skip goes, once; the screen stays finished
  const open = structuredClone(x.pv);
  delete open.tasks[0].waiting;
  open.tasks[0].open = true;
  open.tasks[0].targets = [7];
  assert.deepEqual(V.deferredSkips(open, x.local).map((t) => t.action), ['save']);
  assert.deepEqual(V.nightCommand(open.tasks[0], 'skip'), { do: 'skip' });
  assert.deepEqual(V.deferredSkips(open, { ...x.local, deferSent: { [V.taskKey(open.tasks[0])]: true } }), []);
  assert.notEqual(V.nightModel(T, open, {}, x.local).wire.action, 'save');
  // a seat picked and confirmed while waiting: not sent, and forgotten once the question opens
  const y = press(press(w.pv, {}, 'tap', 3).pv, press(w.pv, {}, 'tap', 3).local, 'confirm');
  const open2 = structuredClone(y.pv);
  delete open2.tasks[0].waiting;
  open2.tasks[0].open = true;
  open2.tasks[0].targets = [7];
  const again = V.nightModel(T, open2, {}, y.local);
  assert.equal(again.wire.action, 'save');
  assert.equal(again.secondary.enabled, true);
});

test("werewolf-12: the guard is told in his refusal's words why the seat of last night was not sent", () => {
  const pv = structuredClone(viewOf('ww-night-villager').pv);
  pv.tasks = [{ action: 'protect', step: 0, role: 'guard', optional: true, targets: [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12], done: false, open: true }];
  let x = press(pv, {}, 'tap', 7);
  x = press(x.pv, x.local, 'confirm');
  assert.ok(V.nightModel(TZ, x.pv, {}, x.local).peek.lines.includes('昨晚你守了7号，今晚不能再守：没有发出。请点另一个座位再确认。'));
});

test('werewolf-12: the stand window on every phone at once; candidates may withdraw, in two taps', () => {
  const s = viewOf('ww-stand');
  const m = V.turnModel(TZ, s.pv.table, s.names, s.pv, {});
  assert.equal(m.kind, 'stand');
  assert.deepEqual(m.buttons.map((b) => [b.label, b.cmd]), [['不上警', { do: 'skip' }], ['上警', { do: 'stand' }]]);
  const done = structuredClone(s.pv);
  done.tasks[0].done = true;
  done.tasks[0].skipped = true;
  const d = V.turnModel(TZ, done.table, s.names, done, {});
  assert.equal(d.status, '你没有上警');
  assert.ok(d.buttons.every((b) => !b.enabled));
  const c = viewOf('ww-campaign-candidate');
  assert.equal(V.turnModel(T, c.pv.table, c.names, c.pv, {}), null);
  assert.deepEqual(V.withdrawModel(TZ, c.pv, false).buttons.map((b) => b.label), ['退水']);
  assert.deepEqual(V.withdrawModel(TZ, c.pv, true).buttons.map((b) => b.cmd || null), [null, { do: 'withdraw' }]);
  assert.equal(V.withdrawModel(T, viewOf('ww-election-vote').pv, false), null, 'a voter has no withdrawal');
  // the election ballot: the voter's usual vote panel
  const e = viewOf('ww-election-vote');
  const dm = V.dayModel(T, e.pv.table, e.names, e.pv, {});
  assert.equal(dm.vote.title, T('action.vote'));
  assert.ok(dm.vote.secondary, 'abstain');
});

test('werewolf-12: a skill turn looks the same for the hunter, the poisoned hunter and a villager; only the command of Confirm and the card differ', () => {
  const seen = ['ww-skill-hunter', 'ww-skill-poisoned', 'ww-skill-villager'].map((n) => {
    const { pv, names } = viewOf(n);
    assert.equal(pv.alive, false, `${n}: the dead act in their skill turn`);
    const tasks = V.dayTasks(pv);
    assert.deepEqual(tasks.map((t) => t.action), ['shoot'], n);
    const me = { ...pv, tasks };
    const fresh = V.turnModel(T, pv.table, names, me, {});
    const picked = V.turnModel(T, pv.table, names, me, { turn: 5 });
    return { n, fresh, picked, day: V.dayModel(T, pv.table, names, me, {}) };
  });
  const look = (m) => JSON.parse(JSON.stringify({ ...m, peek: undefined, buttons: m.buttons.map(({ cmd, ...b }) => b) }, (k, v) => (k === 'me' || k === 'dead' || k === 'name' ? undefined : v)));
  const strip = (m) => ({ ...look(m), cells: m.cells.filter((c) => !c.dead && !c.me).map((c) => ({ id: c.id, enabled: c.enabled, selected: c.selected })) });
  for (const x of seen.slice(1)) {
    assert.deepEqual(strip(x.fresh).buttons, strip(seen[0].fresh).buttons, x.n);
    assert.deepEqual(strip(x.picked).buttons, strip(seen[0].picked).buttons, x.n);
    assert.equal(x.picked.status, seen[0].picked.status);
    assert.equal(x.day.vote, null);
    assert.equal(x.day.speaker, null, 'a skill turn is no speech');
  }
  assert.deepEqual(seen[0].picked.buttons[1].cmd, { do: 'shoot', target: 5 });
  assert.deepEqual(seen[1].picked.buttons[1].cmd, { do: 'skip' }, 'the poisoned hunter cannot shoot');
  assert.deepEqual(seen[2].picked.buttons[1].cmd, { do: 'skip' });
  assert.deepEqual(seen.map((x) => x.fresh.peek.lines[0]), [T('ww.skill.can'), T('ww.skill.cannot'), T('ww.skill.cannot')]);
});

test('werewolf-12: the badge turn hands the badge to a listed seat or tears it; the order turn says left or right and who starts each way', () => {
  const b = viewOf('ww-badge');
  assert.deepEqual(V.dayTasks(b.pv).map((t) => t.action), ['badge', 'tear']);
  const me = { ...b.pv, tasks: V.dayTasks(b.pv) };
  const m = V.turnModel(TZ, b.pv.table, b.names, me, { turn: 4 });
  assert.equal(m.kind, 'badge');
  assert.deepEqual(m.buttons.map((x) => [x.label, x.cmd]), [['撕警徽', { do: 'tear' }], ['交给4号', { do: 'badge', target: 4 }]]);
  assert.ok(!m.cells.find((c) => c.id === '8').enabled, 'a dead seat takes no badge');
  const o = viewOf('ww-order');
  const om = V.turnModel(TZ, o.pv.table, o.names, o.pv, {});
  assert.deepEqual(om.buttons.map((x) => x.cmd), [{ do: 'order', side: 'right' }, { do: 'order', side: 'left' }]);
  // who speaks first each way is the engine's (two deaths: from beside the sheriff, 4)
  assert.deepEqual(om.buttons.map((x) => x.label), ['右边：从3号开始', '左边：从5号开始']);
  assert.deepEqual(V.turnModel(T, o.pv.table, o.names, o.pv, {}).buttons.map((x) => x.label), ['Right: starting with seat 3', 'Left: starting with seat 5']);
  const moved = { ...o.pv.table, werewolf: { ...o.pv.table.werewolf, starts: { left: 9, right: 1 } } };
  assert.deepEqual(V.turnModel(TZ, moved, o.names, o.pv, {}).buttons.map((x) => x.label), ['右边：从1号开始', '左边：从9号开始'], 'the phone says the view\'s seats, whatever they are');
  assert.equal(V.narrationText(TZ, o.pv.table), '请警长4号选择发言顺序');
});

test('a task is offered where the engine places it, whatever its name: cat-lives-7\'s discard order and withdrawal are its hand\'s', () => {
  const { pv, names } = viewOf('cat-night-civilian');
  const day = structuredClone(pv);
  day.table = { ...day.table, phase: 'day', stage: 'speech' };
  day.tasks.push({ action: 'withdraw', noTarget: true, optional: true, place: 'hand' });
  assert.ok(day.tasks.some((t) => t.action === 'order'));
  assert.equal(V.turnModel(T, day.table, names, day, {}), null, 'no werewolf-12 order turn');
  assert.equal(V.withdrawModel(T, day, false), null, 'no 退水');
  const m = V.dayModel(T, day.table, names, day, {});
  assert.equal(m.vote, null, 'the privileges with targets are not a pick on the day screen');
  // the same names where the engine places them in a turn or a confirm
  const o = viewOf('ww-order');
  assert.equal(V.turnModel(T, o.pv.table, o.names, o.pv, {}).kind, 'order');
  const c = viewOf('ww-campaign-candidate');
  assert.deepEqual(V.withdrawModel(T, c.pv, true).buttons.map((b) => b.cmd || null), [null, { do: 'withdraw' }]);
  // the self-reveal is the card's because the engine says so
  const k = viewOf('speech-killer');
  assert.deepEqual(V.cardActions(T, k.pv, true).cmd, { do: 'explode' });
  const moved = structuredClone(k.pv);
  for (const t of moved.tasks) delete t.place;
  assert.equal(V.cardActions(T, moved, false), null);
});

test('werewolf-12: answers about nobody read without a seat', () => {
  const pv = { roles: ['hunter'], table: { seats: [] }, results: [{ round: 1, action: 'shoot', answer: 'can-shoot' }, { round: 2, action: 'kill', target: 0, answer: 'none' }], known: [], alive: true };
  assert.deepEqual(V.peekModel(TZ, pv, {}).results, ['第 1 夜：可以开枪', '第 2 夜：没有人被刀（空刀）']);
  const nobody = { k: 'tl.result.nobody', a: { Action: { id: ['action.shoot'] }, Answer: { id: ['answer.shoot.cannot-shoot', 'answer.cannot-shoot'] } } };
  assert.equal(V.lineText(TZ, nobody), '开枪结果：不能开枪');
});

test('werewolf-12: the idiot is revealed, in the variant\'s words', () => {
  const tv = { variant: 'werewolf-12', narration: { key: 'immune', round: 2, seat: 10, seats: [10] } };
  assert.equal(V.narrationText(TZ, tv), '白痴翻牌：10号不出局，今天无人被放逐');
  assert.equal(V.narrationText(TZ, { ...tv, variant: 'two-hands' }), zh['narr.immune'].replace('{{.Target}}', '10号'));
});

test('werewolf-12: the day screen says who runs, who withdrew, who holds the badge; the election ballot is named', () => {
  const e = viewOf('ww-election-vote');
  const m = V.dayModel(TZ, e.pv.table, e.names, e.pv, {});
  assert.equal(m.sheriff, '警上：3号、8号、11号 · 退水：5号');
  assert.equal(m.ballot.title, '警长竞选投票');
  const o = viewOf('ww-order');
  assert.equal(V.dayModel(TZ, o.pv.table, o.names, o.pv, {}).sheriff, '警长：4号');
  assert.equal(V.sheriffText(TZ, { werewolf: { badgeGone: true } }), '警徽已流失');
  assert.equal(V.sheriffText(TZ, viewOf('ww-stand').pv.table), '', 'nobody is a candidate before the stand window closes');
  assert.equal(V.sheriffText(TZ, viewOf('speech-me').pv.table), '', 'other variants: nothing');
});

// The engine's lines are checked against the big screen's and the saved
// file's words by app/ui's TestMomentRenderingsAgree (which runs lineText
// under node); here the translation's parts.
test('a line in codes: names fall back to their id, lists take their separator, lines nest', () => {
  const T = V.makeT(zh);
  const actors = { k: 'tl.actors', a: { Seats: { list: [2, 6, 8] } } };
  const l = { k: 'tl.action', a: { Action: { id: ['action.check'] }, Actors: actors, By: '', Role: { id: ['role.police'] }, Target: { k: 'tl.seat', a: { Seat: 1 } } } };
  assert.equal(V.lineText(T, l), '警察（2、6、8号）验人1号');
  assert.equal(V.lineText(T, { ...l, a: { ...l.a, Role: { id: ['role.nobody-knows'] } } }), 'nobody-knows（2、6、8号）验人1号');
  const seats = (l) => ({ k: 'tl.seat', a: { Seat: l } });
  const votes = { list: [{ k: 'tally.arrow', a: { Target: seats(6), Voters: seats({ list: ['3', '4×2'] }) } },
    { k: 'tally.arrow', a: { Target: '6L', Voters: { list: ['2L', '2R'] } } }, { k: 'tally.abstained', a: { Seats: { list: [5] } } }], sep: 'tally.sep' };
  assert.equal(V.lineText(T, { k: 'tl.tally', a: { Counts: votes, Tie: '' } }), '投票：3、4×2号→6号；2L、2R→6L；5号弃权');
  assert.equal(V.lineText(T, { k: 'tl.ww.potions', a: { Parts: { list: [{ k: 'tl.ww.saved', a: { Seat: 4 } }, { k: 'tl.ww.poison', a: { Seat: 7 } }] } } }), '女巫用解药救了4号、女巫毒了7号');
  assert.equal(V.lineText(T, { k: '' }), '');
  assert.equal(V.lineText(T, undefined), '');
});

test('day vote with several votes left: the count follows the hint, not its full stop', () => {
  const { pv, names } = viewOf('dual-tokens');
  for (const t of [T, TZ]) {
    const m = V.dayModel(t, pv.table, names, pv, {});
    assert.ok(m.vote && /·/.test(m.vote.status), m.vote && m.vote.status);
    assert.ok(!/[.。] ·/.test(m.vote.status), m.vote.status);
  }
});

test('the join line names a one-size game once ("Werewolf, 12 players", not "… · 12 seats")', () => {
  assert.equal(V.gameLabel(T, 'werewolf-12', 12), en['variant.werewolf-12']);
  assert.equal(V.gameLabel(TZ, 'cat-lives-7', 7), zh['variant.cat-lives-7']);
  assert.equal(V.gameLabel(T, 'classic-2.0', 12), 'Classic 2.0 · 12 seats');
  assert.equal(V.gameLabel(T, 'classic-2.0', 2), 'Classic 2.0 · 2 seats', 'the 2 of "2.0" is not a count');
});
