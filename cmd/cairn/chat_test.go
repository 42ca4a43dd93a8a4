package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runChat runs cairn chat with stdin from in.
func runChat(t *testing.T, in string, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	root := newRootCmd(&out, &errb)
	root.SetArgs(append([]string{"chat"}, args...))
	root.SetIn(strings.NewReader(in))
	err := root.ExecuteContext(context.Background())
	return out.String(), errb.String(), err
}

// Piped stdin, one message per line: states on stderr as they happen,
// answers on stdout; the session is stored and goes on with --session.
func TestChatPiped(t *testing.T) {
	dir := t.TempDir()
	trace := filepath.Join(t.TempDir(), "chat.jsonl")
	in := "pizza near here\n\nhow far is the first one from Dover?\nand by bike?\n" + strings.Repeat("x", 5000) + "\n"
	out, stderr, err := runChat(t, in, "--center", "Wilmington, DE", "--session-dir", dir, "--trace", trace)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for _, want := range []string{"· analyzing", "· tool_planning   maps_search_places → tool_executing", "· tool_reflecting", "· done",
		"error: mapschat: the message is too long: 5000 bytes, at most 4000"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if !strings.Contains(out, "pizza places near Wilmington, DE") || strings.Count(out, "(route: ") != 2 || !strings.Contains(out, "by bike") {
		t.Errorf("stdout:\n%s", out)
	}
	if b, err := os.ReadFile(trace); err != nil || !strings.Contains(string(b), `"decision"`) {
		t.Errorf("trace: %v", err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("session dir holds %v", ents)
	}
	id := strings.TrimSuffix(ents[0].Name(), ".json")
	out, stderr, err = runChat(t, "what's the address of the second one?\n", "--session-dir", dir, "--session", id)
	if err != nil || !strings.Contains(out, ", Delaware") {
		t.Errorf("going on: %v\n%s\n%s", err, out, stderr)
	}
	if _, _, err := runChat(t, "hi\n", "--session-dir", dir, "--session", "nope"); err == nil || !strings.Contains(err.Error(), "--session: mapschat: no such session") {
		t.Errorf("unknown session: %v", err)
	}
}

// chatEngineCases are TestEnginesAgree's rows for cairn chat: a
// conversation of follow-ups, and one where the assistant asks where and
// the next message answers (on Temporal the turn's run waits on the
// cluster for it).
func chatEngineCases(t *testing.T) []engineCase {
	return []engineCase{
		{name: "chat", args: []string{"chat", "--center", "Wilmington, DE", "--session-dir", t.TempDir()},
			stdin: "pizza near here\nwhat's the address of the second one?\nhow far is the first one from Dover?\nand by bike?\nhow high is Dover\n"},
		{name: "chat asks where", args: []string{"chat", "--session-dir", t.TempDir()},
			stdin: "pizza near here\nDover\nhow far is the first one from Lewes?\n"},
	}
}
