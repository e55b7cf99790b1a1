// Command winres writes the Windows resources of nightfall.exe from FyneApp.toml, as `fyne
// package` would embed them: the icon (named GLFW_ICON, which GLFW also uses for the window), the
// version information (name, version, build) and the application manifest (DPI awareness,
// common controls 6, UTF-8 code page). It writes nightfall.rc and the files it names into a
// directory; `make dist` compiles them with Debian's x86_64-w64-mingw32-windres into a .syso
// beside main.go for the one Windows build, and removes it afterwards.
//
//	go run ./app/dist/winres FyneApp.toml OUTDIR
package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/image/draw"
)

// details is FyneApp.toml's [Details] table.
type details struct {
	Icon, Name, ID, Version string
	Build                   int
}

// parseDetails reads the [Details] table of FyneApp.toml: `Key = "string"` or `Key = 123` lines.
func parseDetails(data []byte) (details, error) {
	var d details
	section := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") {
			section = strings.Trim(line, "[] ")
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok || section != "Details" {
			continue
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if s, err := strconv.Unquote(value); err == nil {
			value = s
		}
		switch key {
		case "Icon":
			d.Icon = value
		case "Name":
			d.Name = value
		case "ID":
			d.ID = value
		case "Version":
			d.Version = value
		case "Build":
			n, err := strconv.Atoi(value)
			if err != nil {
				return d, fmt.Errorf("build number %s: %v", value, err)
			}
			d.Build = n
		}
	}
	if d.Icon == "" || d.Name == "" || d.ID == "" || d.Version == "" {
		return d, fmt.Errorf("[Details] needs Icon, Name, ID and Version")
	}
	return d, sc.Err()
}

// versionQuad is "1,2,3,build" for VERSIONINFO from "1.2.3" and the build number.
func (d details) versionQuad() (string, error) {
	parts := strings.Split(d.Version, ".")
	if len(parts) > 3 {
		return "", fmt.Errorf("version %q: more than three numbers", d.Version)
	}
	q := []string{"0", "0", "0", strconv.Itoa(d.Build)}
	for i, p := range parts {
		if _, err := strconv.ParseUint(p, 10, 16); err != nil {
			return "", fmt.Errorf("version %q: %v", d.Version, err)
		}
		q[i] = p
	}
	return strings.Join(q, ","), nil
}

// ico encodes img as a Windows icon holding PNG images of the usual sizes (Windows Vista and
// later read PNG entries).
func ico(img image.Image) ([]byte, error) {
	sizes := []int{256, 64, 48, 32, 24, 16}
	var images [][]byte
	for _, s := range sizes {
		dst := image.NewNRGBA(image.Rect(0, 0, s, s))
		draw.CatmullRom.Scale(dst, dst.Bounds(), img, img.Bounds(), draw.Src, nil)
		var b bytes.Buffer
		if err := png.Encode(&b, dst); err != nil {
			return nil, err
		}
		images = append(images, b.Bytes())
	}
	var out bytes.Buffer
	le := func(v any) { _ = binary.Write(&out, binary.LittleEndian, v) }
	le([3]uint16{0, 1, uint16(len(sizes))}) // reserved, type 1 (icon), count
	offset := 6 + 16*len(sizes)
	for i, s := range sizes {
		wh := uint8(s % 256) // 0 means 256
		le([4]uint8{wh, wh, 0, 0})
		le([2]uint16{1, 32}) // planes, bits per pixel
		le([2]uint32{uint32(len(images[i])), uint32(offset)})
		offset += len(images[i])
	}
	for _, b := range images {
		out.Write(b)
	}
	return out.Bytes(), nil
}

const manifest = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <assemblyIdentity type="win32" name="%s" version="%s" processorArchitecture="amd64"/>
  <description>%s</description>
  <dependency>
    <dependentAssembly>
      <assemblyIdentity type="win32" name="Microsoft.Windows.Common-Controls" version="6.0.0.0"
        processorArchitecture="*" publicKeyToken="6595b64144ccf1df" language="*"/>
    </dependentAssembly>
  </dependency>
  <compatibility xmlns="urn:schemas-microsoft-com:compatibility.v1">
    <application>
      <supportedOS Id="{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}"/>
      <supportedOS Id="{1f676c76-80e1-4239-95bb-83d0f6d0da78}"/>
      <supportedOS Id="{4a2f28e3-53b9-4441-ba9c-d69d4a4a6e38}"/>
      <supportedOS Id="{35138b9a-5d96-4fbd-8e2d-a2440225f93a}"/>
    </application>
  </compatibility>
  <application xmlns="urn:schemas-microsoft-com:asm.v3">
    <windowsSettings>
      <dpiAware xmlns="http://schemas.microsoft.com/SMI/2005/WindowsSettings">true/pm</dpiAware>
      <dpiAwareness xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">permonitorv2,permonitor</dpiAwareness>
      <activeCodePage xmlns="http://schemas.microsoft.com/SMI/2019/WindowsSettings">UTF-8</activeCodePage>
    </windowsSettings>
  </application>
  <trustInfo xmlns="urn:schemas-microsoft-com:asm.v3">
    <security>
      <requestedPrivileges>
        <requestedExecutionLevel level="asInvoker" uiAccess="false"/>
      </requestedPrivileges>
    </security>
  </trustInfo>
</assembly>
`

// rcString quotes s for a resource script (UTF-8 source: windres -c 65001).
func rcString(s string) string {
	return `"` + strings.NewReplacer(`"`, `""`, `\`, `\\`).Replace(s) + `"`
}

func run(tomlPath, outDir string) error {
	data, err := os.ReadFile(tomlPath)
	if err != nil {
		return err
	}
	d, err := parseDetails(data)
	if err != nil {
		return fmt.Errorf("%s: %v", tomlPath, err)
	}
	quad, err := d.versionQuad()
	if err != nil {
		return fmt.Errorf("%s: %v", tomlPath, err)
	}
	f, err := os.Open(filepath.Join(filepath.Dir(tomlPath), d.Icon))
	if err != nil {
		return err
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %v", d.Icon, err)
	}
	icon, err := ico(img)
	if err != nil {
		return err
	}
	dotted := strings.ReplaceAll(quad, ",", ".")
	rc := fmt.Sprintf(`#pragma code_page(65001)
GLFW_ICON ICON "nightfall.ico"
1 24 "nightfall.manifest"
1 VERSIONINFO
FILEVERSION %[1]s
PRODUCTVERSION %[1]s
FILEFLAGSMASK 0x3f
FILEFLAGS 0
FILEOS 0x40004
FILETYPE 1
FILESUBTYPE 0
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904b0"
    BEGIN
      VALUE "Comments", %[2]s
      VALUE "FileDescription", %[3]s
      VALUE "FileVersion", %[4]s
      VALUE "InternalName", "nightfall"
      VALUE "OriginalFilename", "nightfall.exe"
      VALUE "ProductName", %[5]s
      VALUE "ProductVersion", %[6]s
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x409, 1200
  END
END
`, quad, rcString(d.ID), rcString(d.Name+" · 天黑请闭眼"), rcString(dotted), rcString(d.Name), rcString(d.Version))
	files := map[string][]byte{
		"nightfall.rc":       []byte(rc),
		"nightfall.ico":      icon,
		"nightfall.manifest": []byte(fmt.Sprintf(manifest, d.ID, dotted, d.Name)),
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(outDir, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: winres FyneApp.toml OUTDIR")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "winres:", err)
		os.Exit(1)
	}
}
