package flow

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/cairn-agents/cairn/event"
)

// Interrupt errors. Check them with errors.Is; an interrupted run's error
// is an *InterruptedError.
var (
	// ErrInterrupted: the run stopped to wait for answers (Ask). It is
	// not a failure: the run resumes with Runner.Answer.
	ErrInterrupted = errors.New("flow: run interrupted, waiting for an answer")
	// ErrNotWaiting: Answer, Expire or Cancel for a run that does not
	// wait for that answer: it finished, was cancelled, is being resumed,
	// or the request was answered already.
	ErrNotWaiting = errors.New("flow: run is not waiting for this answer")
	// ErrBadAnswer: the answer does not fit the schema of the request.
	ErrBadAnswer = errors.New("flow: answer does not fit the request")
	// ErrDeadlinePassed: the answer came after the request's deadline
	// (OnNoAnswer); Runner.Expire takes the declared edge.
	ErrDeadlinePassed = errors.New("flow: the deadline for the answer has passed")
	// ErrCancelled: the run was cancelled while it waited (Runner.Cancel).
	ErrCancelled = errors.New("flow: run cancelled while waiting")
)

// Request is a question a node asked (Ask); the run waits until it has an
// answer that fits Schema.
type Request struct {
	// ID names the request within its run: "node#step", with ".2", ".3"
	// ... for a node's further questions in the same step.
	ID       string          `json:"id"`
	Node     string          `json:"node"`
	Step     int             `json:"step"`
	Question string          `json:"question"`
	Options  []string        `json:"options,omitempty"`
	Schema   json.RawMessage `json:"schema"` // JSON schema of the answer
	Asked    time.Time       `json:"asked"`
	// Deadline is when the node's OnNoAnswer edge may be taken; zero for
	// none.
	Deadline time.Time `json:"deadline,omitzero"`
}

// InterruptedError ends a run that waits for answers: its state and the
// requests are in the Store, and Runner.Answer continues it. It wraps
// ErrInterrupted.
type InterruptedError struct {
	RunID    string
	Requests []Request // what the run waits for, in the order asked
}

func (e *InterruptedError) Error() string {
	qs := make([]string, len(e.Requests))
	for i, q := range e.Requests {
		qs[i] = fmt.Sprintf("%s %q", q.ID, q.Question)
	}
	return fmt.Sprintf("flow: run %q waits for %s: %s", e.RunID, plural(len(qs), "answer"), strings.Join(qs, "; "))
}

// Unwrap makes errors.Is(err, ErrInterrupted) true.
func (e *InterruptedError) Unwrap() error { return ErrInterrupted }

func plural(n int, noun string) string {
	if n == 1 {
		return "an " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Ask asks the person behind the run a question whose answer is a T, and
// returns the answer. The first time, there is none: Ask returns an error
// wrapping ErrInterrupted, which the node returns; the run saves its
// state and the request and ends with an *InterruptedError. Runner.Answer
// checks an answer against T's JSON schema (see jsonschema.For; with
// options and a string T, the answer must be one of them) and runs the
// node again on the same state, and this time Ask returns the answer.
// Code before Ask therefore runs again: keep it free of side effects, or
// idempotent.
//
// A node may ask several questions in turn; each is matched to its answer
// by its place in the node. Ask needs a run with a Store (Graph.Store);
// in a sub-graph without one (Runner.AsNode) the question goes to the
// enclosing run, which runs the whole sub-graph node again.
func Ask[T any](ctx context.Context, question string, options ...string) (T, error) {
	var zero T
	a, _ := ctx.Value(askKey{}).(*asker)
	if a == nil {
		return zero, fmt.Errorf("flow: Ask(%q): not in a node of a run with a Store (set Graph.Store; a remote executor cannot ask yet)", question)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return zero, fmt.Errorf("flow: Ask(%q) in node %q after the node's step ended", question, a.node)
	}
	id := requestID(a.node, a.step, a.n)
	a.n++
	if raw, ok := a.answers[id]; ok {
		var v T
		if err := json.Unmarshal(raw, &v); err != nil {
			return zero, fmt.Errorf("flow: answer to %s does not decode into %T: %w", id, v, err)
		}
		return v, nil
	}
	if len(a.asked) > 0 { // the node went on after an unanswered question
		return zero, fmt.Errorf("flow: node %q asked %q before %s was answered: %w", a.node, question, a.asked[0].ID, ErrInterrupted)
	}
	schema, err := answerSchema[T](options)
	if err != nil {
		return zero, fmt.Errorf("flow: Ask(%q): schema of %T: %w", question, zero, err)
	}
	q := Request{ID: id, Node: a.node, Step: a.step, Question: question, Options: options, Schema: schema, Asked: time.Now().UTC()}
	if a.wait > 0 {
		q.Deadline = q.Asked.Add(a.wait)
	}
	a.asked = append(a.asked, q)
	return zero, fmt.Errorf("flow: node %q asked %s %q: %w", a.node, id, question, ErrInterrupted)
}

func requestID(node string, step, i int) string {
	if i == 0 {
		return fmt.Sprintf("%s#%d", node, step)
	}
	return fmt.Sprintf("%s#%d.%d", node, step, i+1)
}

// answerSchema is T's JSON schema; with options and a string T, an enum
// of them.
func answerSchema[T any](options []string) (json.RawMessage, error) {
	if reflect.TypeFor[T]() == reflect.TypeFor[json.RawMessage]() {
		return json.RawMessage(`{}`), nil // any JSON, not an array of bytes
	}
	s, err := jsonschema.For[T](nil)
	if err != nil {
		return nil, err
	}
	if len(options) > 0 && s.Type == "string" {
		s.Enum = make([]any, len(options))
		for i, o := range options {
			s.Enum[i] = o
		}
	}
	return json.Marshal(s)
}

// schemaCache keeps resolved answer schemas by their JSON: a graph asks
// the same few questions again and again. It holds at most maxSchemas.
type schemaCache struct {
	m sync.Map // string -> *jsonschema.Resolved
	n atomic.Int32
}

const maxSchemas = 256

func (sc *schemaCache) resolve(q Request) (*jsonschema.Resolved, error) {
	if rs, ok := sc.m.Load(string(q.Schema)); ok {
		return rs.(*jsonschema.Resolved), nil
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(q.Schema, &s); err != nil {
		return nil, fmt.Errorf("flow: request %s: stored schema does not decode: %w", q.ID, err)
	}
	rs, err := s.Resolve(nil)
	if err != nil {
		return nil, fmt.Errorf("flow: request %s: stored schema does not resolve: %w", q.ID, err)
	}
	if sc.n.Add(1) <= maxSchemas {
		sc.m.Store(string(q.Schema), rs)
	}
	return rs, nil
}

// checkAnswer encodes answer and checks it against q's schema.
func (sc *schemaCache) checkAnswer(q Request, answer any) (json.RawMessage, error) {
	var raw json.RawMessage
	switch a := answer.(type) {
	case json.RawMessage:
		raw = a
	case []byte:
		raw = a
	default:
		var err error
		if raw, err = json.Marshal(answer); err != nil {
			return nil, fmt.Errorf("%w %s: the answer does not encode as JSON: %w", ErrBadAnswer, q.ID, err)
		}
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, fmt.Errorf("%w %s: the answer is not JSON: %w", ErrBadAnswer, q.ID, err)
	}
	rs, err := sc.resolve(q)
	if err != nil {
		return nil, err
	}
	if err := rs.Validate(v); err != nil {
		return nil, fmt.Errorf("%w %s (%q): %s: %w", ErrBadAnswer, q.ID, q.Question, truncate(raw), err)
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return nil, fmt.Errorf("%w %s: the answer is not JSON: %w", ErrBadAnswer, q.ID, err)
	}
	return b.Bytes(), nil
}

// asker is what Ask finds in a node's context: the node's answers and the
// question it asked without one.
type askKey struct{}

type asker struct {
	node    string
	step    int
	wait    time.Duration              // OnNoAnswer's, zero for none
	answers map[string]json.RawMessage // read only; shared by parallel branches

	mu     sync.Mutex
	n      int // questions asked so far in this execution
	asked  []Request
	closed bool
}

// done ends the node's execution: what it asked without an answer, if
// anything, as a *waiting error.
func (a *asker) done() *waiting {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.closed = true
	if len(a.asked) == 0 {
		return nil
	}
	return &waiting{reqs: a.asked}
}

// notOurs turns an interrupt the node did not ask for itself (a sub-run
// with its own Store that waits) into a failure: this run has nothing to
// wait on, and its caller must not answer the sub-run instead.
func notOurs(node string, err error) error {
	if err == nil || !errors.Is(err, ErrInterrupted) {
		return err
	}
	return fmt.Errorf("flow: node %q stopped for a question its run did not ask (a sub-graph with its own Store?): %v", node, err)
}

// askCtx is a node's context with its asker: one allocation a step.
type askCtx struct {
	context.Context
	a asker
}

func (c *askCtx) Value(key any) any {
	if key == (askKey{}) {
		return &c.a
	}
	return c.Context.Value(key)
}

// waiting ends a step that asked: the requests it waits on and, for a
// fan-out, the states of the branches that finished.
type waiting struct {
	reqs     []Request
	branches map[string]json.RawMessage
}

func (w *waiting) Error() string {
	ids := make([]string, len(w.reqs))
	for i, q := range w.reqs {
		ids[i] = q.ID
	}
	return "flow: waiting for answers to " + strings.Join(ids, ", ")
}

func (w *waiting) Unwrap() error { return ErrInterrupted }

// noAnswer is an OnNoAnswer declaration.
type noAnswer struct {
	wait   time.Duration
	target string
}

// OnNoAnswer gives a question asked by node (Ask) a deadline: once wait
// has passed without an answer, Runner.Expire continues the run at target
// (a node or End) with the state the node was given, and Runner.Answer
// refuses the late answer with ErrDeadlinePassed. Nothing waits for the
// deadline: a caller's sweep calls Expire. A parallel branch cannot have
// one (its successor is the join).
func (g *Graph[S]) OnNoAnswer(node string, wait time.Duration, target string) {
	switch {
	case wait <= 0:
		g.fail(ErrBadDeclaration, "OnNoAnswer(%q): the wait must be positive, got %s", node, wait)
	case target == "":
		g.fail(ErrBadDeclaration, "OnNoAnswer(%q): empty target", node)
	default:
		if g.noAnswer == nil {
			g.noAnswer = map[string]noAnswer{}
		}
		if d, dup := g.noAnswer[node]; dup {
			g.fail(ErrDuplicate, "OnNoAnswer(%q): already declared with target %q", node, d.target)
			return
		}
		g.noAnswer[node] = noAnswer{wait: wait, target: target}
	}
}

// checkNoAnswer validates the OnNoAnswer declarations; member maps each
// parallel branch node to its fan-out node.
func (g *Graph[S]) checkNoAnswer(member map[string]string) []error {
	var errs []error
	for _, n := range inOrder(g.order, g.noAnswer) {
		d := g.noAnswer[n]
		if _, ok := g.nodes[n]; !ok {
			errs = append(errs, invalid(ErrUnknownNode, "OnNoAnswer on unknown node %q", n))
			continue
		}
		if _, ok := g.nodes[d.target]; !ok && d.target != End {
			errs = append(errs, invalid(ErrUnknownNode, "OnNoAnswer edge %q -> %q: unknown node %q", n, d.target, d.target))
		}
		if from, ok := member[n]; ok {
			errs = append(errs, invalid(ErrBadBranchNode, "OnNoAnswer(%q): %q is a parallel branch of %q and cannot have its own edge", n, n, from))
		}
	}
	return errs
}

// interruptEvent is the event of request q, with answer when given.
func interruptEvent(kind event.Kind, q Request, answer json.RawMessage, msg string) event.Event {
	return event.Event{Kind: kind, Node: q.Node, Step: q.Step, Message: msg, Interrupt: &event.InterruptInfo{
		ID: q.ID, Question: q.Question, Options: q.Options, Schema: q.Schema, Deadline: q.Deadline, Answer: answer}}
}
