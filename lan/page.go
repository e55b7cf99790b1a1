package lan

import (
	"io/fs"

	"nightfall/assets"
)

// phonePage is the phone client: index.html at the root, static/… beside it.
func phonePage() fs.FS { return assets.Phone() }
