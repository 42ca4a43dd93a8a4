package roadtrip_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/apps/roadtrip"
	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/internal/ollamatest"
)

// TestGibberishModel puts every role on a real Ollama server whose tiny
// random-weight model answers gibberish: each decision falls back to its
// policy and the answer is the policies' answer.
func TestGibberishModel(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an Ollama server")
	}
	roles := ollamatest.Start(t).Roles(t)
	eng, tools := offline(t)
	tk := locnav.Task{Question: "I live in Newark, Delaware. My friend lives in Milford, Delaware. Find a single 'restaurant' (must be of type 'restaurant') with equal driving times from both of us.",
		OutputFormat: json.RawMessage(`{"stops":[{"name":"NAME","place id":"Place ID"}]}`)}
	p, err := roadtrip.New(tools, roadtrip.Options{Models: roles, ModelTimeout: 60 * time.Second, Gazetteer: geo.NewGazetteer(eng)})
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Solve(context.Background(), tk)
	if err != nil {
		t.Fatal(err)
	}
	// Whatever the model said, the stop is a real candidate: a place the
	// maps search returned, with its name.
	var a struct {
		Stops []struct {
			Name string `json:"name"`
			ID   string `json:"place id"`
		} `json:"stops"`
	}
	if err := json.Unmarshal(res.Answer, &a); err != nil || len(a.Stops) != 1 || a.Stops[0].Name == "" ||
		!strings.HasPrefix(a.Stops[0].ID, "osm:") {
		t.Errorf("answer with a gibberish model: %s (%v); notes %q", res.Answer, err, res.Notes)
	}
	if res.Stats.ModelCalls == 0 || res.Stats.PolicyDecisions == 0 {
		t.Errorf("stats %+v: the model was not asked, or never fell back", res.Stats)
	}
	t.Logf("%d model calls, %d model decisions, %d policy decisions, %d tokens, %v",
		res.Stats.ModelCalls, res.Stats.ModelDecisions, res.Stats.PolicyDecisions,
		res.Stats.PromptTokens+res.Stats.CompletionTokens, res.Stats.Wall)
}
