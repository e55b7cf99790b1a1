package lan

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"nightfall/lan/sealed"
)

// KeysDir is where the rooms' keys are kept, under the data directory:
// <data dir>/keys/<ROOM>.key, mode 0600, the private key in base64url. A
// room's key lives as long as its code: a resumed game or lobby keeps both,
// so phones that scanned the QR code before a restart reconnect.
const KeysDir = "keys"

// roomKey is the room's private key: read from its file, or made afresh
// (fresh: a new room, whose code may have been used before) and written.
func roomKey(dataDir, room string, fresh bool) (sealed.Key, error) {
	path := filepath.Join(dataDir, KeysDir, room+".key")
	if !fresh {
		b, err := os.ReadFile(path)
		if err == nil {
			k, err := sealed.ParseKey(strings.TrimSpace(string(b)))
			if err != nil {
				return k, fmt.Errorf("%s: %v", path, err)
			}
			return k, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return sealed.Key{}, err
		}
	}
	_, priv := sealed.GenerateKey()
	if err := writeSecret(path, priv.String()); err != nil {
		return priv, fmt.Errorf("cannot save the room's key: %v", err)
	}
	return priv, nil
}

// writeSecret writes a key file (one line) atomically, mode 0600
// (temporary file, sync, rename).
func writeSecret(path string, line string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".key-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if _, err := f.WriteString(line + "\n"); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
