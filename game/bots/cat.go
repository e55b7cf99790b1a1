package bots

import (
	"slices"

	"nightfall/game"
)

// Sensible's cat-lives-7 privileges, by preference (sensible.go's doc).
var (
	catProtect = []string{"heal", "vest", "wolfsbane", "anti-snipe", "bless", "saint"}
	catOffense = []string{"snipe", "imprison", "curse", "deathblow"}
)

// cat plays cat-lives-7 (Sensible's doc).
func (b *Sensible) cat(v *game.PlayerView, claims []Claim) Move {
	cp := game.CatPlayer(v)
	var mv Move
	hostile := hostileCamp(v.Camp)
	// The accused: the seat most accused in speeches, alive, not oneself.
	var living []int
	for _, sv := range v.Table.Seats {
		if sv.Alive {
			living = append(living, sv.Seat)
		}
	}
	accused, most := 0, 0
	for _, s := range living {
		if s == v.Seat {
			continue
		}
		n := 0
		for _, c := range claims {
			if c.Answer == "accuse" && c.Target.Seat == s {
				n++
			}
		}
		if n > most {
			accused, most = s, n
		}
	}
	has := func(action string) bool {
		return slices.ContainsFunc(v.Tasks, func(t game.Task) bool { return t.Action == action && !t.Done })
	}
	if has("stance") {
		mv.Commands = append(mv.Commands, game.Command{Seat: v.Seat, Do: "stance", Args: game.CatArgs{Camp: "killers", Cowin: true}})
	}
	if has("pass") {
		target := accused
		if target == 0 {
			target = b.other(living, v.Seat)
		}
		if target != 0 {
			mv.Claims = append(mv.Claims, Claim{Target: game.SeatTarget(target), Answer: "accuse"})
		}
		mv.Commands = append(mv.Commands, game.Command{Seat: v.Seat, Do: "pass"})
		return mv
	}
	if has("vote") && cp.Vote == 0 {
		target := accused
		if target == 0 {
			target = b.other(living, v.Seat)
		}
		for _, t := range v.Tasks {
			if t.Action == "vote" && slices.Contains(t.Targets, game.SeatTarget(target)) {
				x := game.SeatTarget(target)
				mv.Commands = append(mv.Commands, game.Command{Seat: v.Seat, Do: "vote", Target: &x})
			}
		}
	}
	if v.Table.Phase != "night" {
		return mv
	}
	points := cp.Points
	use := func(p game.CatPrivilegeView, target int) {
		if !p.Usable || p.Cost > points {
			return
		}
		c := catBase(v, p)
		if p.Target != "none" {
			x := game.SeatTarget(target)
			if !slices.Contains(p.Targets, x) {
				return
			}
			c.Target = &x
		}
		points -= p.Cost
		mv.Commands = append(mv.Commands, c)
	}
	find := func(action string) (game.CatPrivilegeView, bool) {
		for _, p := range cp.Privileges {
			if p.Action == action && p.Usable {
				return p, true
			}
		}
		return game.CatPrivilegeView{}, false
	}
	if hostile {
		if p, ok := find("attack"); ok {
			target := accused
			if target == 0 || b.R.IntN(2) == 0 {
				target = b.other(living, v.Seat)
			}
			use(p, target)
		}
	}
	for _, a := range catProtect {
		if p, ok := find(a); ok {
			use(p, v.Seat)
			break
		}
	}
	if !hostile && accused != 0 {
		for _, a := range catOffense {
			if p, ok := find(a); ok {
				n := len(mv.Commands)
				use(p, accused)
				if len(mv.Commands) > n {
					break
				}
			}
		}
	}
	return mv
}

// other is a random living seat other than me (0: none).
func (b *Sensible) other(living []int, me int) int {
	n := len(living)
	if slices.Contains(living, me) {
		n--
	}
	if n <= 0 {
		return 0
	}
	i := b.R.IntN(n)
	for _, s := range living {
		if s == me {
			continue
		}
		if i == 0 {
			return s
		}
		i--
	}
	return 0
}
