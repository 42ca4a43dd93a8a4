package store

import (
	"errors"
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
	bad := "SELECT * FROM pg_catalog.pg_shadow WHERE usesysid = '10'"
	if _, err := gc.check(bad, true); !errors.Is(err, sqlguard.ErrRejected) {
		t.Errorf("a rejected statement passed by its shape: %v", err)
	}
}
