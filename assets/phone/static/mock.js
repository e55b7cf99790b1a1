// mock.js — the phone page's mock mode, for development only: #mock=NAME
// shows a fixture (assets/phone/fixtures, served by devserve, not by the
// host) without a host; #tap=, #skip=1, #open=, #text=, #hand=1 and #peek=1
// set what the player picked or opened. app.js loads it only then, so a
// phone never fetches it (lan's TestPageGzip). a is app.js's: its state S,
// the fragment's parameters (hash), and what it calls.

import * as V from './view.js';

export async function startMock(a) {
  const { S, hash } = a;
  S.conn = 'open';
  try {
    const r = await fetch(`fixtures/${encodeURIComponent(S.mock)}.json`);
    const data = await r.json();
    for (const f of Array.isArray(data) ? data : [data]) a.onFrame(f);
  } catch (e) {
    a.toast(`mock: ${e}`);
  }
  const tap = hash.get('tap');
  if (tap) {
    const pv = S.pv;
    if (pv && pv.table.phase === 'night') {
      const task = V.nightTask(pv.tasks, null);
      if (task) S.local.sel[V.taskKey(task)] = /^\d+$/.test(tap) ? Number(tap) : tap.toUpperCase();
    } else if (pv) {
      S.local.vote = /^\d+$/.test(tap) ? Number(tap) : tap;
      S.local.turn = S.local.vote; // a day turn's pick (werewolf-12's skill and badge turns)
    }
  }
  if (hash.get('skip') === '1' && S.pv && S.pv.table.phase === 'night') { // Skip on a task that cannot be skipped
    const w = V.nightModel(S.T, S.pv, S.names, S.local).wire;
    if (w.secondary && w.secondary.do === 'local-skip') S.local.skipped[w.taskKey] = true;
  }
  const open = hash.get('open'); // cat-lives-7: a privilege's form
  if (open && S.pv && S.pv.catLives) {
    const p = (S.pv.catLives.privileges || []).find((x) => x.action === open);
    if (p) S.local.cat = { open: `${p.action}:${p.via}`, target: tap ? Number(tap) : undefined, text: hash.get('text') || '' };
  }
  if (S.pv && S.pv.catLives && (open || hash.get('hand') === '1')) { S.catHand = a.catHandKey(); a.catArm(); } // cat-lives-7: the hand opened
  if (hash.get('peek') === '1') S.peeking = true;
  a.render();
}
