package mapschat

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Both stores behave alike.
func TestSessionStores(t *testing.T) {
	fs := fileStore(t, t.TempDir())
	fs.NoSync = true
	for name, st := range map[string]Sessions{"memory": &MemSessions{}, "file": fs} {
		ctx := context.Background()
		t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
		a := &Session{ID: "a1", Created: t0, Updated: t0, Turns: []Turn{{Message: "pizza near here"}}}
		b := &Session{ID: "b2", Created: t0, Updated: t0.Add(time.Minute), Turns: []Turn{}}
		for _, s := range []*Session{a, b} {
			if err := st.Put(ctx, s); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		got, err := st.Get(ctx, "a1")
		if err != nil || got.Turns[0].Message != "pizza near here" {
			t.Errorf("%s: get %+v %v", name, got, err)
		}
		got.Turns[0].Message = "changed" // a copy: the store is unchanged
		if again, _ := st.Get(ctx, "a1"); again.Turns[0].Message != "pizza near here" {
			t.Errorf("%s: the store shares memory with its callers", name)
		}
		list, err := st.List(ctx)
		if err != nil || len(list) != 2 || list[0].ID != "b2" || list[1].Title != "pizza near here" {
			t.Errorf("%s: list %+v %v", name, list, err)
		}
		for _, id := range []string{"nope", "../a1", "", strings.Repeat("x", 65)} {
			if _, err := st.Get(ctx, id); !errors.Is(err, ErrUnknownSession) {
				t.Errorf("%s: get %q: %v", name, id, err)
			}
		}
		if err := st.Delete(ctx, "a1"); err != nil {
			t.Errorf("%s: delete %v", name, err)
		}
		if err := st.Delete(ctx, "a1"); !errors.Is(err, ErrUnknownSession) {
			t.Errorf("%s: second delete %v", name, err)
		}
		if _, err := st.Get(ctx, "a1"); !errors.Is(err, ErrUnknownSession) {
			t.Errorf("%s: deleted session still there: %v", name, err)
		}
	}
}

// A restart loses no conversation: a new assistant on the same directory
// goes on with the same session, follow-ups included.
func TestRestartKeepsConversation(t *testing.T) {
	dir := t.TempDir()
	a := fileChat(t, dir)
	id := session(t, a, "Wilmington, DE")
	first := mustAnswer(t, send(t, a, id, "pizza near here"))
	if len(first.Places) < 2 {
		t.Fatalf("%+v", first)
	}
	b := fileChat(t, dir) // the process restarted
	s := send(t, b, id, "what's the address of the second one?")
	ans := mustAnswer(t, s)
	if !strings.Contains(ans.Answer, first.Places[1].Address) {
		t.Errorf("after restart: %q", ans.Answer)
	}
	sess, err := b.Session(context.Background(), id)
	if err != nil || len(sess.Turns) != 2 || sess.Center == nil || sess.Center.Name != "Wilmington, DE" {
		t.Errorf("%+v %v", sess, err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 || ents[0].Name() != id+".json" {
		t.Errorf("directory holds %v", ents)
	}
}

// A corrupt session file is named in the error and left as it is.
func TestCorruptSessionIsNamedNotOverwritten(t *testing.T) {
	dir := t.TempDir()
	fs := fileStore(t, dir)
	a := chat(t, Options{Store: fs})
	id := session(t, a, "Wilmington, DE")
	good := session(t, a, "Dover, DE")
	path := filepath.Join(dir, id+".json")
	bad := []byte(`{"id": "` + id + `", "turns": [{"message": "pizza` + "\x00")
	if err := os.WriteFile(path, bad, 0o600); err != nil {
		t.Fatal(err)
	}
	s := send(t, a, id, "pizza near here")
	if !errors.Is(s.Err, ErrCorruptSession) || !strings.Contains(s.Err.Error(), path) {
		t.Errorf("send: %v", s.Err)
	}
	if err := fs.Put(context.Background(), &Session{ID: id}); !errors.Is(err, ErrCorruptSession) {
		t.Errorf("put over a corrupt file: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != string(bad) {
		t.Error("corrupt file overwritten")
	}
	list, err := a.ListSessions(context.Background())
	if err != nil || len(list) != 1 || list[0].ID != good {
		t.Errorf("list %+v %v", list, err)
	}
	mustAnswer(t, send(t, a, good, "hello")) // the others work
}
