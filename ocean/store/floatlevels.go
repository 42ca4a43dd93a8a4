package store

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cairn-agents/cairn/ocean/argo"
)

// FloatLevels are one float's rows of GoodLevels, held in Go column by
// column in the order the relation holds them: a query plan about named
// floats can then be answered without a statement of its own (the ocean
// app's plans in Go). The values are the stored REALs (float32), NaN
// where NULL.
type FloatLevels struct {
	WMO      string
	Profiles []LevelRun
	Pres     []float32
	// Values holds each good-value column of GoodLevels (LevelColumns)
	// that has a value in this float; a column without any is absent.
	Values map[string][]float32
}

// LevelRun is a run of consecutive levels, Pres[From:To], with one
// station: a profile's levels, as GoodLevels holds them together.
type LevelRun struct {
	WMO       string
	From, To  int
	Cycle     int
	Direction string
	DataMode  string
	Time      time.Time
	Lat, Lon  float64 // NaN where NULL
	// Oceans are the GDAC ocean codes (A, I, P) the station table gives
	// this profile, each once in code order ("" when none).
	Oceans string
}

// LevelColumns are GoodLevels' good-value columns besides pres.
func LevelColumns() []string {
	cols := []string{"temp", "psal"}
	for _, p := range argo.BGCParams {
		cols = append(cols, strings.ToLower(p))
	}
	return cols
}

// ErrLevelsNotHeld means a store does not hold floats' levels in Go: it
// is not read-only (its data may change), or it holds none
// (Options.LevelsMB negative).
var ErrLevelsNotHeld = errors.New("store: floats' levels are not held in memory")

// ErrIrregularLevels means a float's levels hold what FloatLevels does
// not represent: a level without its profile's direction or time, or a
// profile whose levels disagree on its time or position.
var ErrIrregularLevels = errors.New("store: a float's levels are irregular")

// DefaultLevelsMB is Options.LevelsMB's default.
const DefaultLevelsMB = 64

// heldLevels keeps floats' levels for a read-only store, by float, up to
// max bytes (the least recently used dropped first). A float asked for
// while it loads waits for that load.
type heldLevels struct {
	max   int64
	all   bool // every float's levels are held (preloadLevels)
	mu    sync.Mutex
	m     map[string]*heldFloat
	lru   list.List // of *heldFloat, most recent first
	bytes int64
}

type heldFloat struct {
	wmo  string
	done chan struct{}
	fl   *FloatLevels
	err  error
	el   *list.Element
}

// FloatLevels returns the good levels of the float wmo (its WMO number,
// digits only), loaded by one statement the first time and held while
// the store is open. A float without levels has none (no error).
func (s *Store) FloatLevels(ctx context.Context, wmo string) (*FloatLevels, error) {
	if !s.opts.ReadOnly || s.held.max <= 0 {
		return nil, ErrLevelsNotHeld
	}
	if wmo == "" || strings.Trim(wmo, "0123456789") != "" {
		return nil, fmt.Errorf("store: float levels: %q is not a WMO number", wmo)
	}
	h := &s.held
	h.mu.Lock()
	if h.m == nil {
		h.m = map[string]*heldFloat{}
	}
	if h.all && h.m[wmo] == nil {
		h.mu.Unlock()
		return &FloatLevels{WMO: wmo, Values: map[string][]float32{}}, nil // a float without levels
	}
	if e, ok := h.m[wmo]; ok {
		if e.el != nil {
			h.lru.MoveToFront(e.el)
		}
		h.mu.Unlock()
		select {
		case <-e.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if e.err != nil {
			return s.loadLevels(ctx, wmo)
		}
		return e.fl, nil
	}
	e := &heldFloat{wmo: wmo, done: make(chan struct{})}
	h.m[wmo] = e
	h.mu.Unlock()

	fl, err := s.loadLevels(ctx, wmo)
	h.mu.Lock()
	defer h.mu.Unlock()
	e.fl, e.err = fl, err
	close(e.done)
	n := int64(0)
	if err == nil {
		n = fl.bytes()
	}
	switch {
	case h.m[wmo] != e: // dropped meanwhile (the store closed)
	case err != nil || n > h.max/4:
		delete(h.m, wmo)
	default:
		e.el = h.lru.PushFront(e)
		h.bytes += n
		for h.bytes > h.max {
			old := h.lru.Remove(h.lru.Back()).(*heldFloat)
			delete(h.m, old.wmo)
			h.bytes -= old.fl.bytes()
		}
	}
	return fl, err
}

// drop forgets every float's levels (the store closes).
func (h *heldLevels) drop() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.m, h.bytes, h.all = nil, 0, false
	h.lru.Init()
}

// bytes is about the memory fl holds.
func (fl *FloatLevels) bytes() int64 {
	n := int64(len(fl.Pres)) * 4
	for _, v := range fl.Values {
		n += int64(len(v)) * 4
	}
	return n + int64(len(fl.Profiles))*96
}

// loadLevels reads the float's levels with one statement.
func (s *Store) loadLevels(ctx context.Context, wmo string) (*FloatLevels, error) {
	// the WMO number as a literal (digits only, checked): DuckDB prunes
	// the Parquet partitions of a view over the files by a literal
	var fl *FloatLevels
	err := s.scanLevels(ctx, DefaultTimeout, `'`+wmo+`' AS wmo`, ` WHERE wmo = '`+wmo+`'`, func(got map[string]*FloatLevels) {
		fl = got[wmo]
	})
	if err != nil {
		return nil, fmt.Errorf("float %s: %w", wmo, err)
	}
	if fl == nil {
		fl = &FloatLevels{WMO: wmo, Values: map[string][]float32{}}
	}
	return fl, nil
}

// preloadLevels holds every float's levels, read by one statement, when
// they fit in the bound: a store whose levels are in memory (Hot) then
// answers every float's plans in Go from the first question on, and
// says so (AllFloatLevels). Left as it was (levels loaded float by
// float) when they do not fit or cannot be read.
func (s *Store) preloadLevels(ctx context.Context) {
	h := &s.held
	if h.max <= 0 {
		return
	}
	start := time.Now()
	err := s.scanLevels(ctx, preloadTimeout, "wmo", "", func(got map[string]*FloatLevels) {
		n := int64(0)
		for _, fl := range got {
			n += fl.bytes()
		}
		if n > h.max {
			s.opts.Logger.Info("floats' levels not held at open: more than the bound", "mb", n>>20, "bound_mb", h.max>>20)
			return
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		h.m, h.all = map[string]*heldFloat{}, true
		h.lru.Init()
		for wmo, fl := range got {
			e := &heldFloat{wmo: wmo, done: make(chan struct{}), fl: fl}
			close(e.done)
			h.m[wmo] = e
			h.bytes += fl.bytes()
		}
	})
	if err != nil {
		s.opts.Logger.Warn("floats' levels not held at open", "error", err)
		return
	}
	s.opts.Logger.Info("floats' levels held", "floats", len(h.m), "took", time.Since(start).Round(time.Millisecond))
}

// AllFloatLevels is the levels of every float of the store, by WMO
// number, when it holds them all (a store whose levels are in memory,
// see preloadLevels); false otherwise.
func (s *Store) AllFloatLevels() ([]*FloatLevels, bool) {
	h := &s.held
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.all {
		return nil, false
	}
	out := make([]*FloatLevels, 0, len(h.m))
	for _, e := range h.m {
		out = append(out, e.fl)
	}
	slices.SortFunc(out, func(a, b *FloatLevels) int { return strings.Compare(a.WMO, b.WMO) })
	return out, true
}

// preloadTimeout bounds the reading of every float's levels when a store
// opens: several times a query's, as it reads them all (and a build
// with the race detector reads them ten times slower).
const preloadTimeout = 2 * time.Minute

// scanLevels reads GoodLevels' rows of where (all when empty), its WMO
// number selected as wmoSel, into floats' levels, and gives them to use;
// the statements may take up to timeout.
func (s *Store) scanLevels(ctx context.Context, timeout time.Duration, wmoSel, where string, use func(map[string]*FloatLevels)) error {
	cols := LevelColumns()
	stmt := `SELECT ` + wmoSel + `, cycle, direction, data_mode, "time", lat, lon, pres, ` + strings.Join(cols, ", ") +
		` FROM ` + GoodLevels + where
	if err := s.gate.Enter(ctx); err != nil {
		return fmt.Errorf("waiting for a query slot: %w", err)
	}
	defer s.gate.Leave()
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, stmt)
	if err != nil {
		return fmt.Errorf("levels: %w", err)
	}
	defer rows.Close()
	cells := make([]any, 8+len(cols))
	ptrs := make([]any, len(cells))
	for i := range cells {
		ptrs[i] = &cells[i]
	}
	builders := map[string]*levelsBuilder{}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return fmt.Errorf("levels: %w", err)
		}
		wmo, _ := cells[0].(string)
		b := builders[wmo]
		if b == nil {
			b = newLevelsBuilder(wmo, len(cols))
			builders[wmo] = b
		}
		if err := b.add(cells[1:]); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("levels: %w", err)
	}
	got := make(map[string]*FloatLevels, len(builders))
	for wmo, b := range builders {
		got[wmo] = b.done(cols)
	}
	rows.Close()
	if err := s.addOceans(ctx, strings.Replace(where, "wmo", "s.wmo", 1), got); err != nil {
		return err
	}
	use(got)
	return nil
}

// addOceans gives the profiles of got their ocean codes from the
// station table (where names its wmo s.wmo).
func (s *Store) addOceans(ctx context.Context, where string, got map[string]*FloatLevels) error {
	cond := " WHERE s.ocean IS NOT NULL"
	if where != "" {
		cond = where + " AND s.ocean IS NOT NULL"
	}
	rows, err := s.db.QueryContext(ctx, `SELECT s.wmo, s.cycle, s.direction, string_agg(DISTINCT s.ocean, '' ORDER BY s.ocean) FROM argo_profile_stations s`+
		cond+` GROUP BY s.wmo, s.cycle, s.direction`)
	if err != nil {
		return fmt.Errorf("levels' oceans: %w", err)
	}
	defer rows.Close()
	type key struct {
		wmo   string
		cycle int
		dir   string
	}
	oceans := map[key]string{}
	for rows.Next() {
		var k key
		var o string
		if err := rows.Scan(&k.wmo, &k.cycle, &k.dir, &o); err != nil {
			return fmt.Errorf("levels' oceans: %w", err)
		}
		oceans[k] = o
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("levels' oceans: %w", err)
	}
	for _, fl := range got {
		for i := range fl.Profiles {
			r := &fl.Profiles[i]
			r.Oceans = oceans[key{fl.WMO, r.Cycle, r.Direction}]
		}
	}
	return nil
}

// levelsBuilder makes a float's FloatLevels from its rows in order.
type levelsBuilder struct {
	wmo      string
	ncols    int
	profiles []*profileLevels // in the order each first appears
	byKey    map[[2]any]*profileLevels
}

// profileLevels are one profile's levels in the order the relation
// holds them, wherever they stand in it (a float's BGC levels of their
// own may follow its core levels of every cycle).
type profileLevels struct {
	run  LevelRun
	pres []float32
	vals [][]float32
}

func newLevelsBuilder(wmo string, ncols int) *levelsBuilder {
	return &levelsBuilder{wmo: wmo, ncols: ncols, byKey: map[[2]any]*profileLevels{}}
}

// add adds a level: its cycle, direction, data mode, time, lat, lon,
// pres and the LevelColumns' values. A profile's levels may disagree on
// the data mode (the plans never read it from the levels); they must
// agree on time and position, which the plans filter and group by.
func (b *levelsBuilder) add(cells []any) error {
	r, err := stationOf(cells[:6])
	if err != nil {
		return fmt.Errorf("float %s: %w", b.wmo, err)
	}
	r.WMO = b.wmo
	key := [2]any{r.Cycle, r.Direction}
	p := b.byKey[key]
	if p == nil {
		p = &profileLevels{run: r, vals: make([][]float32, b.ncols)}
		b.byKey[key] = p
		b.profiles = append(b.profiles, p)
	} else if !p.run.sameStation(r) {
		return fmt.Errorf("%w: float %s cycle %d %s: its levels' times or positions differ", ErrIrregularLevels, b.wmo, r.Cycle, r.Direction)
	}
	p.pres = append(p.pres, realCell(cells[6]))
	for k := range p.vals {
		p.vals[k] = append(p.vals[k], realCell(cells[7+k]))
	}
	return nil
}

// done lays the profiles' levels out together, each profile's in a run.
func (b *levelsBuilder) done(cols []string) *FloatLevels {
	fl := &FloatLevels{WMO: b.wmo, Values: map[string][]float32{}}
	vals := make([][]float32, b.ncols)
	has := make([]bool, b.ncols)
	for _, p := range b.profiles {
		r := p.run
		r.From = len(fl.Pres)
		fl.Pres = append(fl.Pres, p.pres...)
		r.To = len(fl.Pres)
		fl.Profiles = append(fl.Profiles, r)
		for k := range vals {
			vals[k] = append(vals[k], p.vals[k]...)
			for _, v := range p.vals[k] {
				has[k] = has[k] || !math.IsNaN(float64(v))
			}
		}
	}
	for k, c := range cols {
		if has[k] {
			fl.Values[c] = vals[k]
		}
	}
	return fl
}

// sameStation says whether r is run's station.
func (run *LevelRun) sameStation(r LevelRun) bool {
	same := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
	return run.Cycle == r.Cycle && run.Direction == r.Direction && run.Time.Equal(r.Time) &&
		same(run.Lat, r.Lat) && same(run.Lon, r.Lon)
}

// stationOf reads a level's cycle, direction, data mode, time, lat and lon.
func stationOf(c []any) (LevelRun, error) {
	cycle, ok := c[0].(int32)
	dir, dok := c[1].(string)
	t, tok := c[3].(time.Time)
	if !ok || !dok || !tok {
		return LevelRun{}, fmt.Errorf("%w: a level without its cycle, direction or time", ErrIrregularLevels)
	}
	mode, _ := c[2].(string)
	r := LevelRun{Cycle: int(cycle), Direction: dir, DataMode: mode, Time: t.UTC(), Lat: math.NaN(), Lon: math.NaN()}
	if f, ok := c[4].(float64); ok {
		r.Lat = f
	}
	if f, ok := c[5].(float64); ok {
		r.Lon = f
	}
	return r, nil
}

// realCell is a REAL cell as float32, NaN where NULL.
func realCell(v any) float32 {
	if f, ok := v.(float32); ok {
		return f
	}
	return float32(math.NaN())
}
