package mapschat

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
)

// transitions is the only legal way between states: the graph is built
// from it and checked against it, and every proposed next state is
// checked against it at run time.
var transitions = map[Status][]Status{
	Analyzing:      {Responding, ToolPlanning, Completing},
	Responding:     {Completing, ToolPlanning},
	ToolPlanning:   {ToolExecuting},
	ToolExecuting:  {ToolReflecting},
	ToolReflecting: {Completing},
	Completing:     {Done},
}

// stateOrder is the states in the order the graph declares them.
var stateOrder = []Status{Analyzing, Responding, ToolPlanning, ToolExecuting, ToolReflecting, Completing, Done}

// Legal reports whether the coordinator may go from one state to another.
func Legal(from, to Status) bool { return slices.Contains(transitions[from], to) }

// LegalNext lists the states the coordinator may go to from s.
func LegalNext(s Status) []Status { return slices.Clone(transitions[s]) }

// Memory is what a session remembers for follow-ups.
type Memory struct {
	// Results are the places the last answer with places listed, in
	// order: "the second one" is Results[1].
	Results []Place `json:"results,omitempty"`
	// Subject is the place last spoken of: "it", "there", "its address".
	Subject *Place `json:"subject,omitempty"`
	// Facts are what tool results of this conversation said about places,
	// by place ID; an answer states nothing else about a place.
	Facts map[string]Facts `json:"facts,omitempty"`
	// Trip is the last route asked for ("and by bike?").
	Trip *Trip `json:"trip,omitempty"`
	// Search is the last search asked for ("same thing but in Lewes").
	Search *Search `json:"search,omitempty"`
	// Found are the searches answered before, newest last, with the places
	// each listed: "the first park you found" three messages on.
	Found []Found `json:"found,omitempty"`
	// Stops are the stops of the last trip of several, in order: "from
	// the last stop".
	Stops []Loc `json:"stops,omitempty"`
	// Here is the map's centre as a place, once resolved.
	Here *Place `json:"here,omitempty"`
	// Saved are places the person named ("save this as home").
	Saved []SavedPlace `json:"saved,omitempty"`
	// Pending is a request waiting for the person to say where (the
	// assistant asked); the next message answers it.
	Pending *Request `json:"pending,omitempty"`
	// Last is the kind of the last map request answered: what "no wait,
	// I meant Milford" asks again elsewhere.
	Last Kind `json:"last,omitempty"`
	// Named are the places the person named that the conversation
	// routed to or asked about, newest last: "the pond" after a route to
	// "Lums Pond State Park" (spoken.go).
	Named []Loc `json:"named,omitempty"`
	// Detail is the detail of a place last asked (an address, a phone):
	// what "sorry, I meant the Westin" asks of another place.
	Detail string `json:"detail,omitempty"`
}

// Facts are what a place-details result said about a place.
type Facts struct {
	Address  string   `json:"address,omitempty"`
	Phone    string   `json:"phone,omitempty"`
	Website  string   `json:"website,omitempty"`
	Rating   *float64 `json:"rating,omitempty"`
	Hours    []string `json:"hours,omitempty"`
	HasHours bool     `json:"has_hours,omitempty"` // a details result was read (Hours empty: none known)
	Details  bool     `json:"details,omitempty"`   // place details were fetched
}

// Trip is a route asked for: between what and how.
type Trip struct {
	From Loc    `json:"from"`
	To   Loc    `json:"to"`
	Mode string `json:"mode"`
}

// maxTurns is how many turns a session keeps; older ones are dropped so
// an idle session stays under 50 KB (what follow-ups need of them is in
// Memory already).
const maxTurns = 20

// maxStoredBytes bounds the JSON of a session's turns: the oldest are
// dropped past it, so an idle session held in memory stays under 50 KB
// (decoded, it takes about 1.7 times its JSON).
const maxStoredBytes = 26 << 10

// turn is the graph's state: one message on its way through the states.
type turn struct {
	Message string    `json:"message"`
	Now     time.Time `json:"now"`
	Center  *Center   `json:"center,omitempty"`
	Memory  Memory    `json:"memory"`
	// Request is the policy's reading of the message.
	Request Request `json:"request"`
	// Iterations counts coordinator decisions made this turn.
	Iterations int `json:"iterations"`
	// Capped is set once Iterations reached the cap.
	Capped bool               `json:"capped,omitempty"`
	State  CoordinatorState   `json:"state"`
	States []CoordinatorState `json:"states"`
	// Results are the tool calls executed this turn and what they gave.
	Results []ToolResult `json:"results,omitempty"`
	Answer  Answer       `json:"answer"`
	// Notes are what the trace should know: illegal proposals, fallbacks.
	Notes []string `json:"notes,omitempty"`
	// Unasked is a question the turn could not wait for an answer to
	// (flow.Ask failed where the node ran); it is the response instead.
	Unasked string `json:"unasked,omitempty"`
}

// ToolResult is one executed tool call: its result or its error.
type ToolResult struct {
	Call   ToolCall        `json:"call"`
	Result json.RawMessage `json:"result,omitempty"`
	Err    string          `json:"error,omitempty"`
}

// Info summarises a session for a list.
func (s *Session) Info() SessionInfo {
	in := SessionInfo{ID: s.ID, Created: s.Created, Updated: s.Updated, Turns: len(s.Turns)}
	if len(s.Turns) > 0 {
		in.Title = clip(s.Turns[0].Message, 60)
	}
	return in
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8Start(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

func encodeSession(s *Session) ([]byte, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("mapschat: encoding session %s: %w", s.ID, err)
	}
	return b, nil
}

func decodeSession(b []byte, where string) (*Session, error) {
	var s Session
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorruptSession, where, err)
	}
	if s.ID == "" {
		return nil, fmt.Errorf("%w: %s: no session id", ErrCorruptSession, where)
	}
	return &s, nil
}

// record appends a finished turn to the session and keeps it small.
func (s *Session) record(t Turn, m Memory, st *CoordinatorState, now time.Time) {
	s.Turns = append(s.Turns, t)
	if len(s.Turns) > maxTurns {
		s.Turns = slices.Clone(s.Turns[len(s.Turns)-maxTurns:])
	}
	for len(s.Turns) > 1 {
		b, _ := json.Marshal(s.Turns)
		if len(b) <= maxStoredBytes {
			break
		}
		// Drop the oldest turns worth the excess, at least one.
		drop, over := 0, len(b)-maxStoredBytes
		for over > 0 && drop < len(s.Turns)-1 {
			tb, _ := json.Marshal(s.Turns[drop])
			over -= len(tb) + 1
			drop++
		}
		s.Turns = slices.Clone(s.Turns[drop:])
	}
	s.Memory = m
	s.State = st
	s.Updated = now
}
