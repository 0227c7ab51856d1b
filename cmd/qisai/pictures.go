package main

import (
	"log/slog"

	chatcmd "github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/picture"
)

// fontEnv names the CJK font file pictures are drawn in (QISAI_FONT);
// unset, one installed is found (picture.SystemFonts).
const fontEnv = "QISAI_FONT"

// painter gives the service its pictures, drawn in the font at path or an
// installed one. Without a font pictures are off, which is logged: the
// chat says how to install one when somebody asks for a picture.
func painter(path string, log *slog.Logger) chatcmd.Option {
	p, err := picture.Open(path)
	if err != nil {
		log.Warn("pictures are off", "err", err)
	}
	return chatcmd.WithPainter(p)
}
