package mapschat

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
	"github.com/cairn-agents/cairn/understand"
)

// Options configure an Assistant. The zero value works: no model (the
// policies decide), sessions in memory, the defaults below.
type Options struct {
	// Models gives the model of role "coordinator" (the CoordinatorState
	// decisions) and of role "tools" (tool arguments by native tool
	// calling; the coordinator's model when unset). Nil: policies only.
	Models llm.Models
	// Store keeps the sessions; nil keeps them in memory.
	Store Sessions
	// Gazetteer reads the places messages name (geo.NewGazetteer over
	// the offline data); nil reads names by how they are written and
	// leaves them to the geocoder.
	Gazetteer understand.Gazetteer
	// Prefer are regions a bare name is read in when the text does not
	// decide (the regions the offline data covers).
	Prefer []understand.Place
	// MaxIterations caps the coordinator decisions of one turn (each ask
	// of a model or policy, a re-ask after an illegal transition
	// included); past it the turn goes the shortest legal way to done and
	// answers from what is known. Zero means 5.
	MaxIterations int
	// MaxReasks is how many times a model that proposed an illegal next
	// state is told the legal ones and asked again before the policy
	// decides. Zero means 2; negative means none.
	MaxReasks int
	// ModelTimeout bounds each model exchange; zero means 30s.
	ModelTimeout time.Duration
	// ToolTimeout bounds each maps tool call; zero means 15s.
	ToolTimeout time.Duration
	// CoordinatorTemperature and ToolTemperature are the sampling
	// temperatures of the coordinator's decisions and of tool-argument
	// calls; nil means 0.1 and 0.3.
	CoordinatorTemperature *float64
	ToolTemperature        *float64
	// MaxMessageBytes is the longest message accepted; zero means 4000.
	MaxMessageBytes int
	// Log receives warnings (a corrupt stored session); nil discards.
	Log *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Engine runs each turn's graph elsewhere (flow/temporal.Engine: a
	// Temporal cluster whose workers host Runners); nil runs it here.
	// Sessions stay with the Assistant: only the turn travels.
	Engine flow.Engine
}

func (o Options) withDefaults() Options {
	if o.Store == nil {
		o.Store = &MemSessions{}
	}
	if o.MaxIterations <= 0 {
		o.MaxIterations = 5
	}
	if o.MaxReasks == 0 {
		o.MaxReasks = 2
	}
	if o.MaxReasks < 0 {
		o.MaxReasks = 0
	}
	if o.ModelTimeout <= 0 {
		o.ModelTimeout = 30 * time.Second
	}
	if o.ToolTimeout <= 0 {
		o.ToolTimeout = 15 * time.Second
	}
	if o.CoordinatorTemperature == nil {
		t := 0.1
		o.CoordinatorTemperature = &t
	}
	if o.ToolTemperature == nil {
		t := 0.3
		o.ToolTemperature = &t
	}
	if o.MaxMessageBytes <= 0 {
		o.MaxMessageBytes = 4000
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Assistant is the maps chat assistant. It is safe for concurrent use;
// one session answers one message at a time.
type Assistant struct {
	o      Options
	tools  *tool.Registry     // the maps tools, with events and timeouts
	runner *flow.Runner[turn] // where turns run: here, or on the Engine
	local  *flow.Runner[turn]

	mu   sync.Mutex
	busy map[string]bool

	sysOnce sync.Once // the coordinator's system prompt, rendered once
	sys     string
	sysErr  error
}

// New returns an assistant over the maps tools in reg (the seven tools of
// geo/mapstool, in-process or over MCP). Its graph is built and checked
// against the transition table here.
func New(reg *tool.Registry, o Options) (*Assistant, error) {
	if reg == nil {
		return nil, errors.New("mapschat: no maps tools")
	}
	o = o.withDefaults()
	a := &Assistant{
		o:     o,
		tools: reg.With(tool.Events(0), tool.Timeout(o.ToolTimeout)),
		busy:  map[string]bool{},
	}
	r, err := a.graph()
	if err != nil {
		return nil, err
	}
	a.local, a.runner = r, r
	if o.Engine != nil {
		a.runner = r.WithEngine(o.Engine)
	}
	return a, nil
}

// Runners are the assistant's graphs as run in this process, for a
// worker that hosts them (flow/temporal.NewWorker).
func (a *Assistant) Runners() []flow.AnyRunner { return []flow.AnyRunner{a.local} }

// Graph describes the coordinator's graph (cairn graph mapschat).
func (a *Assistant) Graph() flow.Info { return a.runner.Info() }

// Sessions is the assistant's session store.
func (a *Assistant) Sessions() Sessions { return a.o.Store }

// CreateSession starts a conversation; center, if not nil, is "here".
func (a *Assistant) CreateSession(ctx context.Context, center *Center) (string, error) {
	if center != nil {
		if err := center.Validate(); err != nil {
			return "", err
		}
		if center.IsZero() {
			center = nil
		}
	}
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	now := a.o.Now().UTC()
	s := &Session{ID: hex.EncodeToString(b[:]), Created: now, Updated: now, Center: center, Turns: []Turn{}}
	if err := a.o.Store.Put(ctx, s); err != nil {
		return "", fmt.Errorf("mapschat: storing the new session: %w", err)
	}
	return s.ID, nil
}

// Session returns a stored session.
func (a *Assistant) Session(ctx context.Context, id string) (*Session, error) {
	return a.o.Store.Get(ctx, id)
}

// ListSessions lists the stored sessions, most recent first.
func (a *Assistant) ListSessions(ctx context.Context) ([]SessionInfo, error) {
	return a.o.Store.List(ctx)
}

// DeleteSession deletes a session; one answering a message is ErrBusy.
func (a *Assistant) DeleteSession(ctx context.Context, id string) error {
	if !a.acquire(id) {
		return fmt.Errorf("%w (session %s)", ErrBusy, id)
	}
	defer a.release(id)
	s, err := a.o.Store.Get(ctx, id)
	if err := a.o.Store.Delete(ctx, id); err != nil {
		return err
	}
	if err == nil {
		a.dropWaiting(ctx, s.Waiting, "the session was deleted")
	}
	return nil
}

func (a *Assistant) acquire(id string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.busy[id] {
		return false
	}
	a.busy[id] = true
	return true
}

func (a *Assistant) release(id string) {
	a.mu.Lock()
	delete(a.busy, id)
	a.mu.Unlock()
}

// CheckMessage says what is wrong with a message before anything runs:
// ErrEmptyMessage, ErrTooLong, text that is not UTF-8, a bad centre.
func (a *Assistant) CheckMessage(m Message) error {
	t := strings.TrimSpace(m.Text)
	switch {
	case t == "":
		return ErrEmptyMessage
	case len(m.Text) > a.o.MaxMessageBytes:
		return fmt.Errorf("%w: %d bytes, at most %d", ErrTooLong, len(m.Text), a.o.MaxMessageBytes)
	case !utf8.ValidString(m.Text):
		return errors.New("mapschat: the message is not valid UTF-8 text")
	}
	if m.Center != nil {
		return m.Center.Validate()
	}
	return nil
}

// Send runs one turn of the session: it yields an Update per coordinator
// state as it happens, then one with the Answer, after the turn is stored.
// A bad message, an unknown session or one still answering yields one
// error and changes nothing. Breaking out of the loop cancels the turn,
// and nothing of it is stored.
func (a *Assistant) Send(ctx context.Context, sessionID string, m Message) iter.Seq2[Update, error] {
	return func(yield func(Update, error) bool) {
		if err := a.CheckMessage(m); err != nil {
			yield(Update{}, err)
			return
		}
		if !a.acquire(sessionID) {
			yield(Update{}, fmt.Errorf("%w (session %s)", ErrBusy, sessionID))
			return
		}
		defer a.release(sessionID)
		s, err := a.o.Store.Get(ctx, sessionID)
		if err != nil {
			yield(Update{}, err)
			return
		}
		a.turn(ctx, s, m, yield)
	}
}

func unknown(id string) error {
	if len(id) > 64 {
		id = id[:64] + "…"
	}
	return fmt.Errorf("%w: %q", ErrUnknownSession, id)
}
