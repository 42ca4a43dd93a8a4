package maze

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/ollamatest"
)

// TestLLMSolverRealOllama runs llm_solver against a real Ollama server with
// a tiny random-weight model (skipped unless .ci/ollama.sh has built it).
// Its replies are schema-shaped gibberish: whatever it says, every step
// must end in a legal move, each decision is counted once as model or
// policy, and the model's wall moves are rejected and counted.
func TestLLMSolverRealOllama(t *testing.T) {
	if testing.Short() {
		t.Skip("about 20 s against a real Ollama server")
	}
	m := ollamatest.Start(t).Chat(t)
	c := mustConfig(t, "strategies: [llm_solver]\nsizes: [7]\nseeds: [1]\nepisodes: 1\nstep_limit_factor: 1\n")
	var eps, steps bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	sum, err := Run(ctx, c, RunOptions{Parallel: 1, Model: m, DecisionTimeout: time.Minute, Episodes: &eps, Steps: &steps})
	if err != nil {
		t.Fatal(err)
	}
	r := sum.Records[0]
	t.Logf("tiny model: %d steps, %d model / %d policy decisions, %d rejected moves, %d calls, %d tokens",
		r.Steps, r.ModelDecisions, r.PolicyDecisions, r.RejectedMoves, r.ModelCalls, r.PromptTokens+r.CompletionTokens)
	if r.ModelDecisions+r.PolicyDecisions != 2*r.Steps || r.ModelCalls < 2*r.Steps || r.PromptTokens == 0 || r.Model == "" {
		t.Errorf("record %+v", r)
	}
	if r.WallHits != 0 {
		t.Errorf("%d wall hits: an illegal move got through", r.WallHits)
	}
	if strings.Count(steps.String(), `"rejected":1`) != r.RejectedMoves {
		t.Errorf("rejections in steps and record differ")
	}
}
