// compat.js — what the page uses that the oldest phones it serves lack
// (Android 8's WebView / Chrome 70, iOS 12 Safari), added only where it is
// missing. app.js imports it first. assets' TestPageCompat lists what was
// checked (compat.mjs) and fails on anything else they lack.

// replaceChildren (Chrome 86, Safari 14): remove every child, append nodes.
function replaceChildren(...nodes) {
  while (this.lastChild) this.removeChild(this.lastChild);
  this.append(...nodes);
}
for (const C of [window.Element, window.Document, window.DocumentFragment]) {
  if (C && !C.prototype.replaceChildren) C.prototype.replaceChildren = replaceChildren;
}
