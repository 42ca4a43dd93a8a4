package ocean

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/cairn-agents/cairn/internal/enginetest"
)

// TestAskOnAnEngineAgrees asks questions in process and through an Engine
// that runs the graph as a durable engine's worker does (the state as JSON
// between nodes, no values from Ask's context): the same answer, the same
// citations, result and plots.
func TestAskOnAnEngineAgrees(t *testing.T) {
	worker := newApp(t, Options{PlanCacheTTL: -1})
	local := newApp(t, Options{PlanCacheTTL: -1})
	remote := newApp(t, Options{PlanCacheTTL: -1, Engine: &enginetest.Loopback{Runners: worker.Runners()}})
	for _, q := range []string{
		"What does QC flag 4 mean?",
		"Where is float 2902269 and how has its surface temperature changed?",
		"Show the salinity profile of float 2902269 cycle 10",
		"Plot the trajectory of float 2902269",
		"What is the average temperature at 1000 dbar for float 2902269?",
	} {
		t.Run(q, func(t *testing.T) {
			want, err := local.Ask(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			got, err := remote.Ask(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			if got.Response != want.Response {
				t.Errorf("answer on the engine:\n%s\nin process:\n%s", got.Response, want.Response)
			}
			if q == "What does QC flag 4 mean?" && len(got.Citations) == 0 {
				t.Error("no citations on the engine")
			}
			if g, w := jsonOf(t, got.Citations), jsonOf(t, want.Citations); g != w {
				t.Errorf("citations on the engine %s, in process %s", g, w)
			}
			if g, w := jsonOf(t, got.Result), jsonOf(t, want.Result); g != w {
				t.Errorf("result on the engine %s, in process %s", g, w)
			}
			if g, w := Figures(got.Result), Figures(want.Result); !reflect.DeepEqual(g, w) {
				t.Errorf("plots on the engine %+v, in process %+v", g, w)
			}
		})
	}
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
