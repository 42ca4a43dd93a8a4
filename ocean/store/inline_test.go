package store

import (
	"context"
	"math"
	"reflect"
	"testing"
	"time"
)

// TestInlineArgs: parameters outside quotes become typed literals; a
// quoted $1 and a doubled quote stay as written; $10 is the tenth
// argument, not the first followed by 0; what no literal can carry keeps
// the parameters.
func TestInlineArgs(t *testing.T) {
	args := []any{"it's", 2.5, 7, int64(-3), true, nil, time.Date(2019, 3, 1, 12, 30, 0, 500000000, time.FixedZone("x", 3600)), "unused", int32(4), "x"}
	got, ok := inlineArgs(`SELECT $1, '$2 ''$3''', "a$4", $10, $2, $3, $4, $5, $6, $7, $9`, args)
	want := `SELECT 'it''s', '$2 ''$3''', "a$4", 'x', CAST('2.5' AS DOUBLE), CAST(7 AS BIGINT), CAST(-3 AS BIGINT), TRUE, NULL, CAST('2019-03-01 11:30:00.5' AS TIMESTAMP), CAST(4 AS INTEGER)`
	if !ok || got != want {
		t.Errorf("got  %s (%v)\nwant %s", got, ok, want)
	}
	for _, c := range []struct {
		stmt string
		args []any
	}{
		{"SELECT $2", []any{1}},
		{"SELECT $0", []any{1}},
		{"SELECT $1", []any{math.NaN()}},
		{"SELECT $1", []any{math.Inf(1)}},
		{"SELECT $1", []any{"a\x00b"}},
		{"SELECT $1", []any{[]byte("x")}},
		{"SELECT $1, $$x$$", []any{1}},
		{"SELECT 'open $1", []any{1}},
		{"SELECT 1", nil},
	} {
		if got, ok := inlineArgs(c.stmt, c.args); ok {
			t.Errorf("%s %v: inlined as %s", c.stmt, c.args, got)
		}
	}
}

// TestInlinedArgsSameRows: a templated statement run with its arguments
// written in gives the rows the same statement gives with its
// parameters bound by the driver, for every type the plan templates
// pass (float numbers and text, pressures and coordinates, cycles, time
// bounds with fractions of a second and another zone) and at the edges
// of a filter.
func TestInlinedArgsSameRows(t *testing.T) {
	dir, _ := ingested(t)
	ctx := context.Background()
	s, err := Open(ctx, dir, Options{}) // read-write: nothing kept, every run runs
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	first, err := s.Query(ctx, QueryOptions{}, `SELECT wmo, cycle, "time", lat, lon FROM argo_profile_stations ORDER BY wmo, cycle LIMIT 1 OFFSET 3`)
	if err != nil || len(first.Rows) == 0 {
		t.Fatal(err)
	}
	row := first.Rows[0]
	wmo, tm, lat, lon := row[0].(string), row[2].(time.Time), row[3].(float64), row[4].(float64)
	cases := []struct {
		stmt string
		args []any
	}{
		{`SELECT wmo, cycle, "time" FROM argo_profile_stations WHERE wmo = $1 AND cycle BETWEEN $2 AND $3 ORDER BY cycle`, []any{wmo, 2, int64(9)}},
		{`SELECT wmo, cycle FROM argo_profile_stations WHERE "time" >= $1 AND "time" < $2 ORDER BY wmo, cycle`, []any{tm, tm.Add(90 * 24 * time.Hour).In(time.FixedZone("y", -5*3600))}},
		{`SELECT wmo, cycle FROM argo_profile_stations WHERE "time" > $1 ORDER BY wmo, cycle`, []any{tm.Add(-time.Microsecond)}},
		{`SELECT wmo, cycle FROM argo_profile_stations WHERE lat = $1 AND lon = $2`, []any{lat, lon}},
		{`SELECT wmo, cycle FROM argo_profile_stations WHERE lat BETWEEN $1 AND $2 ORDER BY wmo, cycle`, []any{lat - 0.1, lat + 1.0/3}},
		{`SELECT count(*) AS n, max(pres) AS p FROM ` + GoodLevels + ` WHERE wmo IN ($1) AND pres BETWEEN $2 AND $3 AND temp > $4`, []any{wmo, 950.0, 1050.5, 0.1}},
		{`SELECT $1 AS a, $2 AS b, $3 AS c, $4 AS d`, []any{"o'clock", 1e21, 5, 2.5e-7}},
	}
	for _, c := range cases {
		inlined, err := s.Query(ctx, QueryOptions{Templated: true, MaxRows: 100000}, c.stmt, c.args...)
		if err != nil {
			t.Fatalf("%s: %v", c.stmt, err)
		}
		bound, err := s.Query(ctx, QueryOptions{MaxRows: 100000}, c.stmt, c.args...)
		if err != nil {
			t.Fatalf("%s: %v", c.stmt, err)
		}
		if len(bound.Rows) == 0 {
			t.Errorf("%s: no rows, the case tests nothing", c.stmt)
		}
		if !reflect.DeepEqual(inlined.Rows, bound.Rows) {
			t.Errorf("%s %v:\ninlined %v\nbound   %v", c.stmt, c.args, inlined.Rows, bound.Rows)
		}
	}
}
