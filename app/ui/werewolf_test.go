package ui

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"nightfall/game"
)

// werewolf-12 on the big screen: a scripted game (the rules file's Deal A)
// played on the engine, its table views shown on the whole window at both
// screen sizes in both languages: the election with a withdrawal, its tally
// with who voted whom, the badge on the sheriff's seat, an exile tally with
// the sheriff's 3.5 beside 3, who speaks first each way while the sheriff
// chooses the order and who starts once he chose, the skill turn every
// death gets, the hunter's shot, the idiot's reveal, the end and its 复盘. With NIGHTFALL_SHOTS=dir
// each moment is also written there as a PNG to look at.

var wwDealA = [][]string{{"villager"}, {"werewolf"}, {"seer"}, {"villager"}, {"werewolf"}, {"witch"}, {"villager"},
	{"hunter"}, {"werewolf"}, {"idiot"}, {"villager"}, {"werewolf"}}

// wwGame plays the script, calling look at each moment worth a look.
type wwGame struct {
	t *testing.T
	g *game.Game
}

func (w *wwGame) do(seat int, act string, target int) {
	w.t.Helper()
	c := game.Command{Seat: seat, Do: act}
	if target > 0 {
		c.Target = &game.Target{Seat: target}
	}
	if act == "order" {
		a, err := game.DecodeArgs("werewolf-12", []byte(`{"side":"left"}`))
		if err != nil {
			w.t.Fatal(err)
		}
		c.Args = a
	}
	if _, err := w.g.Apply(c); err != nil {
		w.t.Fatalf("%d %s %d: %v", seat, act, target, err)
	}
}

func (w *wwGame) tv() *game.TableView {
	tv := w.g.TableView()
	return &tv
}

// night: the werewolves knife kill, the night ends (the others' missing
// inputs settled by the engine).
func (w *wwGame) night(kill int, wolves ...int) {
	for _, s := range wolves {
		w.do(s, "kill", kill)
	}
	w.do(0, "timeout", 0)
	if w.tv().Phase == "night" {
		w.do(0, "timeout", 0)
	}
}

// until plays the day's turns as a quiet table would (pass, skip, the left
// side, the badge torn, ballots left to their deadline) until stop holds.
func (w *wwGame) until(stop func(tv *game.TableView) bool) {
	for i := 0; i < 200; i++ {
		tv := w.tv()
		if stop(tv) || tv.Phase != "day" {
			return
		}
		switch {
		case tv.Speaker != 0 && tv.Stage == "skill":
			w.do(tv.Speaker, "skip", 0)
		case tv.Speaker != 0 && tv.Stage == "order":
			w.do(tv.Speaker, "order", 0)
		case tv.Speaker != 0 && tv.Stage == "badge":
			w.do(tv.Speaker, "tear", 0)
		case tv.Speaker != 0:
			w.do(tv.Speaker, "pass", 0)
		default:
			w.do(0, "timeout", 0)
		}
	}
	w.t.Fatal("the day did not end")
}

func stageIs(s string) func(*game.TableView) bool {
	return func(tv *game.TableView) bool { return string(tv.Stage) == s }
}

// wwShot shows tv on a shell (hold: its first announcement held) and
// returns the shell; with NIGHTFALL_SHOTS it writes the window's picture.
func wwShot(t *testing.T, lang string, size fyne.Size, name string, tv *game.TableView, hold string) *Shell {
	t.Helper()
	s, w := shellAt(t, lang, size)
	names := testSeatNames(lang, 12)
	hv := hostView(tv, names)
	if i := slices.IndexFunc(tv.Announce, func(a game.Announcement) bool { return a.Type == hold }); i >= 0 {
		per := time.Duration(tv.Hold) * time.Second / time.Duration(len(tv.Announce))
		hv.HoldLeft = per*time.Duration(len(tv.Announce)-i) - time.Second
		hv.HoldUntil = fixed.Add(hv.HoldLeft)
	} else if hold != "" {
		t.Fatalf("%s: no %s announcement in %+v", name, hold, tv.Announce)
	}
	s.Show(hv)
	if dir := os.Getenv("NIGHTFALL_SHOTS"); dir != "" {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("ww_%s_%s_%s.png", name, sizeName(size), lang)))
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, w.Canvas().Capture()); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return s
}

func TestWerewolfScreen(t *testing.T) {
	type moment struct {
		name string
		tv   *game.TableView
		hold string // the type of the announcement held ("": none)
	}
	var ms []moment
	w := &wwGame{t: t}
	g, err := game.New(game.Setup{Variant: "werewolf-12", Players: 12, Seed: 1, Deal: wwDealA})
	if err != nil {
		t.Fatal(err)
	}
	w.g = g
	bg, err := game.New(game.Setup{Variant: "werewolf-12", Players: 12, Seed: 1, Deal: wwDealA, Briefing: true})
	if err != nil {
		t.Fatal(err)
	}
	btv := bg.TableView()
	ms = append(ms, moment{"briefing", &btv, ""})
	// Night 1: the knife on 7, saved.
	for _, s := range []int{2, 5, 9, 12} {
		w.do(s, "kill", 7)
	}
	w.do(6, "save", 0)
	w.do(0, "timeout", 0)
	ms = append(ms, moment{"stand", w.tv(), ""})
	for _, s := range []int{3, 5, 8, 11} {
		w.do(s, "stand", 0)
	}
	w.do(0, "timeout", 0)
	w.do(5, "withdraw", 0)
	ms = append(ms, moment{"campaign", w.tv(), ""})
	w.until(stageIs("vote"))
	for _, s := range []int{1, 4, 9, 10} {
		w.do(s, "vote", 3)
	}
	for _, s := range []int{2, 6, 12} {
		w.do(s, "vote", 8)
	}
	w.do(7, "vote", 11)
	ms = append(ms, moment{"election-tally", w.tv(), "tally"})
	w.until(stageIs("order"))
	ms = append(ms, moment{"order", w.tv(), ""})
	w.until(stageIs("speech"))
	ms = append(ms, moment{"speech", w.tv(), ""})
	w.until(stageIs("vote"))
	// The exile ballot: the sheriff's 1.5 makes 3.5 beside 3.
	for _, s := range []int{3, 6, 7} {
		w.do(s, "vote", 5)
	}
	for _, s := range []int{1, 4, 11} {
		w.do(s, "vote", 9)
	}
	for _, s := range []int{2, 12} {
		w.do(s, "vote", 4)
	}
	w.do(0, "timeout", 0)
	ms = append(ms, moment{"exile-tally", w.tv(), "tally"})
	w.until(stageIs("skill"))
	ms = append(ms, moment{"skill", w.tv(), ""})
	w.until(func(*game.TableView) bool { return false })
	// Night 2: the hunter is knifed; he shoots 9.
	w.night(8, 2, 9, 12)
	w.until(stageIs("skill"))
	w.do(8, "shoot", 9)
	ms = append(ms, moment{"shot", w.tv(), "shot"})
	w.until(stageIs("vote"))
	for _, s := range []int{1, 2, 4, 11, 12} {
		w.do(s, "vote", 10)
	}
	w.do(0, "timeout", 0)
	ms = append(ms, moment{"idiot", w.tv(), "immune"})
	w.until(func(*game.TableView) bool { return false })
	// The wolves knife the gods: 屠边.
	for _, k := range []int{6, 3, 10} {
		if w.tv().Phase == "over" {
			break
		}
		w.night(k, 2, 12)
		w.until(func(*game.TableView) bool { return false })
	}
	if tv := w.tv(); tv.Phase != "over" || tv.Winner != "werewolves" {
		t.Fatalf("the game did not end with the werewolves' win: %s %s", tv.Phase, tv.Winner)
	}
	ms = append(ms, moment{"over", w.tv(), "game_over"})
	ms = append(ms, moment{"over-replay", w.tv(), ""})

	for _, lang := range []string{"zh", "en"} {
		for _, size := range screenSizes {
			for _, m := range ms {
				t.Run(m.name+"_"+lang+"_"+sizeName(size), func(t *testing.T) {
					s := wwShot(t, lang, size, m.name, m.tv, m.hold)
					if lang != "zh" || size != screenSizes[0] {
						return
					}
					wwCheck(t, m.name, s)
				})
			}
		}
	}
}

// wwCheck asserts what the table must read at each moment (in Chinese).
func wwCheck(t *testing.T, name string, s *Shell) {
	t.Helper()
	ts := s.table
	note := func(seat int) string {
		for _, si := range ts.Ring().Seats() {
			if si.Seat == seat {
				return si.Note
			}
		}
		return ""
	}
	has := func(what, got, want string) {
		t.Helper()
		if !strings.Contains(got, want) {
			t.Errorf("%s: %s is %q, want it to contain %q", name, what, got, want)
		}
	}
	switch name {
	case "briefing":
		text := s.brief.Text()
		for _, want := range []string{"女巫只有第一晚可以自救", "狼人可以空刀", "竞选推迟到次日", "被猎人带走的玩家没有遗言",
			"翻牌的白痴仍算神职", "双方同时达成胜利条件：好人胜", "1.5"} {
			has("the briefing", text, want)
		}
	case "stand":
		has("the headline", s.Headline(), "警长竞选")
		has("the headline", s.Headline(), "请上警的玩家举手")
	case "campaign":
		has("the election line", ts.PK(), "警上：3、8、11号")
		has("the election line", ts.PK(), "退水：5号")
		has("seat 8", note(8), "上警")
		has("seat 5", note(5), "退水")
		has("the headline", s.Headline(), "3号竞选发言")
	case "election-tally":
		has("the headline", s.Headline(), "3")
		rows := strings.Join(ts.Tally(), " / ")
		has("the tally", rows, "3号 4票 ← 1、4、9、10")
		has("the tally", rows, "8号 3票 ← 2、6、12")
	case "order": // a peaceful night: from beside the sheriff, 3
		has("seat 3", note(3), "警长")
		has("the headline", s.Headline(), "请警长选择发言顺序")
		has("the order line", ts.full[ts.hint], "左边从4号开始 · 右边从2号开始")
	case "exile-tally":
		rows := strings.Join(ts.Tally(), " / ")
		has("the tally", rows, "5号 3.5票 ← 3×1.5、6、7")
		has("the tally", rows, "9号 3票 ← 1、4、11")
	case "speech": // the day's speeches, not "the others'" (the election's ballot came before them)
		has("the phase", ts.Phase(), "第 1 天 · 发言")
		has("the order line", ts.full[ts.hint], "警长选了左边：4号先发言，号码依次变大，警长最后")
		// had he chosen right (the engine's seat, whatever it is)
		tv := *s.hv.Table
		ext := *tv.Ext.(*game.WWTableView)
		ext.Side, ext.First = "right", 2
		tv.Ext = &ext
		ts.wolfUpdate(&tv)
		has("the order line", ts.hint.Text, "警长选了右边：2号先发言，号码依次变小，警长最后")
	case "skill":
		has("the headline", s.Headline(), "5号：是否发动技能")
	case "shot":
		has("the headline", s.Headline(), "8号开枪带走9号")
		has("seat 8", note(8), "猎人")
	case "idiot":
		has("the headline", s.Headline(), "10号白痴翻牌")
	case "over":
		var lines []string
		for _, m := range s.hv.Table.Timeline {
			lines = append(lines, MomentText(m, lookupVariant("werewolf-12")))
		}
		all := strings.Join(lines, "\n")
		for _, want := range []string{"上警：3、5、8、11号", "3号当选警长", "女巫用解药救了7号", "猎人8号开枪带走9号", "10号翻牌：白痴"} {
			has("the timeline", all, want)
		}
		if slices.ContainsFunc(lines, func(l string) bool { return !strings.ContainsFunc(l, func(r rune) bool { return r > 127 }) }) {
			t.Errorf("a line of the timeline is untranslated: %q", all)
		}
	}
}
