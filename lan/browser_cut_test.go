package lan

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// textCutJS lists the texts of the page a player cannot read whole at its
// width: a button, a heading, a paragraph or a list item cut off (an
// ellipsis or hidden overflow) or wider than the phone. A player's name
// may be cut (a name is shown whole elsewhere; a teammate's line in the
// held card ends with one); words may not.
const textCutJS = `(() => {
  const out = [];
  for (const e of document.querySelectorAll('button, .btn, h1, h2, h3, p, li')) {
    if (!e.offsetParent || e.closest('.sr-only')) continue;
    if (e.closest('.c-team') && e.tagName === 'LI') continue; // a teammate's line ends with their name
    const cs = getComputedStyle(e);
    if ((cs.textOverflow === 'ellipsis' || cs.overflow === 'hidden') && e.scrollWidth > e.clientWidth + 1) out.push(e.textContent.slice(0, 60));
  }
  if (document.documentElement.scrollWidth > innerWidth) out.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
  return out.join(' | ');
})()`

// TestBrowserNoTextCut: every screen of the phone's fixtures (the page's
// mock mode), its card held and not, in zh and en at 360×740 in
// Chromium: no button, heading, hint or line is cut ("Do not …", "Tear
// the b…", the card's "Slide the finger holding the card onto a bu…"),
// and the screen reader's line says the phase once ("Night 1 · Night 1 ·
// your move" did not).
func TestBrowserNoTextCut(t *testing.T) {
	ts, tab, p := mockPhone(t)
	ents, err := os.ReadDir("../assets/phone/fixtures")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, e := range ents {
		f, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok {
			continue
		}
		for _, lang := range []string{"zh", "en"} {
			for _, peek := range []string{"", "&peek=1"} {
				url := fmt.Sprintf("%s/?room=CUT&case=%s-%s%s#mock=%s&lang=%s%s", ts.URL, f, lang, peek, f, lang, peek)
				if err := chromedp.Do(tab, chromedp.Navigate(url)); err != nil {
					t.Fatal(err)
				}
				p.waitFor(f, `document.fonts.status === 'loaded' && document.body.dataset.screen`)
				if cut := p.eval(textCutJS); cut != "" {
					t.Errorf("%s %s%s: cut: %s", f, lang, peek, cut)
				}
				// what a screen reader is told of the screen says the phase once
				if live := p.eval(`document.getElementById('live').textContent`); strings.Count(live, strings.Split(live, " · ")[0]) > 1 {
					t.Errorf("%s %s%s: the screen reader hears %q", f, lang, peek, live)
				}
				seen++
			}
		}
	}
	if seen < 100 {
		t.Errorf("only %d screens looked at", seen)
	}
}
