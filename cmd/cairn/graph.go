package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cairn-agents/cairn/apps/events"
	"github.com/cairn-agents/cairn/apps/mapschat"
	"github.com/cairn-agents/cairn/apps/maze"
	"github.com/cairn-agents/cairn/apps/ocean"
	"github.com/cairn-agents/cairn/apps/roadtrip"
	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/internal/howto"
	"github.com/cairn-agents/cairn/tool"
)

// systemGraph is a system whose flow graph `cairn graph` draws.
type systemGraph struct {
	name  string // as `cairn graph NAME` takes it
	about string
	info  func() (flow.Info, error)
}

// systemGraphs lists every system built on flow. A new system adds one
// line here; `cairn graph`, `cairn trace show --graph` and the diagram
// check of the docs then cover it.
var systemGraphs = []systemGraph{
	{"roadtrip", "location-navigation planner (cairn trip)", func() (flow.Info, error) {
		p, err := roadtrip.New(nil, roadtrip.Options{})
		if err != nil {
			return flow.Info{}, err
		}
		return p.Graph(), nil
	}},
	{"ocean", "Argo float question gateway (cairn ocean)", func() (flow.Info, error) {
		a, err := ocean.New(nil, nil, nil, ocean.Options{})
		if err != nil {
			return flow.Info{}, err
		}
		return a.Graph(), nil
	}},
	{"events", "event discovery for photographers (cairn events)", func() (flow.Info, error) {
		a, err := events.New(events.Options{})
		if err != nil {
			return flow.Info{}, err
		}
		return a.Graph(), nil
	}},
	{"mapschat", "maps chat assistant on a coordinator state machine (cairn chat)", func() (flow.Info, error) {
		reg, err := tool.NewRegistry()
		if err != nil {
			return flow.Info{}, err
		}
		a, err := mapschat.New(reg, mapschat.Options{})
		if err != nil {
			return flow.Info{}, err
		}
		return a.Graph(), nil
	}},
	{"maze", "grid-world lab: an agent and a noisy A* planner (cairn maze)", maze.Graph},
	{"howto", "the help desk built step by step in docs/architecture.md", func() (flow.Info, error) {
		d, err := howto.New(nil, nil)
		if err != nil {
			return flow.Info{}, err
		}
		return d.Graph(), nil
	}},
}

func systemNames() []string {
	var out []string
	for _, s := range systemGraphs {
		out = append(out, s.name)
	}
	return out
}

// graphOf returns the graph of system name, or of the system whose graph
// is called name (as run events name it).
func graphOf(name string) (flow.Info, error) {
	for _, s := range systemGraphs {
		if s.name == name {
			return s.info()
		}
	}
	for _, s := range systemGraphs {
		if info, err := s.info(); err == nil && info.Name == name {
			return info, nil
		}
	}
	return flow.Info{}, fmt.Errorf("no system or graph %q; systems: %s", name, strings.Join(systemNames(), ", "))
}

var graphFormats = []string{"mermaid", "dot", "json"}

func newGraphCmd(c *cli) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "graph [SYSTEM]",
		Short: "Print a system's flow graph as Mermaid, DOT or JSON",
		Long: `Graph prints the flow graph a system really runs, as its code builds it:
its nodes with their settings (timeout, retries, limit), every edge (always,
branch targets, parallel fan-out and join, the edge taken at a limit) and
the state fields merged by a reducer. Without SYSTEM it lists the systems.

Mermaid renders on GitHub and in most Markdown viewers; DOT renders with
Graphviz (dot -Tsvg); JSON is flow.Info. To see the path a run took, use
cairn trace show --graph FILE.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(graphFormats, format) {
				return fmt.Errorf("--format %q: want %s", format, strings.Join(graphFormats, ", "))
			}
			if len(args) == 0 {
				for _, s := range systemGraphs {
					fmt.Fprintf(c.stdout, "%-10s %s\n", s.name, s.about)
				}
				return nil
			}
			info, err := graphOf(args[0])
			if err != nil {
				return err
			}
			return writeGraph(c.stdout, info, nil, format)
		},
	}
	cmd.Flags().StringVar(&format, "format", "mermaid", "output format: "+strings.Join(graphFormats, ", "))
	return cmd
}

func writeGraph(w io.Writer, info flow.Info, p *graphPath, format string) error {
	switch format {
	case "dot":
		_, err := io.WriteString(w, dotGraph(info, p))
		return err
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if p == nil {
			return enc.Encode(info)
		}
		return enc.Encode(p.report(info))
	}
	_, err := io.WriteString(w, mermaidGraph(info, p))
	return err
}

// Where a graph starts and ends, as the drawings name them.
const (
	startID = "__start__"
	endID   = "__end__"
)

// mermaidReserved are words Mermaid does not take as node IDs.
var mermaidReserved = []string{"end", "graph", "flowchart", "subgraph", "style", "class", "classDef", "click", "linkStyle", "direction", "default"}

var plainID = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// nodeIDs gives each node an ID the drawing formats accept: its name when
// that is a plain identifier, else n and its position.
func nodeIDs(info flow.Info) map[string]string {
	ids := map[string]string{flow.End: endID}
	for i, n := range info.Nodes {
		id := n.Name
		if !plainID.MatchString(id) || slices.Contains(mermaidReserved, strings.ToLower(id)) || id == startID || id == endID {
			id = fmt.Sprintf("n%d", i)
		}
		ids[n.Name] = id
	}
	return ids
}

// nodeLabel is a node's name, how often it ran when p is set, and its
// settings in a few words: timeout, retries, and at a join the state
// fields a reducer merges.
func nodeLabel(info flow.Info, n flow.NodeInfo, p *graphPath) []string {
	out := []string{n.Name}
	if p != nil && p.nodes[n.Name] > 0 {
		out[0] += fmt.Sprintf(" ×%d", p.nodes[n.Name])
	}
	out = append(out, settings(n)...)
	if len(info.Reducers) > 0 && slices.ContainsFunc(info.Edges, func(e flow.EdgeInfo) bool { return e.Kind == flow.EdgeJoin && e.To == n.Name }) {
		out = append(out, "reduces "+strings.Join(info.Reducers, ", "))
	}
	return out
}

// settings describes a node's timeout and retries in a few words.
func settings(n flow.NodeInfo) []string {
	var out []string
	if n.Timeout > 0 {
		out = append(out, "timeout "+n.Timeout.String())
	}
	if n.Attempts > 1 {
		s := fmt.Sprintf("%d attempts", n.Attempts)
		if n.Backoff > 0 {
			s += ", backoff " + n.Backoff.String()
		}
		if n.MaxBackoff > 0 {
			s += " up to " + n.MaxBackoff.String()
		}
		out = append(out, s)
	}
	if n.OnError {
		out = append(out, "failure → state")
	}
	return out
}

func edgeLabel(info flow.Info, e flow.EdgeInfo) string {
	if e.Kind != flow.EdgeLimit {
		return ""
	}
	for _, n := range info.Nodes {
		if n.Name == e.From {
			return fmt.Sprintf("after %d", n.Limit)
		}
	}
	return "limit"
}

func mermaidGraph(info flow.Info, p *graphPath) string {
	ids := nodeIDs(info)
	var b strings.Builder
	b.WriteString("flowchart TD\n")
	fmt.Fprintf(&b, "    %s([START])\n", startID)
	for _, n := range info.Nodes {
		fmt.Fprintf(&b, "    %s[\"%s\"]\n", ids[n.Name], mermaidText(strings.Join(nodeLabel(info, n, p), "<br/>")))
	}
	fmt.Fprintf(&b, "    %s([END])\n", endID)

	var taken []int
	if p != nil && p.runs > 0 {
		fmt.Fprintf(&b, "    %s -->|\"×%d\"| %s\n", startID, p.runs, ids[info.Start])
		taken = append(taken, 0)
	} else {
		fmt.Fprintf(&b, "    %s --> %s\n", startID, ids[info.Start])
	}
	for i, e := range info.Edges {
		label := edgeLabel(info, e)
		if n := p.edgeCount(e); n > 0 {
			label = strings.TrimSpace(label + fmt.Sprintf(" ×%d", n))
			taken = append(taken, i+1)
		}
		arrow := map[flow.EdgeKind]string{flow.EdgeBranch: "-.->", flow.EdgeParallel: "==>"}[e.Kind]
		if arrow == "" {
			arrow = "-->"
		}
		if label != "" {
			arrow += "|\"" + mermaidText(label) + "\"|"
		}
		fmt.Fprintf(&b, "    %s %s %s\n", ids[e.From], arrow, ids[e.To])
	}
	if p != nil {
		var visited []string
		for _, n := range info.Nodes {
			if p.nodes[n.Name] > 0 {
				visited = append(visited, ids[n.Name])
			}
		}
		if p.ended > 0 {
			visited = append(visited, endID)
		}
		b.WriteString("    classDef visited fill:#ffe8cc,stroke:#d9480f,stroke-width:2px\n")
		if len(visited) > 0 {
			fmt.Fprintf(&b, "    class %s,%s visited\n", startID, strings.Join(visited, ","))
		}
		if len(taken) > 0 {
			var is []string
			for _, i := range taken {
				is = append(is, fmt.Sprint(i))
			}
			fmt.Fprintf(&b, "    linkStyle %s stroke:#d9480f,stroke-width:3px\n", strings.Join(is, ","))
		}
	}
	return b.String()
}

// mermaidText escapes a label for a quoted Mermaid string.
func mermaidText(s string) string {
	return strings.NewReplacer(`"`, "#quot;").Replace(s)
}

func dotGraph(info flow.Info, p *graphPath) string {
	ids := nodeIDs(info)
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n", dotQuote(info.Name))
	b.WriteString("    node [shape=box];\n")
	mark := func(on bool) string {
		if on {
			return ", color=\"#d9480f\", penwidth=2"
		}
		return ""
	}
	fmt.Fprintf(&b, "    %s [label=\"START\", shape=oval%s];\n", startID, mark(p != nil && p.runs > 0))
	for _, n := range info.Nodes {
		fmt.Fprintf(&b, "    %s [label=%s%s];\n", ids[n.Name], dotQuote(strings.Join(nodeLabel(info, n, p), "\n")), mark(p != nil && p.nodes[n.Name] > 0))
	}
	fmt.Fprintf(&b, "    %s [label=\"END\", shape=oval%s];\n", endID, mark(p != nil && p.ended > 0))
	if p != nil && p.runs > 0 {
		fmt.Fprintf(&b, "    %s -> %s [label=\"×%d\"%s];\n", startID, ids[info.Start], p.runs, mark(true))
	} else {
		fmt.Fprintf(&b, "    %s -> %s;\n", startID, ids[info.Start])
	}
	for _, e := range info.Edges {
		var attrs []string
		switch e.Kind {
		case flow.EdgeBranch:
			attrs = append(attrs, "style=dashed")
		case flow.EdgeParallel:
			attrs = append(attrs, "style=bold")
		}
		label := edgeLabel(info, e)
		if n := p.edgeCount(e); n > 0 {
			label = strings.TrimSpace(label + fmt.Sprintf(" ×%d", n))
			attrs = append(attrs, `color="#d9480f"`, "penwidth=2")
		}
		if label != "" {
			attrs = append(attrs, "label="+dotQuote(label))
		}
		if len(attrs) == 0 {
			fmt.Fprintf(&b, "    %s -> %s;\n", ids[e.From], ids[e.To])
			continue
		}
		fmt.Fprintf(&b, "    %s -> %s [%s];\n", ids[e.From], ids[e.To], strings.Join(attrs, ", "))
	}
	b.WriteString("}\n")
	return b.String()
}

func dotQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}

// graphPath is what runs of one graph did: how often each node ran and
// each edge was taken, read from their events.
type graphPath struct {
	runs  int // runs seen starting
	ended int // runs that reached End
	nodes map[string]int
	edges map[flow.EdgeInfo]int
}

func (p *graphPath) edgeCount(e flow.EdgeInfo) int {
	if p == nil {
		return 0
	}
	return p.edges[e]
}

// pathReport is the JSON form of a graph with the path runs took on it.
type pathReport struct {
	flow.Info
	Runs   int            `json:"runs"`
	Ended  int            `json:"ended"`
	Visits map[string]int `json:"visits"`
	Taken  []takenEdge    `json:"taken"`
}

type takenEdge struct {
	flow.EdgeInfo
	Count int `json:"count"`
}

func (p *graphPath) report(info flow.Info) pathReport {
	r := pathReport{Info: info, Runs: p.runs, Ended: p.ended, Visits: p.nodes, Taken: []takenEdge{}}
	for _, e := range info.Edges {
		if n := p.edges[e]; n > 0 {
			r.Taken = append(r.Taken, takenEdge{e, n})
		}
	}
	return r
}

// runSteps is one run's nodes, step by step, as its events report them.
type runSteps struct {
	steps [][]string // nodes started at each step, in order of steps
	ok    bool       // the run ended without error
}

// trace follows the steps of run through info: it counts each node run
// and, between consecutive steps, each edge of the graph that joins them.
// At a node with a Limit, the runs from the limit on take the OnLimit
// edge, as the engine does.
func (p *graphPath) trace(info flow.Info, run runSteps) {
	if p.nodes == nil {
		p.nodes, p.edges = map[string]int{}, map[flow.EdgeInfo]int{}
	}
	limits := map[string]int{}
	for _, n := range info.Nodes {
		limits[n.Name] = n.Limit
	}
	out := map[string][]flow.EdgeInfo{}
	for _, e := range info.Edges {
		out[e.From] = append(out[e.From], e)
	}
	p.runs++
	steps := run.steps
	if run.ok {
		p.ended++
		steps = append(slices.Clone(steps), []string{flow.End})
	}
	for i, step := range steps {
		for _, n := range step {
			if n != flow.End {
				p.nodes[n]++
			}
		}
		if i+1 == len(steps) {
			break
		}
		for _, from := range step {
			atLimit := limits[from] > 0 && p.runsInRun(run, i, from) >= limits[from]
			for _, e := range out[from] {
				if !slices.Contains(steps[i+1], e.To) || (e.Kind == flow.EdgeLimit) != atLimit {
					continue
				}
				p.edges[e]++
			}
		}
	}
}

// runsInRun counts the runs of node in run up to and including step i.
func (p *graphPath) runsInRun(run runSteps, i int, node string) int {
	n := 0
	for _, step := range run.steps[:i+1] {
		for _, s := range step {
			if s == node {
				n++
			}
		}
	}
	return n
}

// showTraceGraph prints the graph of every system that ran in the trace
// at path, with the path its runs took marked.
func (c *cli) showTraceGraph(path, run, format string) error {
	if !slices.Contains(graphFormats, format) {
		return fmt.Errorf("--graph=%s: want %s", format, strings.Join(graphFormats, ", "))
	}
	type runInfo struct {
		graph string
		steps map[int][]string
		ok    bool
	}
	runs := map[string]*runInfo{}
	var order []string // run IDs as they started
	bad, err := c.readTrace(path, run, func(ev event.Event) {
		r := runs[ev.RunID]
		switch ev.Kind {
		case event.RunStart:
			if r == nil {
				r = &runInfo{steps: map[int][]string{}}
				runs[ev.RunID] = r
				order = append(order, ev.RunID)
			}
			// A resumed run's message is "NAME: resumed at step N, ...".
			r.graph, _, _ = strings.Cut(ev.Message, ": resumed")
		case event.NodeStart:
			if r != nil {
				r.steps[ev.Step] = append(r.steps[ev.Step], ev.Node)
			}
		case event.RunEnd:
			if r != nil {
				r.ok = ev.Err == ""
			}
		}
	})
	if err != nil {
		return err
	}
	paths := map[string]*graphPath{}
	infos := map[string]flow.Info{}
	var graphs []string
	for _, id := range order {
		r := runs[id]
		if _, ok := infos[r.graph]; !ok {
			info, err := graphOf(r.graph)
			if err != nil {
				return fmt.Errorf("%s: run %s: %w", path, id, err)
			}
			infos[r.graph], paths[r.graph] = info, &graphPath{}
			graphs = append(graphs, r.graph)
		}
		var rs runSteps
		for _, step := range slices.Sorted(maps.Keys(r.steps)) {
			rs.steps = append(rs.steps, r.steps[step])
		}
		rs.ok = r.ok
		paths[r.graph].trace(infos[r.graph], rs)
	}
	if len(graphs) == 0 {
		return errors.Join(fmt.Errorf("%s: no flow run in the trace", path), badLinesError(path, bad))
	}
	if format == "json" {
		var reports []pathReport
		for _, g := range graphs {
			reports = append(reports, paths[g].report(infos[g]))
		}
		enc := json.NewEncoder(c.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(reports); err != nil {
			return err
		}
		return badLinesError(path, bad)
	}
	for i, g := range graphs {
		if i > 0 {
			fmt.Fprintln(c.stdout)
		}
		if err := writeGraph(c.stdout, infos[g], paths[g], format); err != nil {
			return err
		}
	}
	return badLinesError(path, bad)
}
