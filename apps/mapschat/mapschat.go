// Package mapschat is a maps chat assistant on a workflow-coordinator state
// machine. A person chats about places ("pizza near here", "how far is Dover
// from here?", "and by bike?", "how high is Pic de Coma Pedrosa?"); each
// turn walks a fixed graph of states, analyzing → … → done, and every
// state's CoordinatorState is a typed decision a model makes when one is
// configured and a Go policy makes otherwise. The maps tools are the seven
// of the Google Maps MCP contract (geo/mapstool): the offline engine
// in-process, or any maps MCP server.
//
// An Assistant keeps one conversation per session in a Sessions store;
// Send runs one turn and streams an Update per state, then the Answer.
package mapschat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Status is a state of the coordinator.
type Status string

// The coordinator's states.
const (
	Analyzing      Status = "analyzing"
	Responding     Status = "responding"
	ToolPlanning   Status = "tool_planning"
	ToolExecuting  Status = "tool_executing"
	ToolReflecting Status = "tool_reflecting"
	Completing     Status = "completing"
	Done           Status = "done"
)

// Enum lists the states (llm.Enumer).
func (Status) Enum() []string {
	return []string{string(Analyzing), string(Responding), string(ToolPlanning), string(ToolExecuting),
		string(ToolReflecting), string(Completing), string(Done)}
}

// Actions a CoordinatorState takes.
const (
	ActionRespond  = "respond"
	ActionTool     = "tool"
	ActionComplete = "complete"
)

// CoordinatorState is the coordinator's output in one state: what it does
// (action), what it says (content), the tools it runs, its reflection on
// their results, the state it goes to next and why. It is what a model
// fills (the JSON Schema comes from this type) and what the policy returns.
type CoordinatorState struct {
	Status         Status     `json:"status" jsonschema:"the state this output is for"`
	Action         string     `json:"action" enum:"respond,tool,complete" jsonschema:"respond: answer from the conversation alone; tool: use maps tools; complete: finish the turn"`
	Content        string     `json:"content" jsonschema:"what to tell the person in this state (may be empty)"`
	ToolsToExecute []ToolCall `json:"toolsToExecute" jsonschema:"the maps tools to run, with their arguments (only in tool_planning)"`
	Reflection     string     `json:"reflection" jsonschema:"what the tool results say and whether they answer the question (in tool_reflecting)"`
	NextStep       Status     `json:"nextStep" jsonschema:"the state to go to next; only a legal one"`
	Reasoning      string     `json:"reasoning" jsonschema:"one or two sentences on why"`

	source string // "model" or "policy"; not part of the JSON
}

// Validate rejects a model's reply that no state could act on
// (llm.Validator); the legality of NextStep is checked by the caller,
// which tells the model the legal states.
func (cs CoordinatorState) Validate() error {
	if strings.TrimSpace(cs.Reasoning) == "" {
		return errors.New("reasoning is empty: say in a sentence why")
	}
	if cs.NextStep == "" {
		return errors.New("nextStep is empty: name the state to go to next")
	}
	for i, c := range cs.ToolsToExecute {
		if strings.TrimSpace(c.Name) == "" {
			return fmt.Errorf("toolsToExecute[%d]: the tool name is empty", i)
		}
	}
	return nil
}

// Reason is the reasoning (llm.Reasoner).
func (cs CoordinatorState) Reason() string { return cs.Reasoning }

// ToolCall is one maps tool to run and its arguments.
type ToolCall struct {
	Name      string         `json:"name" jsonschema:"the tool's name, e.g. maps_search_places"`
	Arguments map[string]any `json:"arguments" jsonschema:"the tool's arguments as its input schema says"`
}

// LatLng is a position in degrees.
type LatLng struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

// Place is a place an answer names, from a maps tool result.
type Place struct {
	Name     string `json:"name"`
	PlaceID  string `json:"place_id"`
	Address  string `json:"address"`
	Location LatLng `json:"location"`
}

// Route is the route an answer draws, from a directions result. Polyline
// is Google's encoded polyline; empty when the maps gave no line (an
// estimated route has none).
type Route struct {
	DistanceM float64 `json:"distance_m"`
	DurationS float64 `json:"duration_s"`
	Polyline  string  `json:"polyline"`
}

// Answer is the end of a turn: what the assistant says, the places to mark
// on the map and the route to draw.
type Answer struct {
	Answer string  `json:"answer"`
	Places []Place `json:"places"`
	Route  *Route  `json:"route,omitempty"`
}

// Center is where the person is looking: a place name ("Wilmington, DE")
// or a position, and the map's zoom when known (0 when not). It reads and
// writes as JSON either a string or {"lat": …, "lng": …, "zoom": …}.
type Center struct {
	Name  string  `json:"name,omitempty"`
	Point *LatLng `json:"point,omitempty"`
	Zoom  float64 `json:"zoom,omitempty"`
}

// MarshalJSON writes a name as a string and a position as an object.
func (c Center) MarshalJSON() ([]byte, error) {
	if c.Point == nil {
		if c.Zoom == 0 {
			return json.Marshal(c.Name)
		}
		return json.Marshal(struct {
			Name string  `json:"name"`
			Zoom float64 `json:"zoom"`
		}{c.Name, c.Zoom})
	}
	return json.Marshal(struct {
		Lat  float64 `json:"lat"`
		Lng  float64 `json:"lng"`
		Zoom float64 `json:"zoom,omitempty"`
		Name string  `json:"name,omitempty"`
	}{c.Point.Lat, c.Point.Lng, c.Zoom, c.Name})
}

// UnmarshalJSON reads a string (a place name) or an object with lat and
// lng (and optional zoom, name), or an object with a name.
func (c *Center) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*c = Center{Name: strings.TrimSpace(s)}
		return nil
	}
	var o struct {
		Lat  *float64 `json:"lat"`
		Lng  *float64 `json:"lng"`
		Zoom float64  `json:"zoom"`
		Name string   `json:"name"`
		// Point is how a stored session writes it.
		Point *LatLng `json:"point"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return fmt.Errorf("center: want a place name or {\"lat\": …, \"lng\": …}: %w", err)
	}
	*c = Center{Name: strings.TrimSpace(o.Name), Zoom: o.Zoom, Point: o.Point}
	switch {
	case o.Lat != nil && o.Lng != nil:
		c.Point = &LatLng{Lat: *o.Lat, Lng: *o.Lng}
	case o.Lat != nil || o.Lng != nil:
		return errors.New(`center: a position needs both "lat" and "lng"`)
	}
	return c.Validate()
}

// Validate says what is wrong with a centre: a position off the globe or
// a zoom outside 0..22.
func (c Center) Validate() error {
	if p := c.Point; p != nil {
		if p.Lat != p.Lat || p.Lat < -90 || p.Lat > 90 {
			return fmt.Errorf("center: latitude %v is outside -90..90", p.Lat)
		}
		if p.Lng != p.Lng || p.Lng < -180 || p.Lng > 180 {
			return fmt.Errorf("center: longitude %v is outside -180..180", p.Lng)
		}
	}
	if c.Zoom < 0 || c.Zoom > 22 || c.Zoom != c.Zoom {
		return fmt.Errorf("center: zoom %v is outside 0..22", c.Zoom)
	}
	if c.Point == nil && len(c.Name) > 200 {
		return fmt.Errorf("center: a place name of %d bytes is too long (at most 200)", len(c.Name))
	}
	return nil
}

// IsZero says whether c names no place.
func (c Center) IsZero() bool { return c.Point == nil && c.Name == "" }

// Message is one message a person sends, with the map's centre when the
// client knows it (nil keeps the session's).
type Message struct {
	Text   string
	Center *Center
	// Selected is the place the person picked on the map (clicked a
	// marker), if any: "it", "this", "there" then mean it.
	Selected *Place
}

// Update is what Send streams: one per coordinator state as it happens
// (State set), then one with the turn's Answer.
type Update struct {
	State  *CoordinatorState
	Answer *Answer
}

// Errors Send and the session methods return; check them with errors.Is.
var (
	ErrUnknownSession = errors.New("mapschat: no such session")
	ErrBusy           = errors.New("mapschat: this session is still answering the previous message")
	ErrEmptyMessage   = errors.New("mapschat: the message is empty")
	ErrTooLong        = errors.New("mapschat: the message is too long")
	// ErrCorruptSession is a stored session that cannot be read; the file
	// is named and left as it is.
	ErrCorruptSession = errors.New("mapschat: stored session is unreadable")
	// ErrCannotAsk is a turn that must ask where and runs where no run
	// can wait for the answer: on an Engine without flow.Ask support.
	ErrCannotAsk = errors.New("mapschat: this message needs the assistant to ask where, and turns on this engine cannot wait for an answer yet")
)

// Turn is one message and what the assistant did with it.
type Turn struct {
	Message string             `json:"message"`
	Center  *Center            `json:"center,omitempty"`
	States  []CoordinatorState `json:"states"`
	Answer  Answer             `json:"answer"`
	Time    time.Time          `json:"time"`
}

// SavedPlace is a place the person named ("save this as home").
type SavedPlace struct {
	Label string `json:"label"`
	Place Place  `json:"place"`
}

// Session is one conversation: its turns, what it remembers for follow-ups
// and the coordinator's current state. It is what GET
// /api/v1/chat/sessions/{id} returns.
type Session struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	// Center is the map's centre the client last sent (or the one the
	// session was created with).
	Center *Center `json:"center,omitempty"`
	Turns  []Turn  `json:"turns"`
	// State is the coordinator's latest state (nil before the first turn).
	State *CoordinatorState `json:"state,omitempty"`
	// Memory is what follow-ups resolve against.
	Memory Memory `json:"memory"`
	// Waiting is the run that asked the person a question ("Where should
	// I look for coffee?"); the next message naming a place answers it.
	Waiting *Waiting `json:"waiting,omitempty"`
}

// SessionInfo is a session in a list.
type SessionInfo struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	Turns   int       `json:"turns"`
	// Title is the first message, shortened.
	Title string `json:"title"`
}
