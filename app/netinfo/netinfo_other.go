//go:build !linux && !windows && !darwin

package netinfo

import (
	"context"
	"os/exec"
)

func read(context.Context) Info { return Info{} }

func hideWindow(*exec.Cmd) {}
