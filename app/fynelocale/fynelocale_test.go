package fynelocale

import (
	"bytes"
	"log"
	"testing"
)

func TestAffected(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{"LANG": "C.UTF-8"}, true},
		{map[string]string{"LANG": "POSIX.utf8"}, true},
		{map[string]string{"LANG": "C@euro"}, true},
		{map[string]string{"LANG": "C"}, false},
		{map[string]string{"LANG": "POSIX"}, false},
		{map[string]string{}, false},
		{map[string]string{"LANG": "en_US.UTF-8"}, false},
		{map[string]string{"LANG": "zh_CN.UTF-8"}, false},
		{map[string]string{"LC_ALL": "C.UTF-8", "LANG": "en_US.UTF-8"}, true},
		{map[string]string{"LC_ALL": "en_US.UTF-8", "LANG": "C.UTF-8"}, false},
		{map[string]string{"LC_MESSAGES": "C.UTF-8", "LANG": "zh_CN.UTF-8"}, true},
	} {
		if got := Affected(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%v: Affected = %v, want %v", c.env, got, c.want)
		}
	}
}

// The report as fyne.LogError prints it, between two lines that must stay.
func TestFilter(t *testing.T) {
	var out bytes.Buffer
	l := log.New(&filter{out: &out}, "", log.LstdFlags)
	l.Println("before")
	l.Println("Fyne error: ", "Error parsing user locale C")
	l.Println("  Cause:", "language: tag is not well-formed")
	l.Printf("  At: %s:%d", "/root/go/pkg/mod/fyne.io/fyne/v2@v2.7.2/lang/locale.go", 35)
	l.Println("Fyne error: ", "Error parsing user locale xx_YY")
	l.Println("  Cause:", "language: tag is not well-formed")
	l.Println("after")
	got := out.String()
	for _, want := range []string{"before\n", "Error parsing user locale xx_YY\n", "  Cause: language: tag is not well-formed\n", "after\n"} {
		if !bytes.Contains(out.Bytes(), []byte(want)) {
			t.Errorf("lost %q from:\n%s", want, got)
		}
	}
	if bytes.Contains(out.Bytes(), []byte("locale C\n")) || bytes.Count(out.Bytes(), []byte("\n")) != 4 || bytes.Contains(out.Bytes(), []byte("At:")) {
		t.Errorf("the C report got through:\n%s", got)
	}
}
