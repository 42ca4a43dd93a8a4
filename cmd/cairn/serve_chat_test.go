package main

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cairn serve hosts the maps chat: the page needs no key, the API does;
// a message streams its states and answer; the conversation outlives a
// restart of the server.
func TestServeChat(t *testing.T) {
	const key = "chat-key-0123456789abcdef"
	keys := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(keys, []byte(key+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	chatDir := t.TempDir()
	args := "serve --addr 127.0.0.1:0 --ocean-dir " + t.TempDir() + " --chat-dir " + chatDir + " --api-keys-file " + keys
	cmd, stderr := startMain(t, args)
	url := serveURL(t, stderr)
	if !strings.Contains(stderr.String(), "mapschat") {
		t.Errorf("start-up line does not list mapschat: %s", stderr)
	}
	for _, p := range []string{"/", "/chat", "/chat/app.js", "/chat/app.css"} {
		if code, body := get(t, url+p, ""); code != 200 || len(body) < 100 {
			t.Errorf("GET %s without a key: %d", p, code)
		}
	}
	for _, p := range []string{"/api/v1/chat/sessions", "/api/v1/maps/features?bbox=-75.6,39.7,-75.5,39.8&zoom=12"} {
		if code, _ := get(t, url+p, ""); code != http.StatusUnauthorized {
			t.Errorf("GET %s without a key: %d, want 401", p, code)
		}
		if code, _ := get(t, url+p, key); code != 200 {
			t.Errorf("GET %s with the key: %d", p, code)
		}
	}
	call := func(path, body string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("POST", url+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := call("/api/v1/chat/sessions", `{"center": "Wilmington, Delaware"}`)
	var s struct{ ID string }
	json.NewDecoder(res.Body).Decode(&s)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated || s.ID == "" {
		t.Fatalf("create session: %d %+v", res.StatusCode, s)
	}
	res = call("/api/v1/chat/sessions/"+s.ID+"/messages", `{"message": "coffee near here"}`)
	var events []string
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		if name, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
			events = append(events, name)
		}
	}
	res.Body.Close()
	if res.Header.Get("Content-Type") != "text/event-stream" || len(events) < 3 || events[0] != "state" || events[len(events)-1] != "done" {
		t.Fatalf("message stream: %s, events %v", res.Header.Get("Content-Type"), events)
	}

	// A restart, even a killed server, keeps the conversation.
	cmd.Process.Kill()
	cmd.Wait()
	_, stderr = startMain(t, args)
	url = serveURL(t, stderr)
	code, body := get(t, url+"/api/v1/chat/sessions/"+s.ID, key)
	if code != 200 || !strings.Contains(body, `"coffee near here"`) {
		t.Errorf("after a restart: %d %.300s", code, body)
	}
}
