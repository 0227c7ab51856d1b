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
	"rating":    ratingCmd,
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
			tell(stderr, "qisai", fmt.Sprintf("内部错误：%v。请把所用的命令和文件报告给我们。\ninternal error: %v; please report it with the command and the file you used.", r, r))
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
			tell(stderr, "qisai", fmt.Sprintf("没有 %q 这个命令，命令列表见 qisai help。\nunknown command %q; run \"qisai help\" to list the commands.", args[0], args[0]))
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
		report(stderr, name, uerr.err, true)
		return 2
	}
	report(stderr, name, err, false)
	return 1
}

// usageError marks a mistake on the command line (exit code 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }

// Unwrap lets errors.Is see through, e.g. to flag.ErrHelp.
func (e usageError) Unwrap() error { return e.err }

const usage = `qisai — 象棋比赛助手
qisai — xiangqi tournament assistant

用法：
Usage:
  qisai
      聊天：在 qisai.db 上开控制台聊天
      the chat: the console chat on qisai.db
  qisai console [--db FILE] [--lang zh|en] [--files DIR] [--listen ADDR]
      控制台聊天，在终端里
      the chat in the terminal
  qisai pair [flags] EVENT.trf
      编排下一轮
      pair the next round
  qisai standings [flags] EVENT.trf
      输出名次表
      print the standings
  qisai bracket [flags] PLAYERS.csv
      离线淘汰赛（见 qisai bracket --help）
      a knockout offline (see qisai bracket --help)
  qisai paper KIND [flags] EVENT.trf
      比赛材料：xlsx、秩序册 programme、成绩册 booklet、奖状 certificates
      the event's papers: xlsx, programme, booklet, certificates
  qisai backup [--db FILE] BACKUP
      把 SQLite 数据库一致地复制一份，qisai 运行中也可以
      a consistent copy of the SQLite database, also while qisai runs on it
  qisai rating export|import --chat PLATFORM:ID [--db FILE] [--lang zh|en] FILE
      俱乐部的等级分榜和名册，导出到或导入自表格文件（R-R-5）
      a club's rating list and roster, to or from a CSV or .xlsx file (R-R-5)
  qisai version
      输出版本
      print the version
  qisai help
      输出本说明
      print this help

选项可放在文件名前后。
Flags may come before or after the file name.

qisai console — 控制台聊天：一个人扮演俱乐部群里的每个人。每行「名字: 内容」为
群聊发言，「名字@dm: 内容」为给机器人的私聊；不写「名字:」的行算上一位发言人的。
机器人的消息显示为「[group] …」和「[dm 名字] …」（消息的每一行都带这个前缀），
按钮显示为「[buttons: 按钮 → /命令 | …]」：输入那条命令就是按下按钮。它读人的输入，
也读脚本：qisai console < script.txt（此时每行先回显，再显示回答）。
One person plays everyone in a club's group chat. A line "NAME: TEXT" is NAME
saying TEXT in the group, "NAME@dm: TEXT" a private message to the bot; a line
without NAME: is the previous speaker's. The bot's messages print as
"[group] …" and "[dm NAME] …" (every line of a message so prefixed), buttons as
"[buttons: Label → /command | …]": typing the command presses the button. It
reads a person typing or a script: qisai console < script.txt (then each line
is echoed before its answers).
  --db FILE
      数据库：SQLite 文件或 postgres:// 网址（默认 $QISAI_DATABASE_URL，否则
      qisai.db）；重启后比赛仍在
      SQLite file or postgres:// URL (default: $QISAI_DATABASE_URL, else
      qisai.db); the events survive a restart
  --lang zh|en
      用户用 /lang 选语言之前的默认语言（默认 zh）
      users' language until they choose one with /lang (default zh)
  --files DIR
      机器人发的文件（导出、长表格）写到这个文件夹，显示为「[file: 路径]」
      （默认：数据库旁边的 qisai-files）
      where the files the bot sends (exports, long tables) are written, shown
      as "[file: PATH]" (default: qisai-files beside the database)
  --listen ADDR
      在 ADDR（例如 127.0.0.1:8080）提供比赛网页；/web 给出链接，地址为
      $QISAI_PUBLIC_URL，否则 http://ADDR
      serve the events' live pages on ADDR (e.g. 127.0.0.1:8080); /web gives
      their links, at $QISAI_PUBLIC_URL or else http://ADDR
不带参数的 qisai：QISAI_TELEGRAM_TOKEN 和 QISAI_DISCORD_TOKEN 都没设置时就是
qisai console，设置了其中一个就是 qisai serve。
"qisai" with no arguments is "qisai console" while QISAI_TELEGRAM_TOKEN and
QISAI_DISCORD_TOKEN are unset, and "qisai serve" when one is set.

qisai serve — Telegram、Discord 和/或飞书上的聊天机器人，由环境变量（或对应的
选项，见 qisai serve --help）配置：QISAI_TELEGRAM_TOKEN、QISAI_TELEGRAM_API_URL、
QISAI_DISCORD_TOKEN、QISAI_DISCORD_APP_ID、QISAI_DISCORD_PUBLIC_KEY（交互端点
/discord/interactions）、QISAI_FEISHU_APP_ID、QISAI_FEISHU_APP_SECRET、
QISAI_DATABASE_URL、QISAI_LISTEN（/healthz、/metrics、比赛网页 /e/）、
QISAI_PUBLIC_URL（网页链接的 https 地址）。日志为 JSON 行，不显示令牌。
The chat bot on Telegram, Discord and/or Feishu, configured by environment
variables (or the matching flags, see qisai serve --help):
QISAI_TELEGRAM_TOKEN, QISAI_TELEGRAM_API_URL, QISAI_DISCORD_TOKEN,
QISAI_DISCORD_APP_ID, QISAI_DISCORD_PUBLIC_KEY (the interactions endpoint
/discord/interactions), QISAI_FEISHU_APP_ID, QISAI_FEISHU_APP_SECRET,
QISAI_DATABASE_URL, QISAI_LISTEN (/healthz, /metrics, the events' pages /e/),
QISAI_PUBLIC_URL (the https address of the pages' links). It logs JSON lines
and never prints a token.

qisai backup — 把 SQLite 数据库（--db，默认 $QISAI_DATABASE_URL，否则 qisai.db）
一致地复制到 BACKUP，qisai 运行中也可以；不要用 cp 复制正在用的文件。恢复：停止
qisai，用 BACKUP 替换数据库文件（删除它的 -wal、-shm 文件），再启动 qisai。
PostgreSQL 数据库请用 pg_dump。
Writes a consistent copy of the SQLite database (--db, default
$QISAI_DATABASE_URL, else qisai.db) to BACKUP, also while qisai runs on it;
never copy the live file with cp. To restore: stop qisai, put BACKUP in the
database's place (removing its -wal and -shm files), start qisai. PostgreSQL:
use pg_dump.

qisai pair — 先输出对数（轮空算一对），再按起始序号每台一行「红方 黑方」，轮空为
「序号 0」，和 bbpPairings、JaVaFo 的 -p 输出相同。
Prints the number of pairs (a bye counts as one), then one line per board
"RED BLACK" by starting rank, and "ID 0" for a bye, as bbpPairings and JaVaFo
print with -p.
  --system cn-swiss|round-robin|double-round-robin
      赛制（默认 cn-swiss）
      system (default cn-swiss)
  --first-round fold|adjacent|head-tail|random
      首轮配对方法，R-SW-3（默认 fold）
      first-round method, R-SW-3 (default fold)
  --halves top-bottom|odd-even
      上下半区，R-SW-2（默认 top-bottom）
      halves, R-SW-2 (default top-bottom)
  --first-colour alternate|alternate-higher|upper-red|odd-red|lower-red|drawn
      首轮先后手，R-SW-5（默认 alternate）
      first-round colours, R-SW-5 (default alternate)
  --colour-tie sum-parity|round-parity
      先后手条件均等时的规则，R-SW-10 (8)（默认 sum-parity）
      last colour rule, R-SW-10 (8) (default sum-parity)
  --avoid-same-unit first-round|all-rounds|off
      同单位回避，R-SW-4（默认 first-round）
      same-unit avoidance, R-SW-4 (default first-round)
  --allow-three-in-a-row
      不禁连三、多三，R-SW-12（默认禁止）
      allow a third colour in a row and an imbalance of three, R-SW-12
      (default: forbidden)
  --score-priority N
      最后 N 轮高分优先先后手，R-SW-11（默认 3）
      R-SW-11 for the last N rounds (default 3)
  --count-forfeits=BOOL
      弃权局计先后手及相遇，R-T-0（默认 true；false：只计下了的棋）
      forfeits count for colours and rematches, R-T-0 (default true; false:
      games played only)
  --count-bye-colour=BOOL
      轮空记先后手并计数，R-S-3（默认 true；false：轮空不记先后手，同 FIDE）
      a bye is recorded with a colour that counts, R-S-3 (default true; false:
      colourless byes, as FIDE's)
  --earlier-colours
      条件均等时比较更早的轮次，在 R-SW-10 (8) 之前，同 Match BP Online
      look back before R-SW-10 (8), as Match BP Online does
  --scoring W/D/L
      胜/和/负的分数，例如 2/1/0（默认：文件的 BBW/BBD/BBL，否则 1/0.5/0）
      points for win/draw/loss, e.g. 2/1/0 (default: the file's BBW/BBD/BBL,
      else 1/0.5/0)
  --rounds N
      总轮数（默认：文件里的 XXR）
      total rounds (default: XXR in the file)
  --seed N
      随机种子（默认 0）
      seed for random choices (default 0)
  --explain
      改为输出编排记录，R-SW-13
      print the pairing record instead, R-SW-13
  --lang zh|en
      编排记录的语言（默认 zh）
      language of --explain (default zh)
  --out FILE.trf
      把带新一轮的比赛写成 TRF
      write the event with the new round as TRF
  --no-units
      --out 不写单位（QSU 行，bbpPairings 和 JaVaFo 跳过它们）
      leave out the players' units (QSU lines, which bbpPairings and JaVaFo
      skip)

qisai standings — 名次表。
The standings.
  --tiebreaks LIST
      破同分的顺序，例如 对手分,胜局,犯规（默认，R-T-1：对手分,胜局,犯规,
      后走胜局,后走局数,倒数轮次分）
      tiebreaks in order, e.g. buchholz,wins,fouls (default: R-T-1's, as
      above)
  --format text|json|csv
      输出格式（默认 text）
      output format (default text)
  --scoring W/D/L
      胜/和/负的分数（默认同 qisai pair）
      points for win/draw/loss (default as for qisai pair)
  --prizes N
      获奖名次：前 N 名获奖（R-T-8），文本输出列出获奖名单
      the first N win prizes (R-T-8): text lists them
  --place-points LIST
      名次分：第 1、2…名的分数，如 10,7,5,3，按单位相加为团体总分（R-T-11）
      points of places 1, 2, … e.g. 10,7,5,3, added up by unit into team
      totals (R-T-11)
  --min-games N
      最少局数：局数不足者不获奖、不计入单位总分，标 *（R-T-12）
      players with fewer games win no prize and add nothing to a unit's
      total, marked * (R-T-12)

qisai paper — 比赛材料：Excel 工作簿（xlsx）、秩序册（programme）、成绩册
（booklet）、奖状（certificates），A4 网页，可用浏览器打印或另存为 PDF；奖状
还有 PNG 图片。写在 EVENT.trf 旁边。TRF 文件有对局，文件里没有的由选项给出：
Writes the event's workbook, programme, results booklet or certificates (HTML
pages for A4, which a browser prints or saves as PDF; the certificates also as
PNG pictures) beside EVENT.trf. TRF holds the games; the flags give what it
does not:
  --lang zh|en
      材料的语言（默认 zh）
      the papers' language (default zh)
  --host TEXT
      主办单位
      who holds the event
  --venue TEXT
      比赛地点
      where
  --dates TEXT
      比赛日期，例如 2026年3月1日—2日
      when, e.g. 1–2 March 2026
  --issued TEXT
      奖状日期（默认：--dates）
      the certificates' date (default: --dates)
  --organisers A,B
      组织者
      who organised it
  --arbiters A,B
      裁判
      its arbiters
  --time-control TEXT
      用时，例如 25分+5秒
      e.g. 25min+5s
  --awards N
      每个名次表发奖状的名次数（默认 3）
      places of each ranking with a certificate (default 3)
  --out FILE
      输出文件（"-"：标准输出）
      where to write it ("-": standard output)
  --font FILE
      奖状图片的中文字体（默认：$QISAI_FONT，否则已安装的一种）
      the CJK font of the certificates' pictures (default: $QISAI_FONT, else
      one installed)
  --tiebreaks LIST, --scoring W/D/L
      同 qisai standings
      as for qisai standings

退出码：0 成功，1 失败（文件有误、无法编排），2 命令行有误。
Exit codes: 0 ok, 1 failed (bad file, no pairing), 2 wrong command line.
`

func versionCmd(args []string, stdout io.Writer) error {
	if len(args) > 0 {
		return usagef("qisai version 不接受参数：只写 qisai version。", "version takes no arguments: type just qisai version.")
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
			return nil, flagError(err)
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
		return "", usagef("请写上比赛文件，例如 qisai pair EVENT.trf。", "name the event file, e.g. qisai pair EVENT.trf.")
	case 1:
		return pos[0], nil
	}
	return "", usagef("只能写一个比赛文件，这里有 %d 个：%s。", "one event file expected, got %d: %s.", len(pos), strings.Join(pos, " "))
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
