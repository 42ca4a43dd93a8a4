package llm

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/cairn-agents/cairn/internal/input"
)

// Record is one line of a replay file (JSONL, one Record per line):
//
//	{"request": {...}, "response": {"message": {"role": "assistant", "content": "..."}, "usage": {...}}}
//	{"request": {...}, "error": "model server unreachable"}
//
// Request is optional. Records that have one answer only an identical
// request (same messages, tools, schema and options), in file order; records
// without one answer any request, in file order, once the matching ones are
// exhausted. So a recorded run replays exactly even when parallel branches
// call the model in a different order, and a hand-written file can be just a
// list of responses.
type Record struct {
	Request  *Request `json:"request,omitempty"`
	Response Response `json:"response"`
	// Error, when set, makes the replayed call fail with this message.
	Error string `json:"error,omitempty"`
}

// ErrNoRecord is returned by a Replay model that has no record left for a
// request.
var ErrNoRecord = errors.New("replay: no recorded reply for this request")

// Replay is a Model that answers from recorded replies.
type Replay struct {
	name string
	mu   sync.Mutex
	recs []Record
	keys []string // canonical request per record; "" when the record has none
	used []bool
}

// maxReplayLine bounds one record of a replay file.
const maxReplayLine = 16 << 20

// NewReplay reads records from r (JSONL, see Record); name is what Name
// returns. Blank lines are skipped; a malformed line is an error naming it.
func NewReplay(name string, r io.Reader) (*Replay, error) {
	rp := &Replay{name: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxReplayLine)
	line := 1
	for ; sc.Scan(); line++ {
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var rec Record
		if err := json.Unmarshal(b, &rec); err != nil {
			return nil, fmt.Errorf("replay %s line %d: %w", name, line, input.JSONError(b, err))
		}
		key := ""
		if rec.Request != nil {
			k, err := requestKey(*rec.Request)
			if err != nil {
				return nil, fmt.Errorf("replay %s line %d: %w", name, line, err)
			}
			key = k
		}
		rp.recs = append(rp.recs, rec)
		rp.keys = append(rp.keys, key)
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, fmt.Errorf("replay %s line %d: longer than %s", name, line, input.Size(maxReplayLine))
	} else if err != nil {
		return nil, fmt.Errorf("replay %s: %w", name, err)
	}
	rp.used = make([]bool, len(rp.recs))
	return rp, nil
}

// OpenReplay reads a replay file; the model is named "replay:" + path.
func OpenReplay(path string) (*Replay, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	defer f.Close()
	return NewReplay("replay:"+path, input.LimitReader(f, path, input.ReplayLimit))
}

// Name returns the name given to NewReplay.
func (r *Replay) Name() string { return r.name }

// requestKey is the canonical form of a request used to match records.
func requestKey(req Request) (string, error) {
	b, err := json.Marshal(req)
	if err != nil {
		return "", fmt.Errorf("encoding request: %w", err)
	}
	return string(b), nil
}

// Chat returns the first unused record recorded for this request, else the
// first unused record without a request, else fails with ErrNoRecord.
func (r *Replay) Chat(ctx context.Context, req Request) (Response, error) {
	if err := ctx.Err(); err != nil {
		return Response{}, err
	}
	key, err := requestKey(req)
	if err != nil {
		return Response{}, fmt.Errorf("%s: %w", r.name, err)
	}
	r.mu.Lock()
	pick := -1
	for i, k := range r.keys {
		if !r.used[i] && k == key {
			pick = i
			break
		}
	}
	if pick < 0 {
		for i, k := range r.keys {
			if !r.used[i] && k == "" {
				pick = i
				break
			}
		}
	}
	if pick >= 0 {
		r.used[pick] = true
	}
	r.mu.Unlock()
	if pick < 0 {
		return Response{}, fmt.Errorf("%s: %w (%d records)", r.name, ErrNoRecord, len(r.recs))
	}
	rec := r.recs[pick]
	if rec.Error != "" {
		return Response{}, recordedError(rec.Error)
	}
	resp := rec.Response
	if resp.Message.Role == "" {
		resp.Message.Role = Assistant
	}
	if resp.Usage.Model == "" {
		resp.Usage.Model = r.name
	}
	return resp, nil
}

// recordedError is a failure as it was recorded: the same text, and the
// same kind (ErrUnreachable, ErrTimeout, ErrBadReply) when the text names
// one, so a replayed run falls back for the same reason as the recorded one.
func recordedError(msg string) error {
	for _, kind := range []error{ErrUnreachable, ErrTimeout, ErrBadReply} {
		if strings.Contains(msg, kind.Error()) {
			return &replayedError{msg: msg, kind: kind}
		}
	}
	return errors.New(msg)
}

type replayedError struct {
	msg  string
	kind error
}

func (e *replayedError) Error() string { return e.msg }
func (e *replayedError) Unwrap() error { return e.kind }

// Recording appends model exchanges to W, one Record line each, so a real
// run can be replayed later with Replay. Wrap every model of a run (see
// Roles.Map) with the same Recording to get one file; writes are serialised.
type Recording struct {
	W io.Writer

	mu sync.Mutex
}

// Wrap returns m recording into r; a nil m stays nil (no model).
func (r *Recording) Wrap(m Model) Model {
	if m == nil {
		return nil
	}
	return &recorded{m: m, r: r}
}

type recorded struct {
	m Model
	r *Recording
}

func (rm *recorded) Name() string { return rm.m.Name() }

// Chat calls the wrapped model and records the exchange. A failure to write
// the record is returned as an error along with the model's reply.
func (rm *recorded) Chat(ctx context.Context, req Request) (Response, error) {
	resp, err := rm.m.Chat(ctx, req)
	rec := Record{Request: &req, Response: resp}
	if err != nil {
		rec.Error = err.Error()
	}
	b, merr := json.Marshal(rec)
	if merr != nil {
		return resp, errors.Join(err, fmt.Errorf("recording %s: %w", rm.Name(), merr))
	}
	b = append(b, '\n')
	rm.r.mu.Lock()
	_, werr := rm.r.W.Write(b)
	rm.r.mu.Unlock()
	if werr != nil {
		return resp, errors.Join(err, fmt.Errorf("recording %s: %w", rm.Name(), werr))
	}
	return resp, err
}
