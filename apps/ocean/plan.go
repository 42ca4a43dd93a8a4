package ocean

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"
)

// QueryPlan is the plan decision: exactly what a data question asks, slot
// by slot, made after dispatch and before the agents. A model fills it
// through its schema when one is configured for the "plan" role; else the
// policy (planRules) reads it from the question. The query agent turns it
// into SQL from templates (planquery.go).
//
// A plan whose Aggregate and Rank are both empty asks for no measured
// quantity: the dispatch's agents answer as before. Missing lists the
// slots the question needs but did not give; such a plan is answered by
// naming them, never by a summary in place of the answer.
type QueryPlan struct {
	// Variable is what is measured: temperature, salinity, pressure, or a
	// BGC parameter (doxy, chla, bbp700, nitrate, ph).
	Variable string `json:"variable,omitempty" enum:"temperature,salinity,pressure,doxy,chla,bbp700,nitrate,ph"`
	// With are further variables read alongside Variable, for a profile
	// or time series of several (a T–S diagram reads temperature with
	// salinity).
	With []string `json:"with,omitempty" enum:"temperature,salinity,pressure,doxy,chla,bbp700,nitrate,ph"`
	// Aggregate is what is computed: one value per profile, min, max,
	// mean, median, the range (min, max and their spread), count, a
	// trend per year, a vertical profile, a time series, a comparison
	// between two groups, or a float's track.
	Aggregate string `json:"aggregate,omitempty" enum:"value,min,max,mean,median,range,count,trend,profile,timeseries,compare,track"`

	// Filters.
	Floats []string `json:"floats,omitempty"` // WMO numbers
	Cycles []int    `json:"cycles,omitempty"` // cycle numbers
	// Pressure limits the levels read; nil reads all levels.
	Pressure *PressureRange `json:"pressure,omitempty"`
	Region   string         `json:"region,omitempty"` // a named sea or ocean (regions.go)
	Box      *Box           `json:"box,omitempty"`
	// Near is a point, and a radius when the question gives one; a
	// point alone serves the "nearest" ranking.
	Near *Near      `json:"near,omitempty"`
	Time *TimeFrame `json:"time,omitempty"`

	// GroupBy splits the result: per float, per cycle, per month or per
	// pressure bin of BinDbar (default 100).
	GroupBy string  `json:"groupBy,omitempty" enum:"float,cycle,month,depth_bin"`
	BinDbar float64 `json:"binDbar,omitempty"`
	// Rank orders floats or profiles: nearest to Near, deepest, warmest…
	Rank *Ranking `json:"rank,omitempty"`

	// Answer is the kind of answer wanted.
	Answer string `json:"answer" enum:"number,table,plot"`
	// Missing names the slots the question needs but did not give, e.g.
	// "variable: the question does not say what was measured".
	Missing   []string `json:"missing,omitempty"`
	Reasoning string   `json:"reasoning"`
}

// PressureRange is a window of pressure in dbar (≈ metres of depth).
// Target is the pressure asked for when the question names one ("at 1000
// dbar"): each profile's value there is interpolated linearly between
// its good levels just above and below Target when both lie in the
// window, else it is the good level nearest Target in the window; the
// answer says which. Rule says how a depth was read as pressure
// ("depth in metres read as dbar, 1 m ≈ 1 dbar"), for the answer.
type PressureRange struct {
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	Target  float64 `json:"target,omitempty"`
	Surface bool    `json:"surface,omitempty"`
	Rule    string  `json:"rule,omitempty"`
}

// Box is a latitude and longitude box in degrees.
type Box struct {
	MinLat float64 `json:"minLat"`
	MaxLat float64 `json:"maxLat"`
	MinLon float64 `json:"minLon"`
	MaxLon float64 `json:"maxLon"`
}

// TimeFrame is a period of days: From inclusive, To exclusive, as
// YYYY-MM-DD; either may be empty for an open side. Text is how the
// question wrote it; Rule says how a season or monsoon was read into
// months ("meteorological winter, northern hemisphere: December 2019 to
// February 2020"), for the answer.
type TimeFrame struct {
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	Text string `json:"text,omitempty"`
	Rule string `json:"rule,omitempty"`
}

// Ranking orders floats (Of "float", the default) or profiles and keeps
// the first N (default 1 for a number, 10 for a table).
type Ranking struct {
	By string `json:"by" enum:"nearest,deepest,shallowest,warmest,coldest,saltiest,freshest,highest,lowest,latest,earliest,most_profiles"`
	Of string `json:"of,omitempty" enum:"float,profile"`
	N  int    `json:"n,omitempty"`
}

// Plan slot values.
var (
	planVariables  = []string{"temperature", "salinity", "pressure", "doxy", "chla", "bbp700", "nitrate", "ph"}
	planAggregates = []string{"value", "min", "max", "mean", "median", "range", "count", "trend", "profile", "timeseries", "compare", "track"}
	planGroups     = []string{"float", "cycle", "month", "depth_bin"}
	planRanks      = []string{"nearest", "deepest", "shallowest", "warmest", "coldest", "saltiest", "freshest", "highest", "lowest", "latest", "earliest", "most_profiles"}
	planAnswers    = []string{"number", "table", "plot"}
)

// ErrBadPlan is wrapped by QueryPlan.Validate's errors.
var ErrBadPlan = errors.New("invalid query plan")

// maxPlanDbar is the deepest pressure a plan may ask for: below the
// deepest trench (about 11,000 m).
const maxPlanDbar = 12000

// Validate checks every slot against its values and ranges.
func (p QueryPlan) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadPlan, fmt.Sprintf(format, args...))
	}
	if p.Variable != "" && !slices.Contains(planVariables, p.Variable) {
		return bad("variable: %q is not one of %v", p.Variable, planVariables)
	}
	for _, w := range p.With {
		if !slices.Contains(planVariables, w) {
			return bad("with: %q is not one of %v", w, planVariables)
		}
	}
	if p.Aggregate != "" && !slices.Contains(planAggregates, p.Aggregate) {
		return bad("aggregate: %q is not one of %v", p.Aggregate, planAggregates)
	}
	if !slices.Contains(planAnswers, p.Answer) {
		return bad("answer: %q is not one of %v", p.Answer, planAnswers)
	}
	for _, f := range p.Floats {
		if !isWMO(f) {
			return bad("floats: %q is not a WMO number (5 or 7 digits)", f)
		}
	}
	for _, c := range p.Cycles {
		if c < 0 || c > 10000 {
			return bad("cycles: %d is outside 0..10000", c)
		}
	}
	if r := p.Pressure; r != nil && (r.Min < 0 || r.Max > maxPlanDbar || r.Min > r.Max) {
		return bad("pressure: %v..%v dbar is not a range within 0..%v", r.Min, r.Max, maxPlanDbar)
	}
	if p.Region != "" {
		if _, ok := regionByName(p.Region); !ok {
			return bad("region: %q is not a known region (%v)", p.Region, regionNames())
		}
	}
	if b := p.Box; b != nil && (b.MinLat < -90 || b.MaxLat > 90 || b.MinLat >= b.MaxLat || b.MinLon < -180 || b.MaxLon > 360 || b.MinLon == b.MaxLon) {
		return bad("box: lat %v..%v, lon %v..%v is not a box", b.MinLat, b.MaxLat, b.MinLon, b.MaxLon)
	}
	if n := p.Near; n != nil && (n.Lat < -90 || n.Lat > 90 || n.Lon < -180 || n.Lon > 360 || n.RadiusKm < 0 || n.RadiusKm > 20000) {
		return bad("near: lat %v, lon %v, radius %v km is not a point and radius", n.Lat, n.Lon, n.RadiusKm)
	}
	if t := p.Time; t != nil {
		from, err1 := parseDay(t.From)
		to, err2 := parseDay(t.To)
		if err := errors.Join(err1, err2); err != nil {
			return bad("time: %v", err)
		}
		if !from.IsZero() && !to.IsZero() && !from.Before(to) {
			return bad("time: from %s is not before to %s", t.From, t.To)
		}
	}
	if p.GroupBy != "" && !slices.Contains(planGroups, p.GroupBy) {
		return bad("groupBy: %q is not one of %v", p.GroupBy, planGroups)
	}
	if p.BinDbar < 0 || p.BinDbar > 5000 {
		return bad("binDbar: %v is outside 0..5000", p.BinDbar)
	}
	if r := p.Rank; r != nil {
		if !slices.Contains(planRanks, r.By) {
			return bad("rank.by: %q is not one of %v", r.By, planRanks)
		}
		if r.Of != "" && r.Of != "float" && r.Of != "profile" {
			return bad("rank.of: %q is not float or profile", r.Of)
		}
		if r.N < 0 || r.N > 200 {
			return bad("rank.n: %d is outside 0..200", r.N)
		}
	}
	return nil
}

// Reason returns the plan's reasoning.
func (p QueryPlan) Reason() string { return p.Reasoning }

// Actionable says whether the plan asks for a measured quantity or a
// ranking, which the query agent answers.
func (p QueryPlan) Actionable() bool { return p.Aggregate != "" || p.Rank != nil }

func parseDay(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is not a YYYY-MM-DD day", s)
	}
	return t, nil
}

// PlanResult is what executing a QueryPlan returned: one table whose
// columns have names and units (cells are JSON values, the same from
// RunPlan, Ask and the HTTP API: numbers float64, times RFC 3339 text,
// names text, nil for no value), the statement that made it (as run,
// after the SQL guard) and its arguments, the store it ran on, and the
// profiles it read, listed by a second statement (ProfilesSQL). Plots are
// drawn from it, every number of the answer is one of its cells.
type PlanResult struct {
	Plan      QueryPlan `json:"plan"`
	Columns   []Column  `json:"columns"`
	Rows      [][]any   `json:"rows"`
	Truncated bool      `json:"truncated,omitempty"`
	SQL       string    `json:"sql"`
	Args      []any     `json:"args,omitempty"`
	// Store is "duckdb" (the Parquet profiles and the embedded tables)
	// or "postgis".
	Store string `json:"store"`
	// Profiles lists the profiles read, at most maxListedProfiles of
	// them (by float and cycle); ProfilesRead and FloatsRead count them
	// all, and ProfilesSQL with ProfilesArgs lists them (its LIMIT
	// removed).
	Profiles     []ProfileRef `json:"profiles"`
	ProfilesRead int          `json:"profilesRead"`
	FloatsRead   int          `json:"floatsRead"`
	ProfilesSQL  string       `json:"profilesSql,omitempty"`
	ProfilesArgs []any        `json:"profilesArgs,omitempty"`
	// Conventions states how values were chosen (adjusted values, QC
	// flags, the pressure window), as the answer says it.
	Conventions string `json:"conventions"`
}

// Column is one column of a PlanResult. Unit is empty for names, counts
// and times.
type Column struct {
	Name string `json:"name"`
	Unit string `json:"unit,omitempty"`
}

// ProfileRef names one profile a result read.
type ProfileRef struct {
	WMO       string    `json:"wmo"`
	Cycle     int       `json:"cycle"`
	Direction string    `json:"direction"`
	DataMode  string    `json:"dataMode,omitempty"`
	Time      time.Time `json:"time"`
	Lat       *float64  `json:"lat,omitempty"`
	Lon       *float64  `json:"lon,omitempty"`
}

// Col returns the index of the column called name, or -1.
func (r *PlanResult) Col(name string) int {
	return slices.IndexFunc(r.Columns, func(c Column) bool { return c.Name == name })
}

// Floats returns column name's values as float64s, NaN where a row has
// none; nil when there is no such column.
func (r *PlanResult) Floats(name string) []float64 {
	i := r.Col(name)
	if i < 0 {
		return nil
	}
	out := make([]float64, len(r.Rows))
	for k, row := range r.Rows {
		out[k] = toFloat(row[i])
	}
	return out
}

// toFloat is a numeric cell as float64 (any integer or float width, as
// jsonCell widens them); NaN for anything else.
func toFloat(v any) float64 {
	if f, ok := jsonCell(v).(float64); ok {
		return f
	}
	return math.NaN()
}
