package store

import (
	"errors"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/ocean/sqlguard"
)

// TestGuardChecksByShape: a templated statement is passed by the shape
// of its digit literals — the text run is the guard's own deparsed text,
// literal for literal — and a second float's statement of the same shape
// needs no new check; a statement the guard rejects stays rejected.
func TestGuardChecksByShape(t *testing.T) {
	stmts := [][2]string{
		{"SELECT count(*) FROM argo_good_levels p WHERE p.wmo IN ('2902269', '13857') AND p.pres BETWEEN $1 AND $2",
			"SELECT count(*) FROM argo_good_levels p WHERE p.wmo IN ('5906072', '1900857') AND p.pres BETWEEN $1 AND $2"},
		{"SELECT " + goodValueSQL("temp", "data_mode") + ", cycle FROM argo_profiles WHERE wmo = '5906072' AND data_mode = 'D'",
			"SELECT " + goodValueSQL("temp", "data_mode") + ", cycle FROM argo_profiles WHERE wmo = '2901746' AND data_mode = 'D'"},
		{"WITH lv AS (SELECT wmo, cycle FROM argo_profile_stations WHERE wmo IN ('13857')) SELECT wmo, max(cycle) FROM lv GROUP BY wmo",
			"WITH lv AS (SELECT wmo, cycle FROM argo_profile_stations WHERE wmo IN ('4901079')) SELECT wmo, max(cycle) FROM lv GROUP BY wmo"},
		// regions as polygons of numbers, negative and decimal; names
		// with digits (lv0, $1) and a quoted name keep theirs
		{`WITH lv0 AS (SELECT wmo, "time" FROM argo_profile_stations WHERE lat BETWEEN -12.5 AND 25 AND (CASE WHEN (lat > 11) <> (lat > 2) AND lon < ((60 - 51) * (lat - 11)) / (2 - 11) + 51 THEN 1 ELSE 0 END % 2) = 1 AND "time" >= $1) SELECT wmo, count(*) AS n2 FROM lv0 GROUP BY wmo LIMIT 500`,
			`WITH lv0 AS (SELECT wmo, "time" FROM argo_profile_stations WHERE lat BETWEEN -0.5 AND 23.25 AND (CASE WHEN (lat > 3) <> (lat > 7.75) AND lon < ((110 - 105) * (lat - 3)) / (0 - 3) + 105 THEN 1 ELSE 0 END % 2) = 1 AND "time" >= $1) SELECT wmo, count(*) AS n2 FROM lv0 GROUP BY wmo LIMIT 20`},
		{"SELECT wmo, cycle FROM argo_profile_stations WHERE wmo IN ('2902269') AND cycle IN (10, 12) AND lat > -0.5",
			"SELECT wmo, cycle FROM argo_profile_stations WHERE wmo IN ('5906072') AND cycle IN (1, 300) AND lat > -60"},
		// edges as slopes and offsets in exponent form: one shape for
		// the regions of as many edges with signs alike
		{"SELECT count(*) FROM argo_profile_stations WHERE ((lat > 0 AND lat <= 3 AND lon < -1.6666666666666667e+00 * lat + 1.1e+02)::INTEGER + (lat > 3 AND lat <= 10 AND lon < 0e+00 * lat + 1.05e+02)::INTEGER) % 2 = 1",
			"SELECT count(*) FROM argo_profile_stations WHERE ((lat > 35 AND lat <= 38 AND lon < -5e-01 * lat + 1.1E2)::INTEGER + (lat > 3.5 AND lat <= 10 AND lon < 2.25e-03 * lat + 7.5e+01)::INTEGER) % 2 = 1"},
	}
	var gc guardChecks
	for _, pair := range stmts {
		for i, stmt := range pair {
			want, err := guard.Check(stmt)
			if err != nil {
				t.Fatalf("%s: %v", stmt, err)
			}
			checked := len(gc.safe)
			got, err := gc.check(stmt, true)
			if err != nil || got != want {
				t.Errorf("by shape:\n%s\nwhole:\n%s\n(%v)", got, want, err)
			}
			if i == 1 && len(gc.safe) != checked {
				t.Errorf("a second statement of one shape was checked anew: %s", stmt)
			}
		}
	}
	for _, bad := range []string{
		"SELECT * FROM pg_catalog.pg_shadow WHERE usesysid = '10'",
		"SELECT * FROM pg_catalog.pg_shadow WHERE usesysid = 10",
		// under the length limit as a shape, over it as written
		"SELECT wmo FROM argo_profile_stations WHERE lat IN (" + strings.Repeat("1.000000000000000001, ", 1000) + "2)",
	} {
		if _, err := gc.check(bad, true); !errors.Is(err, sqlguard.ErrRejected) {
			t.Errorf("a rejected statement passed by its shape: %.80s: %v", bad, err)
		}
	}
}

// FuzzGuardChecksByShape: a template passed by its shape is one the
// guard's CheckTemplate passes whole, with the same text; and free SQL is
// checked whole (Check), whatever passed before as a template. (Whole
// Check may refuse what CheckTemplate passes: the fuzzer's "SELECT
// 0::a()" deparses to a text that does not parse again — the deparser
// case the second parse is there for, with free SQL.)
func FuzzGuardChecksByShape(f *testing.F) {
	for _, s := range []string{
		"SELECT wmo, cycle FROM argo_profile_stations WHERE wmo IN ('2902269') AND cycle IN (10, 12) AND lat > -0.5",
		`WITH lv0 AS (SELECT wmo FROM argo_profile_stations WHERE lat BETWEEN -12.5 AND 25 AND "time" >= $1) SELECT wmo, count(*) AS n2 FROM lv0 GROUP BY 1 LIMIT 500`,
		"SELECT CAST(lat AS decimal(10, 2)) FROM argo_profile_stations ORDER BY 1 LIMIT 1.5",
		"SELECT 'it''s 12', \"col 3\" FROM argo_float_status WHERE x = '12''34' OFFSET 0",
		"SELECT count(*) FROM argo_profile_stations WHERE (lat > 3 AND lat <= 10 AND lon < -1.6666666666666667e+00 * lat + 1.1e+02)::INTEGER % 2 = 1 AND lat < -0e5 + 2E3 - 1e",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, stmt string) {
		var gc guardChecks
		got, err := gc.check(stmt, true)
		if err != nil {
			return
		}
		want, werr := guard.CheckTemplate(stmt)
		if werr != nil || got != want {
			t.Fatalf("passed by shape as\n%s\nwhole: %q, %v", got, want, werr)
		}
		free, ferr := gc.check(stmt, false)
		if whole, werr := guard.Check(stmt); free != whole || (ferr == nil) != (werr == nil) {
			t.Fatalf("free SQL after the template: %q, %v; whole Check: %q, %v", free, ferr, whole, werr)
		}
	})
}
