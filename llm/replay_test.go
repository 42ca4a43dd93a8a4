package llm

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestRecordThenReplay(t *testing.T) {
	live := Script(`{"direction":"east","steps":2}`, `{"direction":"south","steps":1}`)
	live.Replies[0].Usage = Usage{PromptTokens: 40, CompletionTokens: 8}
	live.Errors = []error{nil, nil, fmt.Errorf("dial tcp: connection refused: %w", ErrUnreachable)}
	var buf bytes.Buffer
	rec := (&Recording{W: &buf}).Wrap(live)
	ask := func(m Model, user string) (Decision[move], error) {
		return Decide(t.Context(), m, Prompt{User: user, MaxRepairs: 2}, policyMove)
	}
	want := map[string]Decision[move]{}
	for _, u := range []string{"first", "second", "third"} {
		d, err := ask(rec, u)
		if err != nil {
			t.Fatal(err)
		}
		want[u] = d
	}
	if n := strings.Count(buf.String(), "\n"); n != 3 {
		t.Fatalf("%d records written:\n%s", n, buf.String())
	}
	path := filepath.Join(t.TempDir(), "run.jsonl")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	rp, err := OpenReplay(path)
	if err != nil {
		t.Fatal(err)
	}
	if rp.Name() != "replay:"+path {
		t.Errorf("name = %q", rp.Name())
	}
	// Replay out of order: records are matched by request.
	for _, u := range []string{"third", "second", "first"} {
		d, err := ask(rp, u)
		if err != nil {
			t.Fatal(err)
		}
		w := want[u]
		if d.Value != w.Value || d.Source != w.Source || d.Usage.PromptTokens != w.Usage.PromptTokens || d.Fallback != w.Fallback {
			t.Errorf("%s: replayed %+v, recorded %+v", u, d, w)
		}
		if u == "third" && !strings.HasPrefix(d.Fallback, "model unreachable: dial tcp: connection refused") {
			t.Errorf("third: fallback = %q, want the recorded error and its kind", d.Fallback)
		}
	}
	// Everything is used up now.
	_, err = rp.Chat(t.Context(), Request{})
	if !errors.Is(err, ErrNoRecord) {
		t.Errorf("err = %v, want ErrNoRecord", err)
	}
}

func TestReplayHandWritten(t *testing.T) {
	file := `
{"response":{"message":{"content":"{\"direction\":\"west\",\"steps\":1}"},"usage":{"prompt_tokens":3}}}

{"response":{"message":{"content":"{\"direction\":\"north\",\"steps\":3}"}}}
`
	rp, err := NewReplay("hand", strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	var got []move
	for range 2 {
		d, err := Decide(t.Context(), rp, Prompt{User: "any", MaxRepairs: 2}, policyMove)
		if err != nil || d.Source != FromModel {
			t.Fatalf("decision = %+v, err = %v", d, err)
		}
		got = append(got, d.Value)
	}
	if got[0] != (move{"west", 1}) || got[1] != (move{"north", 3}) {
		t.Errorf("replayed %v", got)
	}
}

func TestReplayBadFile(t *testing.T) {
	_, err := NewReplay("f.jsonl", strings.NewReader("{\"response\":{}}\nnot json\n"))
	if err == nil || !strings.Contains(err.Error(), "f.jsonl line 2") {
		t.Errorf("err = %v, want it to name line 2", err)
	}
	_, err = OpenReplay(filepath.Join(t.TempDir(), "missing.jsonl"))
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("err = %v", err)
	}
	// A record of the wrong shape is named in the file's terms.
	_, err = NewReplay("f.jsonl", strings.NewReader(`{"response": {"message": []}}`))
	if err == nil || !strings.Contains(err.Error(), `field "response.message": expected an object, got a list`) {
		t.Errorf("err = %v", err)
	}
	// A device that never ends stops at the line limit.
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err = OpenReplay("/dev/zero")
		if err == nil || !strings.Contains(err.Error(), "line 1: longer than 16 MiB") {
			t.Errorf("replay of /dev/zero: %v", err)
		}
	}
}

func TestReplayConcurrent(t *testing.T) {
	var lines []string
	for range 50 {
		lines = append(lines, `{"response":{"message":{"content":"ok"}}}`)
	}
	rp, err := NewReplay("c", strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, failed := 0, 0
	for range 60 {
		wg.Go(func() {
			_, err := rp.Chat(context.Background(), Request{})
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				ok++
			} else {
				failed++
			}
		})
	}
	wg.Wait()
	if ok != 50 || failed != 10 {
		t.Errorf("ok %d, failed %d; want 50 and 10", ok, failed)
	}
}

func TestScripted(t *testing.T) {
	s := Script("a", "b")
	for _, want := range []string{"a", "b"} {
		r, err := s.Chat(t.Context(), Request{SchemaName: want})
		if err != nil || r.Message.Content != want || r.Message.Role != Assistant || r.Usage.Model != "scripted" {
			t.Fatalf("reply = %+v, err = %v", r, err)
		}
	}
	if _, err := s.Chat(t.Context(), Request{}); !errors.Is(err, ErrScriptEnded) {
		t.Errorf("err = %v, want ErrScriptEnded", err)
	}
	if s.Calls() != 3 || len(s.Requests()) != 3 || s.Requests()[1].SchemaName != "b" {
		t.Errorf("calls %d, requests %+v", s.Calls(), s.Requests())
	}
	loop := &Scripted{ModelName: "loop", Loop: true, Replies: []Response{{Message: Message{Content: "x"}}}}
	for range 3 {
		if r, err := loop.Chat(t.Context(), Request{}); err != nil || r.Message.Content != "x" || r.Usage.Model != "loop" {
			t.Fatalf("loop reply = %+v, err = %v", r, err)
		}
	}
}
