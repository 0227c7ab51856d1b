package main

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/picture"
	"github.com/qisai/qisai/sheet"
)

const bracketUsage = `qisai bracket [flags] PLAYERS.csv
      离线淘汰赛
      run a knockout offline

读选手名单（CSV：每行 名字[,等级分]，可有表头 name,rating），建立对阵表，按结果文件
逐局记入结果，输出每轮对阵和名次。
Reads a player list (CSV: one "name[,rating]" a line, an optional header
name,rating), builds the bracket, enters the results file game by game, and
prints each round's matches and the ranking.

  --format knockout|double
      赛制：单淘汰（knockout，默认）或双淘汰（double）
      single (default) or double elimination
  --seeding number|rating|lots
      种子顺序：名单顺序（默认）、按等级分，或用 --seed 抽签
      seed order: the list's order (default), by rating, or drawn by lots
      from --seed
  --seed N
      每次抽签的随机种子
      the seed of every draw by lots
  --games N
      每场的正式局数（默认 1）
      regular games a match (default 1)
  --best-of
      三局两胜制：一场分出胜负即停
      stop a match once decided (best of N)
  --tie RULES
      加赛规则，逗号分隔，依次使用，最后一条重复：加赛、加时赛、快棋、和棋黑胜、
      吃子数、抽签（默认 加赛），例如 --tie 加赛,快棋,和棋黑胜
      the tie chain, tried in order, the last repeating: replay, overtime,
      blitz, armageddon, captures, lots (default replay)
  --third-place
      三四名赛
      a match for 3rd place
  --playoffs
      五至八名赛
      play-offs for 5th–8th
  --reset
      双淘汰总决赛可重赛：败者组冠军赢下第一场时再赛一场
      a second grand final when the losers' bracket winner wins the first
  --unshared N
      前 N 名不并列：同一轮的负者抽签排序（R-T-8）
      the top N places are not shared: lots order the losers of one round
      (R-T-8)
  --results FILE
      结果文件，每行一局：「场次 结果」，结果为 1-0（红胜）、0-1、=（和）、+- 或 -+
      （弃权）、--（双方弃权），或 红:黑 吃子数；先后手按对阵表，选色方换了颜色时写
      「场次 结果 swap」（和棋黑胜）
      one game a line: "MATCH RESULT", RESULT 1-0 (red wins), 0-1, = (draw),
      +- or -+ (forfeit), -- (double forfeit), or R:B pieces captured; colours
      are the ones the bracket gives, "MATCH RESULT swap" when the chooser took
      the other colour (armageddon)
  --groups N
      先打 N 个循环小组（R-F-3），淘汰赛按小组名次排对阵
      play N round-robin groups first (R-F-3); the knockout is drawn from their
      places
  --advance K
      每组前 K 名出线（默认 1）
      the top K of each group go on (default 1)
  --group-seeding snake|drawn
      分组：蛇形按种子（默认）或抽签
      snake seeding (default) or drawn groups
  --group-draw halves|runner-up
      淘汰赛对阵：第 1 组第一对第 N/2+1 组第一（默认），或第一对下一组第二
      group 1's winner v group N/2+1's (default), or winner v the next group's
      runner-up
  --lang zh|en
      输出的语言（默认 zh）
      the language of the text output (default zh)
  --picture FILE.png
      另画对阵图（PNG）：分组时先画各组成绩（出线者标出），再画淘汰赛；多张时
      其余写作 FILE_2.png、FILE_3.png…
      also draw the bracket as PNG pictures: with --groups each group's
      table (its qualifiers marked) first, then the knockout; more pages
      are written FILE_2.png, FILE_3.png, …
  --font FILE
      画图用的中文字体文件（默认找一个已安装的）
      the CJK font file of the pictures (default: one installed)
  --out text|json
      输出 text（默认）或 JSON
      text (default) or JSON

分组时结果文件先写小组赛：「G1 R2 B1 1-0」为第1组第2轮第1台。
With --groups the results file also holds the groups' games, before the
knockout's: "G1 R2 B1 1-0" is group 1, round 2, board 1.

text 输出每一场：「M3 张三 v 李四 1-0 → 张三」；未完的场次显示下一局「下一局 加赛：
红 张三 / 黑 李四」；最后是名次，并列写作「3=」。JSON：{"matches": [...],
"ranking": [{"place": "3=", "id": 1, "name": "…"}]}。
Text prints every match: "M3 Zhang v Li 1-0 → Zhang"; a match still to be
played shows the next game "next replay: red Zhang / black Li"; then the
ranking, shared places written "3=". JSON: {"matches": [...], "ranking":
[{"place": "3=", "id": 1, "name": "…"}]}.
`

// bracketCmd runs a knockout offline: qisai bracket [flags] PLAYERS.csv.
func bracketCmd(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("bracket", flag.ContinueOnError)
	format := fs.String("format", "knockout", "")
	seeding := fs.String("seeding", "number", "")
	seed := fs.Uint64("seed", 0, "")
	games := fs.Int("games", 1, "")
	bestOf := fs.Bool("best-of", false, "")
	tie := fs.String("tie", "replay", "")
	third := fs.Bool("third-place", false, "")
	playoffs := fs.Bool("playoffs", false, "")
	reset := fs.Bool("reset", false, "")
	unshared := fs.Int("unshared", 0, "")
	results := fs.String("results", "", "")
	groups := fs.Int("groups", 0, "")
	advance := fs.Int("advance", 1, "")
	groupSeeding := fs.String("group-seeding", "snake", "")
	groupDraw := fs.String("group-draw", "halves", "")
	out := fs.String("out", "text", "")
	pictures := fs.String("picture", "", "")
	font := fs.String("font", os.Getenv(fontEnv), "")
	lang := langFlag(fs)
	pos, err := parseArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		_, err = io.WriteString(stdout, bracketUsage)
		return err
	}
	if err != nil {
		return err
	}
	path, err := oneFile(pos)
	if err != nil {
		return err
	}
	by, err := engine.ParseSeeding(*seeding)
	if err != nil {
		return usageError{err}
	}
	mf := engine.MatchFormat{Games: *games, BestOf: *bestOf}
	for _, t := range strings.Split(*tie, ",") {
		r, err := engine.ParseTieRule(t)
		if err != nil {
			return usageError{err}
		}
		mf.Tie = append(mf.Tie, r)
	}
	if *games < 1 {
		return usagef("--games %d：每场至少一局。", "--games %d: a match has at least one game.", *games)
	}
	if *out != "text" && *out != "json" {
		return usagef("--out 没有 %q 这种格式：请写 text 或 json。", "unknown --out %q: use text or json.", *out)
	}
	players, err := readPlayers(path)
	if err != nil {
		return err
	}
	entrants := engine.SeedOrder(players, by, *seed)
	var pools []*engine.Field
	seeds := engine.Entrants(entrants)
	if *groups > 0 {
		if pools, seeds, err = groupStage(entrants, *groups, *advance, *groupSeeding, *groupDraw, *seed); err != nil {
			return err
		}
	}
	ks := engine.KnockoutSettings{Format: mf, ThirdPlace: *third, Playoffs: *playoffs, Unshared: *unshared, Seed: *seed}
	if pools != nil {
		ks.Draw = engine.DrawAdjacent // GroupSlots lists the places in pairs
	}
	var b *engine.Bracket
	switch *format {
	case "knockout", "淘汰赛":
		b = engine.KnockoutOf(seeds, pools, ks)
	case "double", "双淘汰":
		if pools != nil {
			return usagef("--groups 只能和 --format knockout 一起用：分组循环后接单淘汰。", "--groups goes with --format knockout.")
		}
		b = engine.DoubleKnockout(entrants, engine.DoubleSettings{Format: mf, Reset: *reset, Unshared: *unshared, Seed: *seed})
	default:
		return usagef("--format 没有 %q 这种赛制：请写 knockout（单淘汰）或 double（双淘汰）。", "unknown --format %q: use knockout or double.", *format)
	}
	if *results != "" {
		if err := enterResults(b, pools, *results); err != nil {
			return err
		}
	}
	w := bufio.NewWriter(stdout)
	if *out == "json" {
		err = writeBracketJSON(w, b, pools, players)
	} else {
		writeGroupsText(w, pools, players, *lang)
		err = writeBracketText(w, b, eventRanking(b, pools), players, *lang)
	}
	if err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if *pictures == "" {
		return nil
	}
	return bracketPictures(b, pools, *advance, players, *lang, *pictures, *font, stdout)
}

// bracketPictures draws the groups' tables, their qualifiers marked, and
// the bracket (picture.Painter.Staged) in lang as PNG files: path, then
// path_2.png, path_3.png, … for more pages.
func bracketPictures(b *engine.Bracket, pools []*engine.Field, advance int, ps []engine.Player, lang i18n.Lang, path, font string, stdout io.Writer) error {
	pt, err := picture.Open(font)
	if err != nil {
		return bilingual("没有中文字体，画不了对阵图：%v；安装一种（例如 fonts-noto-cjk）或用 --font 指定字体文件。", "No CJK font to draw the bracket with: %v; install one (e.g. fonts-noto-cjk) or name a font file with --font.", err)
	}
	name := func(id int) string { return ps[id-1].Name }
	var tables []sheet.Table
	for g, p := range pools {
		tables = append(tables, sheet.GroupTable(p, i18n.T{Zh: "第%d组", En: "Group %d"}.In(lang, g+1), advance, name, lang))
	}
	br := sheet.BracketOf(b, name, lang)
	tables = append(tables, sheet.BracketTable(br, br.Title))
	pages, err := pt.Staged(tables)
	if err != nil {
		return err
	}
	base := strings.TrimSuffix(path, filepath.Ext(path))
	for i, png := range pages {
		at := path
		if i > 0 {
			at = base + "_" + strconv.Itoa(i+1) + ".png"
		}
		if err := writeOut(at, png, stdout); err != nil {
			return err
		}
	}
	return nil
}

// readPlayers reads "name[,rating]" lines; the players are numbered in
// the file's order.
func readPlayers(path string) ([]engine.Player, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	var ps []engine.Player
	for i, row := range rows {
		name := strings.TrimSpace(row[0])
		if i == 0 && strings.EqualFold(name, "name") {
			continue
		}
		if name == "" {
			continue
		}
		p := engine.Player{ID: len(ps) + 1, Name: name}
		if len(row) > 1 && strings.TrimSpace(row[1]) != "" {
			if p.Rating, err = strconv.Atoi(strings.TrimSpace(row[1])); err != nil {
				return nil, bilingual("%s:%d：等级分 %q 不是数字。", "%s:%d: rating %q is not a number.", path, i+1, row[1])
			}
		}
		ps = append(ps, p)
	}
	if len(ps) < 2 {
		return nil, bilingual("%s：淘汰赛至少要两人。", "%s: a knockout needs at least 2 players.", path)
	}
	return ps, nil
}

var resultWords = map[string]engine.Result{
	"1-0": engine.RedWin, "0-1": engine.BlackWin, "=": engine.Draw, "1/2": engine.Draw,
	"+-": engine.RedForfeitWin, "-+": engine.BlackForfeitWin, "--": engine.DoubleForfeit,
}

// groupStage draws the round-robin groups (R-F-3), pairs all their rounds
// (the Berger tables do not depend on results) and lists the places that
// go on, in the knockout's order.
func groupStage(entrants []int, n, k int, seeding, draw string, seed uint64) ([]*engine.Field, []engine.Slot, error) {
	m, err := engine.ParseGroupMethod(seeding)
	if err != nil {
		return nil, nil, usageError{err}
	}
	d := engine.GroupHalves
	switch draw {
	case "halves":
	case "runner-up":
		d = engine.WinnerRunnerUp
	default:
		return nil, nil, usagef("--group-draw 没有 %q 这种对阵方法：请写 halves 或 runner-up。", "unknown --group-draw %q: use halves or runner-up.", draw)
	}
	if n > len(entrants)/2 || k < 1 {
		return nil, nil, usagef("--groups %d --advance %d：每组至少两人，至少一人出线。", "--groups %d --advance %d: a group needs two players, and one goes on.", n, k)
	}
	s := engine.DefaultSettings(0)
	s.Seed = seed
	pools := engine.Groups(entrants, n, m, s)
	for _, p := range pools {
		for len(p.Event.Rounds) < p.Event.Settings.Rounds {
			if _, err := p.PairNext(); err != nil {
				return nil, nil, err
			}
		}
	}
	return pools, engine.GroupSlots(n, k, d), nil
}

// enterGroupGame enters "G1 R2 B1 RESULT", the line at of the results
// file.
func enterGroupGame(pools []*engine.Field, f []string, at string) error {
	var g, r, bd int
	_, err := fmt.Sscanf(strings.Join(f[:3], " "), "G%d R%d B%d", &g, &r, &bd)
	if err != nil || g < 1 || g > len(pools) || r < 1 || r > len(pools[g-1].Event.Rounds) ||
		bd < 1 || bd > len(pools[g-1].Event.Rounds[r-1].Games) {
		return bilingual("%s：应为「组 轮 台 结果」，例如 G1 R1 B1 1-0，组、轮、台都要存在。", "%s: want \"G1 R1 B1 RESULT\" with a group, round and board that exist.", at)
	}
	res, ok := resultWords[f[3]]
	if !ok {
		return bilingual("%s：结果 %q 写法不对，请写 1-0、0-1、=、+-、-+ 或 --。", "%s: result %q: use 1-0, 0-1, =, +-, -+ or --.", at, f[3])
	}
	pools[g-1].Event.Rounds[r-1].Games[bd-1].Result = res
	return nil
}

// enterResults plays the results file's games in order.
func enterResults(b *engine.Bracket, pools []*engine.Field, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for n, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		at := fmt.Sprintf("%s:%d", path, n+1)
		if strings.HasPrefix(f[0], "G") {
			if len(f) < 4 {
				return bilingual("%s：应为「组 轮 台 结果」，例如 G1 R1 B1 1-0。", "%s: want \"G1 R1 B1 RESULT\".", at)
			}
			if err := enterGroupGame(pools, f, at); err != nil {
				return err
			}
			continue
		}
		id, err := strconv.Atoi(strings.TrimPrefix(f[0], "M"))
		if len(f) < 2 || err != nil || id < 1 || id > len(b.Matches) {
			return bilingual("%s：应为「场次 结果」，例如 M1 1-0，场次要在对阵表里。", "%s: want \"MATCH RESULT\" with a match of the bracket.", at)
		}
		o := b.Outcomes()[id-1]
		g := engine.MatchGame{Red: o.Next.Red, Black: o.Next.Black}
		if len(f) > 2 && f[2] == "swap" {
			g.Red, g.Black = g.Black, g.Red
		}
		if red, black, ok := strings.Cut(f[1], ":"); ok {
			g.RedCaptures, err = strconv.Atoi(red)
			if err == nil {
				g.BlackCaptures, err = strconv.Atoi(black)
			}
			if err != nil {
				return bilingual("%s：吃子数 %q 应写成 红:黑，例如 5:3。", "%s: captures %q: want R:B, e.g. 5:3.", at, f[1])
			}
		} else if g.Result, ok = resultWords[f[1]]; !ok {
			return bilingual("%s：结果 %q 写法不对，请写 1-0、0-1、=、+-、-+、-- 或 红:黑 吃子数。", "%s: result %q: use 1-0, 0-1, =, +-, -+, -- or R:B.", at, f[1])
		}
		if err := b.Play(id, g); err != nil {
			return playError(at, id, err)
		}
	}
	return nil
}

// playError says why the game of match id at the results file's line at
// was refused: the engine says it in English; the Chinese line by its kind.
func playError(at string, id int, err error) error {
	zh := "%s：第 %d 场记不了这一局：场次不存在、对阵未定、先后手不对或缺少结果，详见下一行。"
	if errors.Is(err, engine.ErrMatchOver) {
		zh = "%s：第 %d 场已分胜负，不再对局。"
	}
	return because(err, zh, "%[1]s: %[3]v", at, id)
}

type matchJSON struct {
	ID      int        `json:"id"`
	Part    string     `json:"part"`
	Round   int        `json:"round"`
	Slots   [2]string  `json:"slots"`
	Players [2]int     `json:"players"` // 0 a bye, -1 not known yet
	Games   []gameJSON `json:"games"`
	Winner  int        `json:"winner,omitempty"`
	Decided bool       `json:"decided"`
	ByLots  bool       `json:"by_lots,omitempty"`
	Next    *gameJSON  `json:"next,omitempty"`
}

type gameJSON struct {
	Red    int    `json:"red"`
	Black  int    `json:"black"`
	Step   string `json:"step"`
	Result string `json:"result,omitempty"`
}

type placeJSON struct {
	Place string `json:"place"`
	ID    int    `json:"id"`
	Name  string `json:"name"`
}

func resultWord(r engine.Result) string {
	for w, v := range resultWords {
		if v == r && w != "1/2" {
			return w
		}
	}
	return ""
}

type groupJSON struct {
	Entrants []int        `json:"entrants"`
	Rounds   [][]gameJSON `json:"rounds"`
	Ranking  []placeJSON  `json:"ranking"`
}

func writeBracketJSON(w io.Writer, b *engine.Bracket, pools []*engine.Field, ps []engine.Player) error {
	var doc struct {
		Groups  []groupJSON `json:"groups,omitempty"`
		Matches []matchJSON `json:"matches"`
		Ranking []placeJSON `json:"ranking"`
	}
	for _, p := range pools {
		g := groupJSON{Entrants: p.Entrants, Ranking: []placeJSON{}}
		for _, rd := range p.Event.Rounds {
			var games []gameJSON
			for _, x := range rd.Games {
				games = append(games, gameJSON{Red: p.Entrants[x.Red-1], Black: p.Entrants[x.Black-1], Step: engine.RegularGame.String(), Result: resultWord(x.Result)})
			}
			g.Rounds = append(g.Rounds, games)
		}
		if p.Over() {
			for _, pl := range p.Ranking() {
				g.Ranking = append(g.Ranking, placeJSON{Place: pl.PlaceLabel(), ID: pl.Entrant, Name: ps[pl.Entrant-1].Name})
			}
		}
		doc.Groups = append(doc.Groups, g)
	}
	doc.Matches = []matchJSON{}
	doc.Ranking = []placeJSON{}
	for i, o := range b.Outcomes() {
		m := b.Matches[i]
		j := matchJSON{ID: m.ID, Part: m.Part.String(), Round: m.Round, Players: o.Players, Winner: o.Winner, Decided: o.Decided, ByLots: o.ByLots, Games: []gameJSON{}}
		j.Slots = [2]string{m.Slots[0].String(), m.Slots[1].String()}
		for _, g := range m.Games {
			j.Games = append(j.Games, gameJSON{Red: g.Red, Black: g.Black, Step: g.Step.String(), Result: resultWord(g.Result)})
		}
		if !o.Decided && o.Players[0] > 0 && o.Players[1] > 0 {
			j.Next = &gameJSON{Red: o.Next.Red, Black: o.Next.Black, Step: o.Next.Step.String()}
		}
		doc.Matches = append(doc.Matches, j)
	}
	for _, p := range eventRanking(b, pools) {
		doc.Ranking = append(doc.Ranking, placeJSON{Place: p.PlaceLabel(), ID: p.Entrant, Name: ps[p.Entrant-1].Name})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}

// eventRanking is the bracket's ranking, and once it is over, after a
// groups stage, the groups' players who did not go on, sharing the next
// place (R-F-6).
func eventRanking(b *engine.Bracket, pools []*engine.Field) []engine.Placing {
	rank := b.Ranking()
	if pools == nil || !b.Over() {
		return rank
	}
	var groups []engine.Placing
	for _, p := range pools {
		groups = append(groups, p.Ranking()...)
	}
	return engine.FinalRanking([][]engine.Placing{groups, rank}, engine.ShareByStage)
}

// writeBracketText prints every match in lang, then the ranking: each line
// in one language.
func writeBracketText(w io.Writer, b *engine.Bracket, rank []engine.Placing, ps []engine.Player, lang i18n.Lang) error {
	who := func(id int) string {
		switch id {
		case 0:
			return i18n.T{Zh: "轮空", En: "bye"}.In(lang)
		case engine.UnknownPlayer:
			return "?"
		}
		return ps[id-1].Name
	}
	part, round := engine.Part(-1), 0
	for i, o := range b.Outcomes() {
		m := b.Matches[i]
		if m.Part != part || m.Round != round {
			part, round = m.Part, m.Round
			if lang == i18n.Zh {
				fmt.Fprintf(w, "%s 第%d轮\n", part.Chinese(), round)
			} else {
				fmt.Fprintf(w, "%s round %d\n", part, round)
			}
		}
		a, c := who(o.Players[0]), who(o.Players[1])
		if o.Players[0] == engine.UnknownPlayer {
			a = m.Slots[0].String()
		}
		if o.Players[1] == engine.UnknownPlayer {
			c = m.Slots[1].String()
		}
		fmt.Fprintf(w, "  M%d %s v %s", m.ID, a, c)
		var res []string
		for _, g := range m.Games {
			res = append(res, resultWord(g.Result))
		}
		if len(res) > 0 {
			fmt.Fprintf(w, " %s", strings.Join(res, " "))
		}
		switch {
		case o.Decided && o.Winner > 0 && o.Players[0] > 0 && o.Players[1] > 0:
			fmt.Fprintf(w, " → %s", who(o.Winner))
			if o.ByLots {
				fmt.Fprint(w, i18n.T{Zh: "（抽签）", En: " (lots)"}.In(lang))
			}
		case !o.Decided && o.Players[0] > 0 && o.Players[1] > 0:
			step := o.Next.Step.String()
			if lang == i18n.Zh {
				step = o.Next.Step.Chinese()
			}
			fmt.Fprint(w, i18n.T{Zh: "  下一局 %s：红 %s / 黑 %s", En: "  next %s: red %s / black %s"}.In(lang, step, who(o.Next.Red), who(o.Next.Black)))
		}
		fmt.Fprintln(w)
	}
	if len(rank) == 0 {
		return nil
	}
	writeRanking(w, rank, ps, lang)
	return nil
}

// writeRanking prints a ranking as sheet's table of places and names.
func writeRanking(w io.Writer, rank []engine.Placing, ps []engine.Player, lang i18n.Lang) {
	t := sheet.Ranking(rank, func(id int) string { return ps[id-1].Name }, lang)
	fmt.Fprintln(w, t.FullText())
}

// writeGroupsText prints each group's games, round by round, and its
// standings once it has played.
func writeGroupsText(w io.Writer, pools []*engine.Field, ps []engine.Player, lang i18n.Lang) {
	for g, p := range pools {
		fmt.Fprintln(w, i18n.T{Zh: "第%d组", En: "group %d"}.In(lang, g+1))
		for r, rd := range p.Event.Rounds {
			for _, x := range rd.Games {
				line := fmt.Sprintf("  G%d R%d B%d %s v %s %s", g+1, r+1, x.Board,
					ps[p.Entrants[x.Red-1]-1].Name, ps[p.Entrants[x.Black-1]-1].Name, resultWord(x.Result))
				fmt.Fprintln(w, strings.TrimRight(line, " "))
			}
		}
		if p.Over() {
			writeRanking(w, p.Ranking(), ps, lang)
		}
	}
}
