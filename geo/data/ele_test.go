package data

import (
	"math"
	"testing"
)

func TestParseEle(t *testing.T) {
	for in, want := range map[string]float64{
		"137": 137, "2944.8": 2944.8, " 12 m": 12, "12m": 12, "-2": -2, "2402.00": 2402, "450 ft": 137.16,
		"450'": 137.16, "100 feet": 30.48, "8 Meters": 8, "0": 0,
	} {
		got, ok := parseEle(in)
		if !ok || math.Abs(got-want) > 1e-9 {
			t.Errorf("parseEle(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "Sea Level", "12;15", "100-200", "12 km", "1e3", "NaN", "Inf", "0x10", "1_000",
		"1,5", "~100", "9000", "-500", "m", "12 m.", "ft"} {
		if got, ok := parseEle(in); ok {
			t.Errorf("parseEle(%q) = %v, want refused", in, got)
		}
	}
}

// FuzzParseEle: ele tags are free text from OSM contributors; whatever
// is accepted is a finite height within the plausible range.
func FuzzParseEle(f *testing.F) {
	for _, s := range []string{"137", "12 m", "450 ft", "Sea Level", "1e400", "-0", "  ", "2,5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, ok := parseEle(s)
		if ok && (math.IsNaN(v) || math.IsInf(v, 0) || v < minEle || v > maxEle) {
			t.Errorf("parseEle(%q) = %v accepted", s, v)
		}
	})
}
