package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/tool"
)

// harmlessRegistry is testRegistry without the tools that exit the process
// or write files, for serving arbitrary input in process.
func harmlessRegistry() *tool.Registry {
	var keep []tool.Tool
	full := testRegistry()
	for _, name := range []string{"echo", "add", "fail", "count", "panic"} {
		t, _ := full.Get(name)
		keep = append(keep, t)
	}
	keep = append(keep, tool.Must(tool.New("wait", "Waits until cancelled.", func(ctx context.Context, _ struct{}) (int, error) {
		<-ctx.Done()
		return 0, ctx.Err()
	})))
	reg, err := tool.NewRegistry(keep...)
	if err != nil {
		panic(err)
	}
	return reg
}

// stdioSessionT is a Server serving one in-process stdio session.
type stdioSessionT struct {
	t    testing.TB
	in   chan<- []byte // written in order by one goroutine
	out  *bufio.Reader
	done chan error
	seen []string // every line the server wrote
}

func startStdio(t testing.TB) *stdioSessionT {
	t.Helper()
	srv, err := NewServer(harmlessRegistry(), &ServerOptions{Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	lines := make(chan []byte, 16)
	s := &stdioSessionT{t: t, in: lines, out: bufio.NewReaderSize(outR, 1<<20), done: make(chan error, 1)}
	go func() { s.done <- srv.serveIO(ctx, inR, outW); outW.Close() }()
	// The server may answer before it has read all of a long line, so the
	// client writes from its own goroutine, as a real client's pipe would.
	go func() {
		defer inW.Close()
		for {
			select {
			case b := <-lines:
				if _, err := inW.Write(b); err != nil {
					return
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		inW.Close()
		outR.Close()
		select {
		case <-s.done:
		case <-time.After(10 * time.Second):
			t.Error("the session did not end")
		}
	})
	return s
}

func (s *stdioSessionT) send(line string) { s.in <- []byte(line) }

// answer reads the server's lines until the answer to id (its JSON), and
// returns it. A server that stops (exits or goes quiet) fails the test.
func (s *stdioSessionT) answer(id string) map[string]any {
	s.t.Helper()
	type line struct {
		b   []byte
		err error
	}
	for {
		got := make(chan line, 1)
		go func() {
			b, err := s.out.ReadBytes('\n')
			got <- line{b, err}
		}()
		var l line
		select {
		case l = <-got:
		case err := <-s.done:
			s.t.Fatalf("the server stopped (%v) before answering %s; it wrote:\n%s", err, id, strings.Join(s.seen, ""))
		case <-time.After(20 * time.Second):
			s.t.Fatalf("no answer to %s; the server wrote:\n%s", id, strings.Join(s.seen, ""))
		}
		if l.err != nil {
			s.t.Fatalf("reading the server: %v; it wrote:\n%s", l.err, strings.Join(s.seen, ""))
		}
		s.seen = append(s.seen, string(l.b))
		var msgs []map[string]any
		if bytes.HasPrefix(l.b, []byte("[")) {
			json.Unmarshal(l.b, &msgs)
		} else {
			var m map[string]any
			json.Unmarshal(l.b, &m)
			msgs = append(msgs, m)
		}
		for _, m := range msgs {
			if raw, _ := json.Marshal(m["id"]); string(raw) == id {
				return m
			}
		}
	}
}

const initialize = `{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"%s","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n" +
	`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"

// probe checks that the session still answers a valid request.
func (s *stdioSessionT) probe(n int) {
	s.t.Helper()
	id := fmt.Sprintf(`"probe-%d"`, n)
	s.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}` + "\n")
	m := s.answer(id)
	if res, _ := json.Marshal(m["result"]); !strings.Contains(string(res), `{\"sum\":5}`) {
		s.t.Fatalf("probe answered %v", m)
	}
}

func errorOf(m map[string]any) (code float64, msg string) {
	e, _ := m["error"].(map[string]any)
	code, _ = e["code"].(float64)
	msg, _ = e["message"].(string)
	return code, msg
}

// A malformed line gets a JSON-RPC error answer and the server goes on
// serving: it used to exit 1 on the first one, answering nothing.
func TestStdioSurvivesBadMessages(t *testing.T) {
	long := `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("a", maxMessage) + `"}}`
	deep := strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1)
	for _, tc := range []struct {
		name, line string
		version    string // of the initialize before it; default the newest
		id         string // of the error answer
		code       float64
		msg        string
	}{
		{"not JSON", "hello there", "", "null", -32700, "parse error"},
		{"binary", "\x00\x01\xfe\xff\x7f", "", "null", -32700, "parse error"},
		{"truncated", `{"jsonrpc":"2.0","id":7,"method":"tools/ca`, "", "null", -32700, "parse error"},
		{"two values", `{"jsonrpc":"2.0","id":7,"method":"ping"} {}`, "", "null", -32700, "parse error"},
		{"empty object", `{}`, "", "null", -32600, `no "jsonrpc": "2.0"`},
		{"JSON-RPC 1.0", `{"jsonrpc":"1.0","id":8,"method":"ping"}`, "", "8", -32600, `JSON-RPC version "1.0"`},
		{"JSON-RPC 1.0 no tag", `{"id":9,"method":"ping","params":[]}`, "", "9", -32600, `no "jsonrpc"`},
		{"scalar", `42`, "", "null", -32600, "not a JSON-RPC message"},
		{"null", `null`, "", "null", -32600, ""},
		{"string", `"ping"`, "", "null", -32600, "not a JSON-RPC message"},
		{"id an object", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, "", "null", -32600, "invalid ID"},
		{"id true", `{"jsonrpc":"2.0","id":true,"method":"ping"}`, "", "null", -32600, "invalid ID"},
		{"method a number", `{"jsonrpc":"2.0","id":"m","method":5}`, "", `"m"`, -32600, "invalid request"},
		{"response without id", `{"jsonrpc":"2.0","result":{}}`, "", "null", -32600, "invalid request"},
		{"error not an object", `{"jsonrpc":"2.0","id":3,"error":"bad"}`, "", "3", -32600, "invalid request"},
		{"too deep", deep, "", "null", -32600, "nested deeper than 256"},
		{"too long", long, "", "null", -32600, "longer than 4 MiB"},
		{"empty batch", `[]`, "", "null", -32600, "empty batch"},
		{"batch in 2025-06-18", `[{"jsonrpc":"2.0","id":"b1","method":"ping"}]`, "2025-06-18", "null", -32600, "batches are not part of MCP"},
		{"batch of junk", `[1]`, "2025-03-26", "null", -32600, "not a JSON-RPC message"},
		{"batch with a repeated id", `[{"jsonrpc":"2.0","id":"d","method":"ping"},{"jsonrpc":"2.0","id":"d","method":"ping"}]`, "2025-03-26", `"d"`, -32600, ""},
		{"batch with one bad message", `[{"jsonrpc":"2.0","id":"ok","method":"ping"},{"jsonrpc":"1.0","id":"bad"}]`, "2025-03-26", `"ok"`, -32600, "not run: message 2 of the batch is invalid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startStdio(t)
			v := tc.version
			if v == "" {
				v = "2025-11-25"
			}
			s.send(fmt.Sprintf(initialize, v))
			s.answer(`"init"`)
			s.send(tc.line + "\n")
			m := s.answer(tc.id)
			code, msg := errorOf(m)
			if code != tc.code || !strings.Contains(msg, tc.msg) || m["jsonrpc"] != "2.0" {
				t.Errorf("answer %v; want code %v with %q", m, tc.code, tc.msg)
			}
			if _, ok := m["id"]; !ok {
				t.Errorf("answer %v has no id member", m)
			}
			s.probe(1)
			s.send(tc.line + "\n") // and again, with requests in between
			s.probe(2)
		})
	}
}

// A batch the protocol allows still works, and answers come as a batch.
func TestStdioBatchInOldProtocol(t *testing.T) {
	s := startStdio(t)
	s.send(fmt.Sprintf(initialize, "2025-03-26"))
	s.answer(`"init"`)
	s.send(`[{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"count","arguments":{}}},{"jsonrpc":"2.0","id":"y","method":"ping"}]` + "\n")
	if m := s.answer(`"x"`); m["error"] != nil {
		t.Errorf("batch answer %v", m)
	}
	s.probe(1)
}

// A request the server is still working on keeps its id: a batch reusing
// it (which would end the SDK's connection) is refused instead.
func TestStdioBatchReusingAPendingID(t *testing.T) {
	s := startStdio(t)
	s.send(fmt.Sprintf(initialize, "2025-03-26"))
	s.answer(`"init"`)
	s.send(`{"jsonrpc":"2.0","id":"slow","method":"tools/call","params":{"name":"wait","arguments":{}}}` + "\n")
	time.Sleep(100 * time.Millisecond)
	s.send(`[{"jsonrpc":"2.0","id":"slow","method":"ping"},{"jsonrpc":"2.0","id":"other","method":"ping"}]` + "\n")
	m := s.answer(`"other"`)
	if code, msg := errorOf(m); code != -32600 || !strings.Contains(msg, "not run") {
		t.Errorf("answer %v", m)
	}
	s.probe(1)
	s.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow"}}` + "\n")
	s.answer(`"slow"`)
	s.probe(2)
}

func TestVetMessageKeepsGoodMessages(t *testing.T) {
	for _, good := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`  {"jsonrpc":"2.0","id":"a","method":"tools/list","params":{}}  `,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":1,"result":{}}`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/x"}]`,
	} {
		v := vetMessage([]byte(good), true, nil)
		if v.reply != nil || string(v.forward) != strings.TrimSpace(good) || len(v.msgs) == 0 {
			t.Errorf("%s: forward %q, reply %s", good, v.forward, v.reply)
		}
	}
}

// FuzzStdio: whatever a client writes, the server keeps answering. Each
// input is sent as the client's lines after the handshake, followed by a
// valid call that must be answered.
func FuzzStdio(f *testing.F) {
	for _, seed := range []string{
		"hello\n",
		"\x00\xff\n{\n",
		"{}\n[]\n",
		`{"jsonrpc":"1.0","id":1,"method":"ping"}` + "\n",
		`{"jsonrpc":"2.0","id":1,"method":"tools/ca`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":1,"method":"ping"}]` + "\n",
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"panic","arguments":{}}}` + "\n",
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":"x"}` + "\n",
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"add","arguments":{"a":"x"}}}` + "\n",
		`{"jsonrpc":"2.0","id":5,"method":"initialize","params":{"protocolVersion":"2025-03-26"}}` + "\n" + `[{"jsonrpc":"2.0","id":6,"method":"ping"}]` + "\n",
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{"x":1}}}` + "\n",
		`{"jsonrpc":"2.0","id":1.5,"method":"ping"}` + "\n" + `{"jsonrpc":"2.0","id":-1,"result":{}}` + "\n",
		strings.Repeat("[", 300) + "\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if bytes.Contains(in, []byte("probe")) {
			return // the probe's id must be the probe's
		}
		s := startStdio(t)
		s.send(fmt.Sprintf(initialize, "2025-11-25"))
		s.answer(`"init"`)
		if len(in) > 0 && in[len(in)-1] != '\n' {
			in = append(in, '\n')
		}
		s.send(string(in))
		s.probe(1)
	})
}
