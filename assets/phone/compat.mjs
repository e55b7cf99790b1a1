// compat.mjs — does the phone page run on the oldest phones it must serve
// (Android 8's WebView / Chrome 70, iOS 12 Safari)? A test tool, not served:
// assets' TestPageCompat runs it with acorn (npm, installed into a cache
// folder by `make e2e-deps`), as `node compat.mjs ACORN_DIR STATIC_DIR`.
//
// It reports, one line each, file:line and what the old engines lack:
//   - syntax past what both have: every file is parsed by acorn at ES2020
//     (so class fields, private members, ??=, numeric separators, top-level
//     await fail to parse), then ?? and ?. (ES2020, Chrome 80 / Safari 13.1)
//     and BigInt literals (Safari 14) are refused; import() is fine (Chrome
//     63, Safari 11.1);
//   - regular expressions with lookbehind (Safari 16.4);
//   - APIs they lack (below), unless compat.js polyfills them;
//   - CSS: the inset shorthand, aspect-ratio, :is/:where/:has, @container,
//     @layer, color-mix, nesting, and min()/max()/clamp() (Chrome 79) or
//     dvh/svh/lvh units without an earlier declaration of the same property
//     in the same rule to fall back on.
// Exit status 1 when it found something.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const [acornDir, staticDir] = process.argv.slice(2);
const require = createRequire(join(acornDir, 'x.js'));
const acorn = require('acorn');
const walk = require('acorn-walk');

// APIs by member name: Chrome version, Safari version.
const MEMBERS = {
  replaceAll: 'String.prototype.replaceAll (Chrome 85, Safari 13.1)',
  matchAll: 'String.prototype.matchAll (Chrome 73, Safari 13)',
  allSettled: 'Promise.allSettled (Chrome 76, Safari 13)',
  fromEntries: 'Object.fromEntries (Chrome 73, Safari 12.1)',
  at: 'Array/String.prototype.at (Chrome 92, Safari 15.4)',
  findLast: 'Array.prototype.findLast (Chrome 97, Safari 15.4)',
  findLastIndex: 'Array.prototype.findLastIndex (Chrome 97, Safari 15.4)',
  hasOwn: 'Object.hasOwn (Chrome 93, Safari 15.4)',
  replaceChildren: 'ParentNode.replaceChildren (Chrome 86, Safari 14)',
  toSorted: 'Array.prototype.toSorted (Chrome 110, Safari 16)',
  toReversed: 'Array.prototype.toReversed (Chrome 110, Safari 16)',
  toSpliced: 'Array.prototype.toSpliced (Chrome 110, Safari 16)',
  randomUUID: 'crypto.randomUUID (Chrome 92, Safari 15.4)',
  groupBy: 'Object.groupBy (Chrome 117, Safari 17.4)',
  requestSubmit: 'HTMLFormElement.requestSubmit (Chrome 76, Safari 16)',
  showPicker: 'showPicker (Chrome 99, Safari 16)',
};
// Promise.any, AbortSignal.timeout: by object and member.
const STATIC = {
  'Promise.any': 'Promise.any (Chrome 85, Safari 14)',
  'AbortSignal.timeout': 'AbortSignal.timeout (Chrome 103, Safari 16)',
  'AbortSignal.any': 'AbortSignal.any (Chrome 116, Safari 17.4)',
};
// Globals by name.
const GLOBALS = {
  globalThis: 'globalThis (Chrome 71, Safari 12.1)',
  queueMicrotask: 'queueMicrotask (Chrome 71, Safari 12.1)',
  structuredClone: 'structuredClone (Chrome 98, Safari 15.4)',
  ResizeObserver: 'ResizeObserver (Chrome 64, Safari 13.1)',
  AbortController: 'AbortController (Chrome 66, Safari 12.1)',
  BigInt: 'BigInt (Chrome 67, Safari 14)',
  WeakRef: 'WeakRef (Chrome 84, Safari 14.1)',
  AggregateError: 'AggregateError (Chrome 85, Safari 14)',
};

const problems = [];
const files = readdirSync(staticDir).filter((f) => f.endsWith('.js')).sort();

// compat.js's polyfills: X.prototype.NAME = … makes NAME usable.
const polyfilled = new Set();
if (files.includes('compat.js')) {
  const ast = acorn.parse(readFileSync(join(staticDir, 'compat.js'), 'utf8'), { ecmaVersion: 2020, sourceType: 'module' });
  walk.simple(ast, {
    AssignmentExpression(n) {
      const l = n.left;
      if (l.type === 'MemberExpression' && !l.computed && l.object.type === 'MemberExpression' && l.object.property.name === 'prototype') polyfilled.add(l.property.name);
    },
  });
}

// index.html's inline script runs too, a classic script before any file
// (so before compat.js: nothing polyfilled for it).
const sources = files.map((f) => ({ f, src: readFileSync(join(staticDir, f), 'utf8'), module: f !== 'nacl.min.js' })); // tweetnacl is a classic script
const index = existsSync(join(staticDir, '..', 'index.html')) ? readFileSync(join(staticDir, '..', 'index.html'), 'utf8') : '';
for (const m of index.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
  const line = index.slice(0, m.index).split('\n').length - 1;
  sources.push({ f: 'index.html', src: '\n'.repeat(line) + m[1], module: false, early: true });
}

for (const { f, src, module, early } of sources) {
  let ast;
  try {
    ast = acorn.parse(src, { ecmaVersion: 2020, sourceType: module ? 'module' : 'script', locations: true });
  } catch (e) {
    problems.push(`${f}:${e.loc ? e.loc.line : '?'}: syntax past ES2020 (${e.message})`);
    continue;
  }
  const at = (n, what) => problems.push(`${f}:${n.loc.start.line}: ${what}`);
  const declared = new Set(); // names the file declares itself (a local `at` is not Array.prototype.at)
  walk.full(ast, (n) => {
    if ((n.type === 'VariableDeclarator' || n.type === 'FunctionDeclaration') && n.id && n.id.type === 'Identifier') declared.add(n.id.name);
  });
  walk.full(ast, (n) => {
    switch (n.type) {
      case 'LogicalExpression':
        if (n.operator === '??') at(n, 'nullish coalescing ?? (Chrome 80, Safari 13.1)');
        break;
      case 'ChainExpression':
        at(n, 'optional chaining ?. (Chrome 80, Safari 13.1)');
        break;
      case 'Literal':
        if (n.bigint !== undefined) at(n, 'BigInt literal (Chrome 67, Safari 14)');
        if (n.regex && /\(\?<[=!]/.test(n.regex.pattern)) at(n, 'regular expression lookbehind (Safari 16.4)');
        break;
      case 'NewExpression':
      case 'CallExpression':
        if (n.callee.type === 'Identifier' && n.callee.name === 'RegExp' && n.arguments[0] && n.arguments[0].type === 'Literal' && /\(\?<[=!]/.test(String(n.arguments[0].value))) at(n, 'regular expression lookbehind (Safari 16.4)');
        break;
      case 'MemberExpression': {
        if (n.computed || n.property.type !== 'Identifier') break;
        const name = n.property.name;
        if (n.object.type === 'Identifier' && STATIC[`${n.object.name}.${name}`]) at(n, STATIC[`${n.object.name}.${name}`]);
        else if (MEMBERS[name] && (!polyfilled.has(name) || early) && !(f === 'compat.js')) at(n, MEMBERS[name]);
        break;
      }
      case 'Identifier':
        if (GLOBALS[n.name] && !declared.has(n.name)) at(n, GLOBALS[n.name]);
        break;
    }
  });
}

// ---- CSS ----
for (const f of readdirSync(staticDir).filter((x) => x.endsWith('.css')).sort()) {
  const raw = readFileSync(join(staticDir, f), 'utf8');
  const src = raw.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')); // comments out, lines kept
  const lineOf = (i) => src.slice(0, i).split('\n').length;
  const flag = (i, what) => problems.push(`${f}:${lineOf(i)}: ${what}`);
  for (const [re, what] of [
    [/:(is|where|has)\(/g, 'the :is()/:where()/:has() selectors (Chrome 88, Safari 14; an unknown selector drops the whole rule)'],
    [/@container\b/g, '@container (Chrome 105, Safari 16)'],
    [/@layer\b/g, '@layer (Chrome 99, Safari 15.4)'],
    [/color-mix\(/g, 'color-mix() (Chrome 111, Safari 16.2)'],
    [/(^|[\s;{])aspect-ratio\s*:/g, 'aspect-ratio (Chrome 88, Safari 15)'],
    [/(^|[\s;{])inset\s*:/g, 'the inset shorthand (Chrome 87, Safari 14.1): top/right/bottom/left'],
    [/\{[^{}]*&/g, 'CSS nesting (Chrome 112, Safari 16.5)'],
  ]) {
    let m;
    while ((m = re.exec(src))) flag(m.index, what);
  }
  // min()/max()/clamp() need a fallback declaration of the same property
  // earlier in the same rule (an engine without them drops the declaration).
  const block = /\{([^{}]*)\}/g;
  let b;
  while ((b = block.exec(src))) {
    const seen = new Set();
    let off = b.index + 1;
    for (const decl of b[1].split(';')) {
      const c = decl.indexOf(':');
      if (c > 0) {
        const prop = decl.slice(0, c).trim();
        const value = decl.slice(c + 1);
        if (/(^|[^-\w])(min|max|clamp)\(/.test(value) && !seen.has(prop)) {
          flag(off + decl.search(/\S/), `${prop}: min()/max()/clamp() (Chrome 79, Safari 11.1/13.1) without a fallback declaration before it`);
        }
        if (/\d(dvh|svh|lvh|dvw|svw|lvw)\b/.test(value) && !seen.has(prop)) {
          flag(off + decl.search(/\S/), `${prop}: dynamic viewport units (Chrome 108, Safari 15.4) without a fallback declaration before it`);
        }
        seen.add(prop);
      }
      off += decl.length + 1;
    }
  }
}

for (const p of problems) console.log(p);
console.log(`checked ${sources.length} scripts and the style sheet: ${problems.length} problem(s)`);
process.exit(problems.length ? 1 : 0);
