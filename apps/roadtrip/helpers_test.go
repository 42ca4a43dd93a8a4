package roadtrip

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/tool"
	"github.com/cairn-agents/cairn/understand"
)

var (
	mcpOnce sync.Once
	mcpReg  *tool.Registry
	mcpErr  error
)

// engine loads the embedded maps data once for all tests.
func engine(t testing.TB) *geo.Engine {
	t.Helper()
	return geotest.Engine(t)
}

// mcpTools serves the offline maps over MCP once for all tests (the
// server lives until the test binary exits).
func mcpTools(t testing.TB) *tool.Registry {
	t.Helper()
	e := engine(t)
	mcpOnce.Do(func() { mcpReg, _, mcpErr = mapstool.Serve(context.Background(), e, nil) })
	if mcpErr != nil {
		t.Fatal(mcpErr)
	}
	return mcpReg
}

// benchDir is ../shared/benchmarks/mcp-universe/location_navigation
// beside the repository root, or "" when absent.
func benchDir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
	d := filepath.Join(filepath.Dir(dir), "shared", "benchmarks", "mcp-universe", "location_navigation")
	if _, err := os.Stat(d); err != nil {
		return ""
	}
	return d
}

// loadTask reads a task file as the planner and the scorer read it.
func loadTask(t testing.TB, path string) locnav.Task {
	t.Helper()
	tk, err := locnav.ReadTask(path)
	if err != nil {
		t.Fatal(err)
	}
	return tk
}

// gazetteer is the embedded data's gazetteer, built once.
func gazetteer(t testing.TB) *geo.Gazetteer {
	t.Helper()
	return geotest.Gazetteer(t)
}

// readOptions read questions as the offline planner does: with the
// embedded gazetteer, preferring the regions its maps cover.
func readOptions(t testing.TB) understand.Options {
	g := gazetteer(t)
	return understand.Options{Gazetteer: g, Prefer: g.Covered()}
}

// policySpec is the understanding policy's reading of a question.
func policySpec(t testing.TB, q string, format json.RawMessage) taskSpec {
	t.Helper()
	return readSpec(locnav.Task{Question: q, OutputFormat: format}, readOptions(t))
}

// newPlanner is New(tools, o), failing t on error; it reads questions
// with the offline gazetteer unless o names one.
func newPlanner(t testing.TB, tools *tool.Registry, o Options) *Planner {
	t.Helper()
	if o.Gazetteer == nil {
		r := readOptions(t)
		o.Gazetteer, o.Prefer = r.Gazetteer, r.Prefer
	}
	p, err := New(tools, o)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mapsClient(reg *tool.Registry) *mapstool.Client { return &mapstool.Client{Caller: reg} }
