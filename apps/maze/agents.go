package maze

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/cairn-agents/cairn/apps/maze/grid"
	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/llm"
)

// Strategy names an agent.
type Strategy string

// The agents.
const (
	// Follow always asks the planner and does what it says.
	Follow Strategy = "follow"
	// Greedy never asks; it moves to the open neighbour it has visited
	// least, then the one nearest the goal, so it avoids cells it has been
	// on and backs out of dead ends.
	Greedy Strategy = "greedy"
	// LLMSolver decides each step whether to ask (ToolUse) and where to go
	// (Move), through llm.Decide: the model when one is configured, else
	// the policies toolUsePolicy and movePolicy.
	LLMSolver Strategy = "llm_solver"
)

// Strategies lists the agents.
var Strategies = []Strategy{Follow, Greedy, LLMSolver}

// Decision sources recorded per step besides llm.FromModel/FromPolicy:
// follow and greedy decide by a fixed rule.
const sourceRule = "rule"

// Windows of the recent past an agent keeps.
const (
	recentMoves = 8  // moves shown to the model
	toolWindow  = 10 // advice judged in the last toolWindow steps makes the tool's success rate
	loopVisits  = 3  // advice into a cell visited this often is not taken
)

// choice is what an agent decided at one step.
type choice struct {
	action        grid.Action
	asked         bool
	advice, truth grid.Action // NoAction when not asked

	toolSource, toolReasoning, toolFallback string
	moveSource, moveReasoning, moveFallback string
	rejected                                int // model moves rejected against the maze
	modelDecisions, policyDecisions         int
	promptTokens, completionTokens          int
	modelCalls                              int
}

// judged is one piece of advice and whether it looked right.
type judged struct {
	step int
	ok   bool
}

// episodeState is what an agent knows during one episode. The runner owns
// it and updates it after every step.
type episodeState struct {
	env     *Env
	obs     Observation
	info    Info
	advisor *Advisor

	recent       [recentMoves]grid.Action
	nRecent      int
	lastFollowed bool // the last move followed the planner

	asked   int
	judged  [toolWindow]judged
	nJudged int
}

func (s *episodeState) reset(env *Env, obs Observation, info Info, adv *Advisor) {
	*s = episodeState{env: env, obs: obs, info: info, advisor: adv}
}

// suspect says why advice at the current position is evidently wrong, or
// "" when nothing shows it: a move into a wall, straight back after a move
// that followed the planner (an optimal path never turns back, so one of
// the two pieces of advice was wrong), or into a cell already visited
// loopVisits times. This is all an agent can observe of the tool's quality.
func (s *episodeState) suspect(advice grid.Action) string {
	p := s.obs.Agent
	switch {
	case !s.obs.Grid.CanMove(p, advice):
		return "into a wall"
	case s.lastFollowed && s.nRecent > 0 && advice == s.recent[(s.nRecent-1)%recentMoves].Opposite():
		return "straight back after following the planner"
	case s.env.Visits(p.Add(advice)) >= loopVisits:
		return "into a cell visited many times"
	}
	return ""
}

// judge records whether the advice given this step looked right.
func (s *episodeState) judge(advice grid.Action) {
	s.judged[s.nJudged%toolWindow] = judged{step: s.info.Steps, ok: s.suspect(advice) == ""}
	s.nJudged++
}

// toolRate is the success rate of the advice judged in the last toolWindow
// steps; with none it is 1: no recent evidence against the tool, so an
// agent that stopped asking asks again after a while.
func (s *episodeState) toolRate() (good, n int, rate float64) {
	for i := range min(s.nJudged, toolWindow) {
		if j := s.judged[i]; j.step > s.info.Steps-toolWindow {
			n++
			if j.ok {
				good++
			}
		}
	}
	if n == 0 {
		return 0, 0, 1
	}
	return good, n, float64(good) / float64(n)
}

func (s *episodeState) moved(a grid.Action, followed bool) {
	s.recent[s.nRecent%recentMoves] = a
	s.nRecent++
	s.lastFollowed = followed
}

func (s *episodeState) recentNames() []string {
	n := min(s.nRecent, recentMoves)
	out := make([]string, 0, n)
	for i := s.nRecent - n; i < s.nRecent; i++ {
		out = append(out, s.recent[i%recentMoves].String())
	}
	return out
}

// Reasonings of the rules and policies. They are constants so an offline
// run does not allocate per step.
const (
	whyFollow      = "follow: always does what the planner says"
	whyAlwaysAsk   = "follow: always asks the planner"
	whyNeverAsk    = "greedy: never asks the planner"
	whyGreedy      = "greedy: the open neighbour visited least, then nearest the goal"
	whyTakeAdvice  = "policy: nothing shows the planner's move is wrong, so take it"
	whyAskGood     = "policy: the planner's recent advice looked right more than half the time"
	whyAskNoData   = "policy: no advice judged in the last steps, so nothing against the planner"
	whySkipBad     = "policy: the planner's recent advice looked right half the time or less"
	whyGreedyNoAdv = "policy: no advice asked for; greedy with loop avoidance"
	whyGreedyBad   = "policy: the advice looks wrong; greedy with loop avoidance"
)

// greedyMove picks the open neighbour with the fewest visits, then the
// smallest Manhattan distance to the goal, then the lowest action number.
func greedyMove(s *episodeState) grid.Action {
	g, p, goal := s.obs.Grid, s.obs.Agent, s.obs.Goal
	best, bestKey := grid.NoAction, int(^uint(0)>>1)
	for _, a := range grid.Actions {
		if !g.CanMove(p, a) {
			continue
		}
		n := p.Add(a)
		key := s.env.Visits(n)<<32 | n.Manhattan(goal)
		if key < bestKey {
			best, bestKey = a, key
		}
	}
	if best == grid.NoAction {
		return grid.Up // boxed in: any move is a bump
	}
	return best
}

// toolUsePolicy asks when the planner's recent success rate is above 0.5.
func toolUsePolicy(s *episodeState) ToolUse {
	_, judged, rate := s.toolRate()
	switch {
	case judged == 0:
		return ToolUse{Ask: true, Reasoning: whyAskNoData}
	case rate > 0.5:
		return ToolUse{Ask: true, Reasoning: whyAskGood}
	default:
		return ToolUse{Ask: false, Reasoning: whySkipBad}
	}
}

// movePolicy takes the planner's advice unless it is evidently wrong (see
// suspect), and otherwise moves greedily with loop avoidance.
func movePolicy(s *episodeState, advice grid.Action) Move {
	switch {
	case advice == grid.NoAction:
		return Move{Action: greedyMove(s).String(), Reasoning: whyGreedyNoAdv}
	case s.suspect(advice) != "":
		return Move{Action: greedyMove(s).String(), Reasoning: whyGreedyBad}
	}
	return Move{Action: advice.String(), Reasoning: whyTakeAdvice}
}

// agent makes a step's two decisions, one node each in the step graph:
// toolUse whether to ask the planner, then, knowing its advice (NoAction
// when it was not asked), move. Both fill c.
type agent interface {
	toolUse(ctx context.Context, s *episodeState, c *choice) error
	move(ctx context.Context, s *episodeState, c *choice) error
}

// Why a rule agent's decisions came from no model, as their events say.
const (
	ruleFollow = "strategy follow decides by a fixed rule, not by a model"
	ruleGreedy = "strategy greedy decides by a fixed rule, not by a model"
)

type followAgent struct{}

func (followAgent) toolUse(ctx context.Context, _ *episodeState, c *choice) error {
	c.asked, c.toolSource, c.toolReasoning = true, sourceRule, whyAlwaysAsk
	emitPolicy(ctx, "ToolUse", ToolUse{Ask: true, Reasoning: whyAlwaysAsk}, ruleFollow)
	return nil
}

func (followAgent) move(ctx context.Context, s *episodeState, c *choice) error {
	c.action, c.moveSource, c.moveReasoning = c.advice, sourceRule, whyFollow
	if c.advice == grid.NoAction { // only at the goal, which ends the episode first
		c.action, c.moveReasoning = greedyMove(s), whyGreedy
	}
	emitPolicy(ctx, "Move", Move{Action: c.action.String(), Reasoning: c.moveReasoning}, ruleFollow)
	return nil
}

type greedyAgent struct{}

func (greedyAgent) toolUse(ctx context.Context, _ *episodeState, c *choice) error {
	c.toolSource, c.toolReasoning = sourceRule, whyNeverAsk
	emitPolicy(ctx, "ToolUse", ToolUse{Ask: false, Reasoning: whyNeverAsk}, ruleGreedy)
	return nil
}

func (greedyAgent) move(ctx context.Context, s *episodeState, c *choice) error {
	c.action, c.moveSource, c.moveReasoning = greedyMove(s), sourceRule, whyGreedy
	emitPolicy(ctx, "Move", Move{Action: c.action.String(), Reasoning: whyGreedy}, ruleGreedy)
	return nil
}

// emitPolicy reports a decision made without llm.Decide (a rule agent's,
// or the policy's move after a model move was rejected) as Decide reports
// its own: an event.Decision with the typed value, from the policy (a
// fixed rule is one), and why no model decided. Nothing is built when
// nobody listens.
// It is generic so that v is not boxed (an allocation per step) before
// the check.
func emitPolicy[T llm.Reasoner](ctx context.Context, name string, v T, why string) {
	if !event.Listening(ctx) {
		return
	}
	raw, _ := json.Marshal(v) // ToolUse and Move always marshal
	event.Emit(ctx, event.Event{Kind: event.Decision, Decision: &event.DecisionInfo{
		Name: name, Source: string(llm.FromPolicy), Reasoning: v.Reason(), Fallback: why, Value: raw,
	}})
}

// llmSolver asks Decide twice per step. With a nil model both decisions
// come from the policies. One serves one episode at a time.
type llmSolver struct {
	model   llm.Model
	timeout time.Duration // per decision, repairs included; zero: none
	system  string        // the system prompt of both decisions

	// The policies as Decide wants them, made once rather than per step;
	// they read the step's state and advice from here.
	s          *episodeState
	advice     grid.Action
	toolPolicy func(context.Context) (ToolUse, error)
	movePolicy func(context.Context) (Move, error)
}

func newLLMSolver(m llm.Model, timeout time.Duration) (*llmSolver, error) {
	a := &llmSolver{model: m, timeout: timeout}
	a.toolPolicy = func(context.Context) (ToolUse, error) { return toolUsePolicy(a.s), nil }
	a.movePolicy = func(context.Context) (Move, error) { return movePolicy(a.s, a.advice), nil }
	if m != nil {
		var err error
		if a.system, err = prompts.Render("system", nil); err != nil {
			return nil, err
		}
	}
	return a, nil
}

func (a *llmSolver) prompt(name, user string) llm.Prompt {
	return llm.Prompt{Name: name, System: a.system, User: user, Timeout: a.timeout, MaxRepairs: 2}
}

func (a *llmSolver) toolUse(ctx context.Context, s *episodeState, c *choice) error {
	g, p := s.obs.Grid, s.obs.Agent
	a.s = s
	tp := llm.Prompt{Name: "ToolUse", MaxRepairs: 2}
	if a.model != nil {
		good, judged, rate := s.toolRate()
		user, err := prompts.Render("tool_use", toolUseInput{
			Width: g.W, Height: g.H, Pos: p, Goal: s.obs.Goal, Distance: p.Manhattan(s.obs.Goal),
			Step: s.info.Steps + 1, StepLimit: s.info.StepLimit,
			Asked: s.asked, Good: good, Judged: judged, SuccessPct: 100 * rate, Recent: s.recentNames(),
		})
		if err != nil {
			return err
		}
		tp = a.prompt("ToolUse", user)
	}
	tu, err := llm.Decide(ctx, a.model, tp, a.toolPolicy)
	if err != nil {
		return fmt.Errorf("tool-use decision: %w", err)
	}
	c.count(tu.Source, tu.Usage, tu.Attempts)
	c.asked, c.toolSource, c.toolReasoning, c.toolFallback = tu.Value.Ask, string(tu.Source), tu.Reasoning, tu.Fallback
	return nil
}

func (a *llmSolver) move(ctx context.Context, s *episodeState, c *choice) error {
	g, p := s.obs.Grid, s.obs.Agent
	a.s, a.advice = s, c.advice
	mp := llm.Prompt{Name: "Move", MaxRepairs: 2}
	if a.model != nil {
		in := moveInput{Width: g.W, Height: g.H, Pos: p, Goal: s.obs.Goal, Recent: s.recentNames()}
		for _, act := range grid.Actions {
			if g.CanMove(p, act) {
				n := p.Add(act)
				in.Valid = append(in.Valid, act.String())
				in.Neighbours = append(in.Neighbours, neighbour{act.String(), n, n.Manhattan(s.obs.Goal), s.env.Visits(n)})
			}
		}
		if c.asked && c.advice != grid.NoAction {
			in.Advice = c.advice.String()
		}
		user, err := prompts.Render("move", in)
		if err != nil {
			return err
		}
		mp = a.prompt("Move", user)
	}
	mv, err := llm.Decide(ctx, a.model, mp, a.movePolicy)
	if err != nil {
		return fmt.Errorf("move decision: %w", err)
	}
	c.count(mv.Source, mv.Usage, mv.Attempts)
	act, perr := grid.ParseAction(mv.Value.Action)
	c.moveSource, c.moveReasoning, c.moveFallback = string(mv.Source), mv.Reasoning, mv.Fallback
	switch {
	case mv.Source == llm.FromModel && (perr != nil || !g.CanMove(p, act)):
		// The model's move is not legal in this maze: reject it, count it
		// and let the policy decide.
		c.rejected++
		c.modelDecisions--
		c.policyDecisions++
		pm := movePolicy(s, c.advice)
		act, _ = grid.ParseAction(pm.Action)
		c.moveSource, c.moveReasoning = string(llm.FromPolicy), pm.Reasoning
		c.moveFallback = fmt.Sprintf("model move %q from (%d,%d) hits a wall or leaves the grid; rejected", mv.Value.Action, p.X, p.Y)
		emitPolicy(ctx, "Move", pm, c.moveFallback)
	case perr != nil:
		return fmt.Errorf("move policy: %w", perr)
	}
	c.action = act
	return nil
}

func (c *choice) count(src llm.Source, u llm.Usage, attempts int) {
	if src == llm.FromModel {
		c.modelDecisions++
	} else {
		c.policyDecisions++
	}
	c.promptTokens += u.PromptTokens
	c.completionTokens += u.CompletionTokens
	c.modelCalls += attempts
}

func newAgent(s Strategy, m llm.Model, timeout time.Duration) (agent, error) {
	switch s {
	case Follow:
		return followAgent{}, nil
	case Greedy:
		return greedyAgent{}, nil
	case LLMSolver:
		a, err := newLLMSolver(m, timeout)
		if err != nil {
			return nil, err
		}
		return a, nil
	}
	return nil, fmt.Errorf("strategy %q: want follow, greedy or llm_solver", s)
}
