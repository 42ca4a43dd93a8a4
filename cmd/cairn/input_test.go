package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// userTerms fails t when msg shows Go's own words for a type, a struct
// dump or a socket address instead of the user's terms.
func userTerms(t *testing.T, what, msg string) {
	t.Helper()
	for _, leak := range []string{"Go value", "Go struct", "struct {", "json:\"", "interface {", "map[string]", "[]interface", "127.0.0.1:"} {
		if strings.Contains(msg, leak) {
			t.Errorf("%s: error shows %q: %s", what, leak, msg)
		}
	}
}

// Every file the command line reads has a size limit: a device that never
// ends fails at once, naming the file and the limit.
func TestEndlessInputFailsAtTheLimit(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--config", "/dev/zero", "trace", "show", "x"}, "/dev/zero is larger than 1 MiB"},
		{[]string{"trace", "show", "/dev/zero"}, "/dev/zero is larger than 1 GiB"},
		{[]string{"trip", "--task", "/dev/zero"}, "/dev/zero is larger than 4 MiB"},
		{[]string{"trip", "--format", "@/dev/zero", "q"}, "/dev/zero is larger than 4 MiB"},
	} {
		start := time.Now()
		_, stderr, err := runCairn(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want %q", tc.args, err, tc.want)
		}
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%v: took %v", tc.args, d)
		}
		if len(stderr) > 4096 {
			t.Errorf("%v: %d bytes on stderr", tc.args, len(stderr))
		}
	}
}

// Input of the wrong shape is reported in the user's terms.
func TestBadInputInUsersTerms(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"trip", "--task", write("array.json", `[1, 2]`)}, "not a task file: expected an object, got a list"},
		{[]string{"trip", "--task", write("num.json", `{"question": 5}`)}, `field "question": expected a string, got a number`},
		{[]string{"trip", "--task", write("cut.json", `{"question": "a`)}, "not a task file"},
		{[]string{"--config", write("list.yaml", "- a\n- b\n"), "trace", "show", "x"}, "want a mapping of keys to values at the top, got a list"},
		{[]string{"--config", write("scalar.yaml", "hello\n"), "trace", "show", "x"}, "got a string"},
		{[]string{"--config", write("intkeys.yaml", "1: a\n"), "trace", "show", "x"}, "keys must be strings"},
	} {
		_, _, err := runCairn(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want %q", tc.args, err, tc.want)
			continue
		}
		userTerms(t, strings.Join(tc.args, " "), err.Error())
	}
	// An empty config (comments only) is no config.
	if _, _, err := runCairn(t, "--config", write("empty.yaml", "# nothing yet\n"), "--version"); err != nil {
		t.Errorf("empty config: %v", err)
	}
}

// A file that is not a trace does not flood stderr with one line per bad
// line.
func TestTraceShowBoundsBadLines(t *testing.T) {
	p := filepath.Join(t.TempDir(), "junk.jsonl")
	if err := os.WriteFile(p, []byte(strings.Repeat("not json\n", 5000)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, err := runCairn(t, "trace", "show", p)
	if err == nil || !strings.Contains(err.Error(), "5000 bad lines skipped") {
		t.Fatalf("got %v", err)
	}
	if n := strings.Count(stderr, "\n"); n > maxBadLinesShown+2 {
		t.Errorf("%d lines on stderr", n)
	}
}
