package httpgate_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/httpgate"
	"github.com/cairn-agents/cairn/internal/testkit"
)

const (
	secretA = "a-very-long-secret-key-0001"
	secretB = "b-very-long-secret-key-0002"
)

// echo answers with the body it read and the request ID it saw.
var echo = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	w.Header().Set("X-Seen-ID", httpgate.RequestID(r.Context()))
	w.Write(b)
})

func serve(t *testing.T, opts httpgate.Options) (string, *testkit.Buffer) {
	t.Helper()
	logs := &testkit.Buffer{}
	opts.Logger = slog.New(slog.NewTextHandler(logs, nil))
	h, err := httpgate.New(echo, opts)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	t.Cleanup(srv.Close)
	return srv.URL, logs
}

type answer struct {
	status int
	header http.Header
	body   string
}

func do(t *testing.T, method, url string, header map[string]string, body string) answer {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, string(b)}
}

func TestKeys(t *testing.T) {
	url, logs := serve(t, httpgate.Options{
		Keys: []httpgate.Key{{Name: "alice", Secret: secretA}, {Secret: secretB}},
		Open: []string{"/healthz"},
	})
	for _, tc := range []struct {
		name, path, auth string
		status           int
		msg              string
	}{
		{"no key", "/api", "", 401, "an API key is required"},
		{"wrong key", "/api", "Bearer " + secretA + "x", 401, "not recognised"},
		{"a prefix of a key", "/api", "Bearer " + secretA[:10], 401, "not recognised"},
		{"not a bearer", "/api", "Basic " + secretA, 401, "not recognised"},
		{"key a", "/api", "Bearer " + secretA, 200, ""},
		{"key b", "/api", "Bearer " + secretB, 200, ""},
		{"open path", "/healthz", "", 200, ""},
		{"open path, wrong key", "/healthz", "Bearer nope", 200, ""},
	} {
		a := do(t, "POST", url+tc.path, map[string]string{"Authorization": tc.auth}, "hello")
		if a.status != tc.status || !strings.Contains(a.body, tc.msg) {
			t.Errorf("%s: %d %s, want %d %q", tc.name, a.status, a.body, tc.status, tc.msg)
		}
		if tc.status == 401 {
			var e httpgate.ErrorBody
			if json.Unmarshal([]byte(a.body), &e) != nil || e.RequestID == "" || a.header.Get("WWW-Authenticate") == "" {
				t.Errorf("%s: 401 body %q, header %v", tc.name, a.body, a.header)
			}
		}
		if tc.status == 200 && a.body != "hello" {
			t.Errorf("%s: body %q did not reach the handler", tc.name, a.body)
		}
		for _, secret := range []string{secretA, secretB, secretA[:10]} {
			if strings.Contains(a.body, secret) || strings.Contains(strings.Join(a.header.Values("WWW-Authenticate"), ""), secret) {
				t.Errorf("%s: the answer shows a key", tc.name)
			}
		}
	}
	out := logs.String()
	for _, secret := range []string{secretA, secretB, secretA[:10]} {
		if strings.Contains(out, secret) {
			t.Errorf("a key is in the logs:\n%s", out)
		}
	}
	if !strings.Contains(out, `caller=alice`) || !strings.Contains(out, `caller="key 2"`) || !strings.Contains(out, "status=401") {
		t.Errorf("logs do not name callers and statuses:\n%s", out)
	}
}

func TestRateLimitPerKey(t *testing.T) {
	url, _ := serve(t, httpgate.Options{
		Keys:  []httpgate.Key{{Name: "a", Secret: secretA}, {Name: "b", Secret: secretB}},
		Rate:  0.5,
		Burst: 2,
	})
	auth := func(s string) map[string]string { return map[string]string{"Authorization": "Bearer " + s} }
	for i := range 2 {
		if a := do(t, "GET", url, auth(secretA), ""); a.status != 200 {
			t.Fatalf("request %d within the burst: %d %s", i+1, a.status, a.body)
		}
	}
	a := do(t, "GET", url, auth(secretA), "")
	retry, err := strconv.Atoi(a.header.Get("Retry-After"))
	if a.status != 429 || err != nil || retry < 1 || retry > 2 || !strings.Contains(a.body, "too many requests") {
		t.Fatalf("over the limit: %d, Retry-After %q, %s", a.status, a.header.Get("Retry-After"), a.body)
	}
	// Another key has its own allowance.
	if a := do(t, "GET", url, auth(secretB), ""); a.status != 200 {
		t.Errorf("other key: %d", a.status)
	}
	// Refused requests do not push the first key's allowance further out.
	for range 5 {
		do(t, "GET", url, auth(secretA), "")
	}
	time.Sleep(2100 * time.Millisecond)
	if a := do(t, "GET", url, auth(secretA), ""); a.status != 200 {
		t.Errorf("after Retry-After: %d", a.status)
	}
	// Wrong keys are limited per address, so guessing is slow.
	var last answer
	for range 5 {
		last = do(t, "GET", url, auth("guess-guess-guess-guess"), "")
	}
	if last.status != 429 {
		t.Errorf("guessing keys: %d, want 429", last.status)
	}
}

func TestRequestID(t *testing.T) {
	url, logs := serve(t, httpgate.Options{})
	a := do(t, "GET", url, nil, "")
	id := a.header.Get("X-Request-ID")
	if len(id) != 16 || a.header.Get("X-Seen-ID") != id || !strings.Contains(logs.String(), "request_id="+id) {
		t.Errorf("request id %q, handler saw %q; logs:\n%s", id, a.header.Get("X-Seen-ID"), logs)
	}
	if b := do(t, "GET", url, nil, ""); b.header.Get("X-Request-ID") == id {
		t.Error("two requests share an id")
	}
	// A caller's own plain id is kept; anything else is replaced.
	if a := do(t, "GET", url, map[string]string{"X-Request-ID": "trace-42.a_b"}, ""); a.header.Get("X-Request-ID") != "trace-42.a_b" {
		t.Errorf("given id not kept: %q", a.header.Get("X-Request-ID"))
	}
	for _, bad := range []string{"a b", "x\" injected=1", strings.Repeat("x", 65)} {
		if a := do(t, "GET", url, map[string]string{"X-Request-ID": bad}, ""); a.header.Get("X-Request-ID") == bad {
			t.Errorf("id %q kept", bad)
		}
	}
}

func TestCORS(t *testing.T) {
	const page = "https://maps.example.com"
	url, _ := serve(t, httpgate.Options{Keys: []httpgate.Key{{Secret: secretA}}, Origins: []string{page}})
	pre := func(origin string) answer {
		return do(t, "OPTIONS", url+"/api", map[string]string{"Origin": origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type"}, "")
	}
	a := pre(page)
	if a.status != 204 || a.header.Get("Access-Control-Allow-Origin") != page || !strings.Contains(a.header.Get("Access-Control-Allow-Headers"), "Authorization") {
		t.Errorf("preflight from the page: %d %v", a.status, a.header)
	}
	if a := pre("https://evil.example"); a.status != 403 || a.header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("preflight from another origin: %d %v", a.status, a.header)
	}
	a = do(t, "POST", url+"/api", map[string]string{"Origin": page, "Authorization": "Bearer " + secretA}, "x")
	if a.status != 200 || a.header.Get("Access-Control-Allow-Origin") != page || !strings.Contains(a.header.Get("Access-Control-Expose-Headers"), "X-Request-ID") {
		t.Errorf("request from the page: %d %v", a.status, a.header)
	}
	a = do(t, "POST", url+"/api", map[string]string{"Origin": "https://evil.example", "Authorization": "Bearer " + secretA}, "x")
	if a.header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("request from another origin got CORS headers: %v", a.header)
	}
	// With no origins configured, no page elsewhere may call.
	url2, _ := serve(t, httpgate.Options{})
	if a := do(t, "OPTIONS", url2, map[string]string{"Origin": page, "Access-Control-Request-Method": "POST"}, ""); a.status != 403 {
		t.Errorf("default preflight: %d", a.status)
	}
}

func TestBodyLimits(t *testing.T) {
	url, _ := serve(t, httpgate.Options{MaxBody: 8})
	if a := do(t, "POST", url, nil, "12345678"); a.status != 200 || a.body != "12345678" {
		t.Errorf("at the limit: %d %q", a.status, a.body)
	}
	if a := do(t, "POST", url, nil, "123456789"); a.status != 413 || !strings.Contains(a.body, "8 bytes") {
		t.Errorf("past the limit: %d %q", a.status, a.body)
	}
	// A body that stops arriving: 408 and a plain message, no addresses.
	raw := testkit.SlowBody(t, strings.TrimPrefix(url, "http://"))
	if !bytes.HasPrefix(raw, []byte("HTTP/1.1 408")) || !bytes.Contains(raw, []byte("did not arrive in time")) || bytes.Contains(raw, []byte("127.0.0.1")) {
		t.Errorf("slow body: %q", raw)
	}
}

func TestParseKeys(t *testing.T) {
	keys, err := httpgate.ParseKeys("# keys\nalice "+secretA+"\n\n"+secretB+"\n", "\n")
	if err != nil || len(keys) != 2 || keys[0].Name != "alice" || keys[0].Secret != secretA || keys[1].Name != "key 2" {
		t.Fatalf("%+v, %v", keys, err)
	}
	for text, want := range map[string]string{
		"short-key":                    "line 1: the key is shorter than 16",
		"a b " + secretA:               "line 1: want a key, or a name and a key",
		secretA + "\n" + secretA:       "line 2: the same key is listed twice",
		"x " + secretA + "\nsecret123": "line 2: the key is shorter",
	} {
		_, err := httpgate.ParseKeys(text, "\n")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
			continue
		}
		for _, s := range []string{secretA, "short-key", "secret123"} {
			if strings.Contains(err.Error(), s) {
				t.Errorf("%q: the error shows a key: %v", text, err)
			}
		}
	}
	if keys, err := httpgate.ParseKeys(secretA+","+secretB, ","); err != nil || len(keys) != 2 {
		t.Errorf("comma list: %v %v", keys, err)
	}
}

// A client that goes away cancels the work of its request, body or not.
func TestClientGoneCancelsTheHandler(t *testing.T) {
	started, ended := make(chan struct{}, 1), make(chan error, 1)
	h, err := httpgate.New(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		started <- struct{}{}
		select {
		case <-r.Context().Done():
			ended <- r.Context().Err()
		case <-time.After(20 * time.Second):
			ended <- nil
		}
	}), httpgate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	for _, body := range []string{"", `{"query":"slow"}`} {
		conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		conn.Write([]byte("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body))
		<-started
		conn.Close()
		select {
		case err := <-ended:
			if err == nil {
				t.Errorf("body %q: the handler ran on after its client left", body)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("body %q: the handler was not cancelled", body)
		}
	}
}
