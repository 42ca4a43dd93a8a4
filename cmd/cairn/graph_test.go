package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/trace"
)

func TestGraphPrintsEverySystem(t *testing.T) {
	out, _, err := runCairn(t, "graph")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range systemGraphs {
		if !strings.Contains(out, s.name+" ") {
			t.Errorf("list lacks %s:\n%s", s.name, out)
		}
		info, err := s.info()
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		for _, format := range graphFormats {
			out, _, err := runCairn(t, "graph", s.name, "--format", format)
			if err != nil {
				t.Fatalf("graph %s --format %s: %v", s.name, format, err)
			}
			for _, n := range info.Nodes {
				if !strings.Contains(out, n.Name) {
					t.Errorf("graph %s --format %s lacks node %s", s.name, format, n.Name)
				}
			}
		}
	}
	out, _, err = runCairn(t, "graph", "ocean", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var info flow.Info
	if err := json.Unmarshal([]byte(out), &info); err != nil || info.Name != "ocean" || info.Start != "dispatch" {
		t.Errorf("json: %v, %+v", err, info)
	}
	if _, _, err := runCairn(t, "graph", "nope"); err == nil || !strings.Contains(err.Error(), "roadtrip") {
		t.Errorf("unknown system: err = %v, want one listing the systems", err)
	}
	if _, _, err := runCairn(t, "graph", "ocean", "--format", "png"); err == nil || !strings.Contains(err.Error(), "mermaid") {
		t.Errorf("bad format: err = %v", err)
	}
}

func TestGraphDrawsEveryKindOfEdge(t *testing.T) {
	info := flow.Info{Name: "g", Start: "a",
		Nodes: []flow.NodeInfo{{Name: "a"}, {Name: "end"}, {Name: "b", Timeout: time.Second, Attempts: 3, OnError: true}, {Name: "c", Limit: 2}},
		Edges: []flow.EdgeInfo{
			{From: "a", To: "end", Kind: flow.EdgeParallel}, {From: "a", To: "b", Kind: flow.EdgeParallel},
			{From: "end", To: "c", Kind: flow.EdgeJoin}, {From: "b", To: "c", Kind: flow.EdgeJoin},
			{From: "c", To: "a", Kind: flow.EdgeBranch}, {From: "c", To: flow.End, Kind: flow.EdgeBranch},
			{From: "c", To: flow.End, Kind: flow.EdgeLimit},
		},
		Reducers: []string{"notes"},
	}
	m := mermaidGraph(info, nil)
	for _, want := range []string{
		"flowchart TD\n",
		`n1["end"]`,  // a reserved word is not an ID
		"a ==> n1\n", // parallel
		"b --> c\n",  // join
		"c -.-> a\n", // branch
		`c -->|"after 2"| __end__`,
		`c["c<br/>reduces notes"]`,
		`b["b<br/>timeout 1s<br/>3 attempts<br/>failure → state"]`,
	} {
		if !strings.Contains(m, want) {
			t.Errorf("mermaid lacks %q:\n%s", want, m)
		}
	}
	d := dotGraph(info, nil)
	for _, want := range []string{`digraph "g" {`, "a -> n1 [style=bold];", "c -> a [style=dashed];", `c -> __end__ [label="after 2"];`, `label="c\nreduces notes"`} {
		if !strings.Contains(d, want) {
			t.Errorf("dot lacks %q:\n%s", want, d)
		}
	}
}

// writeEvents writes events as a JSONL trace and returns its path.
func writeEvents(t *testing.T, evs []event.Event) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "run.jsonl")
	w, err := trace.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		w.Emit(e)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestTraceShowGraphMarksThePath(t *testing.T) {
	node := func(run, name string, step int) event.Event {
		return event.Event{RunID: run, Kind: event.NodeStart, Node: name, Step: step}
	}
	var evs []event.Event
	// Two ocean runs through dispatch and plan to the agents, the second
	// failed in synthesis.
	for _, run := range []string{"r1", "r2"} {
		evs = append(evs, event.Event{RunID: run, Kind: event.RunStart, Message: "ocean"},
			node(run, "dispatch", 1), node(run, "plan", 2), node(run, "query", 3), node(run, "sql", 3), node(run, "duckdb", 3),
			node(run, "rag", 3), node(run, "general", 3), node(run, "synthesize", 4))
		end := event.Event{RunID: run, Kind: event.RunEnd}
		if run == "r2" {
			end.Err = "synthesis: boom"
		}
		evs = append(evs, end)
	}
	// A roadtrip run whose think loop hit its limit.
	evs = append(evs, event.Event{RunID: "t1", Kind: event.RunStart, Message: "roadtrip"},
		node("t1", "begin", 1), node("t1", "plan", 2), node("t1", "understand", 2), node("t1", "dispatch", 3))
	step := 4
	for range 9 {
		evs = append(evs, node("t1", "think", step))
		step++
	}
	evs = append(evs, node("t1", "answer", step), event.Event{RunID: "t1", Kind: event.RunEnd})
	path := writeEvents(t, evs)

	out, _, err := runCairn(t, "trace", "show", "--graph=json", path)
	if err != nil {
		t.Fatal(err)
	}
	var reports []pathReport
	if err := json.Unmarshal([]byte(out), &reports); err != nil || len(reports) != 2 {
		t.Fatalf("%v: %s", err, out)
	}
	oc, rt := reports[0], reports[1]
	if oc.Name != "ocean" || oc.Runs != 2 || oc.Ended != 1 || oc.Visits["dispatch"] != 2 || oc.Visits["synthesize"] != 2 {
		t.Errorf("ocean: %+v", oc)
	}
	taken := func(r pathReport) map[string]int {
		m := map[string]int{}
		for _, e := range r.Taken {
			m[e.From+" "+string(e.Kind)+" "+e.To] = e.Count
		}
		return m
	}
	if m := taken(oc); m["plan parallel sql"] != 2 || m["dispatch edge plan"] != 2 || m["rag join synthesize"] != 2 || m["synthesize edge END"] != 1 {
		t.Errorf("ocean edges taken: %v", m)
	}
	m := taken(rt)
	if m["think branch think"] != 8 || m["think limit answer"] != 1 || m["think branch answer"] != 0 || m["dispatch branch think"] != 1 {
		t.Errorf("roadtrip edges taken (think loops 8 times, then its limit sends it to answer): %v", m)
	}
	if rt.Visits["think"] != 9 || rt.Visits["plan_routes"] != 0 {
		t.Errorf("roadtrip visits: %v", rt.Visits)
	}

	out, _, err = runCairn(t, "trace", "show", "--graph", "--run", "t1", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`think["think ×9"]`, `think -->|"after 9 ×1"| answer`, `think -.->|"×8"| think`, "classDef visited", "class __start__,begin,"} {
		if !strings.Contains(out, want) {
			t.Errorf("mermaid lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "ocean") || strings.Contains(out, "synthesize") {
		t.Errorf("--run t1 drew other runs:\n%s", out)
	}

	unknown := writeEvents(t, []event.Event{{RunID: "x", Kind: event.RunStart, Message: "mystery"}})
	if _, _, err := runCairn(t, "trace", "show", "--graph", unknown); err == nil || !strings.Contains(err.Error(), `"mystery"`) {
		t.Errorf("unknown graph: err = %v", err)
	}
	empty := writeEvents(t, []event.Event{{Kind: event.Note, Message: "hi"}})
	if _, _, err := runCairn(t, "trace", "show", "--graph", empty); err == nil || !strings.Contains(err.Error(), "no flow run") {
		t.Errorf("no runs: err = %v", err)
	}
}

// TestDotRendersWithGraphviz hands every system's DOT, plain and with a
// path marked, to Graphviz's dot, which rejects what is not valid DOT.
// It skips without Graphviz unless CAIRN_REQUIRE_GRAPHVIZ=1.
func TestDotRendersWithGraphviz(t *testing.T) {
	dot, err := exec.LookPath("dot")
	if err != nil {
		if os.Getenv("CAIRN_REQUIRE_GRAPHVIZ") == "1" {
			t.Fatalf("Graphviz required (CAIRN_REQUIRE_GRAPHVIZ=1): %v", err)
		}
		t.Skip("no Graphviz dot: apt-get install graphviz")
	}
	for _, s := range systemGraphs {
		info, err := s.info()
		if err != nil {
			t.Fatal(err)
		}
		var p graphPath
		var steps [][]string
		for _, n := range info.Nodes {
			steps = append(steps, []string{n.Name})
		}
		p.trace(info, runSteps{steps: steps, ok: true})
		for _, src := range []string{dotGraph(info, nil), dotGraph(info, &p)} {
			cmd := exec.Command(dot, "-Tsvg")
			cmd.Stdin = strings.NewReader(src)
			out, err := cmd.CombinedOutput()
			if err != nil || !strings.Contains(string(out), "<svg") {
				t.Errorf("%s: dot rejected the graph: %v\n%s\n%s", s.name, err, out, src)
			}
		}
	}
}
