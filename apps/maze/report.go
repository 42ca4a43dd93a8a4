package maze

import (
	"cmp"
	"fmt"
	"html/template"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/cairn-agents/cairn/apps/maze/grid"
)

// Limits on the report's maze pictures.
const (
	maxPictureSide = 64 // larger mazes are not drawn
	maxPictureMaze = 2  // mazes drawn (each under several strategies and noise levels)
)

// pictured picks the episodes a report draws: the first smallest maze of
// each of the first generators, under every strategy at the lowest and the
// highest noise level run on it.
func pictured(recs []EpisodeRecord) map[int]EpisodeRecord {
	type mazeID struct {
		gen  grid.Generator
		size int
		seed uint64
		run  int
	}
	first := map[grid.Generator]EpisodeRecord{}
	var gens []grid.Generator
	for _, r := range recs {
		if r.Size > maxPictureSide {
			continue
		}
		f, ok := first[r.Generator]
		if !ok {
			gens = append(gens, r.Generator)
		}
		if !ok || r.Size < f.Size || r.Size == f.Size && r.Episode < f.Episode {
			first[r.Generator] = r
		}
	}
	out := map[int]EpisodeRecord{}
	for _, gen := range gens[:min(len(gens), maxPictureMaze)] {
		f := first[gen]
		id := mazeID{f.Generator, f.Size, f.Seed, f.Run}
		var same []EpisodeRecord
		for _, r := range recs {
			if (mazeID{r.Generator, r.Size, r.Seed, r.Run}) == id {
				same = append(same, r)
			}
		}
		lo, hi := same[0], same[0]
		for _, r := range same {
			if r.NoiseLevel < lo.NoiseLevel {
				lo = r
			}
			if r.NoiseLevel > hi.NoiseLevel {
				hi = r
			}
		}
		for _, r := range same {
			if r.Noise == lo.Noise || r.Noise == hi.Noise {
				out[r.Episode] = r
			}
		}
	}
	return out
}

var strategyColors = map[Strategy]string{Follow: "#d1495b", Greedy: "#2e8b57", LLMSolver: "#3b6fb6"}

func colorOf(s Strategy) string {
	if c, ok := strategyColors[s]; ok {
		return c
	}
	return "#777777"
}

type point struct{ x, y float64 }

type series struct {
	name  string
	color string
	pts   []point
}

func f2(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// lineChart draws series over noise levels 0–0.9 against a [0, 1] metric.
func lineChart(title string, ss []series) template.HTML {
	const w, h, left, right, top, bottom = 340.0, 240.0, 44.0, 12.0, 28.0, 56.0
	pw, ph := w-left-right, h-top-bottom
	X := func(x float64) float64 { return left + pw*x/MaxNoiseLevel }
	Y := func(y float64) float64 { return top + ph*(1-y) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%v" height="%v" viewBox="0 0 %v %v" role="img">`, w, h, w, h)
	fmt.Fprintf(&b, `<title>%s</title><text x="%v" y="16" font-size="13" font-weight="bold">%s</text>`,
		template.HTMLEscapeString(title), left, template.HTMLEscapeString(title))
	for _, t := range []float64{0, 0.25, 0.5, 0.75, 1} {
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#ddd"/>`, f2(left), f2(Y(t)), f2(left+pw), f2(Y(t)))
		fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="10" text-anchor="end">%s</text>`, f2(left-4), f2(Y(t)+3), strconv.FormatFloat(t, 'f', -1, 64))
	}
	for _, t := range []float64{0, 0.1, 0.3, 0.5, 0.7, 0.9} {
		fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="10" text-anchor="middle">%s</text>`, f2(X(t)), f2(top+ph+14), strconv.FormatFloat(t, 'f', -1, 64))
	}
	fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="10" text-anchor="middle">noise level</text>`, f2(left+pw/2), f2(top+ph+27))
	fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="#999"/>`, f2(left), f2(top), f2(pw), f2(ph))
	for i, s := range ss {
		var pts []string
		for _, p := range s.pts {
			pts = append(pts, f2(X(p.x))+","+f2(Y(p.y)))
		}
		if len(pts) > 1 {
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`, strings.Join(pts, " "), s.color)
		}
		for _, p := range s.pts {
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="3" fill="%s"><title>%s at %v: %.3f</title></circle>`,
				f2(X(p.x)), f2(Y(p.y)), s.color, template.HTMLEscapeString(s.name), p.x, p.y)
		}
		// legend in a row under the axis title
		lx := left + 90*float64(i)
		fmt.Fprintf(&b, `<rect x="%s" y="%s" width="12" height="3" fill="%s"/><text x="%s" y="%s" font-size="10">%s</text>`,
			f2(lx), f2(h-9), s.color, f2(lx+16), f2(h-5), template.HTMLEscapeString(s.name))
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String()) //nolint:gosec // built from numbers and escaped names
}

// metric is one chart row of the report.
type metric struct {
	title string
	of    func(Group) float64
}

var chartMetrics = []metric{
	{"success rate", func(g Group) float64 { return g.SuccessRate }},
	{"path optimality", func(g Group) float64 { return g.Optimality }},
	{"tool query rate", func(g Group) float64 { return g.QueryRate }},
	{"over-reliance (followed wrong / followed)", func(g Group) float64 { return g.OverReliance }},
}

type chartRow struct {
	Title  string
	Charts []template.HTML
}

// charts draws each metric against noise level, one chart per noise kind,
// one line per strategy; the noise-free run is every kind's level 0.
func charts(groups []Group) []chartRow {
	var kinds []NoiseKind
	var strategies []Strategy
	for _, g := range groups {
		if g.NoiseKind != NoNoise && !slices.Contains(kinds, g.NoiseKind) {
			kinds = append(kinds, g.NoiseKind)
		}
		if !slices.Contains(strategies, g.Strategy) {
			strategies = append(strategies, g.Strategy)
		}
	}
	if len(kinds) == 0 {
		kinds = []NoiseKind{NoNoise}
	}
	var rows []chartRow
	for _, m := range chartMetrics {
		row := chartRow{Title: m.title}
		for _, k := range kinds {
			var ss []series
			for _, s := range strategies {
				var pts []point
				for _, g := range groups {
					if g.Strategy == s && (g.NoiseKind == k || g.NoiseKind == NoNoise) {
						pts = append(pts, point{g.NoiseLevel, m.of(g)})
					}
				}
				slices.SortStableFunc(pts, func(a, b point) int { return cmp.Compare(a.x, b.x) })
				ss = append(ss, series{name: string(s), color: colorOf(s), pts: pts})
			}
			row.Charts = append(row.Charts, lineChart(fmt.Sprintf("%s, %s noise", m.title, k), ss))
		}
		rows = append(rows, row)
	}
	return rows
}

// regenerate rebuilds an episode's maze from its record.
func regenerate(r EpisodeRecord) (*grid.Grid, error) {
	spec := grid.Spec{Generator: r.Generator, W: r.Size, H: r.Size, Density: r.Density}
	return grid.Generate(spec, rand.New(rand.NewPCG(r.MazeSeed, mazeStream)))
}

// mazeSVG draws a maze, the path walked, the steps that followed the
// planner (red when its advice was wrong) and the steps that asked but did
// not follow (hollow).
func mazeSVG(g *grid.Grid, steps []StepRecord) (template.HTML, error) {
	cell := max(4, min(36, 360/max(g.W, g.H)))
	w, h := g.W*cell, g.H*cell
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`, w, h, w, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fbfaf6"/>`, w, h)
	for y := range g.H { // one rect per horizontal run of walls
		for x := 0; x < g.W; {
			if !g.Wall[y*g.W+x] {
				x++
				continue
			}
			x0 := x
			for x < g.W && g.Wall[y*g.W+x] {
				x++
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#33363b"/>`, x0*cell, y*cell, (x-x0)*cell, cell)
		}
	}
	c := func(v int) int { return v*cell + cell/2 }
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#2e8b57"/>`, g.Start.X*cell, g.Start.Y*cell, cell, cell)
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#e0a800"/>`, g.Goal.X*cell, g.Goal.Y*cell, cell, cell)
	pts := make([]string, 0, len(steps)+1)
	pos := g.Start
	for i, s := range steps {
		p := grid.Pos{X: s.X, Y: s.Y}
		if p != pos || !g.Open(p) {
			return "", fmt.Errorf("step %d at (%d,%d) does not continue the path at (%d,%d) in the regenerated maze", i, s.X, s.Y, pos.X, pos.Y)
		}
		pts = append(pts, fmt.Sprintf("%d,%d", c(p.X), c(p.Y)))
		a, err := grid.ParseAction(s.Action)
		if err != nil {
			return "", fmt.Errorf("step %d: %w", i, err)
		}
		if g.CanMove(p, a) {
			pos = p.Add(a)
		}
	}
	pts = append(pts, fmt.Sprintf("%d,%d", c(pos.X), c(pos.Y)))
	sw := max(1, cell/4)
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#3b6fb6" stroke-opacity="0.75" stroke-width="%d" stroke-linejoin="round"/>`, strings.Join(pts, " "), sw)
	r := max(1.5, float64(cell)/5)
	for _, s := range steps {
		switch {
		case s.Followed && s.AdviceWrong:
			fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%.1f" fill="#c0392b"/>`, c(s.X), c(s.Y), r)
		case s.Followed:
			fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%.1f" fill="#f39c12"/>`, c(s.X), c(s.Y), r)
		case s.Asked:
			fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%.1f" fill="none" stroke="#8e44ad" stroke-width="1"/>`, c(s.X), c(s.Y), r)
		}
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String()), nil //nolint:gosec // numbers only
}

type picture struct {
	Rec EpisodeRecord
	SVG template.HTML
}

type reportData struct {
	Source     string
	Episodes   int
	Steps      int
	Problems   []string
	MoreProbs  int
	Groups     []Group
	BySize     []Group
	Charts     []chartRow
	Pictures   []picture
	Colors     map[Strategy]string
	LoopVisits int
}

// maxProblems is how many bad lines a report lists by name.
const maxProblems = 50

// WriteReport renders res as a self-contained HTML page: summary tables,
// SVG charts of success, optimality, tool use and over-reliance against
// noise level per strategy, and pictures of sample mazes with the path
// walked and the tool-assisted steps marked. It renders whatever res holds;
// bad lines are listed at the top.
func WriteReport(w io.Writer, res *Results) error {
	d := reportData{Source: res.Source, Episodes: len(res.Episodes), Colors: strategyColors, LoopVisits: LoopVisits}
	for _, r := range res.Episodes {
		d.Steps += r.Steps
	}
	d.Groups = Summarize(res.Episodes, false)
	d.BySize = Summarize(res.Episodes, true)
	if len(d.Groups) > 0 {
		d.Charts = charts(d.Groups)
	}
	problems := slices.Clone(res.Problems)
	pics := pictured(res.Episodes)
	ids := make([]int, 0, len(pics))
	for id := range pics {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		rec := pics[id]
		steps := res.Steps[id]
		if len(steps) == 0 {
			if res.Steps != nil {
				problems = append(problems, fmt.Errorf("episode %d not drawn: its steps are not in %s (written past the trajectory budget?)", id, StepsFile))
			}
			continue
		}
		g, err := regenerate(rec)
		var svg template.HTML
		if err == nil {
			svg, err = mazeSVG(g, steps)
		}
		if err != nil {
			problems = append(problems, fmt.Errorf("episode %d not drawn: %w", id, err))
			continue
		}
		d.Pictures = append(d.Pictures, picture{rec, svg})
	}
	for i, p := range problems {
		if i == maxProblems {
			d.MoreProbs = len(problems) - maxProblems
			break
		}
		d.Problems = append(d.Problems, p.Error())
	}
	return reportTmpl.Execute(w, d)
}

var reportTmpl = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct": func(v float64) string { return strconv.FormatFloat(100*v, 'f', 1, 64) + "%" },
	"f2":  func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) },
	"color": func(s Strategy) template.CSS {
		return template.CSS(colorOf(s)) //nolint:gosec // fixed palette
	},
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Maze tool-reliance report</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;font-size:12px}td,th{padding:3px 7px;border-bottom:1px solid #eee;text-align:right}
th{background:#f4f4f4}td:first-child,td:nth-child(2),th:first-child,th:nth-child(2){text-align:left}
.problems{background:#fff4e5;border:1px solid #f0b35a;padding:8px 14px}
.row{display:flex;flex-wrap:wrap;gap:10px}.pic{border:1px solid #ddd;padding:8px;font-size:12px}
.key span{display:inline-block;margin-right:14px}.dot{display:inline-block;width:10px;height:10px;border-radius:5px;vertical-align:middle}
</style></head><body>
<h1>Maze: when does an agent trust a noisy A* planner?</h1>
<p>{{.Episodes}} episodes, {{.Steps}} environment steps, from <code>{{.Source}}</code>.
Strategies: <b>follow</b> always asks the planner and obeys; <b>greedy</b> never asks; <b>llm_solver</b> decides each step whether to ask and where to go (model when configured, else policy).</p>
<details><summary>Definitions</summary><ul>
<li><b>success</b>: reached the goal before the step limit (4 × the optimal length unless the config says otherwise).</li>
<li><b>optimality</b>: optimal length / steps taken, averaged over successful episodes.</li>
<li><b>query rate</b>: planner queries per step; <b>follow rate</b>: moves that did what the planner said / queries.</li>
<li><b>over-reliance</b>: followed advice that was wrong (not the planner's noise-free move) / followed advice.</li>
<li><b>looping</b>: share of episodes in which some cell was visited {{.LoopVisits}} times or more.</li>
<li><b>noise</b>: random — a wrong move with probability p; biased — one fixed wrong direction with probability p; delayed — with probability p, the advice for where the agent stood k steps ago.</li>
<li>The llm_solver's policy judges advice only by what an agent sees: advice into a wall, straight back after following the planner, or into a cell visited 3 times looks wrong; it asks while more than half of the advice judged in the last 10 steps looked right.</li>
<li><b>model / policy decisions</b>: who made the llm_solver's two decisions per step; a model move into a wall is <b>rejected</b>, counted, and the policy moves.</li>
</ul></details>
{{if .Problems}}<div class="problems"><b>Problems reading the results</b> (these lines were skipped; the rest is rendered):<ul>
{{range .Problems}}<li>{{.}}</li>{{end}}</ul>{{if .MoreProbs}}<p>… and {{.MoreProbs}} more.</p>{{end}}</div>{{end}}
{{if not .Groups}}<p>No valid episode records: nothing to chart.</p>{{else}}
<h2>Metrics against noise level</h2>
{{range .Charts}}<div class="row">{{range .Charts}}{{.}}{{end}}</div>{{end}}
<h2>Summary per strategy and noise profile (all sizes)</h2>
<table><tr><th>strategy</th><th>noise</th><th>episodes</th><th>success</th><th>optimality</th><th>mean steps</th><th>query rate</th><th>follow rate</th><th>over-reliance</th><th>looping</th><th>model dec.</th><th>policy dec.</th><th>rejected</th><th>tokens</th></tr>
{{range .Groups}}<tr><td style="color:{{color .Strategy}}">{{.Strategy}}</td><td>{{.Noise}}</td><td>{{.Episodes}}</td><td>{{pct .SuccessRate}}</td><td>{{f2 .Optimality}}</td><td>{{f2 .MeanSteps}}</td><td>{{pct .QueryRate}}</td><td>{{pct .FollowRate}}</td><td>{{pct .OverReliance}}</td><td>{{pct .LoopRate}}</td><td>{{.ModelDecisions}}</td><td>{{.PolicyDecisions}}</td><td>{{.RejectedMoves}}</td><td>{{.Tokens}}</td></tr>
{{end}}</table>
<details><summary>Per maze size</summary>
<table><tr><th>strategy</th><th>noise</th><th>size</th><th>episodes</th><th>success</th><th>optimality</th><th>mean steps</th><th>query rate</th><th>over-reliance</th><th>looping</th></tr>
{{range .BySize}}<tr><td>{{.Strategy}}</td><td>{{.Noise}}</td><td>{{.Size}}</td><td>{{.Episodes}}</td><td>{{pct .SuccessRate}}</td><td>{{f2 .Optimality}}</td><td>{{f2 .MeanSteps}}</td><td>{{pct .QueryRate}}</td><td>{{pct .OverReliance}}</td><td>{{pct .LoopRate}}</td></tr>
{{end}}</table></details>
{{end}}
{{if .Pictures}}<h2>Sample mazes</h2>
<p class="key"><span><span class="dot" style="background:#2e8b57"></span> start</span><span><span class="dot" style="background:#e0a800"></span> goal</span><span><span class="dot" style="background:#3b6fb6"></span> path walked</span><span><span class="dot" style="background:#f39c12"></span> followed the planner</span><span><span class="dot" style="background:#c0392b"></span> followed wrong advice</span><span><span class="dot" style="border:1px solid #8e44ad"></span> asked, did not follow</span></p>
<div class="row">{{range .Pictures}}<div class="pic">{{.SVG}}<br><b style="color:{{color .Rec.Strategy}}">{{.Rec.Strategy}}</b>, noise {{.Rec.Noise}}, {{.Rec.Generator}} {{.Rec.Size}}×{{.Rec.Size}} (episode {{.Rec.Episode}})<br>
{{if .Rec.Success}}reached the goal in {{.Rec.Steps}} steps (optimal {{.Rec.Optimal}}){{else}}truncated after {{.Rec.Steps}} steps (optimal {{.Rec.Optimal}}){{end}}; asked {{.Rec.ToolQueries}}, followed {{.Rec.Followed}}, {{.Rec.FollowedWrong}} wrong</div>
{{end}}</div>{{end}}
</body></html>
`))
