package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDetails(t *testing.T) {
	d, err := parseDetails([]byte("# x\n[Details]\n  Icon = \"assets/icon.png\"\n  Name = \"Nightfall\"\n  ID = \"io.nightfall.host\"\n  Version = \"0.1.0\"\n  Build = 7\n\n[Migrations]\n  Name = \"no\"\n"))
	if err != nil || d.Name != "Nightfall" || d.Icon != "assets/icon.png" || d.Build != 7 {
		t.Fatalf("got %+v, %v", d, err)
	}
	if q, err := d.versionQuad(); q != "0,1,0,7" || err != nil {
		t.Errorf("versionQuad = %q, %v", q, err)
	}
	d.Version = "1.2.3.4"
	if _, err := d.versionQuad(); err == nil {
		t.Error("four numbers accepted")
	}
	if _, err := parseDetails([]byte("[Details]\nName = \"x\"\n")); err == nil {
		t.Error("a [Details] without Icon, ID and Version accepted")
	}
}

// The repository's FyneApp.toml gives a resource script, an icon and a manifest.
func TestRepositoryFyneApp(t *testing.T) {
	dir := t.TempDir()
	if err := run("../../../FyneApp.toml", dir); err != nil {
		t.Fatal(err)
	}
	rc, _ := os.ReadFile(filepath.Join(dir, "nightfall.rc"))
	for _, want := range []string{"GLFW_ICON ICON \"nightfall.ico\"", "1 24 \"nightfall.manifest\"", "VALUE \"ProductName\", \"Nightfall\""} {
		if !strings.Contains(string(rc), want) {
			t.Errorf("nightfall.rc lacks %q:\n%s", want, rc)
		}
	}
	icon, _ := os.ReadFile(filepath.Join(dir, "nightfall.ico"))
	var hdr [3]uint16
	if err := binary.Read(bytes.NewReader(icon), binary.LittleEndian, &hdr); err != nil || hdr[0] != 0 || hdr[1] != 1 || hdr[2] != 6 {
		t.Errorf("nightfall.ico header %v, %v; want an icon of 6 images", hdr, err)
	}
}

func TestICO(t *testing.T) {
	b, err := ico(image.NewNRGBA(image.Rect(0, 0, 512, 512)))
	if err != nil {
		t.Fatal(err)
	}
	// The first entry is the 256×256 image (width byte 0), a PNG at the offset it gives.
	off := binary.LittleEndian.Uint32(b[6+12:])
	if b[6] != 0 || !bytes.HasPrefix(b[off:], []byte("\x89PNG")) {
		t.Errorf("first entry: width byte %d, data %q", b[6], b[off:off+4])
	}
}
