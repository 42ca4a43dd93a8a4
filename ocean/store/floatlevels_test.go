package store

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"
)

// TestFloatLevelsAreGoodLevels: a read-only store holds each float's
// levels in Go as GoodLevels has them, every float at open when its
// levels are in memory (Hot) and float by float otherwise; a writable
// store holds none, and a WMO number that is not one is refused.
func TestFloatLevelsAreGoodLevels(t *testing.T) {
	dir, _ := ingested(t)
	ctx := context.Background()
	open := func(opts Options) *Store {
		s, err := Open(ctx, dir, opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	hot, files := open(Options{ReadOnly: true}), open(Options{ReadOnly: true, HotBytes: -1})
	all, ok := hot.AllFloatLevels()
	if !ok || len(all) == 0 {
		t.Fatalf("a store with its levels in memory holds %d floats' levels (all: %v)", len(all), ok)
	}
	if _, ok := files.AllFloatLevels(); ok {
		t.Error("a store reading its levels from the files says it holds every float's")
	}
	for _, want := range all {
		r, err := hot.Query(ctx, QueryOptions{MaxRows: 1 << 20}, `SELECT cycle, direction, "time", pres, temp, psal FROM `+GoodLevels+` WHERE wmo = $1`, want.WMO)
		if err != nil {
			t.Fatal(err)
		}
		fromFiles, err := files.FloatLevels(ctx, want.WMO)
		if err != nil {
			t.Fatal(err)
		}
		// the stored levels by profile, in the relation's order
		type key struct {
			cycle int64
			dir   string
		}
		stored := map[key][][]any{}
		for _, row := range r.Rows {
			k := key{toInt(row[0]), row[1].(string)}
			stored[k] = append(stored[k], row)
		}
		for _, fl := range []*FloatLevels{want, fromFiles} {
			if len(fl.Pres) != len(r.Rows) || len(fl.Profiles) != len(stored) {
				t.Fatalf("float %s: %d levels of %d profiles held, %d of %d in %s", fl.WMO, len(fl.Pres), len(fl.Profiles), len(r.Rows), len(stored), GoodLevels)
			}
			for _, run := range fl.Profiles {
				rows := stored[key{int64(run.Cycle), run.Direction}]
				if len(rows) != run.To-run.From {
					t.Fatalf("float %s cycle %d %s: %d levels held, %d stored", fl.WMO, run.Cycle, run.Direction, run.To-run.From, len(rows))
				}
				for i := run.From; i < run.To; i++ {
					row := rows[i-run.From]
					if !run.Time.Equal(row[2].(interface{ UTC() time.Time }).UTC()) {
						t.Fatalf("float %s level %d: held time %v, stored %v", fl.WMO, i, run.Time, row[2])
					}
					for k, c := range []string{"pres", "temp", "psal"} {
						held := fl.Pres
						if c != "pres" {
							held = fl.Values[c]
						}
						got := math.NaN()
						if held != nil {
							got = float64(held[i])
						}
						if w, isNum := row[3+k].(float64); isNum && Clean(float32(got)) != w || !isNum && !math.IsNaN(got) {
							t.Fatalf("float %s level %d %s: held %v, stored %v", fl.WMO, i, c, got, row[3+k])
						}
					}
				}
			}
		}
	}
	if _, err := hot.FloatLevels(ctx, "29'; DROP"); err == nil {
		t.Error("FloatLevels took a WMO number with a quote")
	}
	if fl, err := hot.FloatLevels(ctx, "1234567"); err != nil || len(fl.Pres) != 0 {
		t.Errorf("a float without levels: %v levels, %v", fl, err)
	}
	writable := open(Options{})
	if _, err := writable.FloatLevels(ctx, all[0].WMO); !errors.Is(err, ErrLevelsNotHeld) {
		t.Errorf("a writable store's FloatLevels: %v, want ErrLevelsNotHeld", err)
	}
}

func toInt(v any) int64 {
	switch x := v.(type) {
	case int32:
		return int64(x)
	case int64:
		return x
	}
	return -1
}
