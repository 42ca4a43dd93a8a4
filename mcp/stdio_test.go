package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A client may write its requests and close stdin at once (a shell
// pipeline does): the server answers them all before it exits. A request
// the client cancelled does not hold the exit back.
func TestStdioAnswersRequestsSentBeforeEOF(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(t.TempDir(), "m")
	script := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"sh","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}`,
		fmt.Sprintf(`{"jsonrpc":"2.0","id":"blocked","method":"tools/call","params":{"name":"block","arguments":{"marker":%q}}}`, marker),
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"blocked"}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"text":"third"}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"count","arguments":{}}}`, // no final newline
	}, "\n")
	ctx, cancel := context.WithTimeout(context.Background(), drainWait-5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), serverEnv+"=stdio")
	cmd.Stdin = strings.NewReader(script)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("server: %v (output %s)", err, out)
	}
	answers := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var msgs []wireMsg
		if line := bytes.TrimSpace(sc.Bytes()); len(line) > 0 && line[0] == '[' {
			json.Unmarshal(line, &msgs)
		} else {
			var m wireMsg
			json.Unmarshal(line, &m)
			msgs = append(msgs, m)
		}
		for _, m := range msgs {
			answers[string(m.ID)] = string(m.Result) + string(m.Error)
		}
	}
	for id, want := range map[string]string{`1`: `"serverInfo"`, `2`: `{\"sum\":3}`, `3`: `third`, `4`: `"42"`} {
		if !strings.Contains(answers[id], want) {
			t.Errorf("answer to %s = %q, want it to contain %s; all output:\n%s", id, answers[id], want, out)
		}
	}
}

// FuzzAnsweredIDs: reading a server message only as far as its id and
// result finds the same answered requests as decoding all of it.
func FuzzAnsweredIDs(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\n  \"a\": 1\n}"}]}}`))
	f.Add([]byte(`{"result":null,"id":"x"}`))
	f.Add([]byte(`{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"bad"}}` + "\n"))
	f.Add([]byte(`{"jsonrpc":"2.0","id":2,"method":"ping"}`))
	f.Add([]byte(`{"jsonrpc":"2.0","method":"notifications/progress","params":{}}`))
	f.Add([]byte(`[{"id":1,"result":{}},{"id":2,"method":"x"}]`))
	f.Add([]byte(`{"id":null,"result":1}`))
	f.Add([]byte(`{"id":1,"result":1,"method":"x"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var want []string
		for _, m := range messages(b) {
			if isID(m.ID) && m.Method == "" && (len(m.Result) > 0 || len(m.Error) > 0) {
				want = append(want, string(m.ID))
			}
		}
		got := answeredIDs(b)
		// The fast path stops at the result, so it may disagree on what
		// no JSON-RPC peer writes: malformed JSON, a repeated key, a
		// method next to a result.
		if !json.Valid(bytes.TrimSpace(b)) || !wellFormedObject(b) {
			return
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("answeredIDs(%q) = %q, want %q", b, got, want)
		}
	})
}

// wellFormedObject reports whether b, if an object, has no repeated
// top-level key and not both a method and a result or error.
func wellFormedObject(b []byte) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return true // not an object
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.Token()
	n := 0
	for dec.More() {
		dec.Token()
		var skip json.RawMessage
		dec.Decode(&skip)
		n++
	}
	_, method := m["method"]
	_, result := m["result"]
	_, errKey := m["error"]
	return n == len(m) && !(method && (result || errKey))
}
