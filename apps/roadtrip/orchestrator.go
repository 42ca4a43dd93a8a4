package roadtrip

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/understand"
)

// nextAction is the orchestrator's decision: a thought, the action to take
// now and, optionally, the actions to take after it if all goes well (so a
// model is asked again only when something goes wrong).
type nextAction struct {
	Thought string   `json:"thought" jsonschema:"one or two sentences: what is missing from the answer"`
	Action  string   `json:"action" jsonschema:"plan_routes, search_places, get_elevations or answer"`
	Then    []string `json:"then,omitempty" jsonschema:"the actions to run after this one, in order"`
}

// Reason returns the thought.
func (a nextAction) Reason() string { return a.Thought }

// orchestratorPrompt is what prompts/orchestrator_user.tmpl shows.
type orchestratorPrompt struct {
	Question, Keys, Done, Valid string
	History                     string // the last few steps, one line each
}

// understandPrompt is what prompts/understand_user.tmpl shows.
type understandPrompt struct{ Question, Format string }

// understand is the question-understanding decision.
func (p *Planner) understand(ctx context.Context, s state) (state, error) {
	t := s.Task
	policy := readSpec(t, p.read)
	spec, fromModel := policy, false
	if policy.Family != locnav.MultiServer || len(t.Servers) == 0 {
		d, err := decide(ctx, p, "understand", "Understanding", func() any {
			return understandPrompt{Question: t.Question, Format: string(t.OutputFormat)}
		}, nil, policy)
		if err != nil {
			return s, err
		}
		spec, fromModel = d.Value, d.Source == llm.FromModel
	}
	// From the format and the policy, never from a model.
	spec.Keys, spec.Format, spec.Unknown, spec.Notes, spec.Readings = policy.Keys, policy.Format, policy.Unknown, policy.Notes, policy.Readings
	if why := grounded(spec, policy, t.Question); fromModel && why != "" {
		s.Notes = append(s.Notes, "understanding model's reading rejected ("+why+"); the parser's is used")
		spec = policy
	}
	if policy.Family == locnav.MultiServer {
		spec.Family, spec.Unsupported = policy.Family, policy.Unsupported
	}
	s.Spec = &spec
	for _, n := range spec.Notes {
		addNote(&s, n)
	}
	if spec.Unsupported != "" {
		s.Notes = append(s.Notes, "unsupported: "+spec.Unsupported)
	} else if err := spec.Validate(); errors.Is(err, errUnclear) {
		// Nothing to plan: the answer is the format's empty one.
		s.Unclear = err.Error()
		addNote(&s, err.Error())
	}
	return s, nil
}

// grounded says why a model's understanding cannot be right, "" when it
// may be: its family must be the one the output format implies, and every
// place it names must be written in the question (or be the region the
// policy read a code as: "DE" is Delaware).
func grounded(m, policy taskSpec, question string) string {
	if m.Family != policy.Family && (len(m.Keys) > 0 || policy.Family == locnav.MultiServer) {
		return fmt.Sprintf("family %s, but the question and format say %s", m.Family, policy.Family)
	}
	q := strings.ToLower(question)
	read := map[string]bool{}
	for _, n := range specNames(policy) {
		for _, part := range strings.Split(n, ",") {
			read[strings.ToLower(strings.TrimSpace(part))] = true
		}
	}
	for _, n := range specNames(m) {
		// Each part of "Dover, Delaware" must be written, or be a name
		// the policy read ("Dover, DE").
		for _, part := range strings.Split(n, ",") {
			part = strings.ToLower(strings.TrimSpace(part))
			if part == "" || strings.Contains(q, part) || read[part] {
				continue
			}
			return fmt.Sprintf("%q is not in the question", strings.TrimSpace(n))
		}
	}
	return ""
}

// specNames are the places a spec names.
func specNames(s taskSpec) []string {
	names := append([]string{s.Start, s.End, s.Area, s.Region}, s.Include...)
	names = append(names, s.Avoid...)
	for _, l := range s.Legs {
		names = append(names, l.From, l.To)
	}
	for _, o := range s.Origins {
		names = append(names, o.Place)
	}
	for _, d := range s.Directions {
		names = append(names, d.Ref)
	}
	return names
}

// think decides the next action: it follows the pending plan while actions
// succeed and otherwise asks the orchestrator decision.
func (p *Planner) think(ctx context.Context, s state) (state, error) {
	if len(s.Pending) > 0 && !s.Failed && s.Next != "" {
		s.Next, s.Pending = s.Pending[0], s.Pending[1:]
		s.Thought = "the last action went as planned; next in the plan"
		emitThought(ctx, s)
		return p.checkNext(s), nil
	}
	spec := s.Spec
	if spec == nil { // the first thought runs beside understanding
		r := readSpec(s.Task, understand.Options{}) // no gazetteer: the family and keys are all it needs
		spec = &r
	}
	plan := missing(s, spec)
	d, err := decide(ctx, p, "orchestrator", "NextAction", func() any {
		return orchestratorPrompt{Question: s.Task.Question, Keys: strings.Join(spec.Keys, ", "), Done: strings.Join(s.Done, ", "),
			History: lastSteps(s.History, 3), Valid: strings.Join(validActions(s), ", ")}
	}, nil, nextAction{Thought: planThought(s, spec, plan), Action: plan[0], Then: plan[1:]})
	if err != nil {
		return s, err
	}
	s.Thought, s.Next = d.Value.Thought, strings.TrimSpace(d.Value.Action)
	s.Pending = nil
	for _, a := range d.Value.Then {
		if slices.Contains(allActions, a) {
			s.Pending = append(s.Pending, a)
		}
	}
	s.Failed = false
	emitThought(ctx, s)
	return p.checkNext(s), nil
}

func emitThought(ctx context.Context, s state) {
	event.Emit(ctx, event.Event{Kind: event.Note, Message: fmt.Sprintf("Thought: %s → %s", short(s.Thought, 160), s.Next)})
}

// checkNext turns an invalid action into an observation that lists the
// valid ones; the run then goes back to think.
func (p *Planner) checkNext(s state) state {
	valid := validActions(s)
	if slices.Contains(valid, s.Next) {
		return s
	}
	obs := fmt.Sprintf("invalid action %q; valid actions now: %s", s.Next, strings.Join(valid, ", "))
	if failedBefore(s, s.Next) {
		obs = fmt.Sprintf("action %q already failed with the same inputs and is not retried; valid actions now: %s", s.Next, strings.Join(valid, ", "))
	}
	s.History = append(s.History, step{Thought: s.Thought, Action: s.Next, Observation: obs})
	s.Next, s.Pending = "", nil
	return s
}

// validActions are the actions that make sense in s: each needs what the
// one before it makes, and answer waits until nothing the policy can
// still make is missing (or an action failed).
func validActions(s state) []string {
	spec := s.Spec
	if spec == nil {
		r := readSpec(s.Task, understand.Options{})
		spec = &r
	}
	var out []string
	add := func(a string) {
		if !failedBefore(s, a) {
			out = append(out, a)
		}
	}
	add(actPlanRoutes)
	if slices.Contains(s.Done, actPlanRoutes) {
		add(actSearchPlaces)
	}
	if slices.Contains(s.Done, actSearchPlaces) && spec.Family == locnav.RoadTrip {
		add(actGetElevations)
	}
	if len(missing(s, spec)) == 1 {
		out = append(out, actAnswer)
	}
	return out
}

// missing is the policy: the pieces of the answer still missing, in the
// order they can be made. A failed action ends the plan at answer, and so
// does a missing piece whose action already failed on the same inputs
// (each action needs what the one before it makes).
func missing(s state, spec *taskSpec) []string {
	if spec.Family == locnav.MultiServer || s.Failed || s.Unclear != "" {
		return []string{actAnswer}
	}
	var out []string
	need := func(a string) bool {
		if slices.Contains(s.Done, a) {
			return true
		}
		if failedBefore(s, a) {
			return false
		}
		out = append(out, a)
		return true
	}
	needPlaces := spec.Family != locnav.RoadTrip || spec.RestStops > 0 || spec.Viewpoints > 0
	_ = need(actPlanRoutes) &&
		(!needPlaces || need(actSearchPlaces)) &&
		(spec.Family != locnav.RoadTrip || spec.Viewpoints == 0 || need(actGetElevations))
	return append(out, actAnswer)
}

// failedKey names action a with the inputs it reads from s: the
// understanding and what the actions before it made.
func failedKey(s state, a string) string {
	b, _ := json.Marshal(struct {
		Spec *taskSpec
		Done []string
	}{s.Spec, s.Done})
	h := sha256.Sum256(b)
	return a + ":" + hex.EncodeToString(h[:8])
}

// failedBefore says whether a already failed on the inputs s holds.
func failedBefore(s state, a string) bool {
	return len(s.Tried) > 0 && slices.Contains(s.Tried, failedKey(s, a))
}

func planThought(s state, spec *taskSpec, plan []string) string {
	if s.Failed {
		return "the last action failed; answering with what the state holds"
	}
	if spec.Family == locnav.MultiServer {
		return "unsupported: " + spec.Unsupported
	}
	return fmt.Sprintf("%s task; still missing: %s", spec.Family, strings.Join(plan, " → "))
}

func lastSteps(h []step, n int) string {
	var b strings.Builder
	for _, st := range h[max(0, len(h)-n):] {
		fmt.Fprintf(&b, "- %s: %s\n", st.Action, short(st.Observation, 300))
	}
	return b.String()
}
