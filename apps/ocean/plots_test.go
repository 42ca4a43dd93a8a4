package ocean

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/ocean/plot"
)

// TestFiguresPlotTheQueriedValues runs plans on the shared data and checks
// that every point of every figure is a pair of cells of one result row
// (x, y as the figure's kind reads them), and that no row with both
// values is left out.
func TestFiguresPlotTheQueriedValues(t *testing.T) {
	a := newApp(t, Options{})
	ctx := context.Background()
	cases := []struct {
		plan  QueryPlan
		kinds []plot.Kind
	}{
		{QueryPlan{Variable: "temperature", With: []string{"salinity"}, Aggregate: "profile", Floats: []string{"2902269"}, Cycles: []int{10}, Answer: "plot"},
			[]plot.Kind{plot.Profile, plot.Profile, plot.TSDiagram}},
		{QueryPlan{Variable: "temperature", Aggregate: "timeseries", Floats: []string{"2902269"}, Pressure: &PressureRange{Max: 10, Surface: true}, Answer: "plot"},
			[]plot.Kind{plot.TimeSeries}},
		{QueryPlan{Aggregate: "track", Floats: []string{"2902269", "2901623"}, Answer: "plot"}, []plot.Kind{plot.Trajectory}},
	}
	for _, c := range cases {
		res, err := a.RunPlan(ctx, c.plan)
		if err != nil {
			t.Fatalf("%s: %v", c.plan.Aggregate, err)
		}
		figs := Figures(res)
		var kinds []plot.Kind
		for _, f := range figs {
			kinds = append(kinds, f.Kind)
		}
		if fmt.Sprint(kinds) != fmt.Sprint(c.kinds) {
			t.Fatalf("%s: figures %v, want %v", c.plan.Aggregate, kinds, c.kinds)
		}
		for _, f := range figs {
			x, y := "", ""
			switch f.Kind {
			case plot.Profile:
				x, y = map[string]string{"Temperature": "temperature", "Practical salinity": "salinity"}[f.X.Name], "pres"
			case plot.TSDiagram:
				x, y = "salinity", "temperature"
			case plot.TimeSeries:
				x, y = "time", c.plan.Variable
			case plot.Trajectory:
				x, y = "lon", "lat"
			}
			want := map[plot.Point]int{}
			for _, row := range res.Rows {
				px, py := toFloat(row[res.Col(x)]), toFloat(row[res.Col(y)])
				if x == "time" {
					px = unixOf(row[res.Col(x)])
				}
				if px == px && py == py { // not NaN
					want[plot.Point{X: px, Y: py}]++
				}
			}
			n := 0
			for _, s := range f.Series {
				for _, p := range s.Points {
					if want[p] == 0 {
						t.Errorf("%s %q: point %v is no row's (%s, %s)", f.Kind, s.Name, p, x, y)
					}
					want[p]--
					n++
				}
			}
			if n == 0 || n != len(res.Rows) && f.Kind != plot.Profile && f.Kind != plot.TSDiagram {
				t.Errorf("%s: %d points of %d rows", f.Kind, n, len(res.Rows))
			}
			if f.Kind == plot.Trajectory && len(f.Series) != 2 {
				t.Errorf("trajectory of two floats has %d series", len(f.Series))
			}
			if f.Kind == plot.Profile && !strings.Contains(f.Title, "float 2902269 cycle 10") {
				t.Errorf("profile title %q", f.Title)
			}
		}
	}
	// Results that are not better seen as a plot have none.
	res, err := a.RunPlan(ctx, QueryPlan{Variable: "salinity", Aggregate: "max", Floats: []string{"2902269"}, Answer: "number"})
	if err != nil {
		t.Fatal(err)
	}
	if figs := Figures(res); len(figs) != 0 {
		t.Errorf("a maximum has %d figures", len(figs))
	}
}

func TestPlotsOverHTTP(t *testing.T) {
	srv := server(t, newApp(t, Options{}))
	code, m := post(t, srv.URL, "application/json", `{"query": "Show the salinity profile of float 2902269 cycle 10"}`)
	if code != 200 {
		t.Fatalf("%d %v", code, m)
	}
	b, _ := json.Marshal(m["plots"])
	var plots []PlotRef
	json.Unmarshal(b, &plots)
	if len(plots) != 1 || plots[0].Kind != plot.Profile || !strings.HasPrefix(plots[0].URL, plotPath) {
		t.Fatalf("plots %s", b)
	}
	get := func(path string) (int, string, []byte) {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Content-Type"), body
	}
	code, ctype, body := get(plots[0].URL)
	if code != 200 || ctype != "image/svg+xml" || !bytes.Contains(body, []byte("Pressure (dbar)")) || !bytes.Contains(body, []byte("Practical salinity (PSU)")) {
		t.Errorf("SVG: %d %s %.200s", code, ctype, body)
	}
	code, ctype, body = get(plots[0].PNG)
	if code != 200 || ctype != "image/png" || !bytes.HasPrefix(body, []byte("\x89PNG")) {
		t.Errorf("PNG: %d %s", code, ctype)
	}
	for path, says := range map[string]string{
		plotPath + "nosuchplot.svg":     `no plot "nosuchplot"`,
		plotPath + plots[0].ID + ".gif": "served as .svg or .png",
	} {
		code, _, body := get(path)
		var e ErrorResponse
		json.Unmarshal(body, &e)
		if code != 404 || !strings.Contains(e.Error, says) {
			t.Errorf("GET %s: %d %s", path, code, body)
		}
	}
	// An answer with nothing to plot lists no plots.
	_, m = post(t, srv.URL, "application/json", `{"query": "What does QC flag 4 mean?"}`)
	if p, ok := m["plots"].([]any); !ok || len(p) != 0 {
		t.Errorf("plots of a QC question: %v", m["plots"])
	}
}

func TestPlotStoreIsBounded(t *testing.T) {
	ps := &plotStore{Max: 2}
	fig := plot.Figure{Kind: plot.Trajectory, Series: []plot.Series{{Name: "a", Points: []plot.Point{{X: 60, Y: 15}}}}}
	first := ps.Keep([]plot.Figure{fig})
	ps.Keep([]plot.Figure{fig, fig})
	if _, ok := ps.Get(first[0].ID); ok {
		t.Error("the oldest plot is still kept past Max")
	}
	if len(ps.ids) != 2 || len(ps.figs) != 2 {
		t.Errorf("%d ids, %d figures kept, want 2", len(ps.ids), len(ps.figs))
	}
}
