package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	chatcmd "github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/i18n"
)

// ratingCmd runs `qisai rating export|import --chat PLATFORM:ID [--db
// FILE] [--lang zh|en] FILE`: a club's rating list and roster (R-R-5) to a
// CSV or .xlsx file, or a list from one into the club — the chat's own
// commands (/rating export, /rating import) for whoever runs qisai, with a
// spreadsheet at hand.
func ratingCmd(args []string, stdout io.Writer) error {
	if len(args) == 0 || (args[0] != "export" && args[0] != "import") {
		return usagef("qisai rating 后面写 export 或 import：qisai rating export|import --chat 平台:聊天号 文件。", "rating takes export or import: qisai rating export|import --chat PLATFORM:ID FILE.")
	}
	verb := args[0]
	fs := flag.NewFlagSet("rating "+verb, flag.ContinueOnError)
	db := fs.String("db", "", "")
	club := fs.String("chat", "", "")
	lang := fs.String("lang", "zh", "")
	pos, err := parseArgs(fs, args[1:])
	if err != nil {
		return err
	}
	platform, id, ok := strings.Cut(*club, ":")
	if len(pos) != 1 || !ok || platform == "" || id == "" {
		return usagef("qisai rating %[1]s 需要 --chat 平台:聊天号 和一个文件，如 qisai rating %[1]s --chat telegram:-1001234 等级分.xlsx。", "rating %[1]s takes --chat PLATFORM:ID and a file, e.g. qisai rating %[1]s --chat telegram:-1001234 list.xlsx.", verb)
	}
	l, err := langArg(*lang)
	if err != nil {
		return err
	}
	dsn := databaseDSN(*db)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	store, err := openDatabase(ctx, dsn)
	if err != nil {
		return err
	}
	defer store.Close()
	svc := chatcmd.New(store)
	where, file := chat.Chat{Platform: platform, ID: id}, pos[0]
	if verb == "export" {
		format := strings.TrimPrefix(strings.ToLower(filepath.Ext(file)), ".")
		f, err := svc.ExportRatings(ctx, where, format, l)
		if err != nil {
			return err
		}
		if err := os.WriteFile(file, f.Data, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s\n", i18n.T{Zh: "已写入 %s。", En: "Wrote %s."}.In(l, file))
		return nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	said, err := svc.ImportRatings(ctx, where, action.Actor{Platform: "cli", User: "qisai rating import"}, file, data, l)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, said)
	return nil
}
