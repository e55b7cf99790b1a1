package lan

import (
	"encoding/json"
	"strings"
	"testing"

	"nightfall/game"
)

// TestRepliesFitOneUnit: every reply of the cadence is one DownUnit on the
// air, so an error whose reason is long (an engine's rejection) loses the
// end of its reason, never its id or code, and stays valid JSON whatever
// the characters; the short replies pass as they are.
func TestRepliesFitOneUnit(t *testing.T) {
	for _, reason := range []string{
		strings.Repeat("x", 2000),
		strings.Repeat("猫", 700),
		strings.Repeat(`"<&>`, 300), // JSON escapes: longer marshalled than read
		"short",
	} {
		in := errFrame("abcdefgh-12345678901234567890123", codeRejected, reason)
		out := fitReply(in)
		if len(out) > replyLimit {
			t.Errorf("%d bytes of %.10q: %d bytes, limit %d", len(in), reason, len(out), replyLimit)
		}
		var e errorFrame
		if err := json.Unmarshal(out, &e); err != nil {
			t.Fatalf("%.10q: %v: %s", reason, err, out)
		}
		if e.ID != "abcdefgh-12345678901234567890123" || e.Code != codeRejected || !strings.HasPrefix(reason, e.Reason) || e.Reason == "" {
			t.Errorf("%.10q: %+v", reason, e)
		}
		if len(in) <= replyLimit && string(out) != string(in) {
			t.Errorf("a reply that fits was changed: %s", out)
		}
	}
	// A refusal quoting back a long text (an unknown action): the reason
	// goes first, then the quoted text; the code and its refusal stay.
	rej := &game.Rejection{Code: game.RefuseUnknownAction, Text: strings.Repeat(`"猫`, 300)}
	out := fitReply(refusalFrame("abcdefgh-12345678901234567890123", rej))
	var e errorFrame
	if err := json.Unmarshal(out, &e); err != nil || len(out) > replyLimit {
		t.Fatalf("%d bytes: %v: %s", len(out), err, out)
	}
	if e.Code != codeRejected || e.Refusal == nil || e.Refusal.Code != game.RefuseUnknownAction || e.Reason != "" ||
		e.Refusal.Text == "" || !strings.HasPrefix(rej.Text, e.Refusal.Text) {
		t.Errorf("a long refusal became %s", out)
	}
	for _, f := range [][]byte{padFrame, pongFrame, mustJSON(ackFrame{T: "ack", ID: "abcdefgh-12345678901234567890123"})} {
		if got := fitReply(f); string(got) != string(f) {
			t.Errorf("%s became %s", f, got)
		}
	}
}
