package store

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/cairn-agents/cairn/ocean/sqlguard"
)

// TestHotCopyAnswersAsTheFiles: a read-only store under HotBytes reads
// its levels (and GoodLevels) from memory, one over it (or with the copy
// turned off) from the Parquet files, and both give the same rows.
func TestHotCopyAnswersAsTheFiles(t *testing.T) {
	dir, _ := ingested(t)
	ctx := context.Background()
	open := func(hot int64) *Store {
		s, err := Open(ctx, dir, Options{ReadOnly: true, HotBytes: hot})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	hot, files, tooBig := open(0), open(-1), open(1)
	if !hot.Hot() || files.Hot() || tooBig.Hot() {
		t.Fatalf("Hot(): default %v, off %v, 1-byte limit %v; want true, false, false", hot.Hot(), files.Hot(), tooBig.Hot())
	}
	stmts := []struct {
		sql  string
		args []any
	}{
		{`SELECT count(*), count(DISTINCT wmo), count(DISTINCT (wmo, cycle, direction)), sum(temp), min(psal), max(pres_adjusted) FROM argo_profiles`, nil},
		{`SELECT wmo, year, count(*) AS n, avg(temp) AS t FROM argo_profiles GROUP BY wmo, year ORDER BY wmo, year`, nil},
		{`SELECT cycle, direction, pres, temp, temp_qc, psal FROM argo_profiles WHERE wmo = $1 AND cycle = $2 ORDER BY pres, direction`, []any{"2902269", 10}},
		{`SELECT wmo, max(temp) FROM argo_profiles WHERE wmo IN ('2902269', '1900857') AND pres BETWEEN $1 AND $2 GROUP BY wmo ORDER BY wmo`, []any{950.0, 1050.0}},
		{`SELECT count(*) FROM argo_profiles p WHERE EXISTS (SELECT 1 FROM argo_profile_stations s WHERE s.wmo = p.wmo AND s.cycle = p.cycle AND s.ocean = $1)`, []any{"I"}},
		{`SELECT count(*), sum(temp_n) FROM ` + SummaryTable, nil},
		{`SELECT count(*), count(DISTINCT (wmo, cycle, direction)), count(pres), sum(pres), sum(temp), sum(psal), count(doxy), sum(pres_raw) FROM ` + GoodLevels, nil},
		{`SELECT wmo, cycle, pres, temp, psal FROM ` + GoodLevels + ` WHERE wmo = $1 AND pres BETWEEN $2 AND $3 ORDER BY cycle, pres`, []any{"2902269", 950.0, 1050.0}},
	}
	for _, st := range stmts {
		var got []string
		for _, s := range []*Store{hot, files, tooBig} {
			r, err := s.Query(ctx, QueryOptions{MaxRows: 100000}, st.sql, st.args...)
			if err != nil {
				t.Fatalf("%s: %v", st.sql, err)
			}
			if len(r.Rows) == 0 {
				t.Fatalf("%s: no rows", st.sql)
			}
			got = append(got, fmt.Sprint(r.Columns, r.Rows))
		}
		if got[0] != got[1] || got[1] != got[2] {
			t.Errorf("%s: in memory, from the files and over the limit differ:\n%.300s\n%.300s\n%.300s", st.sql, got[0], got[1], got[2])
		}
	}
}

// TestHotStoreNamesOnlyItsTables: the serving database attaches the
// stored file and an in-memory copy under names of their own; a query
// cannot reach the store's internal tables through them, and a
// templated statement is still checked by the guard.
func TestHotStoreNamesOnlyItsTables(t *testing.T) {
	dir, _ := ingested(t)
	ctx := context.Background()
	s, err := Open(ctx, dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, q := range []string{
		"SELECT * FROM " + attachedAs + ".argo_ingested_files",
		"SELECT * FROM " + attachedAs + ".main.argo_ingested_files",
		"SELECT * FROM memory.main.argo_ingested_files",
		"SELECT * FROM argo_ingested_files",
		"SELECT * FROM argo_pending_swaps",
	} {
		for _, templated := range []bool{false, true} {
			if _, err := s.Query(ctx, QueryOptions{Templated: templated}, q); !errors.Is(err, sqlguard.ErrRejected) {
				t.Errorf("%s (templated %v): %v, want a rejection", q, templated, err)
			}
		}
	}
	// the same rows by the names the guard knows, whichever catalog holds them
	r, err := s.Query(ctx, QueryOptions{}, "SELECT count(*) FROM argo_profiles")
	if err != nil || len(r.Rows) != 1 {
		t.Fatalf("argo_profiles: %v %v", r, err)
	}
	if n, _ := r.Rows[0][0].(int64); n < 1000 {
		t.Errorf("argo_profiles has %d rows in memory", n)
	}
}
