package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/qisai/qisai/bot/web"
	chatcmd "github.com/qisai/qisai/commands"
)

// publicURLEnv is the address people open the events' pages at, behind a
// proxy; the console defaults it to its own listener's.
const publicURLEnv = "QISAI_PUBLIC_URL"

// webListener is the console's listener for the events' pages
// (qisai console --listen ADDR) and the address the links /web gives
// point at: QISAI_PUBLIC_URL, else the listener's own (port 0 picks one).
type webListener struct {
	ln   net.Listener
	base string
}

func listenWeb(addr string) (*webListener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, because(err, "--listen %s：无法监听这个地址，请换一个地址或端口，例如 --listen 127.0.0.1:8080。",
			"--listen %s: cannot listen: %v; choose another address or port, e.g. --listen 127.0.0.1:8080.", addr)
	}
	base := os.Getenv(publicURLEnv)
	if base == "" {
		host, port, _ := net.SplitHostPort(ln.Addr().String())
		if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
			host = "localhost" // every address: this machine's name reaches it
		}
		base = "http://" + net.JoinHostPort(host, port)
	}
	return &webListener{ln: ln, base: base}, nil
}

// option gives the service the links' address.
func (l *webListener) option() chatcmd.Option { return chatcmd.WithPublicURL(l.base) }

// serve serves svc's pages until ctx ends.
func (l *webListener) serve(ctx context.Context, svc *chatcmd.Service) {
	srv := &http.Server{Handler: web.New(svc.Web()), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(l.ln); !errors.Is(err, http.ErrServerClosed) {
		tell(os.Stderr, "qisai", "网页监听已停止，原因见下一行。\nthe web pages' listener stopped: "+err.Error())
	}
}
