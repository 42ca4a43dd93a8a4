package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cairn-agents/cairn/internal/input"
)

// drainWait bounds how long a stdio server whose input has ended keeps
// waiting for the answers to requests it has already read.
const drainWait = 30 * time.Second

// ServeStdio serves one session on stdin/stdout until the client closes
// stdin (after the answers to the requests it sent are written) or ctx is
// done. A line that is not a JSON-RPC message the SDK accepts (not JSON,
// not JSON-RPC 2.0, longer than 4 MiB, a batch where the protocol has
// none) gets a JSON-RPC error answer and the session goes on.
func (s *Server) ServeStdio(ctx context.Context) error {
	return s.serveIO(ctx, stdin{}, stdout{})
}

// serveIO serves one session reading r and writing w. When r ends, the
// session stays up until every request read has been answered (or
// cancelled), so a client may send its requests and close its end at once,
// as a shell pipeline does; the SDK on its own drops them.
func (s *Server) serveIO(ctx context.Context, r io.ReadCloser, w io.WriteCloser) error {
	st := &stdioSession{p: newPending(), w: w, log: s.log}
	t := &sdk.IOTransport{
		Reader: &vetReader{ctx: ctx, r: r, br: bufio.NewReaderSize(r, 64<<10), s: st},
		Writer: &answerWriter{s: st},
		// Lines are bounded before the SDK sees them; its own bound,
		// which ends the connection, must never be reached.
		MaxLineLength: 2 * maxMessage,
	}
	return s.Serve(ctx, t)
}

// stdioSession is what the two halves of a stdio session share.
type stdioSession struct {
	p   *pending
	log *slog.Logger

	wmu sync.Mutex // one message per Write: the SDK's and the vetter's
	w   io.WriteCloser

	vmu      sync.Mutex
	initIDs  map[string]bool // initialize requests not yet answered
	version  string          // protocol version the last initialize agreed
	rejected int             // lines answered with an error
}

// batchesOK reports whether the SDK will take a batch now: not while an
// initialize is unanswered (it may be switching to a version without
// them), nor after one agreed on such a version.
func (s *stdioSession) batchesOK() bool {
	s.vmu.Lock()
	defer s.vmu.Unlock()
	return len(s.initIDs) == 0 && (s.version == "" || s.version < noBatches)
}

// note records what the messages of a forwarded line ask for.
func (s *stdioSession) note(msgs []jsonrpc.Message) {
	for _, m := range msgs {
		req, ok := m.(*jsonrpc.Request)
		switch {
		case !ok:
		case req.IsCall():
			id := string(idJSON(req.ID))
			s.p.add(id)
			if req.Method == "initialize" {
				s.vmu.Lock()
				if s.initIDs == nil {
					s.initIDs = map[string]bool{}
				}
				s.initIDs[id] = true
				s.vmu.Unlock()
			}
		case req.Method == "notifications/cancelled":
			var p struct {
				RequestID any `json:"requestId"`
			}
			if json.Unmarshal(req.Params, &p) == nil {
				if id, err := jsonrpc.MakeID(p.RequestID); err == nil && id.IsValid() {
					// A cancelled request may never be answered.
					s.p.cancel(string(idJSON(id)))
				}
			}
		}
	}
}

// answered records the answer to request id, written in b.
func (s *stdioSession) answered(id string, b []byte) {
	s.p.done(id)
	s.vmu.Lock()
	defer s.vmu.Unlock()
	if !s.initIDs[id] {
		return
	}
	delete(s.initIDs, id)
	var res struct {
		Result struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"result"`
	}
	if json.Unmarshal(b, &res) == nil && res.Result.ProtocolVersion != "" {
		s.version = res.Result.ProtocolVersion
	}
}

// write writes one whole message.
func (s *stdioSession) write(b []byte) (int, error) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	return s.w.Write(b)
}

// reject answers a line the SDK would choke on.
func (s *stdioSession) reject(reply []byte) {
	s.vmu.Lock()
	s.rejected++
	s.vmu.Unlock()
	s.log.Warn("mcp: rejected a malformed message from the client", "answer", string(reply))
	s.write(append(reply, '\n'))
}

// pending is the set of requests read and not yet answered; a cancelled
// one stays in the set (its id is still taken) but is not waited for.
type pending struct {
	mu      sync.Mutex
	ids     map[string]bool // id -> cancelled
	waiting int             // ids not cancelled
	idle    chan struct{}   // closed while waiting is 0
}

func newPending() *pending {
	p := &pending{ids: map[string]bool{}, idle: make(chan struct{})}
	close(p.idle)
	return p
}

func (p *pending) add(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.ids[id]; ok {
		return // the SDK answers a reused id with an error
	}
	if p.waiting == 0 {
		p.idle = make(chan struct{})
	}
	p.ids[id] = false
	p.waiting++
}

func (p *pending) has(id string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, ok := p.ids[id]
	return ok
}

// cancel stops waiting for id, which stays taken until answered.
func (p *pending) cancel(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if cancelled, ok := p.ids[id]; ok && !cancelled {
		p.ids[id] = true
		p.release()
	}
}

func (p *pending) done(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	cancelled, ok := p.ids[id]
	if !ok {
		return
	}
	delete(p.ids, id)
	if !cancelled {
		p.release()
	}
}

func (p *pending) release() {
	p.waiting--
	if p.waiting == 0 {
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

// vetReader passes the client's lines to the SDK one by one, answering
// those it would choke on (see vetMessage) instead, and holds back the end
// of input until the requests read are answered.
type vetReader struct {
	ctx     context.Context
	r       io.Closer
	br      *bufio.Reader
	s       *stdioSession
	buf     []byte // the line being read
	rest    []byte // the part of a line not yet returned
	err     error  // from reading the client's stream
	drained bool
}

func (d *vetReader) Read(b []byte) (int, error) {
	for len(d.rest) == 0 {
		if d.err != nil {
			if d.err == io.EOF && !d.drained {
				d.drain()
				d.drained = true
			}
			return 0, d.err
		}
		line, tooLong, err := input.ReadLine(d.br, &d.buf, maxMessage)
		d.err = err
		switch {
		case tooLong:
			d.s.reject(errorReply(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: message longer than %s", input.Size(maxMessage))))
		case len(bytes.TrimSpace(line)) == 0:
		default:
			v := vetMessage(line, d.s.batchesOK(), func(id jsonrpc.ID) bool { return d.s.p.has(string(idJSON(id))) })
			if v.reply != nil {
				d.s.reject(v.reply)
				continue
			}
			d.s.note(v.msgs)
			d.rest = append(append(d.rest[:0], v.forward...), '\n')
		}
	}
	n := copy(b, d.rest)
	d.rest = d.rest[n:]
	return n, nil
}

// drain waits until every request read has been answered, ctx is done, or
// drainWait has passed.
func (d *vetReader) drain() {
	t := time.NewTimer(drainWait)
	defer t.Stop()
	select {
	case <-d.s.p.wait():
	case <-d.ctx.Done():
	case <-t.C:
	}
}

func (d *vetReader) Close() error { return d.r.Close() }

// answerWriter passes the server's messages through, noting each answer.
type answerWriter struct{ s *stdioSession }

func (a *answerWriter) Write(b []byte) (int, error) {
	// Record the answers before they leave: a client may send its next
	// line (a batch, once initialize agreed a version that allows them)
	// as soon as it reads one.
	for _, raw := range answeredIDs(b) {
		var v any
		if json.Unmarshal([]byte(raw), &v) != nil {
			continue
		}
		if id, err := jsonrpc.MakeID(v); err == nil {
			a.s.answered(string(idJSON(id)), b)
		}
	}
	return a.s.write(b)
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

func (a *answerWriter) Close() error { return a.s.w.Close() }

// stdin and stdout are the process's streams. As with the SDK's own stdio
// transport, closing the session closes stdin (to end the read in flight)
// and leaves stdout open.
type stdin struct{}

func (stdin) Read(b []byte) (int, error) { return os.Stdin.Read(b) }
func (stdin) Close() error               { return os.Stdin.Close() }

type stdout struct{}

func (stdout) Write(b []byte) (int, error) { return os.Stdout.Write(b) }
func (stdout) Close() error                { return nil }
