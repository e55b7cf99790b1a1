package app

import "testing"

func TestOnOff(t *testing.T) {
	for _, c := range []struct {
		in       string
		on, set  bool
		rejected bool
	}{
		{"", false, false, false}, {"on", true, true, false}, {"ON", true, true, false}, {"1", true, true, false},
		{"off", false, true, false}, {"0", false, true, false}, {"false", false, true, false}, {"maybe", false, false, true},
	} {
		on, set, err := onOff(c.in)
		if on != c.on || set != c.set || (err != nil) != c.rejected {
			t.Errorf("onOff(%q) = %v, %v, %v", c.in, on, set, err)
		}
	}
}
