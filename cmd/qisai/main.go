// Command qisai is the xiangqi tournament assistant (棋赛). With no
// arguments it opens the chat: the console chat in the terminal (qisai
// console) while no platform token is set. It also pairs rounds and
// prints standings from TRF files.
//
// Exit codes: 0 success, 1 the work failed (bad file, no legal pairing,
// internal error), 2 the command line was wrong.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/names"
	"github.com/qisai/qisai/trf"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3";
// without it the module version from the build info is printed.
var version = ""

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// command is one subcommand: it gets the arguments after its name.
type command func(args []string, stdout io.Writer) error

// commands maps subcommand names to their implementations.
var commands = map[string]command{
	"backup":    backupCmd,
	"bracket":   bracketCmd,
	"console":   func(args []string, stdout io.Writer) error { return consoleCmd(args, os.Stdin, stdout) },
	"pair":      pairCmd,
	"paper":     paperCmd,
	"serve":     serveCmd,
	"standings": standingsCmd,
	"version":   versionCmd,
}

// run is the whole program behind main, callable from tests: it returns the
// exit code and never panics.
func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		// A panic is our bug, not the user's: one line, no trace.
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "qisai: 内部错误：%v。请把所用的命令和文件报告给我们。internal error: %v, please report it with the command and the file you used\n", r, r)
			code = 1
		}
	}()
	if len(args) > 0 && (args[0] == "help" || args[0] == "-h" || args[0] == "--help") {
		fmt.Fprint(stdout, usage)
		return 0
	}
	name, err := "qisai", error(nil)
	if len(args) == 0 {
		err = chatCmd(os.Stdin, stdout)
	} else {
		cmd, ok := commands[args[0]]
		if !ok {
			fmt.Fprintf(stderr, "qisai: 没有 %q 这个命令，命令列表见 qisai help。unknown command %q; run \"qisai help\" to list the commands\n", args[0], args[0])
			return 2
		}
		name += " " + args[0]
		err = cmd(args[1:], stdout)
	}
	var uerr usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, usage)
		return 0
	case errors.As(err, &uerr):
		fmt.Fprintf(stderr, "%s: %v; run \"qisai help\" for usage. 用法见 qisai help。\n", name, uerr.err)
		return 2
	}
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	return 1
}

// usageError marks a mistake on the command line (exit code 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }

// Unwrap lets errors.Is see through, e.g. to flag.ErrHelp.
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

const usage = `qisai — 象棋比赛助手 xiangqi tournament assistant

用法 Usage:
  qisai                               聊天 the chat: the console chat on qisai.db
  qisai console [--db FILE] [--lang zh|en] [--files DIR] [--listen ADDR]
                                      控制台聊天 the chat in the terminal
  qisai pair [flags] EVENT.trf        编排下一轮 pair the next round
  qisai standings [flags] EVENT.trf   名次表 print the standings
  qisai bracket [flags] PLAYERS.csv   淘汰赛 a knockout offline (qisai bracket --help)
  qisai paper KIND [flags] EVENT.trf  比赛材料 the event's papers: xlsx, programme
                                      (秩序册), booklet (成绩册), certificates (奖状)
  qisai backup [--db FILE] BACKUP     备份 a consistent copy of the SQLite database,
                                      also while qisai runs on it
  qisai version                       版本 print the version
  qisai help                          本说明 print this help

Flags may come before or after the file name. 选项可放在文件名前后。

qisai console — 控制台聊天：一个人扮演俱乐部群里的每个人。One person plays
everyone in a club's group chat. A line "NAME: TEXT" is NAME saying TEXT in
the group, "NAME@dm: TEXT" a private message to the bot; a line without NAME:
is the previous speaker's. 每行「名字: 内容」为群聊发言，「名字@dm: 内容」为私聊。
The bot's messages print as "[group] …" and "[dm NAME] …" (every line of a
message so prefixed), buttons as "[buttons: Label → /command | …]": typing
the command presses the button. It reads a person typing or a script:
qisai console < script.txt (then each line is echoed before its answers).
  --db FILE              数据库 SQLite file or postgres:// URL (default:
                         $QISAI_DATABASE_URL, else qisai.db); the events
                         survive a restart 重启后比赛仍在
  --lang zh|en           默认语言 users' language until they choose one with
                         /lang (default zh)
  --files DIR            文件夹 where the files the bot sends (exports, long
                         tables) are written, shown as "[file: PATH]"
                         (default: qisai-files beside the database)
  --listen ADDR          网页 serve the events' live pages on ADDR (e.g.
                         127.0.0.1:8080); /web gives their links, at
                         $QISAI_PUBLIC_URL or else http://ADDR
"qisai" with no arguments is "qisai console" while QISAI_TELEGRAM_TOKEN and
QISAI_DISCORD_TOKEN are unset, and "qisai serve" when one is set.

qisai serve — 聊天机器人 the chat bot on Telegram and/or Discord, configured by
environment variables (or the matching flags): QISAI_TELEGRAM_TOKEN,
QISAI_TELEGRAM_API_URL, QISAI_DISCORD_TOKEN, QISAI_DISCORD_APP_ID,
QISAI_DISCORD_PUBLIC_KEY (the interactions endpoint /discord/interactions),
QISAI_DATABASE_URL, QISAI_LISTEN (/healthz, /metrics, the events' pages /e/),
QISAI_PUBLIC_URL (the https address of the pages' links). It logs JSON lines and
never prints a token. 日志为 JSON，不显示令牌。

qisai backup — 备份：把 SQLite 数据库（--db，默认 $QISAI_DATABASE_URL，否则
qisai.db）一致地复制到 BACKUP，运行中也可以。Writes a consistent copy of the
SQLite database (--db, default $QISAI_DATABASE_URL, else qisai.db) to BACKUP,
also while qisai runs on it; never copy the live file with cp. To restore:
stop qisai, put BACKUP in the database's place (removing its -wal and -shm
files), start qisai. 恢复：停止 qisai，用备份替换数据库文件（删除 -wal、-shm
文件），再启动。PostgreSQL: use pg_dump 请用 pg_dump。

qisai pair — prints the number of pairs (a bye counts as one), then one line
per board "RED BLACK" by starting rank, and "ID 0" for a bye, as bbpPairings
and JaVaFo print with -p. 先输出对数（轮空算一对），再每台一行"红方 黑方"。
  --system cn-swiss|round-robin|double-round-robin
                         赛制 system (default cn-swiss)
  --first-round fold|adjacent|head-tail|random
                         首轮配对 first-round method, R-SW-3 (default fold)
  --halves top-bottom|odd-even
                         上下半区 halves, R-SW-2 (default top-bottom)
  --first-colour alternate|alternate-higher|upper-red|odd-red|lower-red|drawn
                         首轮先后手 first-round colours, R-SW-5 (default alternate)
  --colour-tie sum-parity|round-parity
                         先后手条件均等时 last colour rule, R-SW-10 (8) (default sum-parity)
  --avoid-same-unit first-round|all-rounds|off
                         同单位回避 same-unit avoidance, R-SW-4 (default first-round)
  --allow-three-in-a-row 不禁连三、多三 allow a third colour in a row and an
                         imbalance of three, R-SW-12 (default: forbidden)
  --score-priority N     最后N轮高分优先先后手 R-SW-11 for the last N rounds (default 3)
  --count-forfeits=BOOL  弃权局计先后手及相遇 forfeits count for colours and
                         rematches, R-T-0 (default true; false: games played only)
  --count-bye-colour=BOOL
                         轮空记先后手 a bye is recorded with a colour that counts,
                         R-S-3 (default true; false: colourless byes, as FIDE's)
  --earlier-colours      条件均等时比较更早轮次 look back before R-SW-10 (8), as
                         Match BP Online does
  --scoring W/D/L        计分 points for win/draw/loss, e.g. 2/1/0 (default: the
                         file's BBW/BBD/BBL, else 1/0.5/0)
  --rounds N             总轮数 total rounds (default: XXR in the file)
  --seed N               随机种子 seed for random choices (default 0)
  --explain              输出编排记录 print the pairing record instead, R-SW-13
  --lang zh|en           编排记录语言 language of --explain (default zh)
  --out FILE.trf         把新一轮写入 write the event with the new round as TRF
  --no-units             --out 不写单位（QSU行）leave out the players' units
                         (QSU lines, which bbpPairings and JaVaFo skip)

qisai standings — 名次表 the standings.
  --tiebreaks LIST       破同分顺序 tiebreaks in order, e.g. 对手分,胜局,犯规 or
                         buchholz,wins,fouls (default, R-T-1: 对手分,胜局,犯规,
                         后走胜局,后走局数,倒数轮次分)
  --format text|json|csv 输出格式 output format (default text)
  --scoring W/D/L        计分 points for win/draw/loss (default as for pair)

qisai paper — 比赛材料：Excel 工作簿（xlsx）、秩序册（programme）、成绩册
（booklet）、奖状（certificates），A4 打印，可用浏览器另存为 PDF。Writes the
event's workbook, programme, results booklet or certificates (HTML pages for A4,
which a browser prints or saves as PDF; the certificates also as PNG pictures)
beside EVENT.trf. TRF holds the games; the flags give what it does not:
  --lang zh|en           语言 the papers' language (default zh)
  --host TEXT            主办单位 who holds the event
  --venue TEXT           比赛地点 where
  --dates TEXT           比赛日期 when, e.g. 2026年3月1日—2日
  --issued TEXT          奖状日期 the certificates' date (default: --dates)
  --organisers A,B       组织者 who organised it
  --arbiters A,B         裁判 its arbiters
  --time-control TEXT    用时 e.g. 25分+5秒
  --awards N             录取名次 places of each ranking with a certificate
                         (default 3)
  --out FILE             输出文件 where to write it ("-": standard output)
  --font FILE            字体 the CJK font of the certificates' pictures
                         (default: $QISAI_FONT, else one installed)
  --tiebreaks LIST, --scoring W/D/L as for standings

Exit codes 退出码: 0 ok, 1 failed (bad file, no pairing), 2 wrong command line.
`

func versionCmd(args []string, stdout io.Writer) error {
	if len(args) > 0 {
		return usagef("version takes no arguments")
	}
	v := version
	if v == "" {
		v = "(devel)"
		if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
			v = bi.Main.Version
		}
	}
	fmt.Fprintln(stdout, "qisai", v)
	return nil
}

// parseArgs parses flags wherever they stand among args (Go's flag package
// stops at the first non-flag) and returns the other arguments in order.
// "--" ends the flags.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard) // run prints the one-line error itself
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usageError{err}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if i := len(args) - len(rest) - 1; i >= 0 && args[i] == "--" {
			return append(pos, rest...), nil
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
}

// loadEvent parses the command line of a subcommand that reads one event
// file, reads it and applies the settings given as flags.
func loadEvent(fs *flag.FlagSet, args []string, o *overrides) (ev *engine.Event, path string, err error) {
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, "", err
	}
	if path, err = oneFile(pos); err != nil {
		return nil, "", err
	}
	if ev, err = readEvent(path); err != nil {
		return nil, "", err
	}
	o.apply(&ev.Settings)
	return ev, path, nil
}

// oneFile checks that exactly one event file was named.
func oneFile(pos []string) (string, error) {
	switch len(pos) {
	case 0:
		return "", usagef("name the event file, e.g. EVENT.trf")
	case 1:
		return pos[0], nil
	}
	return "", usagef("one event file expected, got %d: %s", len(pos), strings.Join(pos, " "))
}

// readEvent reads a TRF file; its errors say file:line (trf.Error). The
// names in it are cleaned for display (names.Clean), never refused: what
// a file holds of a terminal's escape sequences or other controls never
// reaches the terminal, nor a file --out writes.
func readEvent(path string) (*engine.Event, error) {
	ev, err := trf.ReadFile(path)
	if err != nil {
		return nil, err
	}
	ev.Name = names.Clean(ev.Name)
	for i := range ev.Players {
		p := &ev.Players[i]
		p.Name, p.Unit = names.Clean(p.Name), names.Clean(p.Unit)
	}
	return ev, nil
}

// overrides are the settings given on the command line; they win over the
// file's, so only flags actually given are applied.
type overrides []func(*engine.Settings)

func (o overrides) apply(s *engine.Settings) {
	for _, set := range o {
		set(s)
	}
}

// setting registers a flag that parses its value at once (a bad value is a
// usage error naming the flag) and records how to apply it.
func setting[T any](fs *flag.FlagSet, o *overrides, name string, parse func(string) (T, error), set func(*engine.Settings, T)) {
	fs.Func(name, "", func(s string) error {
		v, err := parse(s)
		if err != nil {
			return err
		}
		*o = append(*o, func(st *engine.Settings) { set(st, v) })
		return nil
	})
}

// switchFlag registers a flag that turns a setting on (--name) or off
// (--name=false).
func switchFlag(fs *flag.FlagSet, o *overrides, name string, set func(*engine.Settings, bool)) {
	fs.BoolFunc(name, "", func(s string) error {
		on, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("--%s takes true or false, not %q", name, s)
		}
		*o = append(*o, func(st *engine.Settings) { set(st, on) })
		return nil
	})
}

// scoringFlag registers --scoring. A bye keeps its worth relative to the
// scoring: a bye worth a win stays worth a win (R-S-3).
func scoringFlag(fs *flag.FlagSet, o *overrides) {
	setting(fs, o, "scoring", engine.ParseScoring, func(s *engine.Settings, sc engine.Scoring) {
		switch s.ByeValue {
		case s.Win:
			s.ByeValue = sc.Win
		case s.Draw:
			s.ByeValue = sc.Draw
		case s.Loss:
			s.ByeValue = sc.Loss
		}
		s.Scoring = sc
	})
}
