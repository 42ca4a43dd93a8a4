package maze

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/apps/maze/grid"
	"github.com/cairn-agents/cairn/mcp"
	"github.com/cairn-agents/cairn/tool"
)

func callPlanner(t *testing.T, args string) (PlanResult, error) {
	t.Helper()
	pt, err := PlannerTool()
	if err != nil {
		t.Fatal(err)
	}
	reg, err := tool.NewRegistry(pt)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := reg.Call(context.Background(), PlannerToolName, json.RawMessage(args))
	if err != nil {
		return PlanResult{}, err
	}
	var r PlanResult
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	return r, nil
}

func TestPlannerTool(t *testing.T) {
	r, err := callPlanner(t, `{"rows": ["S.#", "#.#", "#.G"]}`)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Found || r.Length != 4 || strings.Join(r.Moves, ",") != "right,down,down,right" || len(r.Path) != 5 {
		t.Errorf("plan %+v", r)
	}
	r, err = callPlanner(t, `{"rows": ["S.#", "#.#", "#.G"], "from": {"x": 1, "y": 2}, "to": {"x": 1, "y": 0}}`)
	if err != nil || r.Length != 2 || strings.Join(r.Moves, ",") != "up,up" {
		t.Errorf("from/to plan %+v %v", r, err)
	}
	r, err = callPlanner(t, `{"rows": ["S#.", "##.", "..G"]}`)
	if err != nil || r.Found || r.Length != -1 || r.Reason == "" || len(r.Path) != 0 {
		t.Errorf("walled-off plan %+v %v", r, err)
	}
	for _, tc := range []struct{ args, want string }{
		{`{"rows": ["S.x", "..G"]}`, "unknown cell"},
		{`{"rows": ["S..", "..G"], "to": {"x": 9, "y": 0}}`, "to: (9,0) is outside"},
		{`{"rows": ["S..", "G"]}`, "row 1"},
		{`{}`, "rows"},
	} {
		_, err := callPlanner(t, tc.args)
		if !errors.Is(err, tool.ErrBadArgs) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want bad args naming %q", tc.args, err, tc.want)
		}
	}
}

func TestPlannerOverMCP(t *testing.T) {
	pt, err := PlannerTool()
	if err != nil {
		t.Fatal(err)
	}
	reg, _ := tool.NewRegistry(pt)
	srv, err := mcp.NewServer(reg, &mcp.ServerOptions{Name: "cairn-maze"})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cl, err := mcp.Connect(ctx, hs.URL+"/mcp", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	raw, err := cl.Call(ctx, PlannerToolName, json.RawMessage(`{"rows": ["S..", "##.", "G.."]}`))
	if err != nil {
		t.Fatal(err)
	}
	var r PlanResult
	if err := json.Unmarshal(raw, &r); err != nil || !r.Found || r.Length != 6 {
		t.Errorf("over MCP: %s (%v)", raw, err)
	}
	if _, err := cl.Call(ctx, PlannerToolName, json.RawMessage(`{"rows": ["S?G"]}`)); err == nil || !strings.Contains(err.Error(), "unknown cell") {
		t.Errorf("bad maze over MCP: %v", err)
	}
}

// FuzzPlan feeds arbitrary mazes to the planner tool: it must answer or
// refuse with bad arguments, never panic, and any path it returns must be
// a legal walk.
func FuzzPlan(f *testing.F) {
	f.Add("S.#\n#.#\n#.G", 0, 0, 2, 2)
	f.Add("S#.\n##.\n..G", 0, 0, 2, 2)
	f.Add("SG", 5, -1, 0, 0)
	f.Fuzz(func(t *testing.T, maze string, fx, fy, tx, ty int) {
		args := PlanArgs{Rows: strings.Split(maze, "\n"), From: &grid.Pos{X: fx, Y: fy}, To: &grid.Pos{X: tx, Y: ty}}
		r, err := Plan(context.Background(), args)
		if err != nil {
			if !errors.Is(err, tool.ErrBadArgs) {
				t.Fatalf("error not bad args: %v", err)
			}
			return
		}
		if !r.Found {
			return
		}
		g, _ := grid.Parse(args.Rows)
		if r.Path[0] != *args.From || r.Path[len(r.Path)-1] != *args.To || len(r.Moves) != r.Length {
			t.Fatalf("plan %+v", r)
		}
		for i, p := range r.Path {
			if !g.Open(p) || i > 0 && p.Manhattan(r.Path[i-1]) != 1 {
				t.Fatalf("illegal path %v", r.Path)
			}
		}
	})
}
