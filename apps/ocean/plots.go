package ocean

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/cairn-agents/cairn/ocean/plot"
)

// Figures are the plots a plan result is better seen as: a vertical
// profile (and a T–S diagram when temperature and salinity were read), a
// time series, or float tracks on a map. Every point is a cell of res;
// rows with a missing value are left out. None for other results.
func Figures(res *PlanResult) []plot.Figure {
	if res == nil || len(res.Rows) == 0 {
		return nil
	}
	p := res.Plan
	var figs []plot.Figure
	switch p.Aggregate {
	case "profile":
		for _, v := range append([]string{p.Variable}, p.With...) {
			if v == "pressure" || res.Col(v) < 0 {
				continue
			}
			f := plot.Figure{Kind: plot.Profile, X: axisOf(res, v), Series: seriesBy(res, profileKey, "", v, "pres")}
			f.Title = titled(axisOf(res, v).Name+" profile", f.Series)
			figs = append(figs, f)
		}
		if res.Col("temperature") >= 0 && res.Col("salinity") >= 0 {
			f := plot.Figure{Kind: plot.TSDiagram, X: axisOf(res, "salinity"), Y: axisOf(res, "temperature"),
				Series: seriesBy(res, profileKey, "", "salinity", "temperature")}
			f.Title = titled("T–S diagram", f.Series)
			figs = append(figs, f)
		}
	case "timeseries", "value":
		v := p.Variable
		if res.Col(v) < 0 || len(res.Rows) < 2 {
			return nil
		}
		when := "time"
		if res.Col("month") >= 0 {
			when = "month"
		}
		f := plot.Figure{Kind: plot.TimeSeries, Y: axisOf(res, v), Series: seriesBy(res, floatKey, when, "", v)}
		name := axisOf(res, v).Name
		switch r := p.Pressure; {
		case r != nil && r.Surface:
			name = "Surface " + strings.ToLower(name[:1]) + name[1:]
		case r != nil && r.Target > 0:
			name += fmt.Sprintf(" near %g dbar", r.Target)
		case r != nil:
			name += fmt.Sprintf(" at %g–%g dbar", r.Min, r.Max)
		}
		f.Title = titled(name+" over time", f.Series)
		figs = append(figs, f)
	case "track":
		f := plot.Figure{Kind: plot.Trajectory, Series: seriesBy(res, floatKey, "", "lon", "lat")}
		f.Title = titled("Trajectory", f.Series)
		figs = append(figs, f)
	}
	out := figs[:0]
	for _, f := range figs {
		if f.Validate() == nil {
			out = append(out, f)
		}
	}
	return out
}

// axisOf names the axis of column v with its unit from the result.
func axisOf(res *PlanResult, v string) plot.Axis {
	a := plot.Axis{Name: upperFirst(v)}
	switch v {
	case "salinity":
		a.Name = "Practical salinity"
	case "doxy", "chla", "bbp700", "nitrate":
		a.Name = strings.ToUpper(v)
	case "ph":
		a.Name = "pH"
	}
	if i := res.Col(v); i >= 0 {
		a.Unit = res.Columns[i].Unit
	}
	return a
}

func upperFirst(s string) string {
	if s == "" || s == "pH" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// titled adds who the series are to a title.
func titled(what string, ss []plot.Series) string {
	if len(ss) == 1 {
		return what + ", " + ss[0].Name
	}
	return fmt.Sprintf("%s, %d series", what, len(ss))
}

func floatKey(res *PlanResult, row []any) string {
	if i := res.Col("wmo"); i >= 0 {
		return "float " + fmt.Sprint(row[i])
	}
	return "all floats"
}

func profileKey(res *PlanResult, row []any) string {
	k := floatKey(res, row)
	if i := res.Col("cycle"); i >= 0 {
		k += fmt.Sprintf(" cycle %v", row[i])
	}
	if i := res.Col("direction"); i >= 0 && fmt.Sprint(row[i]) == "D" {
		k += " (descending)"
	}
	return k
}

// seriesBy groups rows into series by key, in first-seen order, with X
// from column x (or the time column when) and Y from column y.
func seriesBy(res *PlanResult, key func(*PlanResult, []any) string, when, x, y string) []plot.Series {
	xi, yi, ti := res.Col(x), res.Col(y), res.Col(when)
	var out []plot.Series
	index := map[string]int{}
	for _, row := range res.Rows {
		var px float64
		if ti >= 0 {
			px = unixOf(row[ti])
		} else if xi >= 0 {
			px = toFloat(row[xi])
		} else {
			continue
		}
		if yi < 0 {
			continue
		}
		py := toFloat(row[yi])
		if math.IsNaN(px) || math.IsNaN(py) {
			continue
		}
		k := key(res, row)
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, plot.Series{Name: k})
		}
		out[i].Points = append(out[i].Points, plot.Point{X: px, Y: py})
	}
	return out
}

// unixOf is a time cell (a time, an RFC 3339 text, a day or a month
// "2019-03") in Unix seconds.
func unixOf(v any) float64 {
	switch t := v.(type) {
	case time.Time:
		return float64(t.Unix())
	case string:
		for _, layout := range []string{time.RFC3339Nano, time.DateOnly, "2006-01"} {
			if m, err := time.Parse(layout, t); err == nil {
				return float64(m.Unix())
			}
		}
	}
	return math.NaN()
}

// PlotRef is one plot of an answer, served at URL (SVG) and PNG.
type PlotRef struct {
	ID    string    `json:"id"`
	Kind  plot.Kind `json:"kind"`
	Title string    `json:"title"`
	URL   string    `json:"url"`
	PNG   string    `json:"png"`
}

// plotPath is where the HTTP API serves plots: plotPath + ID + ".svg" or ".png".
const plotPath = "/api/v1/ocean/plots/"

// plotStore keeps the figures of recent answers for GET
// /api/v1/ocean/plots/{id}: the newest Max (default 256) of them, in
// memory; an older one is gone. Safe for concurrent use.
type plotStore struct {
	Max int

	mu   sync.Mutex
	ids  []string // oldest first
	figs map[string]plot.Figure
}

// Keep stores figs and returns their references.
func (ps *plotStore) Keep(figs []plot.Figure) []PlotRef {
	refs := []PlotRef{}
	if len(figs) == 0 {
		return refs
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.figs == nil {
		ps.figs = map[string]plot.Figure{}
	}
	limit := ps.limit()
	for _, f := range figs {
		var b [12]byte
		rand.Read(b[:])
		id := hex.EncodeToString(b[:])
		ps.figs[id] = f
		ps.ids = append(ps.ids, id)
		refs = append(refs, PlotRef{ID: id, Kind: f.Kind, Title: f.Title, URL: plotPath + id + ".svg", PNG: plotPath + id + ".png"})
	}
	for len(ps.ids) > limit {
		delete(ps.figs, ps.ids[0])
		ps.ids = ps.ids[1:]
	}
	return refs
}

func (ps *plotStore) limit() int {
	if ps.Max <= 0 {
		return 256
	}
	return ps.Max
}

// hasAll says whether every figure of ids is still kept.
func (ps *plotStore) hasAll(ids []string) bool {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	for _, id := range ids {
		if _, ok := ps.figs[id]; !ok {
			return false
		}
	}
	return true
}

// Get returns the figure id names.
func (ps *plotStore) Get(id string) (plot.Figure, bool) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	f, ok := ps.figs[id]
	return f, ok
}

// ServeHTTP answers GET plotPath{id}.svg or .png (no extension: SVG).
func (ps *plotStore) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, plotPath)
	id, format := name, plot.SVG
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		f, err := plot.FormatOf(name)
		if err != nil {
			writeJSON(w, http.StatusNotFound, ErrorResponse{Error: fmt.Sprintf("plot %q: a plot is served as .svg or .png", name)})
			return
		}
		id, format = name[:i], f
	}
	fig, ok := ps.Get(id)
	if !ok {
		writeJSON(w, http.StatusNotFound, ErrorResponse{Error: fmt.Sprintf("no plot %q: only the %d most recent plots are kept", id, ps.limit())})
		return
	}
	w.Header().Set("Content-Type", format.ContentType())
	w.Header().Set("Cache-Control", "private, max-age=3600")
	if err := plot.Render(w, fig, format); err != nil {
		writeJSON(w, http.StatusInternalServerError, ErrorResponse{Error: err.Error()})
	}
}
