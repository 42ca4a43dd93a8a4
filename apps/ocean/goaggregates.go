package ocean

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/ocean/store"
)

// aggregateInGo is the SELECT of buildPlanQueryOn over lv: the rows
// its statement returns, cells as the driver gives them (a REAL as
// store.Clean makes it, a count an int64, a cycle an int32); false for
// a shape it does not compute.
func aggregateInGo(p QueryPlan, lv lvRel) ([][]any, bool) {
	group, ok := groupKeyInGo(p, lv)
	if !ok {
		return nil, false
	}
	agg := p.Aggregate
	switch {
	case p.Rank != nil && profileByTime(p) == "":
		return rankInGo(p, lv), true
	case (agg == "max" || agg == "min") && group == nil:
		return extremeInGo(lv, agg == "max"), true
	case agg == "range" || agg == "max" || agg == "min" || agg == "mean" || agg == "median" || agg == "count":
		return statsInGo(p, lv, group), true
	case agg == "value":
		return valuesInGo(p, lv), true
	case agg == "trend":
		return trendInGo(lv, len(p.Floats) > 1 || p.GroupBy == "float"), true
	case agg == "profile":
		return profileInGo(p, lv), true
	case agg == "timeseries":
		return timeseriesInGo(p, lv), true
	case agg == "compare":
		if len(p.Floats) == 2 && p.GroupBy == "" {
			return compareTwoInGo(p, lv), true
		}
		if group == nil {
			group = func(r *lvRow) any { return r.st.WMO }
		}
		return compareGroupsInGo(lv, group, p.GroupBy == "depth_bin"), true
	}
	return nil, false
}

// val is a value of lv's v or w as its statement returns it: nil for
// NULL, a REAL as store.Clean makes it, a DOUBLE as it is.
func (lv lvRel) val(x float64) any {
	if math.IsNaN(x) {
		return nil
	}
	if lv.double {
		return x
	}
	return store.Clean(float32(x))
}

// real32 is a REAL cell (pres_lo, pres_hi) as store.Clean makes it.
func real32(x float64) any {
	if math.IsNaN(x) {
		return nil
	}
	return store.Clean(float32(x))
}

// double is a DOUBLE cell, nil for NULL.
func double(x float64) any {
	if math.IsNaN(x) {
		return nil
	}
	return x
}

// groupKeyInGo is groupSQL's key of a row; nil without a grouping;
// false for a grouping it does not compute (a pressure bin that is not
// a whole number of dbar: its literal would be a DECIMAL).
func groupKeyInGo(p QueryPlan, lv lvRel) (func(*lvRow) any, bool) {
	switch p.GroupBy {
	case "float":
		return func(r *lvRow) any { return r.st.WMO }, true
	case "cycle":
		return func(r *lvRow) any { return int32(r.st.Cycle) }, true
	case "month":
		return func(r *lvRow) any { return r.st.Time.Format("2006-01") }, true
	case "depth_bin":
		bin := p.BinDbar
		if bin <= 0 {
			bin = 100
		}
		if bin != math.Trunc(bin) || bin > 1<<24 {
			return nil, false
		}
		if lv.double {
			return func(r *lvRow) any { return math.Floor(r.pres/bin) * bin }, true
		}
		// floor(pres / 100) * 100 over a REAL is REAL arithmetic
		b := float32(bin)
		return func(r *lvRow) any {
			return store.Clean(float32(math.Floor(float64(float32(r.pres)/b))) * b)
		}, true
	case "":
		return nil, true
	}
	return nil, false
}

// compareKeys orders group keys as ORDER BY 1 does.
func compareKeys(a, b any) int {
	switch x := a.(type) {
	case string:
		return strings.Compare(x, b.(string))
	case int32:
		return cmp.Compare(x, b.(int32))
	case float64:
		return cmp.Compare(x, b.(float64))
	}
	return 0
}

// profKeyOf is a row's profile: float, cycle and direction.
type profKeyOf struct {
	wmo       string
	cycle     int
	direction string
}

func keyOf(r *lvRow) profKeyOf { return profKeyOf{r.st.WMO, r.st.Cycle, r.st.Direction} }

// groupStats gathers what the statistics of a group need: the count,
// sum (in the rows' order, as avg adds them), minimum and maximum of its
// values, and the values themselves when a median wants them. A
// profile's rows are together in lv, so its profiles and floats are
// counted when the profile changes (a profile is one LevelRun).
type groupStats struct {
	key      any
	n        int
	sum      float64
	lo, hi   float64
	vals     []float64 // kept for a median only
	keep     bool
	profiles map[*store.LevelRun]bool
	floats   map[string]bool
	last     *store.LevelRun
	first    time.Time
	latest   time.Time
}

func (g *groupStats) add(r *lvRow) {
	if g.n == 0 || r.v < g.lo {
		g.lo = r.v
	}
	if g.n == 0 || r.v > g.hi {
		g.hi = r.v
	}
	g.n++
	g.sum += r.v
	if g.keep {
		g.vals = append(g.vals, r.v)
	}
	if r.st == g.last {
		return
	}
	if g.profiles == nil {
		g.profiles, g.floats = map[*store.LevelRun]bool{}, map[string]bool{}
		g.first, g.latest = r.st.Time, r.st.Time
	}
	g.last = r.st
	g.profiles[r.st] = true
	g.floats[r.st.WMO] = true
	if r.st.Time.Before(g.first) {
		g.first = r.st.Time
	}
	if r.st.Time.After(g.latest) {
		g.latest = r.st.Time
	}
}

// groupsOf gathers the rows of lv with a value of v by key (nil: one
// group of all), in key order; keep keeps each group's values (for a
// median). perRow says the key may change within a profile (a pressure
// bin); otherwise it is looked up once a profile.
func groupsOf(lv lvRel, key func(*lvRow) any, perRow, keep bool) []*groupStats {
	byKey := map[any]*groupStats{}
	var out []*groupStats
	var g *groupStats
	var st *store.LevelRun
	for i := range lv.rows {
		r := &lv.rows[i]
		if math.IsNaN(r.v) {
			continue
		}
		if g == nil || perRow || r.st != st {
			var k any
			if key != nil {
				k = key(r)
			}
			var ok bool
			if g, ok = byKey[k]; !ok {
				g = &groupStats{key: k, keep: keep}
				byKey[k] = g
				out = append(out, g)
			}
			st = r.st
		}
		g.add(r)
	}
	if key != nil {
		slices.SortFunc(out, func(a, b *groupStats) int { return compareKeys(a.key, b.key) })
	}
	return out
}

func (g *groupStats) min() float64 {
	if g.n == 0 {
		return math.NaN()
	}
	return g.lo
}

func (g *groupStats) max() float64 {
	if g.n == 0 {
		return math.NaN()
	}
	return g.hi
}

// mean is avg(v): the DOUBLE sum in the rows' order over the count.
func (g *groupStats) mean() float64 {
	if g.n == 0 {
		return math.NaN()
	}
	return g.sum / float64(g.n)
}

// median is DuckDB's median (quantile_cont at 0.5): the middle value,
// or the lower middle plus half the difference, that difference taken
// in the column's type (a REAL's in REAL, the result then a REAL).
func (g *groupStats) median(double bool) float64 {
	n := len(g.vals)
	if n == 0 {
		return math.NaN()
	}
	s := g.vals
	slices.Sort(s)
	if n%2 == 1 {
		return s[n/2]
	}
	lo, hi := s[n/2-1], s[n/2]
	if double {
		return lo + (hi-lo)*0.5
	}
	return float64(float32(lo + float64(float32(hi)-float32(lo))*0.5))
}

func (g *groupStats) counts() []any {
	return []any{int64(g.n), int64(len(g.profiles)), int64(len(g.floats))}
}

// statsInGo is the range, max, min, mean, median or count of v, grouped
// or over all rows (then one row, with no value where there is none).
func statsInGo(p QueryPlan, lv lvRel, key func(*lvRow) any) [][]any {
	agg := p.Aggregate
	groups := groupsOf(lv, key, p.GroupBy == "depth_bin", agg == "median")
	if key == nil && len(groups) == 0 {
		groups = []*groupStats{{}}
	}
	var out [][]any
	for _, g := range groups {
		var row []any
		if key != nil {
			row = append(row, g.key)
		}
		switch agg {
		case "range":
			lo, hi := g.min(), g.max()
			spread := math.NaN()
			if !math.IsNaN(lo) {
				spread = hi - lo
				if !lv.double {
					spread = float64(float32(hi) - float32(lo))
				}
			}
			row = append(row, lv.val(lo), lv.val(hi), lv.val(spread))
		case "max":
			row = append(row, lv.val(g.max()))
		case "min":
			row = append(row, lv.val(g.min()))
		case "mean":
			row = append(row, double(g.mean()))
		case "median":
			row = append(row, lv.val(g.median(lv.double)))
		}
		out = append(out, append(row, g.counts()...))
	}
	return out
}

// extremeInGo is the max or min of v over lv: the level of it (ties to
// the earlier time, then the smaller pressure) and the count of values.
func extremeInGo(lv lvRel, isMax bool) [][]any {
	var best *lvRow
	n := int64(0)
	for i := range lv.rows {
		r := &lv.rows[i]
		if math.IsNaN(r.v) {
			continue
		}
		n++
		if best == nil {
			best = r
			continue
		}
		c := cmp.Compare(r.v, best.v)
		if isMax {
			c = -c
		}
		c = cmp.Or(c, r.st.Time.Compare(best.st.Time), cmp.Compare(r.pres, best.pres))
		if c < 0 {
			best = r
		}
	}
	if best == nil {
		return nil
	}
	return [][]any{{lv.val(best.v), lv.val(best.pres), best.st.WMO, int32(best.st.Cycle), best.st.Time, double(best.st.Lat), double(best.st.Lon), n}}
}

// rankInGo is rankLevelsQuery: floats or profiles by their highest or
// lowest v, the first n.
func rankInGo(p QueryPlan, lv lvRel) [][]any {
	hi := map[string]bool{"deepest": true, "warmest": true, "saltiest": true, "highest": true}[p.Rank.By]
	byProfile := p.Rank.Of == "profile"
	key := func(r *lvRow) any { return r.st.WMO }
	if byProfile {
		key = func(r *lvRow) any { return keyOf(r) }
	}
	groups := groupsOf(lv, key, false, false)
	value := func(g *groupStats) float64 {
		if hi {
			return g.max()
		}
		return g.min()
	}
	slices.SortFunc(groups, func(a, b *groupStats) int {
		c := cmp.Compare(value(a), value(b))
		if hi {
			c = -c
		}
		if c != 0 {
			return c
		}
		if !byProfile {
			return strings.Compare(a.key.(string), b.key.(string))
		}
		x, y := a.key.(profKeyOf), b.key.(profKeyOf)
		return cmp.Or(strings.Compare(x.wmo, y.wmo), cmp.Compare(x.cycle, y.cycle), strings.Compare(x.direction, y.direction))
	})
	var out [][]any
	for _, g := range groups[:min(len(groups), rankN(p))] {
		var row []any
		if byProfile {
			k := g.key.(profKeyOf)
			row = []any{k.wmo, int32(k.cycle), k.direction}
		} else {
			row = []any{g.key}
		}
		out = append(out, append(row, lv.val(value(g)), g.first, g.latest, int64(len(g.profiles))))
	}
	return out
}

// perProfile is one profile's rows of lv, in lv's order.
type perProfile struct {
	key  profKeyOf
	st   *store.LevelRun
	rows []*lvRow
}

// profilesOf groups lv's rows (those with a value of v when valued) by
// profile, in the order each profile first appears.
func profilesOf(lv lvRel, valued bool) []*perProfile {
	byKey := map[profKeyOf]*perProfile{}
	var out []*perProfile
	for i := range lv.rows {
		r := &lv.rows[i]
		if valued && math.IsNaN(r.v) {
			continue
		}
		k := keyOf(r)
		g, ok := byKey[k]
		if !ok {
			g = &perProfile{key: k, st: r.st}
			byKey[k] = g
			out = append(out, g)
		}
		g.rows = append(g.rows, r)
	}
	return out
}

// byTimeFloatCycle orders profiles by time, float, cycle and direction.
func byTimeFloatCycle(a, b *perProfile) int {
	return cmp.Or(a.st.Time.Compare(b.st.Time), strings.Compare(a.key.wmo, b.key.wmo), cmp.Compare(a.key.cycle, b.key.cycle),
		strings.Compare(a.key.direction, b.key.direction))
}

// valuesInGo is the value aggregate: each profile's value at the target,
// or, without one, its level nearest the surface (arg_min by |pres|).
func valuesInGo(p QueryPlan, lv lvRel) [][]any {
	profs := profilesOf(lv, true)
	slices.SortStableFunc(profs, byTimeFloatCycle)
	var out [][]any
	for _, g := range profs {
		if r := p.Pressure; r != nil && r.Target > 0 {
			row := g.rows[0] // one row a profile at a target
			out = append(out, []any{g.key.wmo, int32(g.key.cycle), g.key.direction, g.st.Time, lv.val(row.pres), lv.val(row.v), real32(lv.lo(row)), real32(lv.hi(row))})
			continue
		}
		best := g.rows[0]
		for _, r := range g.rows[1:] {
			if math.Abs(r.pres) < math.Abs(best.pres) {
				best = r
			}
		}
		out = append(out, []any{g.key.wmo, int32(g.key.cycle), g.key.direction, g.st.Time, lv.val(best.pres), lv.val(best.v)})
	}
	return out
}

// trendInGo is the trend aggregate: regr_slope of each profile's mean
// against its time in years, with DuckDB's running sums (so the same
// float64 arithmetic), over all floats or per float.
func trendInGo(lv lvRel, perFloat bool) [][]any {
	profs := profilesOf(lv, true)
	var groups [][]*perProfile
	if perFloat {
		idx := map[string]int{}
		for _, g := range profs {
			if _, ok := idx[g.key.wmo]; !ok {
				idx[g.key.wmo] = len(groups)
				groups = append(groups, nil)
			}
			groups[idx[g.key.wmo]] = append(groups[idx[g.key.wmo]], g)
		}
		slices.SortFunc(groups, func(a, b []*perProfile) int { return strings.Compare(a[0].key.wmo, b[0].key.wmo) })
	} else {
		groups = [][]*perProfile{profs}
	}
	var out [][]any
	for _, gs := range groups {
		var slope regrSlope
		var first, last *perProfile
		var firstV, lastV float64
		for _, g := range gs {
			s := 0.0
			for _, r := range g.rows {
				s += r.v
			}
			mean := s / float64(len(g.rows))
			slope.add(mean, float64(g.st.Time.UnixMicro())/1e6/31557600.0)
			if first == nil || g.st.Time.Before(first.st.Time) {
				first, firstV = g, mean
			}
			if last == nil || g.st.Time.After(last.st.Time) {
				last, lastV = g, mean
			}
		}
		row := []any{double(slope.value()), int64(len(gs)), nil, nil, nil, nil}
		if first != nil {
			row[2], row[3], row[4], row[5] = first.st.Time, double(firstV), last.st.Time, double(lastV)
		}
		if perFloat {
			row = append([]any{gs[0].key.wmo}, row...)
		}
		out = append(out, row)
	}
	return out
}

// regrSlope is DuckDB's regr_slope(y, x): the population covariance
// and variance by its running (Welford) updates.
type regrSlope struct {
	n                      float64
	meanX, meanY, coMoment float64
	vn                     float64
	vMean, vDsquared       float64
}

func (s *regrSlope) add(y, x float64) {
	s.n++
	dx := x - s.meanX
	meanX := s.meanX + dx/s.n
	meanY := s.meanY + (y-s.meanY)/s.n
	s.coMoment += dx * (y - meanY)
	s.meanX, s.meanY = meanX, meanY

	s.vn++
	diff := (x - s.vMean) / s.vn
	mean := s.vMean + diff
	s.vDsquared += (x - mean) * (x - s.vMean)
	s.vMean = mean
}

func (s *regrSlope) value() float64 {
	if s.n == 0 {
		return math.NaN()
	}
	cov := s.coMoment / s.n
	variance := 0.0
	if s.vn > 1 {
		variance = s.vDsquared / s.vn
	}
	if variance == 0 {
		return math.NaN()
	}
	return cov / variance
}

// profileInGo is the profile aggregate: the levels of the cycles named,
// or of each float's latest cycle, by float, cycle, direction, pressure.
func profileInGo(p QueryPlan, lv lvRel) [][]any {
	rows := make([]*lvRow, 0, len(lv.rows))
	latest := map[string]int{}
	for i := range lv.rows {
		r := &lv.rows[i]
		if c, ok := latest[r.st.WMO]; !ok || r.st.Cycle > c {
			latest[r.st.WMO] = r.st.Cycle
		}
	}
	for i := range lv.rows {
		r := &lv.rows[i]
		if len(p.Cycles) == 0 && r.st.Cycle != latest[r.st.WMO] {
			continue
		}
		rows = append(rows, r)
	}
	slices.SortStableFunc(rows, func(a, b *lvRow) int {
		return cmp.Or(strings.Compare(a.st.WMO, b.st.WMO), cmp.Compare(a.st.Cycle, b.st.Cycle), strings.Compare(a.st.Direction, b.st.Direction), cmp.Compare(a.pres, b.pres))
	})
	out := make([][]any, 0, len(rows))
	for _, r := range rows {
		row := []any{r.st.WMO, int32(r.st.Cycle), r.st.Direction, r.st.Time, lv.val(r.pres), lv.val(r.v)}
		for k := range lv.nw {
			row = append(row, lv.val(lv.w(r, k)))
		}
		out = append(out, row)
	}
	return out
}

// meanOf is avg over the rows' values of one column, NaN for none.
func meanOf(rows []*lvRow, col func(*lvRow) float64) float64 {
	s, n := 0.0, 0
	for _, r := range rows {
		if v := col(r); !math.IsNaN(v) {
			s += v
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return s / float64(n)
}

// timeseriesInGo is the timeseries aggregate: each profile's mean of v
// (and of each With variable) in time order, or the monthly mean.
func timeseriesInGo(p QueryPlan, lv lvRel) [][]any {
	if p.GroupBy == "month" {
		type month struct {
			key      string
			rows     []*lvRow
			profiles map[profKeyOf]bool
		}
		byKey := map[string]*month{}
		var months []*month
		for i := range lv.rows {
			r := &lv.rows[i]
			k := r.st.Time.Format("2006-01")
			m, ok := byKey[k]
			if !ok {
				m = &month{key: k, profiles: map[profKeyOf]bool{}}
				byKey[k] = m
				months = append(months, m)
			}
			m.rows = append(m.rows, r)
			m.profiles[keyOf(r)] = true
		}
		slices.SortFunc(months, func(a, b *month) int { return strings.Compare(a.key, b.key) })
		var out [][]any
		for _, m := range months {
			out = append(out, []any{m.key, double(meanOf(m.rows, func(r *lvRow) float64 { return r.v })), int64(len(m.profiles))})
		}
		return out
	}
	profs := profilesOf(lv, false)
	slices.SortStableFunc(profs, byTimeFloatCycle)
	var out [][]any
	for _, g := range profs {
		row := []any{g.key.wmo, int32(g.key.cycle), g.key.direction, g.st.Time, double(meanOf(g.rows, func(r *lvRow) float64 { return r.v }))}
		for k := range lv.nw {
			row = append(row, double(meanOf(g.rows, func(r *lvRow) float64 { return lv.w(r, k) })))
		}
		out = append(out, row)
	}
	return out
}

// compareTwoInGo compares two named floats' means of v.
func compareTwoInGo(p QueryPlan, lv lvRel) [][]any {
	var a, b []*lvRow
	for i := range lv.rows {
		r := &lv.rows[i]
		if r.st.WMO == p.Floats[0] {
			a = append(a, r)
		}
		if r.st.WMO == p.Floats[1] {
			b = append(b, r)
		}
	}
	v := func(r *lvRow) float64 { return r.v }
	ma, mb := meanOf(a, v), meanOf(b, v)
	count := func(rows []*lvRow) int64 {
		n := int64(0)
		for _, r := range rows {
			if !math.IsNaN(r.v) {
				n++
			}
		}
		return n
	}
	return [][]any{{double(ma), double(mb), double(ma - mb), count(a), count(b)}}
}

// compareGroupsInGo compares groups' mean, min and max of v.
func compareGroupsInGo(lv lvRel, key func(*lvRow) any, perRow bool) [][]any {
	var out [][]any
	for _, g := range groupsOf(lv, key, perRow, false) {
		out = append(out, []any{g.key, double(g.mean()), lv.val(g.min()), lv.val(g.max()), int64(g.n)})
	}
	return out
}
