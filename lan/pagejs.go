package lan

import (
	"bytes"
	"errors"
)

// withoutCommentLines is a script of the page as phones get it: without
// its comment lines (a line holding nothing but a // comment), about a
// third of the page's gzipped bytes. The page's sources are written to be
// read, with long comments; the phones only run them, and a phone on a slow
// network waits for every byte before its join screen (TestPageGzip).
// Nothing else changes: a comment after code stays, and so do the line's
// other bytes, so the script runs as written (line numbers in an error
// differ from the source's).
//
// A line is a comment line only where the script is at code, not inside a
// string, a template literal (whose lines are its text), a regular
// expression or a /* comment */: the scan follows those as JavaScript does,
// a slash after an operator or an opening bracket beginning a regular
// expression, after a value a division. A script the scan cannot follow to
// its end at code (an unclosed string, say) is an error, and the caller
// serves it as it is.
func withoutCommentLines(src []byte) ([]byte, error) {
	const (
		code = iota
		single
		double
		block
		regex
		regexClass
	)
	var (
		out    bytes.Buffer
		mode   = code
		frames []int // open template literals: -1 inside the text, ≥ 0 the braces open in a ${…}
		last   byte  // the last significant byte at code
		word   []byte
	)
	inText := func() bool { return len(frames) > 0 && frames[len(frames)-1] < 0 }
	regexAfter := func() bool {
		switch string(word) {
		case "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await", "instanceof":
			return true
		}
		return last == 0 || bytes.IndexByte([]byte("(,=:[!&|?{};+-*%<>~^"), last) >= 0
	}
	for i := 0; i < len(src); {
		if (i == 0 || src[i-1] == '\n') && mode == code && !inText() {
			j := i
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			if bytes.HasPrefix(src[j:], []byte("//")) {
				end := bytes.IndexByte(src[j:], '\n')
				if end < 0 {
					break
				}
				i = j + end + 1
				continue
			}
		}
		c := src[i]
		out.WriteByte(c)
		i++
		switch mode {
		case single, double:
			switch {
			case c == '\\' && i < len(src):
				out.WriteByte(src[i])
				i++
			case c == '\n':
				return nil, errors.New("a line break in a string")
			case (c == '\'' && mode == single) || (c == '"' && mode == double):
				mode, last, word = code, 'x', nil
			}
			continue
		case block:
			if c == '*' && i < len(src) && src[i] == '/' {
				out.WriteByte('/')
				i++
				mode = code
			}
			continue
		case regex, regexClass:
			switch {
			case c == '\\' && i < len(src):
				out.WriteByte(src[i])
				i++
			case c == '\n':
				return nil, errors.New("a line break in a regular expression")
			case c == '[':
				mode = regexClass
			case c == ']' && mode == regexClass:
				mode = regex
			case c == '/' && mode == regex:
				mode, last, word = code, 'x', nil
			}
			continue
		}
		if inText() {
			switch {
			case c == '\\' && i < len(src):
				out.WriteByte(src[i])
				i++
			case c == '`':
				frames = frames[:len(frames)-1]
				last, word = 'x', nil
			case c == '$' && i < len(src) && src[i] == '{':
				out.WriteByte('{')
				i++
				frames[len(frames)-1] = 0
				last, word = '{', nil
			}
			continue
		}
		// at code
		isWord := c == '_' || c == '$' || (c|0x20 >= 'a' && c|0x20 <= 'z') || (c >= '0' && c <= '9')
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case isWord:
			if last != 'w' {
				word = word[:0]
			}
			word = append(word, c)
			last = 'w'
			continue
		case c == '\'':
			mode = single
		case c == '"':
			mode = double
		case c == '`':
			frames = append(frames, -1)
		case c == '/' && i < len(src) && src[i] == '/':
			end := bytes.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			out.Write(src[i : i+end])
			i += end
			continue
		case c == '/' && i < len(src) && src[i] == '*':
			out.WriteByte('*')
			i++
			mode = block
			continue
		case c == '/' && regexAfter():
			mode = regex
		case c == '{' && len(frames) > 0:
			frames[len(frames)-1]++
		case c == '}' && len(frames) > 0:
			if frames[len(frames)-1] == 0 {
				frames[len(frames)-1] = -1 // back in the template's text
			} else {
				frames[len(frames)-1]--
			}
		}
		last, word = c, nil
	}
	if mode != code || len(frames) > 0 {
		return nil, errors.New("the script ends inside a string, a comment or a template")
	}
	return out.Bytes(), nil
}
