package ocean

import (
	"context"
	"math"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/ocean/store"
)

// Plans answered in Go. A cold question cost a DuckDB statement or two
// of about 2–3 ms each (13 ms over every float), nearly all of it the
// fixed work of a statement (parsing, binding, planning, setting up its
// pipeline), not its rows: the shared data has 233,000 good levels. A
// read-only store holds every float's good levels in Go
// (store.FloatLevels: one statement when a store with its levels in
// memory opens, else one a float on its first question), and a plan on
// the levels, the summary or the values at targets, of named floats or
// all of them, in a named sea or a box, is computed from them here: the
// rows its statement returns, by the statement's own rules and types (a
// REAL value stays a REAL, as the driver gives it; a value at a target
// pressure is a DOUBLE). The answer still cites that statement, checked
// by the guard; TestPlansInGoSameAsSQL runs both for every corpus plan
// and 1,200 others and finds the same rows. A plan this code does not
// compute (a radius, the stations) runs its statement.

// levelsHolder is a profiles store that holds floats' levels in Go
// (store.Store and store.Live, read-only).
type levelsHolder interface {
	FloatLevels(ctx context.Context, wmo string) (*store.FloatLevels, error)
}

// maxWithInGo bounds the further variables (With) a plan answered in Go
// reads.
const maxWithInGo = 3

// lvRow is a row of a plan statement's lv relation (levelsCTE): a
// level, or at a target a profile's value there.
type lvRow struct {
	st   *store.LevelRun
	pres float64 // the level's good pressure; at a target, pres as atTargetCTE makes it
	v    float64 // NaN where NULL
	x    int32   // the row's lvExtra, when lv has them
}

// lvExtra is the rest of a row that has it: the With variables' values,
// and at a target pres_lo and pres_hi (REALs); NaN where NULL.
type lvExtra struct {
	w      [maxWithInGo]float64
	lo, hi float64
}

// lvRel is lv: its rows in the order DuckDB reads them, whether its v,
// w and pres are DOUBLE (values at a target) rather than the stored REAL,
// how many With columns it has, and the rows' extras (none when it has
// no With column and no target).
type lvRel struct {
	rows   []lvRow
	ext    []lvExtra
	double bool
	nw     int
}

// w is the value of row r's k-th With variable.
func (lv *lvRel) w(r *lvRow, k int) float64 { return lv.ext[r.x].w[k] }

// lo and hi are row r's pres_lo and pres_hi (at a target).
func (lv *lvRel) lo(r *lvRow) float64 { return lv.ext[r.x].lo }
func (lv *lvRel) hi(r *lvRow) float64 { return lv.ext[r.x].hi }

// add appends a row and its extra (when lv keeps extras).
func (lv *lvRel) add(r lvRow, e *lvExtra) {
	if e != nil {
		r.x = int32(len(lv.ext))
		lv.ext = append(lv.ext, *e)
	}
	lv.rows = append(lv.rows, r)
}

// planInGo is the result of pq, the statement of plan p, computed from
// the floats' levels held in Go, citing pq as the guard passes it; false
// when p reads the stations or a radius, the store does not hold the
// levels it needs, or the plan has a shape this code does not compute
// (the caller then runs pq).
func (a *App) planInGo(ctx context.Context, p QueryPlan, pq planQuery, maxRows int) (*store.Result, bool) {
	if a.sqlOnly || pq.stations || p.Near != nil && p.Near.RadiusKm > 0 || len(p.With) > maxWithInGo {
		return nil, false
	}
	holder, ok := a.profiles.(levelsHolder)
	c, cok := a.profiles.(checker)
	if !ok || !cok {
		return nil, false
	}
	// the levels read are a buffer of the App's, used again by the next
	// plan (a plan over every float reads a quarter of a million levels)
	buf, _ := a.lvRows.Get().(*[]lvRow)
	if buf == nil {
		buf = new([]lvRow)
	}
	lv, read, ok := levelsInGo(ctx, holder, p, (*buf)[:0])
	var rows [][]any
	if ok {
		rows, ok = aggregateInGo(p, lv)
	}
	if cap(read) <= maxPooledLevels {
		*buf = read[:0]
		a.lvRows.Put(buf)
	}
	if !ok {
		return nil, false
	}
	safe, err := c.Checked(pq.sql, true)
	if err != nil {
		return nil, false
	}
	r := &store.Result{SQL: safe, Columns: colNames(pq.columns), Rows: rows}
	if maxRows <= 0 {
		maxRows = store.DefaultMaxRows
	}
	if len(r.Rows) > maxRows {
		r.Rows, r.Truncated = r.Rows[:maxRows], true
	}
	return r, true
}

// maxPooledLevels bounds the level buffers kept for the next plan
// (rows; 32 bytes each).
const maxPooledLevels = 1 << 20

// levelsInGo is lv of plan p (levelsCTE, or atTargetsCTE, which has the
// same rows) from the floats' levels, and the levels read, appended to
// buf (lv's rows, or what they were made of at a target).
func levelsInGo(ctx context.Context, holder levelsHolder, p QueryPlan, buf []lvRow) (lvRel, []lvRow, bool) {
	lv, ok := levelsRead(ctx, holder, p, buf)
	if !ok {
		return lvRel{}, buf, false
	}
	read := lv.rows
	if r := p.Pressure; r != nil && r.Target > 0 {
		lv = atTargetInGo(&lv, r.Target)
	}
	if fn := profileByTime(p); fn != "" {
		lv = profileByTimeInGo(lv, fn == "max")
	}
	return lv, read, true
}

// levelsRead is levelsCTE's levels (raw filtered by the pressure window
// and a value of some variable), appended to buf.
func levelsRead(ctx context.Context, holder levelsHolder, p QueryPlan, buf []lvRow) (lvRel, bool) {
	vcol, ok := levelColumn(p.Variable)
	if !ok {
		return lvRel{}, false
	}
	wcols := make([]string, len(p.With))
	for i, w := range p.With {
		if wcols[i], ok = levelColumn(w); !ok {
			return lvRel{}, false
		}
	}
	keep := cycleTimeFilterOf(p)
	levels, ok := floatsInGo(ctx, holder, p.Floats)
	if !ok {
		return lvRel{}, false
	}
	inPlace, ok := placeInGo(p)
	if !ok {
		return lvRel{}, false
	}
	lv := lvRel{nw: len(p.With), rows: buf}
	for _, fl := range levels {
		vals := fl.Values[vcol]
		if vcol == "pres" {
			vals = fl.Pres
		}
		wvals := make([][]float32, len(wcols))
		for i, c := range wcols {
			wvals[i] = fl.Values[c]
			if c == "pres" {
				wvals[i] = fl.Pres
			}
		}
		for k := range fl.Profiles {
			st := &fl.Profiles[k]
			if !keep.keeps(st.Cycle, st.Time, true) || !inPlace(st) {
				continue
			}
			for i := st.From; i < st.To; i++ {
				pres := float64(fl.Pres[i])
				if math.IsNaN(pres) || p.Pressure != nil && (pres < p.Pressure.Min || pres > p.Pressure.Max) {
					continue
				}
				row := lvRow{st: st, pres: pres, v: cell32(vals, i)}
				some := !math.IsNaN(row.v)
				var ext *lvExtra
				if len(wvals) > 0 {
					ext = &lvExtra{lo: math.NaN(), hi: math.NaN()}
					for j := range wvals {
						ext.w[j] = cell32(wvals[j], i)
						some = some || !math.IsNaN(ext.w[j])
					}
				}
				if some {
					lv.add(row, ext)
				}
			}
		}
	}
	return lv, true
}

// allLevelsHolder is a levelsHolder that may hold every float's levels.
type allLevelsHolder interface {
	AllFloatLevels() ([]*store.FloatLevels, bool)
}

// floatsInGo are the levels of the floats named, by WMO number, or of
// every float when none is named (false when the store does not hold
// them all, or a float's could not be had).
func floatsInGo(ctx context.Context, holder levelsHolder, named []string) ([]*store.FloatLevels, bool) {
	if len(named) == 0 {
		all, ok := holder.(allLevelsHolder)
		if !ok {
			return nil, false
		}
		return all.AllFloatLevels()
	}
	floats := slices.Clone(named)
	slices.Sort(floats)
	floats = slices.Compact(floats)
	out := make([]*store.FloatLevels, 0, len(floats))
	for _, wmo := range floats {
		if !isWMO(wmo) {
			return nil, false
		}
		fl, err := holder.FloatLevels(ctx, wmo)
		if err != nil {
			return nil, false
		}
		out = append(out, fl)
	}
	return out, true
}

// placeInGo is placeConds' test of a profile's station: in the region
// (a basin by the station table's ocean code, a sea by its outline:
// region.contains computes polygonSQL's arithmetic,
// TestPolygonSQLAgreesWithContains) and in the box. A radius is not
// computed here (the haversine's trigonometry in Go might differ from
// DuckDB's in the last bit at the circle's edge): false.
func placeInGo(p QueryPlan) (func(*store.LevelRun) bool, bool) {
	if p.Near != nil && p.Near.RadiusKm > 0 {
		return nil, false
	}
	r, region := regionByName(p.Region)
	b := p.Box
	return func(st *store.LevelRun) bool {
		if region {
			switch {
			case r.Ocean != "":
				if !strings.Contains(st.Oceans, r.Ocean) {
					return false
				}
			case math.IsNaN(st.Lat) || math.IsNaN(st.Lon) || !r.contains(st.Lon, st.Lat):
				return false
			}
		}
		if b != nil && (math.IsNaN(st.Lat) || math.IsNaN(st.Lon) || st.Lat < b.MinLat || st.Lat > b.MaxLat || st.Lon < b.MinLon || st.Lon > b.MaxLon) {
			return false
		}
		return true
	}, true
}

// levelColumn is the GoodLevels column of a plan variable.
func levelColumn(variable string) (string, bool) {
	spec, ok := varSpecs[variable]
	return spec.col, ok
}

// cell32 is a level's value as a float64, NaN where NULL or where the
// float has no value of the column.
func cell32(vals []float32, i int) float64 {
	if vals == nil {
		return math.NaN()
	}
	return float64(vals[i])
}

// atTargetInGo is atTargetCTE: each profile's rows of lv (its levels in
// the window) made one row at target t.
func atTargetInGo(lv *lvRel, t float64) lvRel {
	out := lvRel{double: true, nw: lv.nw}
	for i := 0; i < len(lv.rows); {
		j := i + 1
		for j < len(lv.rows) && lv.rows[j].st == lv.rows[i].st {
			j++
		}
		levels := lv.rows[i:j]
		row := lvRow{st: levels[0].st}
		at := readAtTarget(levels, t, func(r *lvRow) float64 { return r.v })
		row.v = at.value
		if at.bracket || math.IsNaN(at.pn) {
			row.pres = t
		} else {
			row.pres = at.pn
		}
		ext := lvExtra{lo: at.pn, hi: at.pn}
		if at.bracket {
			ext.lo, ext.hi = at.lo, at.hi
		}
		some := !math.IsNaN(row.v)
		for k := range lv.nw {
			ext.w[k] = readAtTarget(levels, t, func(r *lvRow) float64 { return lv.w(r, k) }).value
			some = some || !math.IsNaN(ext.w[k])
		}
		if some {
			out.add(row, &ext)
		}
		i = j
	}
	return out
}

// targetRead is one column of one profile at a target: the levels just
// above and below it and their values, the level nearest it and its
// value, and the value atTargetCTE makes of them.
type targetRead struct {
	lo, vlo, hi, vhi, pn, vn float64 // NaN where none
	bracket                  bool
	value                    float64
}

// readAtTarget reads column val of a profile's levels at t as
// atTargetCTE does: max(pres) and arg_max(val, pres) of the levels at or
// above t, min and arg_min of those at or below, arg_min by |pres − t|,
// each the first of equals in the levels' order, and the value
// interpolated in the statement's types (the levels' REALs subtracted as
// REALs, the rest in DOUBLE).
func readAtTarget(levels []lvRow, t float64, val func(*lvRow) float64) targetRead {
	r := targetRead{lo: math.NaN(), vlo: math.NaN(), hi: math.NaN(), vhi: math.NaN(), pn: math.NaN(), vn: math.NaN()}
	dn := math.Inf(1)
	for i := range levels {
		l := &levels[i]
		v := val(l)
		if math.IsNaN(v) {
			continue
		}
		if l.pres <= t && (math.IsNaN(r.lo) || l.pres > r.lo) {
			r.lo, r.vlo = l.pres, v
		}
		if l.pres >= t && (math.IsNaN(r.hi) || l.pres < r.hi) {
			r.hi, r.vhi = l.pres, v
		}
		if d := math.Abs(l.pres - t); math.IsNaN(r.pn) || d < dn {
			r.pn, r.vn, dn = l.pres, v, d
		}
	}
	r.bracket = !math.IsNaN(r.lo) && !math.IsNaN(r.hi)
	switch {
	case !r.bracket:
		r.value = r.vn
	case r.hi == r.lo:
		r.value = r.vlo
	default:
		d := float64(float32(r.vhi)-float32(r.vlo)) * (t - r.lo)
		r.value = r.vlo + d/float64(float32(r.hi)-float32(r.lo))
	}
	return r
}

// profileByTimeInGo keeps of lv (lvall) each float's latest (or
// earliest) cycle with a value of v: the lv of profileByTime's plans.
func profileByTimeInGo(lv lvRel, latest bool) lvRel {
	pick := map[string]int{}
	for _, r := range lv.rows {
		if math.IsNaN(r.v) {
			continue
		}
		c, ok := pick[r.st.WMO]
		if !ok || latest && r.st.Cycle > c || !latest && r.st.Cycle < c {
			pick[r.st.WMO] = r.st.Cycle
		}
	}
	out := lvRel{double: lv.double, nw: lv.nw, ext: lv.ext}
	for _, r := range lv.rows {
		if c, ok := pick[r.st.WMO]; ok && r.st.Cycle == c {
			out.rows = append(out.rows, r)
		}
	}
	return out
}
