package netaddr

// The host's address choice, remembered per network: the lobby lets the
// host switch the join URL to another of the laptop's addresses (lan's
// HostSetAddress), and the next server on the same network starts on it.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// choicesFile keeps the host's address choice per network, under the data
// directory.
const choicesFile = "addresses.json"

// choice is a remembered choice: the interface and its subnet (the
// address itself may change with DHCP on the same network).
type choice struct {
	Iface string `json:"iface"`
	Net   string `json:"net"`
}

// networkOf names the network the laptop is on: its subnets, sorted, of
// the interfaces phones could reach (virtual ones only if there is no
// other), so that a choice made at one party is not applied at another,
// and a VM bridge coming and going does not make the same Wi-Fi another
// network.
func networkOf(list []IfaceAddr) string {
	var nets, virtual []string
	for _, a := range list {
		if a.Net == nil {
			continue
		}
		if a.Virtual {
			virtual = append(virtual, a.Net.String())
		} else {
			nets = append(nets, a.Net.String())
		}
	}
	if len(nets) == 0 {
		nets = virtual
	}
	slices.Sort(nets)
	return strings.Join(slices.Compact(nets), ",")
}

func loadChoices(dataDir string) map[string]choice {
	m := map[string]choice{}
	b, err := os.ReadFile(filepath.Join(dataDir, choicesFile))
	if err == nil {
		json.Unmarshal(b, &m)
	}
	return m
}

// Remember keeps a as the host's choice for the network of list (the
// addresses List gives now), in dataDir/addresses.json.
func Remember(dataDir string, list []IfaceAddr, a IfaceAddr) error {
	m := loadChoices(dataDir)
	m[networkOf(list)] = choice{Iface: a.Name, Net: a.Net.String()}
	b, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return err
	}
	tmp := filepath.Join(dataDir, "."+choicesFile+".tmp")
	if err := os.WriteFile(tmp, append(b, '\n'), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dataDir, choicesFile))
}

// Remembered is the address chosen before (Remember) on the network of
// list, if its interface still has an address on that subnet.
func Remembered(dataDir string, list []IfaceAddr) (IfaceAddr, bool) {
	c, ok := loadChoices(dataDir)[networkOf(list)]
	if !ok {
		return IfaceAddr{}, false
	}
	for _, a := range list {
		if a.Name == c.Iface && a.Net != nil && a.Net.String() == c.Net {
			return a, true
		}
	}
	return IfaceAddr{}, false
}
