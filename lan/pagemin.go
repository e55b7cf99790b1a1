package lan

import (
	"bytes"
	"strings"

	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/css"
	"github.com/tdewolff/minify/v2/js"
)

// pageSyntax is the newest ECMAScript edition the minifier may write: the
// page runs on Android 8's WebView (Chrome 70) and iOS 12 Safari, which
// know ES2019 but not ES2020's ?? and ?. (assets' TestPageCompat checks
// the sources, TestPageMinified what the minifier made of them). The style
// sheet keeps CSS level 3 (the minifier's default).
const pageSyntax = 2019

// pageMinifier minifies the page's scripts and style sheet.
var pageMinifier = func() *minify.M {
	m := minify.New()
	m.Add("text/javascript", &js.Minifier{Version: pageSyntax})
	m.Add("text/css", &css.Minifier{Version: 3})
	return m
}()

// minified is a file of the page as phones get it: scripts and the style
// sheet minified (tdewolff/minify: comments and spaces gone, local names
// shortened), everything else as it is, and so is a file already minified
// (*.min.js). The page's sources are written to be read, with long
// comments; the phones only run them, and a phone on a slow network waits
// for every byte before its join screen (TestPageGzip). A file the
// minifier refuses is an error, and the caller serves it as it is.
func minified(name string, src []byte) ([]byte, error) {
	var mediatype string
	switch {
	case strings.HasSuffix(name, ".min.js"):
		return src, nil
	case strings.HasSuffix(name, ".js"):
		mediatype = "text/javascript"
	case strings.HasSuffix(name, ".css"):
		mediatype = "text/css"
	default:
		return src, nil
	}
	var out bytes.Buffer
	if err := pageMinifier.Minify(mediatype, &out, bytes.NewReader(src)); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
