package maze

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/cairn-agents/cairn/apps/maze/grid"
	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
)

// GraphName is the name of the graph every episode runs, as `cairn graph`
// and traces name it.
const GraphName = "maze"

// stepState is the state the step graph passes from node to node: the
// step being decided, and the episode it belongs to. Only the step is
// JSON (what a trace shows after each node); the episode, whose maze alone
// may hold 16M cells, stays behind ep, which every node of one run shares.
type stepState struct {
	T      int         `json:"t"`  // steps taken before this one
	At     grid.Pos    `json:"at"` // the agent's cell before this step's move
	Ask    bool        `json:"ask"`
	Advice grid.Action `json:"advice"` // none when the planner was not asked
	Action grid.Action `json:"action"`
	Reward float64     `json:"reward"`
	// Over: the step ended the episode, at the goal or the step limit.
	Over bool `json:"over"`

	ep *episode
}

// maxGraphSteps bounds a run of the step graph: reset, at most four nodes
// for each step of the longest episode a config allows (step limit factor
// 1000 on a MaxSide² maze whose optimal path visits every cell), finish.
// The environment's step limit is what ends an episode; this only says
// the loop is bounded.
const maxGraphSteps = 2 + 4*maxStepLimitFactor*grid.MaxSide*grid.MaxSide

// newStepGraph builds the graph every episode runs, once per experiment:
//
//	reset → tool_use → [planner] → move → step ⟲ tool_use … → finish
//
// tool_use is the agent's first decision (ask the planner?), planner the
// noisy A* advice when it asked, move the agent's second decision, step
// the environment's step and the step's record; step loops back to
// tool_use until the episode ends at the goal or its step limit.
func newStepGraph() (*flow.Runner[stepState], error) {
	g := flow.New[stepState](GraphName)
	g.Node("reset", reset)
	g.Node("tool_use", toolUse)
	g.Node("planner", askPlanner)
	g.Node("move", move)
	g.Node("step", step)
	g.Node("finish", finishEpisode)
	g.Start("reset")
	g.Edge("reset", "tool_use")
	g.Branch("tool_use", func(s stepState) string {
		if s.Ask {
			return "planner"
		}
		return "move"
	}, "planner", "move")
	g.Edge("planner", "move")
	g.Edge("move", "step")
	g.Branch("step", func(s stepState) string {
		if s.Over {
			return "finish"
		}
		return "tool_use"
	}, "tool_use", "finish")
	g.Edge("finish", flow.End)
	g.MaxSteps = int(min(maxGraphSteps, math.MaxInt))
	return g.Build()
}

// Graph describes the graph every episode runs.
func Graph() (flow.Info, error) {
	r, err := newStepGraph()
	if err != nil {
		return flow.Info{}, err
	}
	return r.Info(), nil
}

// episode is one worker's episode in progress: the job, the maze and the
// environment, the planner's advice, what the agent remembers, the step
// being decided, and the records being written. A worker reuses it, and
// its buffers, for all its episodes.
type episode struct {
	cfg    *Config
	opt    RunOptions
	budget *budget
	// keep and keepRows say whether steps are kept as JSON lines and as
	// records for Parquet.
	keep, keepRows bool

	job     job
	agent   agent
	agents  map[Strategy]agent
	env     Env
	advisor Advisor
	state   episodeState
	c       choice // the step's decisions
	rec     EpisodeRecord
	res     result

	keeping bool   // this episode's steps may still fit the budget
	steps   []byte // its step lines
	rows    []StepRecord
	buf     bytes.Buffer // the episode's line
	enc     *json.Encoder

	free buffers // the writer's used step buffers

	lastGrid *grid.Grid
	lastKey  mazeKey
}

type mazeKey struct {
	gen  grid.Generator
	size int
	seed uint64
}

func newEpisode(c *Config, opt RunOptions, keepSteps, keepRows bool, bud *budget) *episode {
	e := &episode{cfg: c, opt: opt, keep: keepSteps, keepRows: keepRows, budget: bud, agents: map[Strategy]agent{}}
	e.env.StepLimitFactor = c.StepLimitFactor
	e.enc = json.NewEncoder(&e.buf)
	e.enc.SetEscapeHTML(false)
	return e
}

// maze returns the job's maze, reusing the last one when it is the same.
func (e *episode) maze(j job) (*grid.Grid, uint64, error) {
	ms := MazeSeed(j.seed, j.run)
	key := mazeKey{j.gen, j.size, ms}
	if e.lastGrid != nil && key == e.lastKey {
		return e.lastGrid, ms, nil
	}
	spec := grid.Spec{Generator: j.gen, W: j.size, H: j.size}
	if j.gen == grid.Obstacles {
		spec.Density = *e.cfg.Density
	}
	e.env.Maze = spec
	g, err := grid.Generate(spec, rand.New(rand.NewPCG(ms, mazeStream)))
	if err != nil {
		return nil, ms, err
	}
	e.lastGrid, e.lastKey = g, key
	return g, ms, nil
}

// reset starts the episode: its maze (generated, or the last one again),
// the environment, the advisor with the episode's noise stream, the agent,
// and an empty record.
func reset(ctx context.Context, s stepState) (stepState, error) {
	e, j := s.ep, s.ep.job
	g, ms, err := e.maze(j)
	if err != nil {
		return s, err
	}
	e.agent = e.agents[j.strategy]
	if e.agent == nil {
		if e.agent, err = newAgent(j.strategy, e.opt.Model, e.opt.DecisionTimeout); err != nil {
			return s, err
		}
		e.agents[j.strategy] = e.agent
	}
	obs, info, err := e.env.ResetGrid(g)
	if err != nil {
		return s, err
	}
	e.advisor.reset(g, j.noise, noiseRNG(ms, j.noise))
	e.state.reset(&e.env, obs, info, &e.advisor)
	e.rec = EpisodeRecord{
		Episode: j.idx, Strategy: j.strategy, Noise: j.noise.Name(), NoiseKind: j.noise.Kind, NoiseLevel: j.noise.Level,
		Generator: j.gen, Size: j.size, Seed: j.seed, Run: j.run, MazeSeed: ms,
		Optimal: info.Optimal, StepLimit: info.StepLimit,
	}
	if j.gen == grid.Obstacles {
		e.rec.Density = *e.cfg.Density
	}
	if j.strategy == LLMSolver && e.opt.Model != nil {
		e.rec.Model = e.opt.Model.Name()
	}
	e.steps = e.steps[:0]
	e.rows = e.rows[:0]
	e.keeping = (e.keep || e.keepRows) && e.budget.fits(0)
	if event.Listening(ctx) {
		event.Emit(ctx, event.Event{Kind: event.Note, Message: fmt.Sprintf("episode %d: %s, noise %s, %s %d×%d, seed %d, run %d: optimal path %d steps, step limit %d",
			j.idx, j.strategy, e.rec.Noise, j.gen, j.size, j.size, j.seed, j.run, info.Optimal, info.StepLimit)})
	}
	return stepState{At: obs.Agent, Advice: grid.NoAction, Action: grid.NoAction, ep: e}, nil
}

// toolUse is the agent's first decision of a step: ask the planner or not.
func toolUse(ctx context.Context, s stepState) (stepState, error) {
	e := s.ep
	e.advisor.Observe(e.state.obs.Agent)
	e.c = choice{advice: grid.NoAction, truth: grid.NoAction}
	if err := e.agent.toolUse(ctx, &e.state, &e.c); err != nil {
		return s, err
	}
	s.T, s.At, s.Ask, s.Advice, s.Action, s.Reward = e.state.info.Steps, e.state.obs.Agent, e.c.asked, grid.NoAction, grid.NoAction, 0
	return s, nil
}

// askPlanner asks the planner for the next move: A* from the agent's cell,
// distorted by the episode's noise. The call is reported as a tool call.
func askPlanner(ctx context.Context, s stepState) (stepState, error) {
	e := s.ep
	if !event.Listening(ctx) {
		e.c.advice, e.c.truth = e.advisor.Advise(s.At)
		s.Advice = e.c.advice
		return s, nil
	}
	t0 := time.Now()
	e.c.advice, e.c.truth = e.advisor.Advise(s.At)
	s.Advice = e.c.advice
	{
		args, _ := json.Marshal(s.At)
		res, _ := json.Marshal(struct {
			Advice  grid.Action `json:"advice"`
			Optimal grid.Action `json:"optimal"` // noise-free; the agent does not see it
		}{e.c.advice, e.c.truth})
		event.Emit(ctx, event.Event{Kind: event.ToolCall, Tool: &event.ToolInfo{
			Name: "planner", Args: args, Result: res, Latency: time.Since(t0)}})
	}
	return s, nil
}

// move is the agent's second decision: where to go, knowing the advice.
func move(ctx context.Context, s stepState) (stepState, error) {
	e := s.ep
	if err := e.agent.move(ctx, &e.state, &e.c); err != nil {
		return s, err
	}
	s.Action = e.c.action
	return s, nil
}

// step applies the move to the environment and records the step.
func step(_ context.Context, s stepState) (stepState, error) {
	e, c := s.ep, &s.ep.c
	st := &e.state
	from := st.obs.Agent
	if c.asked {
		st.asked++
		st.judge(c.advice)
	}
	r, err := e.env.Step(c.action)
	if err != nil {
		return s, err
	}
	rec := &e.rec
	followed := c.asked && c.advice != grid.NoAction && c.action == c.advice
	wrong := c.asked && c.advice != c.truth
	rec.Steps++
	rec.Reward += r.Reward
	if c.asked {
		rec.ToolQueries++
	}
	if wrong {
		rec.WrongAdvice++
	}
	if followed {
		rec.Followed++
		if wrong {
			rec.FollowedWrong++
		}
	}
	if r.Info.HitWall {
		rec.WallHits++
	}
	rec.ModelDecisions += c.modelDecisions
	rec.PolicyDecisions += c.policyDecisions
	rec.RejectedMoves += c.rejected
	rec.ModelCalls += c.modelCalls
	rec.PromptTokens += c.promptTokens
	rec.CompletionTokens += c.completionTokens
	if e.keeping {
		e.keepStep(from, followed, wrong, r)
	}
	st.moved(c.action, followed)
	st.obs, st.info = r.Obs, r.Info
	s.Reward = r.Reward
	if r.Terminated || r.Truncated {
		rec.Success, rec.Truncated = r.Terminated, r.Truncated
		s.Over = true
	}
	return s, nil
}

// keepStep keeps the step's record for the trajectory writers, and stops
// keeping the episode's steps once they cannot fit the budget.
func (e *episode) keepStep(from grid.Pos, followed, wrong bool, r StepResult) {
	c := &e.c
	st := StepRecord{
		Episode: e.job.idx, T: e.rec.Steps - 1, X: from.X, Y: from.Y, Action: c.action.String(),
		Asked: c.asked, AdviceWrong: wrong, Followed: followed, HitWall: r.Info.HitWall, Reward: r.Reward,
		ToolSource: c.toolSource, ToolReasoning: c.toolReasoning, ToolFallback: c.toolFallback,
		MoveSource: c.moveSource, MoveReasoning: c.moveReasoning, MoveFallback: c.moveFallback,
		Rejected: c.rejected, Tokens: c.promptTokens + c.completionTokens,
	}
	if c.asked {
		st.Advice = c.advice.String()
	}
	e.steps = st.appendJSON(e.steps)
	if e.keepRows {
		e.rows = append(e.rows, st)
	}
	if !e.budget.fits(len(e.steps)) {
		e.keeping, e.res.overBudget = false, true
		e.steps = e.steps[:0]
		e.rows = e.rows[:0]
	}
}

// finishEpisode fills the record's derived metrics and encodes the
// episode's lines for the writer.
func finishEpisode(ctx context.Context, s stepState) (stepState, error) {
	e := s.ep
	rec := &e.rec
	finish(rec, e.env.MaxVisits())
	if event.Listening(ctx) {
		outcome := "reached the goal"
		if !rec.Success {
			outcome = "truncated"
		}
		event.Emit(ctx, event.Event{Kind: event.Note, Message: fmt.Sprintf("episode %d: %s, noise %s, %s %d: %s in %d steps (optimal %d), %d model and %d policy decisions, %d rejected moves",
			rec.Episode, rec.Strategy, rec.Noise, rec.Generator, rec.Size, outcome, rec.Steps, rec.Optimal, rec.ModelDecisions, rec.PolicyDecisions, rec.RejectedMoves)})
	}
	res := &e.res
	if e.keeping {
		// Hand the buffers to the writer and take back ones it is done with.
		res.stepBytes = len(e.steps)
		t := e.free.get()
		if e.keep {
			res.steps, e.steps = e.steps, t.steps
		}
		if e.keepRows {
			res.rows, e.rows = e.rows, t.rows
		}
	}
	e.buf.Reset()
	if err := e.enc.Encode(rec); err != nil {
		return s, err
	}
	res.lines = bytes.Clone(e.buf.Bytes())
	res.rec = *rec
	return s, nil
}
