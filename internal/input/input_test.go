package input_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/input"
	"github.com/cairn-agents/cairn/internal/testkit"
)

func TestReadFileStopsAtTheLimit(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	os.WriteFile(small, []byte("12345"), 0o644)
	if b, err := input.ReadFile(small, 5); err != nil || string(b) != "12345" {
		t.Fatalf("at the limit: %q, %v", b, err)
	}
	_, err := input.ReadFile(small, 4)
	var tl *input.TooLargeError
	if !errors.As(err, &tl) || !errors.Is(err, input.ErrTooLarge) || tl.Name != small || tl.Limit != 4 {
		t.Fatalf("past the limit: %v", err)
	}
	if !strings.Contains(err.Error(), small) || !strings.Contains(err.Error(), "4 bytes") {
		t.Errorf("error %q does not name the file and the limit", err)
	}
	if _, err := input.ReadFile(filepath.Join(dir, "missing"), 10); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// A device that never ends is read only as far as the limit.
func TestReadFileOfEndlessDevice(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	start := time.Now()
	_, err := input.ReadFile("/dev/zero", input.ConfigLimit)
	if !errors.Is(err, input.ErrTooLarge) || !strings.Contains(err.Error(), "/dev/zero") || !strings.Contains(err.Error(), "1 MiB") {
		t.Fatalf("got %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestLimitReader(t *testing.T) {
	r := input.LimitReader(strings.NewReader("abcdef"), "trace.jsonl", 4)
	b, err := io.ReadAll(r)
	if string(b) != "abcd" || !errors.Is(err, input.ErrTooLarge) || !strings.Contains(err.Error(), "trace.jsonl") {
		t.Fatalf("got %q, %v", b, err)
	}
	b, err = io.ReadAll(input.LimitReader(strings.NewReader("abcd"), "x", 4))
	if string(b) != "abcd" || err != nil {
		t.Fatalf("at the limit: %q, %v", b, err)
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 bytes", 1023: "1023 bytes", 1024: "1 KiB", 16 << 10: "16 KiB", 3 << 19: "1.5 MiB", 1 << 30: "1 GiB"} {
		if got := input.Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}

type task struct {
	Question string  `json:"question"`
	Sizes    []int   `json:"sizes"`
	Count    uint    `json:"count"`
	Ratio    float64 `json:"ratio"`
	Inner    struct {
		On bool `json:"on"`
	} `json:"inner"`
	Names []string `json:"names"`
}

func TestDecodeJSONSpeaksTheUsersTerms(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`[1,2]`, "expected an object, got a list"},
		{`{"question": 5}`, `field "question": expected a string, got a number`},
		{`{"sizes": [8.5]}`, `field "sizes": expected a whole number, got 8.5`},
		{`{"count": -1}`, `field "count": expected a whole number, 0 or more, got -1`},
		{`{"ratio": "x"}`, `field "ratio": expected a number, got a string`},
		{`{"inner": {"on": 1}}`, `field "inner.on": expected true or false, got a number`},
		{`{"names": {}}`, `field "names": expected a list, got an object`},
		{`{"question": "a", "extra": 1}`, `unknown field "extra"`},
		{"{\n  \"question\": \"a\",\n}", "line 3, column 1: invalid character '}'"},
		{`{"question": "a"`, "truncated"},
		{``, "empty"},
		{`{} {}`, "more data after the JSON value"},
	} {
		var v task
		err := input.DecodeJSON([]byte(tc.in), &v)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.in, err, tc.want)
			continue
		}
		for _, leak := range []string{"Go ", "struct", "input_test", "json: ", "float64", "[]int"} {
			if strings.Contains(err.Error(), leak) {
				t.Errorf("%q: error %q shows %q", tc.in, err, leak)
			}
		}
	}
	var v task
	if err := input.DecodeJSON([]byte(`{"question":"q","sizes":[1,2]}`), &v); err != nil || v.Question != "q" || len(v.Sizes) != 2 {
		t.Fatalf("good input: %+v, %v", v, err)
	}
}

func TestJSONErrorKeepsTheOriginal(t *testing.T) {
	var n int
	err := input.JSONError(nil, json.Unmarshal([]byte(`"x"`), &n))
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		t.Fatalf("errors.As lost the original: %v", err)
	}
	if input.JSONError(nil, nil) != nil {
		t.Error("nil error rewritten")
	}
	other := errors.New("custom")
	if input.JSONError(nil, other) != other {
		t.Error("a foreign error was rewritten")
	}
}

func TestReadBody(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := input.ReadBody(w, r, 8)
		if err != nil {
			http.Error(w, err.Error(), input.Status(err))
			return
		}
		w.Write(b)
	})
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	defer srv.Close()

	resp, err := http.Post(srv.URL, "text/plain", strings.NewReader("12345678"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(b) != "12345678" {
		t.Fatalf("at the limit: %d %q", resp.StatusCode, b)
	}

	resp, err = http.Post(srv.URL, "text/plain", strings.NewReader("123456789"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 413 || !strings.Contains(string(b), "8 bytes") {
		t.Fatalf("past the limit: %d %q", resp.StatusCode, b)
	}

	// A body that stalls past the read deadline: 408, no addresses.
	raw := testkit.SlowBody(t, srv.Listener.Addr().String())
	if !bytes.HasPrefix(raw, []byte("HTTP/1.1 408")) {
		t.Fatalf("slow body: %q", raw)
	}
	if host, _, _ := net.SplitHostPort(srv.Listener.Addr().String()); bytes.Contains(raw, []byte(host)) {
		t.Errorf("slow body answer shows a socket address: %q", raw)
	}
}
