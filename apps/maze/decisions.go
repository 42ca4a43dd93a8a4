package maze

import (
	"embed"
	"errors"
	"strings"

	"github.com/cairn-agents/cairn/apps/maze/grid"
	"github.com/cairn-agents/cairn/llm"
)

// ToolUse is the llm_solver's first decision each step: ask the planner or
// not.
type ToolUse struct {
	Ask       bool   `json:"ask"`
	Reasoning string `json:"reasoning"`
}

// Validate requires a reason.
func (t ToolUse) Validate() error {
	if strings.TrimSpace(t.Reasoning) == "" {
		return errors.New("reasoning: empty; say in one sentence why you ask or not")
	}
	return nil
}

// Reason returns the reasoning.
func (t ToolUse) Reason() string { return t.Reasoning }

// Move is the llm_solver's second decision each step: which way to go.
// Validate checks the action's spelling only; whether it hits a wall is
// checked against the maze after Decide (see llmSolver), where a rejected
// move is counted and the policy decides.
type Move struct {
	Action    string `json:"action" enum:"up,down,left,right"`
	Reasoning string `json:"reasoning"`
}

// Validate requires one of the four actions.
func (m Move) Validate() error {
	if _, err := grid.ParseAction(m.Action); err != nil {
		return err
	}
	return nil
}

// Reason returns the reasoning.
func (m Move) Reason() string { return m.Reasoning }

//go:embed prompts/*.tmpl
var promptFiles embed.FS

var prompts = llm.MustParseTemplates(promptFiles, "prompts/*.tmpl")

// toolUseInput is what the ToolUse prompt shows the model.
type toolUseInput struct {
	Width, Height   int
	Pos, Goal       grid.Pos
	Distance        int // Manhattan
	Step, StepLimit int
	Asked           int // times the planner was asked so far
	Good, Judged    int // of the advice judged in recent steps, how much looked right
	SuccessPct      float64
	Recent          []string
}

// neighbour is one open move as the Move prompt shows it.
type neighbour struct {
	Action   string
	Pos      grid.Pos
	Distance int
	Visits   int
}

// moveInput is what the Move prompt shows the model.
type moveInput struct {
	Width, Height int
	Pos, Goal     grid.Pos
	Valid         []string
	Neighbours    []neighbour
	Recent        []string
	Advice        string // empty when the planner was not asked
}
