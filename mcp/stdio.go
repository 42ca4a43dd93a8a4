package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// drainWait bounds how long a stdio server whose input has ended keeps
// waiting for the answers to requests it has already read.
const drainWait = 30 * time.Second

// ServeStdio serves one session on stdin/stdout until the client closes
// stdin (after the answers to the requests it sent are written) or ctx is
// done.
func (s *Server) ServeStdio(ctx context.Context) error {
	return s.serveIO(ctx, stdin{}, stdout{})
}

// serveIO serves one session reading r and writing w. When r ends, the
// session stays up until every request read has been answered (or
// cancelled), so a client may send its requests and close its end at once,
// as a shell pipeline does; the SDK on its own drops them.
func (s *Server) serveIO(ctx context.Context, r io.ReadCloser, w io.WriteCloser) error {
	p := &pending{ids: map[string]bool{}, idle: make(chan struct{})}
	close(p.idle)
	t := &sdk.IOTransport{
		Reader: &drainReader{ctx: ctx, r: r, br: bufio.NewReader(r), p: p},
		Writer: &answerWriter{w: w, p: p},
	}
	return s.Serve(ctx, t)
}

// pending is the set of request ids read and not yet answered.
type pending struct {
	mu   sync.Mutex
	ids  map[string]bool
	idle chan struct{} // closed while ids is empty
}

func (p *pending) add(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.ids) == 0 {
		p.idle = make(chan struct{})
	}
	p.ids[id] = true
}

func (p *pending) done(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.ids[id] {
		return
	}
	delete(p.ids, id)
	if len(p.ids) == 0 {
		close(p.idle)
	}
}

func (p *pending) wait() <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.idle
}

// wireMsg is the part of a JSON-RPC message that says what it is.
type wireMsg struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		RequestID json.RawMessage `json:"requestId"`
	} `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  json.RawMessage `json:"error"`
}

// messages decodes a line holding one message or a batch; anything else
// yields nothing (the SDK reports malformed input itself).
func messages(line []byte) []wireMsg {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return nil
	}
	if line[0] == '[' {
		var batch []wireMsg
		if json.Unmarshal(line, &batch) != nil {
			return nil
		}
		return batch
	}
	var m wireMsg
	if json.Unmarshal(line, &m) != nil {
		return nil
	}
	return []wireMsg{m}
}

func isID(raw json.RawMessage) bool { return len(raw) > 0 && string(raw) != "null" }

// drainReader passes the client's lines through, noting each request, and
// holds back the end of input until the requests read are answered.
type drainReader struct {
	ctx     context.Context
	r       io.Closer
	br      *bufio.Reader
	p       *pending
	rest    []byte // the part of a line not yet returned
	err     error  // from reading the client's stream
	drained bool
}

func (d *drainReader) Read(b []byte) (int, error) {
	for len(d.rest) == 0 {
		if d.err != nil {
			if d.err == io.EOF && !d.drained {
				d.drain()
				d.drained = true
			}
			return 0, d.err
		}
		line, err := d.br.ReadBytes('\n')
		for _, m := range messages(line) {
			switch {
			case isID(m.ID) && m.Method != "":
				d.p.add(string(m.ID))
			case m.Method == "notifications/cancelled" && isID(m.Params.RequestID):
				// A cancelled request may never be answered.
				d.p.done(string(m.Params.RequestID))
			}
		}
		d.rest, d.err = line, err
	}
	n := copy(b, d.rest)
	d.rest = d.rest[n:]
	return n, nil
}

// drain waits until every request read has been answered, ctx is done, or
// drainWait has passed.
func (d *drainReader) drain() {
	t := time.NewTimer(drainWait)
	defer t.Stop()
	select {
	case <-d.p.wait():
	case <-d.ctx.Done():
	case <-t.C:
	}
}

func (d *drainReader) Close() error { return d.r.Close() }

// answerWriter passes the server's messages through, noting each answer.
type answerWriter struct {
	w io.WriteCloser
	p *pending
}

func (a *answerWriter) Write(b []byte) (int, error) {
	n, err := a.w.Write(b)
	for _, id := range answeredIDs(b) {
		a.p.done(id)
	}
	return n, err
}

// answeredIDs returns the ids of the responses in b, one message or a
// batch. A single message is read only as far as its id and its result or
// error key, so a large result is not parsed a second time.
func answeredIDs(b []byte) []string {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return nil
	}
	if b[0] != '{' {
		var ids []string
		for _, m := range messages(b) {
			if isID(m.ID) && m.Method == "" && (len(m.Result) > 0 || len(m.Error) > 0) {
				ids = append(ids, string(m.ID))
			}
		}
		return ids
	}
	if id, ok := responseID(b); ok {
		return []string{id}
	}
	return nil
}

// responseID returns the id of the JSON-RPC response b, an object; ok is
// false for a request, a notification or anything malformed.
func responseID(b []byte) (id string, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return "", false
	}
	var raw json.RawMessage
	answer := false
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return "", false
		}
		switch key, _ := t.(string); key {
		case "id":
			if dec.Decode(&raw) != nil {
				return "", false
			}
			if answer {
				return string(raw), isID(raw)
			}
		case "method":
			var m string
			if dec.Decode(&m) != nil || m != "" {
				return "", false
			}
		case "result", "error":
			if isID(raw) {
				// Enough read; a later "method" key would make it malformed.
				return string(raw), true
			}
			answer = true
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return "", false
			}
		default:
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return "", false
			}
		}
	}
	return string(raw), answer && isID(raw)
}

func (a *answerWriter) Close() error { return a.w.Close() }

// stdin and stdout are the process's streams. As with the SDK's own stdio
// transport, closing the session closes stdin (to end the read in flight)
// and leaves stdout open.
type stdin struct{}

func (stdin) Read(b []byte) (int, error) { return os.Stdin.Read(b) }
func (stdin) Close() error               { return os.Stdin.Close() }

type stdout struct{}

func (stdout) Write(b []byte) (int, error) { return os.Stdout.Write(b) }
func (stdout) Close() error                { return nil }
