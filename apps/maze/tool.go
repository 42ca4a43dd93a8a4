package maze

import (
	"context"
	"fmt"

	"github.com/cairn-agents/cairn/apps/maze/grid"
	"github.com/cairn-agents/cairn/tool"
)

// PlannerToolName is the A* planner's name in a tool registry and over MCP.
const PlannerToolName = "maze_astar"

// PlanArgs are the planner tool's arguments.
type PlanArgs struct {
	Rows []string  `json:"rows" jsonschema:"the maze, one string per row: # wall, . open, S start, G goal"`
	From *grid.Pos `json:"from,omitempty" jsonschema:"start cell (x column, y row); default the S cell"`
	To   *grid.Pos `json:"to,omitempty" jsonschema:"goal cell; default the G cell"`
}

// PlanResult is the planner tool's answer. When no path exists Found is
// false, Path is empty and Reason says why.
type PlanResult struct {
	Found  bool       `json:"found"`
	Length int        `json:"length"` // moves; -1 when not found
	Moves  []string   `json:"moves"`
	Path   []grid.Pos `json:"path"`
	Reason string     `json:"reason,omitempty"`
}

// Plan runs A* on a maze drawn as rows.
func Plan(_ context.Context, a PlanArgs) (PlanResult, error) {
	g, err := grid.Parse(a.Rows)
	if err != nil {
		return PlanResult{}, tool.BadArgs(PlannerToolName, fmt.Errorf("rows: %w", err))
	}
	from, to := g.Start, g.Goal
	if a.From != nil {
		from = *a.From
	}
	if a.To != nil {
		to = *a.To
	}
	for _, c := range []struct {
		name string
		p    grid.Pos
	}{{"from", from}, {"to", to}} {
		if !g.In(c.p) {
			return PlanResult{}, tool.BadArgs(PlannerToolName, fmt.Errorf("%s: (%d,%d) is outside the %d×%d maze", c.name, c.p.X, c.p.Y, g.W, g.H))
		}
		if !g.Open(c.p) {
			return PlanResult{Length: -1, Moves: []string{}, Path: []grid.Pos{}, Reason: fmt.Sprintf("%s (%d,%d) is a wall", c.name, c.p.X, c.p.Y)}, nil
		}
	}
	var p grid.Planner
	path := p.Path(g, from, to)
	if path == nil {
		return PlanResult{Length: -1, Moves: []string{}, Path: []grid.Pos{}, Reason: "no path: the walls separate from and to"}, nil
	}
	moves := make([]string, 0, len(path)-1)
	for i := 1; i < len(path); i++ {
		d := grid.Pos{X: path[i].X - path[i-1].X, Y: path[i].Y - path[i-1].Y}
		for _, act := range grid.Actions {
			if (grid.Pos{}).Add(act) == d {
				moves = append(moves, act.String())
			}
		}
	}
	return PlanResult{Found: true, Length: len(path) - 1, Moves: moves, Path: path}, nil
}

// PlannerTool is the A* planner as a tool.Tool, for a registry or an MCP
// server: 4-neighbour moves, Manhattan heuristic, an optimal path.
func PlannerTool() (tool.Tool, error) {
	return tool.New(PlannerToolName,
		"Finds a shortest path through a grid maze with A* (4-neighbour moves). Give the maze as rows of # (wall), . (open), S (start), G (goal).",
		Plan)
}
