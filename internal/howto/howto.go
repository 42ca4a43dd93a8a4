// Package howto is the small system that docs/architecture.md walks
// through: a support-ticket triage desk with one typed decision (Triage,
// asked of a model, decided by a keyword policy otherwise), one tool (the
// on-call roster) and a three-node flow graph. It exists to keep that
// walkthrough compiling and tested; no command uses it.
package howto

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
)

// ErrEmptyTicket is returned by Desk.Ask for a ticket with no text.
var ErrEmptyTicket = errors.New("ticket is empty")

// Queue is the team a ticket goes to. It implements llm.Enumer, so a
// decision schema only accepts these values.
type Queue string

// The queues.
const (
	Billing Queue = "billing"
	Outage  Queue = "outage"
	Other   Queue = "other"
)

// Enum lists the values a model may choose.
func (Queue) Enum() []string { return []string{string(Billing), string(Outage), string(Other)} }

// Triage is the typed decision: which queue, how urgent, and why.
type Triage struct {
	Queue     Queue  `json:"queue" jsonschema:"the team that should handle the ticket"`
	Urgent    bool   `json:"urgent" jsonschema:"true only when the customer cannot work at all"`
	Reasoning string `json:"reasoning" jsonschema:"one sentence on why"`
}

// Validate holds the rule the schema cannot say; a model reply breaking it
// is sent back for repair.
func (t Triage) Validate() error {
	if t.Urgent && t.Queue == Other {
		return errors.New(`an urgent ticket needs the billing or outage queue, not "other"`)
	}
	return nil
}

// Reason gives Decide the decision's reasoning.
func (t Triage) Reason() string { return t.Reasoning }

// Policy is the deterministic triage used when no model answers: keyword
// rules over the ticket text.
func Policy(ticket string) Triage {
	s := strings.ToLower(ticket)
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(s, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has("down", "outage", "cannot log in", "500"):
		return Triage{Queue: Outage, Urgent: has("down", "cannot"), Reasoning: "the ticket reports a failure of the service"}
	case has("invoice", "refund", "charged", "billing"):
		return Triage{Queue: Billing, Reasoning: "the ticket is about money"}
	}
	return Triage{Queue: Other, Reasoning: "no rule matched"}
}

// State is the graph's state. Every field is exported and JSON-tagged:
// checkpoints and parallel merges work on its JSON form.
type State struct {
	Ticket string `json:"ticket"`
	Triage Triage `json:"triage"`
	// Source is "model" or "policy"; Fallback says why the policy decided.
	Source   string `json:"source"`
	Fallback string `json:"fallback,omitempty"`
	// OnCall comes from the roster tool; when it is empty, Missing says why.
	OnCall  string `json:"onCall,omitempty"`
	Missing string `json:"missing,omitempty"`
	Answer  string `json:"answer"`
}

// Desk answers tickets. It is safe for concurrent use.
type Desk struct {
	models llm.Models
	tools  *tool.Registry
	runner *flow.Runner[State]
}

type rosterIn struct {
	Queue Queue `json:"queue" jsonschema:"the queue whose on-call engineer to look up"`
}

type rosterOut struct {
	Engineer string `json:"engineer"`
}

// New returns a Desk whose decisions use models (nil: policies decide
// everything) and whose roster tool answers from roster.
func New(models llm.Models, roster map[Queue]string) (*Desk, error) {
	oncall, err := tool.New("oncall", "Who is on call for a queue.",
		func(_ context.Context, in rosterIn) (rosterOut, error) {
			name, ok := roster[in.Queue]
			if !ok {
				return rosterOut{}, fmt.Errorf("no one is on call for queue %q", in.Queue)
			}
			return rosterOut{Engineer: name}, nil
		})
	if err != nil {
		return nil, err
	}
	// Events first, so every call emits one tool_call event.
	reg, err := tool.NewRegistry(tool.Chain(oncall, tool.Events(0)))
	if err != nil {
		return nil, err
	}
	d := &Desk{models: models, tools: reg}

	g := flow.New[State]("helpdesk")
	g.Node("classify", d.classify)
	g.Node("lookup", d.lookup)
	g.Node("answer", answer)
	g.Start("classify")
	g.Branch("classify", func(s State) string {
		if s.Triage.Queue == Other {
			return "answer"
		}
		return "lookup"
	}, "lookup", "answer")
	g.Edge("lookup", "answer")
	g.Edge("answer", flow.End)
	if d.runner, err = g.Build(); err != nil {
		return nil, err
	}
	return d, nil
}

// Graph describes the desk's flow graph.
func (d *Desk) Graph() flow.Info { return d.runner.Info() }

// Ask triages one ticket. The run's events go to the event sink in ctx.
func (d *Desk) Ask(ctx context.Context, ticket string) (State, error) {
	if strings.TrimSpace(ticket) == "" {
		return State{}, ErrEmptyTicket
	}
	s, _, err := d.runner.RunToEnd(ctx, State{Ticket: ticket})
	return s, err
}

func (d *Desk) model(role string) llm.Model {
	if d.models == nil {
		return nil
	}
	return d.models.For(role)
}

func (d *Desk) classify(ctx context.Context, s State) (State, error) {
	in := promptInput{Ticket: s.Ticket, Queues: Queue("").Enum()}
	sys, err := prompts.Render("classify", in)
	if err != nil {
		return s, err
	}
	user, err := prompts.Render("classify_user", in)
	if err != nil {
		return s, err
	}
	dec, err := llm.Decide(ctx, d.model("triage"), llm.Prompt{Name: "Triage", System: sys, User: user, MaxRepairs: 2},
		func(context.Context) (Triage, error) { return Policy(s.Ticket), nil })
	if err != nil {
		return s, err
	}
	s.Triage, s.Source, s.Fallback = dec.Value, string(dec.Source), dec.Fallback
	return s, nil
}

func (d *Desk) lookup(ctx context.Context, s State) (State, error) {
	args, err := json.Marshal(rosterIn{Queue: s.Triage.Queue})
	if err != nil {
		return s, err
	}
	res, err := d.tools.Call(ctx, "oncall", args)
	if err != nil {
		// Missing data is an empty field and a reason, not a failed run.
		s.Missing = err.Error()
		return s, nil
	}
	var out rosterOut
	if err := json.Unmarshal(res, &out); err != nil {
		return s, fmt.Errorf("oncall result: %w", err)
	}
	s.OnCall = out.Engineer
	return s, nil
}

func answer(_ context.Context, s State) (State, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "queue %s", s.Triage.Queue)
	if s.Triage.Urgent {
		b.WriteString(", urgent")
	}
	switch {
	case s.OnCall != "":
		fmt.Fprintf(&b, "; on call: %s", s.OnCall)
	case s.Missing != "":
		fmt.Fprintf(&b, "; on call unknown: %s", s.Missing)
	}
	s.Answer = b.String()
	return s, nil
}

//go:embed prompts/*.tmpl
var promptFS embed.FS

var prompts = llm.MustParseTemplates(promptFS, "prompts/*.tmpl")

type promptInput struct {
	Ticket string
	Queues []string
}
