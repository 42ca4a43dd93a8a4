package mcp

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// A line longer than the read buffer comes back whole; the last line may
// lack its newline; blank lines are empty.
func TestReadLine(t *testing.T) {
	long := `{"jsonrpc":"2.0","id":1,"result":{"text":"` + strings.Repeat("x", 200<<10) + `"}}`
	r := bufio.NewReaderSize(strings.NewReader(long+"\r\n\n"+`{"id":2}`), 64<<10)
	for i, want := range []string{long, "", `{"id":2}`} {
		got, err := readLine(r)
		if string(got) != want || (err != nil && err != io.EOF) {
			t.Fatalf("line %d: %.40q (%d bytes), %v; want %.40q (%d bytes)", i, got, len(got), err, want, len(want))
		}
	}
	if got, err := readLine(r); len(got) != 0 || err != io.EOF {
		t.Fatalf("after the end: %q, %v", got, err)
	}
}

func TestDecodeLine(t *testing.T) {
	msgs, err := decodeLine([]byte(`[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":"p","method":"ping"}]`))
	if err != nil || len(msgs) != 2 {
		t.Fatalf("batch: %v, %v", msgs, err)
	}
	if r, ok := msgs[0].(*jsonrpc.Response); !ok || string(r.Result) != `{}` {
		t.Errorf("batch[0] = %#v", msgs[0])
	}
	if r, ok := msgs[1].(*jsonrpc.Request); !ok || r.Method != "ping" {
		t.Errorf("batch[1] = %#v", msgs[1])
	}
	for _, bad := range []string{`[]`, `[1]`, `{"jsonrpc":"1.0","id":1,"result":{}}`, `{"id":1`, `[{"jsonrpc":"2.0","id":1,"result":{}}`} {
		if _, err := decodeLine([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// FuzzDecodeLine: whatever a server writes, a line decodes to at least
// one message or to an error, without panicking.
func FuzzDecodeLine(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"result":{"content":[]}}`))
	f.Add([]byte(`[{"jsonrpc":"2.0","method":"notifications/progress"}]`))
	f.Add([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":1,"message":"x"}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		b = bytes.TrimSpace(b)
		if len(b) == 0 {
			return // readLine's caller skips blank lines
		}
		msgs, err := decodeLine(b)
		if err == nil && (len(msgs) == 0 || msgs[0] == nil) {
			t.Fatalf("decodeLine(%q) = %v with no error", b, msgs)
		}
	})
}
