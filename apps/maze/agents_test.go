package maze

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cairn-agents/cairn/apps/maze/grid"
	"github.com/cairn-agents/cairn/llm"
)

func TestPromptsRender(t *testing.T) {
	sys, err := prompts.Render("system", nil)
	if err != nil || !strings.Contains(sys, "grid maze") || !strings.Contains(sys, "one JSON object") || strings.HasSuffix(sys, "\n") {
		t.Errorf("system prompt %q: %v", sys, err)
	}
	tu, err := prompts.Render("tool_use", toolUseInput{
		Width: 16, Height: 16, Pos: grid.Pos{X: 2, Y: 3}, Goal: grid.Pos{X: 14, Y: 14}, Distance: 23,
		Step: 5, StepLimit: 120, Asked: 4, Good: 3, Judged: 4, SuccessPct: 75, Recent: []string{"right", "down"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"16x16", "column 2, row 3", "column 14, row 14", "23 steps", "step 5 of at most 120",
		"asked it 4 times; in the last steps 3 of 4 pieces", "(75%)", "right, down", `"ask"`} {
		if !strings.Contains(tu, want) {
			t.Errorf("ToolUse prompt lacks %q:\n%s", want, tu)
		}
	}
	tu0, _ := prompts.Render("tool_use", toolUseInput{Width: 8, Height: 8})
	if !strings.Contains(tu0, "not asked it yet") || strings.Contains(tu0, "recent moves") {
		t.Errorf("first-step ToolUse prompt:\n%s", tu0)
	}
	mv, err := prompts.Render("move", moveInput{
		Width: 16, Height: 16, Pos: grid.Pos{X: 2, Y: 3}, Goal: grid.Pos{X: 14, Y: 14},
		Valid:      []string{"down", "right"},
		Neighbours: []neighbour{{"down", grid.Pos{X: 2, Y: 4}, 22, 0}, {"right", grid.Pos{X: 3, Y: 3}, 22, 2}},
		Recent:     []string{"left"}, Advice: "down",
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"do not hit a wall: down, right", "right leads to column 3, row 3, 22 from the goal, visited 2 times",
		"planner suggests: down", "oldest first: left", `"action"`} {
		if !strings.Contains(mv, want) {
			t.Errorf("Move prompt lacks %q:\n%s", want, mv)
		}
	}
	mv0, _ := prompts.Render("move", moveInput{Valid: []string{"up"}})
	if !strings.Contains(mv0, "did not ask the planner") {
		t.Errorf("Move prompt without advice:\n%s", mv0)
	}
}

func TestDecisionValidate(t *testing.T) {
	if (Move{Action: "north", Reasoning: "x"}).Validate() == nil {
		t.Error("Move north validated")
	}
	if (Move{Action: "left"}).Validate() != nil {
		t.Error("Move left rejected")
	}
	if (ToolUse{Ask: true}).Validate() == nil {
		t.Error("ToolUse without reasoning validated")
	}
}

// solverRun runs llm_solver on small mazes with model m and returns the
// records and the steps.
func solverRun(t *testing.T, m llm.Model) ([]EpisodeRecord, []StepRecord) {
	t.Helper()
	c := mustConfig(t, "strategies: [llm_solver]\ngenerators: [backtracker, obstacles]\nsizes: [7]\nseeds: [3]\nepisodes: 2\n")
	var eps, steps bytes.Buffer
	sum, err := Run(context.Background(), c, RunOptions{Parallel: 1, Model: m, Episodes: &eps, Steps: &steps})
	if err != nil {
		t.Fatal(err)
	}
	var out []StepRecord
	sc := bufio.NewScanner(&steps)
	for sc.Scan() {
		var s StepRecord
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return sum.Records, out
}

func reply(content string, prompt, completion int) llm.Response {
	return llm.Response{Message: llm.Message{Content: content}, Usage: llm.Usage{PromptTokens: prompt, CompletionTokens: completion}}
}

func TestLLMSolverRejectsIllegalModelMoves(t *testing.T) {
	// The model always asks and always wants to go up: at the top row and
	// under walls that move is illegal, so it is rejected and the policy
	// moves instead.
	m := &llm.Scripted{Loop: true, Replies: []llm.Response{
		reply(`{"ask": true, "reasoning": "the tool knows"}`, 100, 10),
		reply(`{"action": "up", "reasoning": "up looks short"}`, 120, 12),
	}}
	recs, steps := solverRun(t, m)
	byEp := map[int]*EpisodeRecord{}
	for i := range recs {
		byEp[recs[i].Episode] = &recs[i]
	}
	rejected := map[int]int{}
	grids := map[int]*grid.Grid{}
	for _, s := range steps {
		r := byEp[s.Episode]
		g := grids[s.Episode]
		if g == nil {
			var err error
			spec := grid.Spec{Generator: r.Generator, W: r.Size, H: r.Size, Density: r.Density}
			g, err = grid.Generate(spec, rand.New(rand.NewPCG(r.MazeSeed, mazeStream)))
			if err != nil {
				t.Fatal(err)
			}
			grids[s.Episode] = g
		}
		if s.ToolSource != "model" || !s.Asked || s.ToolReasoning != "the tool knows" {
			t.Fatalf("step %+v: want the model's tool decision", s)
		}
		upOpen := g.CanMove(grid.Pos{X: s.X, Y: s.Y}, grid.Up)
		switch {
		case upOpen:
			if s.MoveSource != "model" || s.Action != "up" || s.MoveReasoning != "up looks short" || s.Rejected != 0 {
				t.Fatalf("legal model move not taken: %+v", s)
			}
		default:
			if s.MoveSource != "policy" || s.Rejected != 1 || s.Action == "up" || !strings.Contains(s.MoveFallback, "rejected") {
				t.Fatalf("illegal model move not rejected: %+v", s)
			}
			rejected[s.Episode]++
		}
		if s.HitWall {
			t.Fatalf("agent walked into a wall: %+v", s)
		}
	}
	total := 0
	for _, r := range recs {
		if r.RejectedMoves != rejected[r.Episode] || r.RejectedMoves == 0 {
			t.Errorf("episode %d: %d rejected recorded, %d in steps", r.Episode, r.RejectedMoves, rejected[r.Episode])
		}
		if r.ModelDecisions+r.PolicyDecisions != 2*r.Steps || r.PolicyDecisions != r.RejectedMoves {
			t.Errorf("episode %d: %d model + %d policy decisions in %d steps, %d rejected", r.Episode, r.ModelDecisions, r.PolicyDecisions, r.Steps, r.RejectedMoves)
		}
		if r.ModelCalls != 2*r.Steps || r.PromptTokens != 220*r.Steps || r.CompletionTokens != 22*r.Steps {
			t.Errorf("episode %d: %d calls, %d+%d tokens for %d steps", r.Episode, r.ModelCalls, r.PromptTokens, r.CompletionTokens, r.Steps)
		}
		if r.Model != "scripted" {
			t.Errorf("model name %q", r.Model)
		}
		total += r.Steps
	}
	if m.Calls() != 2*total {
		t.Errorf("model called %d times for %d steps", m.Calls(), total)
	}
	// The prompts the model saw describe the maze.
	reqs := m.Requests()
	if len(reqs) < 2 || !strings.Contains(last(reqs[0]), "column 0, row 0") || !strings.Contains(last(reqs[1]), "planner suggests") {
		t.Errorf("first prompts:\n%s\n---\n%s", last(reqs[0]), last(reqs[1]))
	}
}

func last(r llm.Request) string { return r.Messages[len(r.Messages)-1].Content }

func TestLLMSolverModelDecides(t *testing.T) {
	// A model that never asks and walks right then down as far as it can:
	// fine in an open 7x7 grid without walls, where the policy's moves are
	// never needed.
	m := &llm.Scripted{Loop: true, Replies: []llm.Response{
		reply(`{"ask": false, "reasoning": "I can see the goal"}`, 50, 5),
		reply(`{"action": "right", "reasoning": "go right"}`, 50, 5),
	}}
	c := mustConfig(t, "strategies: [llm_solver]\ngenerators: [obstacles]\ndensity: 0\nsizes: [7]\nseeds: [1]\nepisodes: 1\n")
	var eps, steps bytes.Buffer
	sum, err := Run(context.Background(), c, RunOptions{Model: m, Episodes: &eps, Steps: &steps})
	if err != nil {
		t.Fatal(err)
	}
	r := sum.Records[0]
	// Six model moves right, then "right" is off the grid from column 6,
	// so the rejections hand the moves down to the policy.
	if !r.Success || r.ToolQueries != 0 || r.RejectedMoves != 6 || r.ModelDecisions != r.Steps+6 {
		t.Errorf("record %+v", r)
	}
	if !strings.Contains(steps.String(), `"move_reasoning":"go right"`) || !strings.Contains(steps.String(), `"tool_reasoning":"I can see the goal"`) {
		t.Errorf("model reasoning not recorded:\n%s", steps.String())
	}
}

func TestLLMSolverBrokenModelFallsBack(t *testing.T) {
	m := &llm.Scripted{Loop: true, Replies: []llm.Response{reply("I think you should go left!", 10, 3)}}
	recs, steps := solverRun(t, m)
	for _, r := range recs {
		if !r.Success || r.ModelDecisions != 0 || r.PolicyDecisions != 2*r.Steps || r.RejectedMoves != 0 {
			t.Errorf("episode %d with a broken model: %+v", r.Episode, r)
		}
		if r.ModelCalls != 6*r.Steps { // one try and two repairs per decision
			t.Errorf("episode %d: %d model calls for %d steps", r.Episode, r.ModelCalls, r.Steps)
		}
	}
	if !strings.Contains(steps[0].ToolFallback, "invalid") || steps[0].MoveSource != "policy" {
		t.Errorf("first step %+v", steps[0])
	}
}

// TestLLMSolverOverOllamaProtocol drives llm_solver through the real Ollama
// client against a server speaking Ollama's /api/chat: it asks for the
// structured output, and the replies' token counts reach the records.
func TestLLMSolverOverOllamaProtocol(t *testing.T) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/chat" {
			http.NotFound(w, r)
			return
		}
		var req struct {
			Format   json.RawMessage `json:"format"`
			Messages []struct {
				Content string `json:"content"`
			} `json:"messages"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		calls.Add(1)
		content := `{"action": "down", "reasoning": "down is closer"}`
		if bytes.Contains(req.Format, []byte(`"ask"`)) {
			content = `{"ask": true, "reasoning": "worth a look"}`
		} else if !bytes.Contains(req.Format, []byte(`"right"`)) {
			http.Error(w, "Move schema lacks the action enum", http.StatusBadRequest)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{
			"model": "maze-test", "done": true, "prompt_eval_count": 30, "eval_count": 7,
			"message": map[string]string{"role": "assistant", "content": content},
		})
	}))
	defer srv.Close()
	m, err := llm.Config{OllamaHost: srv.URL}.Model("ollama:maze-test")
	if err != nil {
		t.Fatal(err)
	}
	c := mustConfig(t, "strategies: [llm_solver]\nsizes: [9]\nseeds: [1]\nepisodes: 2\n")
	sum, err := Run(context.Background(), c, RunOptions{Parallel: 2, Model: m, Episodes: &bytes.Buffer{}})
	if err != nil {
		t.Fatal(err)
	}
	var steps, model, calls2, tokens int
	for _, r := range sum.Records {
		steps += r.Steps
		model += r.ModelDecisions
		calls2 += r.ModelCalls
		tokens += r.PromptTokens + r.CompletionTokens
		if r.ModelDecisions+r.PolicyDecisions != 2*r.Steps || r.ToolQueries != r.Steps {
			t.Errorf("episode %d: %+v", r.Episode, r)
		}
	}
	if int64(calls2) != calls.Load() || calls2 != 2*steps || tokens != 37*calls2 || model <= steps {
		t.Errorf("%d steps, %d model decisions, %d calls recorded, %d served, %d tokens", steps, model, calls2, calls.Load(), tokens)
	}
}

func TestGreedyEscapesDeadEnds(t *testing.T) {
	// The goal is straight right but behind a wall; greedy must back out.
	g := parseGrid(t,
		"......",
		".####.",
		"S#G...",
	)
	var e Env
	obs, info, _ := e.ResetGrid(g)
	var s episodeState
	s.reset(&e, obs, info, nil)
	for range info.StepLimit {
		r, err := e.Step(greedyMove(&s))
		if err != nil {
			t.Fatal(err)
		}
		s.obs, s.info = r.Obs, r.Info
		if r.Terminated {
			return
		}
	}
	t.Fatalf("greedy did not reach the goal in %d steps", info.StepLimit)
}
