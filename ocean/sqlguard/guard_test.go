package sqlguard

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/oceantest"
)

var tables = []string{"argo_float_metadata", "argo_float_status", "argo_profile_stations", "argo_profiles"}

// allowed are statements the guard must pass: the shapes the ocean
// agents and their models write.
var allowed = []string{
	"SELECT * FROM argo_float_status",
	"select wmo, last_lat, last_lon from argo_float_status where wmo = $1",
	"WITH s AS (SELECT wmo, max(time) AS t FROM argo_profile_stations GROUP BY wmo) SELECT * FROM s ORDER BY t DESC LIMIT 5",
	"SELECT cycle, avg(temp) FROM argo_profiles WHERE wmo = '2902269' AND pres < 10 AND temp_qc IN ('1','2') GROUP BY cycle ORDER BY cycle",
	"SELECT m.wmo, s.active FROM argo_float_metadata m JOIN argo_float_status s USING (wmo)",
	"SELECT extract(year FROM time) AS y, count(*) FROM argo_profile_stations GROUP BY 1 -- trailing comment",
	"SELECT 6371 * 2 * asin(sqrt(power(sin(radians(last_lat - 15) / 2), 2))) FROM argo_float_status",
	"SELECT wmo FROM argo_float_status WHERE last_time > now() - interval '365 days'",
	"SELECT row_number() OVER (PARTITION BY wmo ORDER BY time) FROM argo_profile_stations",
	// WITH queries seen where SQL's scoping rules say they are
	"WITH a AS (SELECT wmo FROM argo_float_status), b AS (SELECT * FROM a) SELECT * FROM b",
	"WITH a AS (SELECT wmo FROM argo_float_status) SELECT * FROM argo_float_metadata WHERE wmo IN (SELECT wmo FROM a)",
	"WITH a AS (SELECT wmo FROM argo_float_status) SELECT wmo FROM a UNION SELECT wmo FROM a",
	"WITH a AS (SELECT wmo FROM argo_float_status) SELECT * FROM (SELECT * FROM (SELECT * FROM a) x) y",
	"WITH argo_float_status AS (SELECT 1 AS wmo) SELECT * FROM argo_float_status",
	"WITH \"Recent\" AS (SELECT wmo FROM argo_float_status) SELECT * FROM \"Recent\"",
	"SELECT * FROM (WITH a AS (SELECT wmo FROM argo_float_status) SELECT * FROM a) t, argo_float_metadata m WHERE t.wmo = m.wmo",
	"SELECT current_date, current_timestamp, localtimestamp",
	"SELECT CASE WHEN last_lat > 0 THEN 'N' ELSE 'S' END, coalesce(last_lon, 0), greatest(1, 2), last_lat::integer FROM argo_float_status",
	"SELECT wmo FROM argo_float_status WHERE EXISTS (SELECT 1 FROM argo_profile_stations p WHERE p.wmo = argo_float_status.wmo)",
}

func TestAllowed(t *testing.T) {
	g := New(tables, nil)
	for _, q := range allowed {
		out, err := g.Check(q)
		if err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		if _, err := g.Check(out); err != nil {
			t.Errorf("deparsed %q no longer passes: %v", out, err)
		}
	}
}

func TestHostileCorpusRejected(t *testing.T) {
	g := New(tables, nil)
	hostile := oceantest.HostileSQL(t)
	rejected := 0
	for _, q := range hostile {
		_, err := g.Check(q)
		if err == nil {
			t.Errorf("allowed: %q", q)
			continue
		}
		if !errors.Is(err, ErrRejected) {
			t.Errorf("%q: error %v does not wrap ErrRejected", q, err)
		}
		rejected++
	}
	t.Logf("rejected %d/%d hostile statements", rejected, len(hostile))
}

func TestReasonsNameTheProblem(t *testing.T) {
	g := New(tables, nil)
	for q, want := range map[string]string{
		"SELECT * FROM secrets":                     `"secrets"`,
		"SELECT pg_read_file('/etc/passwd')":        "pg_read_file",
		"SELECT 1 FROM argo_float_status; SELECT 2": "2 statements",
		"SELECT * FROM read_csv('/etc/passwd')":     "table functions",
		"DELETE FROM argo_float_status":             "only SELECT",
		strings.Repeat("SELECT 1 ", 5000):           "limit of 20000",
		// the CTE declared inside the subquery is not visible outside it
		"SELECT * FROM argo_ingested_files, (WITH argo_ingested_files AS (SELECT 1) SELECT 1) t":            `"argo_ingested_files" is not one of the known tables`,
		"WITH a AS (SELECT * FROM argo_ingested_files), argo_ingested_files AS (SELECT 1) SELECT * FROM a":  `"argo_ingested_files" is not one of`,
		"WITH argo_ingested_files AS (SELECT * FROM argo_ingested_files) SELECT * FROM argo_ingested_files": "refers to its own name",
		`WITH "PG_SHADOW" AS (SELECT 1) SELECT * FROM pg_shadow`:                                            "letter case",
		"WITH RECURSIVE r(n) AS (SELECT 1) SELECT * FROM r":                                                 "RECURSIVE",
		"SELECT current_user":                                    "CURRENT_USER",
		"SELECT 'x'::regclass":                                   "regclass",
		"SELECT * FROM duckdb_databases":                         `"duckdb_databases" is not one of`,
		"SELECT xmlparse(document '<a/>')":                       `"xmlparse(document '<a/>')" is not allowed`,
		"EXPLAIN SELECT 1":                                       "only SELECT is allowed, got EXPLAIN",
		"/* c */ -- d\n set x = 1":                               "got SET",
		"(DELETE FROM argo_float_status)":                        "does not parse",
		"COPY argo_float_status TO '/tmp/x'":                     "got COPY",
		"SELECT * FROM argo_float_status, LATERAL read_csv('x')": "table functions",
	} {
		_, err := g.Check(q)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.60q: err = %v, want mention of %q", q, err, want)
		}
	}
}

// TestReasonsInTheUsersTerms: no reason names the parser's node types
// (DeleteStmt, XmlExpr, VariableSetStmt), only what the user wrote (issue
// 13).
func TestReasonsInTheUsersTerms(t *testing.T) {
	g := New(tables, nil)
	for _, q := range oceantest.HostileSQL(t) {
		_, err := g.Check(q)
		if err == nil {
			t.Errorf("%.60q passed", q)
			continue
		}
		for _, word := range strings.Fields(err.Error()) {
			w := strings.Trim(word, `",.:;()'`)
			if strings.HasSuffix(w, "Stmt") || strings.HasSuffix(w, "Expr") || strings.HasSuffix(w, "Clause") {
				t.Errorf("%.60q: the reason names a parser node, %s: %v", q, w, err)
			}
		}
	}
}

// nest wraps inner n times with wrap.
func nest(n int, inner string, wrap func(string) string) string {
	for range n {
		inner = wrap(inner)
	}
	return inner
}

// TestLimits: each limit passes a statement at the limit, rejects one
// past it with ErrTooComplex naming the limit, and the Limits field
// overrides the default.
func TestLimits(t *testing.T) {
	scalar := func(q string) string { return "SELECT (" + q + ")" }
	in := func(q string) string { return "SELECT wmo FROM argo_float_status WHERE wmo IN (" + q + ")" }
	from := func(n int) string {
		var f []string
		for i := range n {
			f = append(f, fmt.Sprintf("argo_profile_stations t%d", i))
		}
		return "SELECT count(*) FROM " + strings.Join(f, ", ")
	}
	union := func(n int) string {
		return strings.Repeat("SELECT 1 UNION ", n-1) + "SELECT 1"
	}
	sum := func(n int) string { return "SELECT " + strings.Repeat("1 + ", n-1) + "1" }
	for _, c := range []struct {
		name     string
		ok, over string
		want     string
	}{
		{"depth", nest(7, "SELECT 1", scalar), nest(8, "SELECT 1", scalar), "nested more than 8 deep"},
		{"depth in IN", nest(7, "SELECT wmo FROM argo_float_status", in), nest(8, "SELECT wmo FROM argo_float_status", in), "nested more than 8 deep"},
		{"issue 13: 30 nested scalar subqueries", "SELECT 1", nest(30, "SELECT 1", scalar), "nested more than 8 deep"},
		{"relations", from(16), from(17), "more than 16 tables"},
		{"selects", union(32), union(33), "more than 32 SELECTs"},
		{"expressions", sum(60), sum(64), "expressions nested more than 64 deep"},
	} {
		g := New(tables, nil)
		if _, err := g.Check(c.ok); err != nil {
			t.Errorf("%s: at the limit: %v", c.name, err)
		}
		_, err := g.Check(c.over)
		if !errors.Is(err, ErrTooComplex) || !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: past the limit: %v, want ErrTooComplex naming %q", c.name, err, c.want)
		}
	}
	g := New(tables, nil)
	g.Limits = Limits{MaxDepth: 2, MaxBytes: 100}
	if _, err := g.Check(nest(2, "SELECT 1", scalar)); !errors.Is(err, ErrTooComplex) {
		t.Errorf("MaxDepth 2: depth 3 passed: %v", err)
	}
	if _, err := g.Check("SELECT 1 FROM argo_float_status WHERE wmo = '" + strings.Repeat("x", 100) + "'"); !errors.Is(err, ErrTooComplex) {
		t.Errorf("MaxBytes 100: 150 bytes passed: %v", err)
	}
	g = New(tables, nil)
	g.Limits = Limits{MaxDepth: 2}
	if _, err := g.Check(from(16)); err != nil {
		t.Errorf("zero MaxRelations did not take the default: %v", err)
	}
}

func FuzzCheck(f *testing.F) {
	for _, q := range oceantest.HostileSQL(f) {
		f.Add(q)
	}
	for _, q := range allowed {
		f.Add(q)
	}
	g := New(tables, nil)
	lim := g.Limits.withDefaults()
	f.Fuzz(func(t *testing.T, q string) {
		out, err := g.Check(q)
		if err != nil {
			if !errors.Is(err, ErrRejected) {
				t.Fatalf("%q: error %v does not wrap ErrRejected", q, err)
			}
			return
		}
		// what Check returns is what runs: it must itself be one allowed SELECT
		if _, err := g.inspect(out, lim); err != nil {
			t.Fatalf("%q passed but its deparse %q did not: %v", q, out, err)
		}
	})
}
