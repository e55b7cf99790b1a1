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

test('i18n files have the same keys and the same fields', () => {
  assert.deepEqual(Object.keys(zh).sort(), Object.keys(en).sort());
  const fields = (s) => [...s.matchAll(/\{\{\s*\.(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
  for (const k of Object.keys(en)) assert.deepEqual(fields(zh[k]), fields(en[k]), k);
});

test('every id family is translated', () => {
  const need = [
    ...V.ROLE_IDS.map((x) => `role.${x}`), ...V.ACTION_IDS.map((x) => `action.${x}`),
    ...V.ANSWER_IDS.map((x) => `answer.${x}`), ...V.NARRATION_KEYS.map((x) => `narr.${x}`),
    ...V.WINNER_IDS.map((x) => `winner.${x}`), ...V.JOIN_ERRORS.map((x) => `err.${x}`),
    ...V.VARIANT_IDS.map((x) => `variant.${x}`), ...V.BY_IDS.map((x) => `by.${x}`), ...V.CAMP_IDS.map((x) => `camp.${x}`),
    'winner.seat', 'dawn.dead', 'dawn.peaceful', 'executed', 'exploded',
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

// The heart of the night's fairness: a killer's and a civilian's screens
// have the same structure — same fields, same number of cells laid out the
// same way, same buttons — before and after their picks.
function shape(m) {
  return {
    keys: Object.keys(m).sort(),
    layout: m.layout,
    cells: m.cells.map((c) => [c.id, c.dead, c.me ? 'me' : '', c.label]),
    hintLines: m.hint.length > 0,
    buttons: [typeof m.primary.label, typeof m.secondary.label],
  };
}

test('night screens have the same shape for every role', () => {
  const civ = viewOf('night-civilian');
  const kil = viewOf('night-killer');
  const pol = viewOf('night-police');
  const a = V.nightModel(T, civ.pv, civ.names, {});
  const b = V.nightModel(T, kil.pv, kil.names, {});
  const c = V.nightModel(T, pol.pv, pol.names, {});
  const strip = (s) => ({ ...s, cells: s.cells.map((x) => [x[0], x[1], x[3]]) }); // "me" differs by seat
  assert.deepEqual(strip(shape(a)), strip(shape(b)));
  assert.deepEqual(strip(shape(a)), strip(shape(c)));
  // before a pick, both primary buttons are disabled; after one, both enabled
  assert.equal(a.primary.enabled, false);
  assert.equal(b.primary.enabled, false);
  const a2 = V.nightModel(T, civ.pv, civ.names, { guess: 9 });
  const b2 = V.nightModel(T, kil.pv, kil.names, { sel: { [b.taskKey]: 9 } });
  assert.equal(a2.primary.enabled, true);
  assert.equal(b2.primary.enabled, true);
  assert.equal(a2.primary.do, 'sleep');
  assert.equal(b2.primary.do, 'confirm');
  assert.equal(a2.cells.filter((x) => x.selected).length, 1);
  assert.equal(b2.cells.filter((x) => x.selected).length, 1);
  // same title font, same everything: the only thing that differs is text
  assert.equal(typeof a.title, 'string');
  assert.ok(a.title && b.title);
});

test('night: the neutral task needs a guess, which is never sent', () => {
  const { pv, names } = viewOf('night-civilian');
  const m = V.nightModel(T, pv, names, { guess: 4 });
  const task = pv.tasks[0];
  assert.deepEqual(V.nightCommand(task, m.primary.do), { do: 'sleep' });
  assert.equal(m.cells.find((x) => x.id === '1').enabled, false, 'own seat not a guess');
  assert.equal(m.cells.find((x) => x.id === '4').selected, true);
});

test('night: group task shows teammates live and lets the player change', () => {
  const { pv, names } = viewOf('night-killer-picks');
  const m = V.nightModel(T, pv, names, {});
  assert.equal(m.action, 'kill');
  assert.match(m.status, /9→6/);
  assert.deepEqual(m.cells.find((x) => x.id === '6').marks, [9]);
  assert.equal(m.cells.find((x) => x.id === '6').chosen, true);
  assert.equal(m.primary.enabled, false, 'nothing new to confirm');
  const m2 = V.nightModel(T, pv, names, { sel: { [m.taskKey]: 2 } });
  assert.equal(m2.primary.enabled, true);
  assert.deepEqual(V.nightCommand(pv.tasks[0], m2.primary.do, m2.primary.target), { do: 'kill', target: 2 });
});

test('night: locked group task is final', () => {
  const { pv, names } = viewOf('night-killer-locked');
  const m = V.nightModel(T, pv, names, {});
  assert.equal(m.primary.enabled, false);
  assert.match(m.status, /Final: Seat 5/);
  assert.ok(m.cells.every((c) => !c.enabled));
});

test('night: optional individual action offers Skip, and a check says where its answer goes', () => {
  const { pv, names } = viewOf('night-doctor-16');
  const m = V.nightModel(T, pv, names, {});
  assert.equal(m.action, 'save');
  assert.equal(m.secondary.do, 'skip');
  assert.deepEqual(V.nightCommand(pv.tasks[0], 'skip'), { do: 'skip' });
  const pol = viewOf('night-police');
  assert.match(V.nightModel(T, pol.pv, pol.names, {}).hint, /hidden card/);
});

test('night: police huddle (suspect) after the check', () => {
  const { pv, names } = viewOf('night-police-answer');
  const m = V.nightModel(T, pv, names, {});
  assert.equal(m.action, 'suspect');
  assert.equal(m.secondary.do, 'clear', 'a marker is optional but has no skip');
  const m2 = V.nightModel(T, pv, names, { sel: { [m.taskKey]: 7 } });
  assert.deepEqual(V.nightCommand(pv.tasks.find((t) => t.action === 'suspect'), 'confirm', 7), { do: 'suspect', target: 7 });
  assert.equal(m2.primary.do, 'confirm');
  // once this seat's mark is in the huddle, it is its choice: nothing to confirm again
  const marked = structuredClone(pv);
  marked.huddle = [{ seat: 1, target: 7 }, { seat: 5, target: 3 }];
  const m3 = V.nightModel(T, marked, names, { sel: { [m.taskKey]: 7 } });
  assert.equal(m3.primary.enabled, false);
  assert.equal(m3.cells.find((c) => c.id === '7').chosen, true);
  assert.deepEqual(m3.cells.find((c) => c.id === '3').marks, [5]);
});

test('night: cards and hands get L/R buttons; a waiting task is disabled', () => {
  const { pv, names } = viewOf('night-cards-killer');
  const m = V.nightModel(T, pv, names, { sel: {} });
  assert.equal(m.layout, 'cards');
  assert.equal(m.cells.length, 16);
  assert.equal(m.cells.find((c) => c.id === '6R').dead, true);
  assert.equal(m.cells.find((c) => c.id === '3L').label, '3L');
  const k = V.nightModel(T, pv, names, { sel: { [m.taskKey]: '3R' } });
  assert.deepEqual(V.nightCommand(pv.tasks[0], k.primary.do, k.primary.target), { do: 'kill', target: '3R', card: '4L' });
  // after the kill, the save waits on it
  const done = structuredClone(pv);
  done.tasks[0].done = true; done.tasks[0].choice = '3R';
  const w = structuredClone(pv);
  w.tasks = [w.tasks[1]];
  const mw = V.nightModel(T, w, names, {});
  assert.equal(mw.primary.enabled, false);
  assert.match(mw.hint, /First finish: Kill/);
  // the sleeper of a two-card game guesses on the same card grid
  const s = viewOf('night-cards-sleep');
  const ms = V.nightModel(T, s.pv, s.names, {});
  assert.equal(ms.layout, 'cards');
  assert.equal(ms.cells.length, 16);
});

test('nightTask order: first undone, else changeable group task', () => {
  const tasks = [
    { action: 'kill', step: 0, group: true, done: true, choice: 3 },
    { action: 'check', step: 1, done: false, waiting: '' },
  ];
  assert.equal(V.nightTask(tasks).action, 'check');
  tasks[1].done = true;
  assert.equal(V.nightTask(tasks).action, 'kill');
  tasks[0].locked = true;
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

test('day: the speaker gets pass; others do not; killers see explode only via the menu model', () => {
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
  assert.equal(mk.explode, true);
  // a killer's day screen has the same shape as a civilian's
  const civ = V.dayModel(T, o.pv.table, o.names, o.pv, {});
  assert.deepEqual(Object.keys(mk).sort(), Object.keys(civ).sort());
});

test('day: vote with candidates, abstain and the calling candidate', () => {
  const { pv, names } = viewOf('vote');
  const m = V.dayModel(T, pv.table, names, pv, {});
  assert.ok(m.vote);
  assert.equal(m.vote.secondary.cmd.do, 'abstain');
  assert.equal(m.vote.primary.enabled, false);
  assert.equal(m.vote.cells.find((c) => c.id === '5').enabled, false, 'no self vote');
  assert.equal(m.vote.cells.find((c) => c.id === '6').dead, true);
  assert.equal(m.vote.cells.find((c) => c.id === '7').cls, 'calling');
  const m2 = V.dayModel(T, pv.table, names, pv, { vote: 9 });
  assert.deepEqual(m2.vote.primary.cmd, { do: 'vote', target: 9 });
  assert.equal(m2.vote.primary.target, 9);
  assert.deepEqual(m.vote.secondary.cmd, { do: 'abstain' });
  // a hand's vote (two-hands) names the voting hand
  const hand = structuredClone(pv);
  hand.tasks[0].card = '5R';
  assert.deepEqual(V.dayModel(T, hand.table, names, hand, { vote: 9 }).vote.primary.cmd, { do: 'vote', target: 9, card: '5R' });
  // another targeted day action (two-hands' nomination) gets the same panel
  const nom = structuredClone(pv);
  nom.tasks = [{ action: 'pass', step: 0, done: false }, { action: 'nominate', step: 0, targets: [1, 2], done: false }];
  const mn = V.dayModel(T, nom.table, names, nom, { vote: 2 });
  assert.equal(mn.pass, true);
  assert.equal(mn.vote.title, 'Nominate');
  assert.deepEqual(mn.vote.primary.cmd, { do: 'nominate', target: 2 });
  assert.equal(mn.vote.secondary, null);
  assert.match(m.ballot.calling, /Now voting: Seat 7/);
  assert.match(m.ballot.cast, /of 11/);
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
  assert.ok(lines.some((l) => /Kill → Seat/.test(l)), lines.join('\n'));
  assert.ok(lines.some((l) => /Dawn/.test(l)));
  assert.ok(lines.every((l) => !/^[:：]/.test(l)), 'no empty role prefix');
  assert.ok(lines.every((l) => !/\{\{|role\.|action\./.test(l)), 'all translated');
  const z = V.overModel(TZ, pv.table, names);
  assert.equal(z.winner, '好人获胜');
});

test('narration covers every key, in both languages', () => {
  for (const key of V.NARRATION_KEYS) {
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

test('buzz: everyone alive at nightfall, the speaker, a new ballot', () => {
  const civ = viewOf('night-civilian').pv;
  const kil = viewOf('night-killer').pv;
  assert.equal(V.buzzKey(civ), V.buzzKey(kil), 'no role-dependent buzz at night');
  assert.notEqual(V.buzzKey(civ), '');
  // unlocking a second night task does not buzz
  const two = viewOf('night-killer-picks').pv;
  assert.equal(V.buzzKey(two), V.buzzKey(kil));
  assert.match(V.buzzKey(viewOf('speech-me').pv), /pass/);
  assert.equal(V.buzzKey(viewOf('speech-other').pv), '');
  assert.equal(V.buzzKey(viewOf('speech-killer').pv), '', 'the explode task never buzzes');
  assert.match(V.buzzKey(viewOf('vote').pv), /vote/);
  assert.equal(V.buzzKey(viewOf('lastwords-dead').pv), '');
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

test('error texts by code', () => {
  assert.equal(V.errorText(T, { code: 'seat-taken' }), en['err.seat-taken']);
  assert.match(V.errorText(T, { id: 'c-1', reason: 'seat 4 is dead and cannot vote' }), /seat 4 is dead/);
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
  assert.equal(V.manifestoChars(long), 105);
  const g = V.catModel(T, pv, names, { cat: { open: attack.key, target: 3, text: long } }).form;
  assert.equal(g.text.count, '105/100');
  assert.equal(g.text.short, '');
  assert.equal(g.primary.enabled, true);
  assert.deepEqual(g.primary.cmd, { do: 'attack', via: 'killer', target: 3, text: long });
  // the engine's count: every code point but white space (tabs, newlines, U+3000 too)
  assert.equal(V.manifestoChars('a\tb\nc\u3000d!'), 5);
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
});
