package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"nightfall/game"
	"nightfall/game/sim"
	"nightfall/lan"
)

// The lobby's balance line: when the host picks a variant, a
// player count and options, the lobby shows how games with sensible bots
// end at that setting — "机器人试玩 1000 局：好人 47% ± 1%、杀手 51%、平局 2%
// （机器人不会推理，真人对局会不同）" — within about a second. The
// line says where its figure comes from: the bots play one simple strategy
// per role and reason about nobody (game/bots), so a variant that rewards
// reasoning (v4.0's five specials) reads lopsided; a host must not take it
// for a table's odds. The estimate runs in the background (game/sim
// plays as many games as fit in BalanceBudget on every core) and is
// cancelled when the setting changes; a setting the rules refuse shows no
// line.

// BalanceBudget is how long the lobby's estimate plays.
var BalanceBudget = time.Second

// Estimator plays the estimate of a setting (sim.Estimate with sensible
// bots; tests replace it).
type Estimator func(ctx context.Context, setup game.Setup) (sim.Result, error)

// SensibleEstimate is the app's estimate: sensible bots for BalanceBudget.
func SensibleEstimate(ctx context.Context, setup game.Setup) (sim.Result, error) {
	return sim.Estimate(ctx, setup, "sensible", BalanceBudget)
}

// balance runs the lobby's estimates, one at a time.
type balance struct {
	estimate Estimator
	do       func(func()) // runs a function on the UI goroutine (fyne.Do)
	show     func(text string)

	mu     sync.Mutex
	key    string
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// set starts the estimate of the lobby's setting when it changed; key
// identifies the setting.
func (b *balance) set(hv lan.HostView) {
	setup, ok := balanceSetup(hv)
	key := ""
	if ok {
		k, _ := json.Marshal(setup)
		key = string(k)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if key == b.key {
		return
	}
	b.key = key
	if b.cancel != nil {
		b.cancel()
		b.cancel = nil
	}
	b.show("")
	if key == "" || b.estimate == nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	b.cancel = cancel
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		r, err := b.estimate(ctx, setup)
		if ctx.Err() != nil || err != nil || r.Games == 0 {
			return
		}
		text := balanceText(r)
		b.do(func() {
			b.mu.Lock()
			current := b.key == key
			b.mu.Unlock()
			if current {
				b.show(text)
			}
		})
	}()
}

// stop cancels a running estimate and waits for it (the lobby is gone).
func (b *balance) stop() {
	b.mu.Lock()
	if b.cancel != nil {
		b.cancel()
	}
	b.key = "\x00stopped"
	b.mu.Unlock()
	b.wg.Wait()
}

// balanceSetup is the game the lobby would start (seat occupancy aside):
// ok is false when the rules refuse the setting (a player count out of
// range, a bad option) or a game runs.
func balanceSetup(hv lan.HostView) (game.Setup, bool) {
	lv := hv.Lobby
	if hv.Table != nil || lv.Variant == "" || lv.Players == 0 {
		return game.Setup{}, false
	}
	if p := hv.Problem; p != nil && p.Key != "free" {
		return game.Setup{}, false
	}
	opts := map[string]json.RawMessage{}
	for _, o := range lv.Options {
		if o.Set {
			opts[o.Name] = o.Value
		}
	}
	s := game.Setup{Variant: lv.Variant, Players: lv.Players}
	if len(opts) > 0 {
		s.Options, _ = json.Marshal(opts)
	}
	return s, true
}

// balanceText is the line: every camp that won, the first with its 95%
// margin, draws always.
func balanceText(r sim.Result) string {
	var parts []string
	for _, rt := range r.Rates() {
		if rt.Wins == 0 && rt.Camp != "draw" {
			continue
		}
		name := campName(rt.Camp)
		if s, ok := trIf("balance." + rt.Camp); ok {
			name = s
		}
		s := fmt.Sprintf("%s %.0f%%", name, 100*rt.Rate)
		if len(parts) == 0 {
			m := max(rt.High-rt.Rate, rt.Rate-rt.Low)
			s += fmt.Sprintf(" ± %.0f%%", max(1, 100*m+0.5))
		}
		parts = append(parts, s)
	}
	return tr("lobby.balance", "Line", strings.Join(parts, tr("list.sep")), "N", r.Games)
}
