// Package testfs gives tests a file system that fills up: a full disk,
// for real, to check what a program says and keeps when a write finds no
// room.
package testfs

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// Small mounts a 1 MiB tmpfs for t and returns its directory, unmounted
// when t ends; it skips t, saying why and what covers the case instead
// (instead), when it cannot: mounting needs root.
func Small(t *testing.T, instead string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skipf("mounting a small file system needs root; %s", instead)
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small file system (%v: %s); %s", err, strings.TrimSpace(string(out)), instead)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
		}
	})
	return dir
}

// Fill writes path until its file system has no room left.
func Fill(t *testing.T, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 4096)
	for {
		if _, err := f.Write(block); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("filling the disk: %v", err)
			}
			return
		}
	}
}
