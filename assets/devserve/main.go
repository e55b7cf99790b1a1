// Command devserve serves the phone page alone, for development: open
// http://localhost:8099/#mock=night-killer to see a fixture without a host
// (fixtures are in assets/phone/fixtures). It serves assets.Phone() exactly
// as the lan server does, but has no WebSocket.
//
//	go run ./assets/devserve [-addr :8099] [-dir assets]
//
// With -dir it serves the files from disk (edit and reload, no rebuild).
package main

import (
	"flag"
	"io/fs"
	"log"
	"net/http"
	"os"

	"nightfall/assets"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8099", "listen address")
	dir := flag.String("dir", "", "serve phone/ and i18n/ from this assets directory on disk instead of the embedded copy")
	flag.Parse()
	var phone fs.FS = assets.Phone()
	if *dir != "" {
		phone = assets.PhoneFrom(os.DirFS(*dir))
	}
	h := http.FileServer(http.FS(phone))
	http.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	}))
	log.Printf("phone page on http://%s/  (mock: /#mock=night-killer)", *addr)
	log.Fatal(http.ListenAndServe(*addr, nil))
}
