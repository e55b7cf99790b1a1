package lan

import "io/fs"

// phonePage is the phone client (index.html at the root, static/…); nil
// serves a placeholder.
func phonePage() fs.FS { return nil }
