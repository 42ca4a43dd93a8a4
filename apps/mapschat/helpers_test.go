package mapschat

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
)

// oneModel gives the same model for every role.
type oneModel struct{ m llm.Model }

func (o oneModel) For(string) llm.Model { return o.m }

// offline returns the maps tools on the embedded offline data and its
// gazetteer options.
func offline(t testing.TB) (*tool.Registry, Options) {
	t.Helper()
	reg := geotest.Tools(t)
	g := geotest.Gazetteer(t)
	return reg, Options{Gazetteer: g, Prefer: g.Covered()}
}

// chat returns an assistant on the offline maps with o's settings added.
func chat(t testing.TB, o Options) *Assistant {
	t.Helper()
	reg, base := offline(t)
	o.Gazetteer, o.Prefer = base.Gazetteer, base.Prefer
	a, err := New(reg, o)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// fileStore is a file session store in dir.
func fileStore(t testing.TB, dir string) *FileSessions {
	t.Helper()
	fs, err := NewFileSessions(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

// fileChat is chat with its sessions in files in dir: call it again on
// the same dir for an assistant after a restart.
func fileChat(t testing.TB, dir string) *Assistant {
	t.Helper()
	return chat(t, Options{Store: fileStore(t, dir)})
}

func session(t testing.TB, a *Assistant, center string) string {
	t.Helper()
	var c *Center
	if center != "" {
		c = &Center{Name: center}
	}
	id, err := a.CreateSession(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// said is one turn as streamed.
type said struct {
	States []CoordinatorState
	Answer *Answer
	Err    error
}

func (s said) statuses() string {
	var out []string
	for _, st := range s.States {
		out = append(out, string(st.Status))
	}
	return strings.Join(out, " ")
}

func (s said) tools() []string {
	var out []string
	for _, st := range s.States {
		if st.Status == ToolPlanning {
			for _, c := range st.ToolsToExecute {
				out = append(out, c.Name)
			}
		}
	}
	return out
}

func send(t testing.TB, a *Assistant, id, text string) said {
	t.Helper()
	return sendMsg(t, a, id, Message{Text: text})
}

func sendMsg(t testing.TB, a *Assistant, id string, m Message) said {
	t.Helper()
	var s said
	for u, err := range a.Send(context.Background(), id, m) {
		switch {
		case err != nil:
			s.Err = err
		case u.State != nil:
			s.States = append(s.States, *u.State)
		case u.Answer != nil:
			s.Answer = u.Answer
		}
	}
	return s
}

// mustAnswer fails unless the turn ended with an answer.
func mustAnswer(t testing.TB, s said) Answer {
	t.Helper()
	if s.Err != nil {
		t.Fatalf("turn failed: %v (states %s)", s.Err, s.statuses())
	}
	if s.Answer == nil {
		t.Fatalf("no answer (states %s)", s.statuses())
	}
	return *s.Answer
}

// reply is a CoordinatorState as a model's JSON.
func reply(cs CoordinatorState) string {
	b, _ := json.Marshal(cs)
	return string(b)
}

// downMaps is a registry whose seven tools fail as an unreachable
// server's would.
func downMaps(t testing.TB) *tool.Registry {
	t.Helper()
	var ts []tool.Tool
	for _, n := range mapstool.Names {
		ts = append(ts, downTool{n})
	}
	reg, err := tool.NewRegistry(ts...)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

type downTool struct{ name string }

func (d downTool) Spec() tool.Spec { return tool.Spec{Name: d.name} }
func (d downTool) Call(context.Context, json.RawMessage) (json.RawMessage, error) {
	return nil, errors.New("dial tcp 127.0.0.1:8765: connect: connection refused")
}
