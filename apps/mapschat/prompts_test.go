package mapschat

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

func TestPromptsRender(t *testing.T) {
	a := chat(t, Options{})
	sys, err := a.coordinatorSystem()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"- analyzing → responding | tool_planning | completing", "- tool_executing → tool_reflecting",
		"- completing → done", "- " + mapstool.Elevation + ": ", "Never state an address"} {
		if !strings.Contains(sys, want) {
			t.Errorf("system prompt lacks %q:\n%s", want, sys)
		}
	}
	tr := turn{
		Message: "is the first one open now?",
		Center:  &Center{Name: "Wilmington, DE"},
		Memory: Memory{
			Results: []Place{{Name: "Grotto Pizza", PlaceID: "osm:w1", Address: "Concord Pike"}},
			Saved:   []SavedPlace{{Label: "home", Place: Place{Name: "Newark"}}},
		},
		Request: Request{Kind: KindDetails, Detail: "open"},
		Results: []ToolResult{{Call: ToolCall{Name: mapstool.PlaceDetails, Arguments: map[string]any{"place_id": "osm:w1"}}, Err: "maps_place_details: connection refused"}},
	}
	p, err := a.coordinatorPrompt(&tr, ToolReflecting)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"State: tool_reflecting. Legal next states: completing.", "Message: is the first one open now?",
		`Map centre ("here"): "Wilmington, DE"`, "1. Grotto Pizza (place_id osm:w1, Concord Pike)", "Saved places: home = Newark",
		`"kind":"details"`, "- place details failed: the maps server could not be reached"} {
		if !strings.Contains(p.User, want) {
			t.Errorf("user prompt lacks %q:\n%s", want, p.User)
		}
	}
	if p.Temperature == nil || *p.Temperature != 0.1 || p.Timeout != a.o.ModelTimeout || p.MaxRepairs != 2 {
		t.Errorf("prompt settings %+v", p)
	}
	u, err := toolsUser(&tr, []string{mapstool.PlaceDetails})
	if err != nil || !strings.Contains(u, "Tools to call: maps_place_details") || !strings.Contains(toolsSystem, "do not invent coordinates") {
		t.Errorf("tools prompt %q %v", u, err)
	}
}

// A long conversation stays within the size a stored session keeps.
func TestLongConversationStaysSmall(t *testing.T) {
	a := chat(t, Options{})
	id := session(t, a, "Wilmington, DE")
	for i := range 2*len(benchTurns) + 5 {
		mustAnswer(t, send(t, a, id, benchTurns[i%len(benchTurns)]))
	}
	s, _ := a.Session(t.Context(), id)
	b, _ := encodeSession(s)
	if len(b) > maxStoredBytes+8<<10 || len(s.Turns) < 8 || s.Turns[len(s.Turns)-1].Message != benchTurns[4] {
		t.Errorf("%d bytes, %d turns, last %q", len(b), len(s.Turns), s.Turns[len(s.Turns)-1].Message)
	}
	// What follow-ups need of dropped turns is in the memory.
	if len(s.Memory.Saved) != 1 || len(s.Memory.Results) == 0 {
		t.Errorf("memory %+v", s.Memory)
	}
}
