package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// imageFiles are what the Dockerfile's final stage copies besides the
// program, from the build stage's Debian: CA certificates, zone data and
// the CJK font the pictures are drawn in.
var imageFiles = []string{"/etc/ssl/certs/ca-certificates.crt", "/usr/share/zoneinfo",
	"/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"}

// emptyRoot lays out, in dir, the file system the Dockerfile's FROM scratch
// image has: the program at /qisai, the CA certificates, the zone data,
// /etc/passwd and /etc/group with user qisai (10001), /tmp, and /data
// owned by that user. It skips t when the host lacks a file to copy.
func emptyRoot(t *testing.T, dir, program string) {
	t.Helper()
	for _, f := range imageFiles {
		if _, err := os.Stat(f); err != nil {
			t.Skipf("skipping the empty-root run: the host has no %s to copy into it (the image takes it from Debian's ca-certificates and tzdata)", f)
		}
	}
	for _, d := range []string{"etc/ssl/certs", "usr/share/fonts/truetype/droid", "tmp", "data"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(filepath.Join(dir, "tmp"), 0o1777)
	if err := os.Chown(filepath.Join(dir, "data"), 10001, 10001); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"etc/passwd": "qisai:x:10001:10001:qisai:/data:/sbin/nologin\n",
		"etc/group":  "qisai:x:10001:\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, src := range append([]string{program}, imageFiles...) {
		dst := filepath.Join(dir, src)
		if src == program {
			dst = filepath.Join(dir, "qisai")
		}
		if out, err := exec.Command("cp", "-a", src, dst).CombinedOutput(); err != nil {
			t.Fatalf("copy %s into the empty root: %v\n%s", src, err, out)
		}
	}
}

// playInEmptyRoot runs program as the image would (issue 9, deployment:
// no Docker engine here): chrooted into a root holding only what FROM
// scratch gives it, as user 10001, with the image's environment, playing
// a console script on the SQLite database in /data. It skips when chroot
// is not allowed (not root, or no CAP_SYS_CHROOT).
func playInEmptyRoot(t *testing.T, program string) {
	if os.Geteuid() != 0 {
		t.Skip("skipping the empty-root run: chroot needs root")
	}
	chroot, err := exec.LookPath("chroot")
	if err != nil {
		t.Skip("skipping the empty-root run: no chroot command")
	}
	root := t.TempDir()
	emptyRoot(t, root, program)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, chroot, "--userspec=10001:10001", root, "/qisai", "console")
	// The image's ENV, and nothing of the host's.
	cmd.Env = []string{"QISAI_DATABASE_URL=/data/qisai.db", "QISAI_LISTEN=:8080", "TZ=Asia/Shanghai"}
	// The picture is drawn in the image's font, found where it lies.
	cmd.Stdin = strings.NewReader(eventScript + "王芳: /standings picture\n")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) && strings.Contains(string(out), "Operation not permitted") {
		t.Skipf("skipping the empty-root run: chroot is not permitted here: %s", out)
	}
	if err != nil {
		t.Fatalf("qisai console in the empty root: %v\n%s", err, out)
	}
	for _, want := range []string{"已创建比赛「周赛」", "报名成功：李四", "第1轮对阵", "等待 ", "[picture: "} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the transcript lacks %q:\n%s", want, out)
		}
	}
	info, err := os.Stat(filepath.Join(root, "data", "qisai.db"))
	if err != nil || info.Size() == 0 {
		t.Errorf("no database in /data after the script: %v", err)
	}
}
