package sqlguard

import (
	"errors"
	"strings"
	"testing"
)

var tables = []string{"argo_float_metadata", "argo_float_status", "argo_profile_stations", "argo_profiles"}

func TestAllowed(t *testing.T) {
	g := New(tables, nil)
	for _, q := range []string{
		"SELECT * FROM argo_float_status",
		"select wmo, last_lat, last_lon from argo_float_status where wmo = $1",
		"WITH s AS (SELECT wmo, max(time) AS t FROM argo_profile_stations GROUP BY wmo) SELECT * FROM s ORDER BY t DESC LIMIT 5",
		"SELECT cycle, avg(temp) FROM argo_profiles WHERE wmo = '2902269' AND pres < 10 AND temp_qc IN ('1','2') GROUP BY cycle ORDER BY cycle",
		"SELECT m.wmo, s.active FROM argo_float_metadata m JOIN argo_float_status s USING (wmo)",
		"SELECT extract(year FROM time) AS y, count(*) FROM argo_profile_stations GROUP BY 1 -- trailing comment",
		"SELECT 6371 * 2 * asin(sqrt(power(sin(radians(last_lat - 15) / 2), 2))) FROM argo_float_status",
		"SELECT wmo FROM argo_float_status WHERE last_time > now() - interval '365 days'",
		"SELECT row_number() OVER (PARTITION BY wmo ORDER BY time) FROM argo_profile_stations",
	} {
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

// hostile is a corpus of statements that must never reach a database.
var hostile = []string{
	// writes and DDL
	"INSERT INTO argo_float_status (wmo) VALUES ('1')",
	"UPDATE argo_float_status SET active = true",
	"DELETE FROM argo_float_metadata",
	"DROP TABLE argo_float_status",
	"CREATE TABLE x AS SELECT * FROM argo_float_status",
	"ALTER TABLE argo_float_status ADD COLUMN x int",
	"TRUNCATE argo_float_status",
	"SELECT * INTO newtable FROM argo_float_status",
	"MERGE INTO argo_float_status s USING argo_float_metadata m ON s.wmo = m.wmo WHEN MATCHED THEN DELETE",
	"WITH d AS (DELETE FROM argo_float_status RETURNING *) SELECT * FROM d",
	"WITH u AS (UPDATE argo_float_status SET active = false RETURNING wmo) SELECT * FROM u",
	"SELECT * FROM argo_float_status FOR UPDATE",
	"GRANT ALL ON argo_float_status TO public",
	"VACUUM",
	"BEGIN",
	"COMMIT",
	"SET enable_external_access = true",
	"RESET ALL",
	"PRAGMA enable_profiling",
	"CHECKPOINT",
	"CALL pg_sleep(10)",
	"DO $$ BEGIN PERFORM 1; END $$",
	"EXPLAIN ANALYZE DELETE FROM argo_float_status",
	"PREPARE p AS DELETE FROM argo_float_status",
	"EXECUTE p",
	"LISTEN x",
	"NOTIFY x",
	"LOCK TABLE argo_float_status",
	"CREATE FUNCTION f() RETURNS int AS 'select 1' LANGUAGE sql",
	"CREATE EXTENSION postgis",
	// multiple statements and comments hiding statements
	"SELECT 1 FROM argo_float_status; DROP TABLE argo_float_status",
	"SELECT 1 FROM argo_float_status;DELETE FROM argo_float_metadata;",
	"SELECT * FROM argo_float_status; -- harmless\nDROP TABLE argo_float_status",
	"SELECT * FROM argo_float_status /* ; */ ; DROP TABLE argo_float_metadata",
	"/* SELECT */ DROP TABLE argo_float_status",
	"-- SELECT * FROM argo_float_status\nDELETE FROM argo_float_status",
	"SELECT 1; SELECT 2",
	// files, network, server
	"SELECT * FROM read_csv('/etc/passwd')",
	"SELECT * FROM read_csv_auto('/etc/passwd')",
	"SELECT * FROM read_parquet('/tmp/x.parquet')",
	"SELECT * FROM read_json('http://evil/x.json')",
	"SELECT * FROM read_text('/etc/shadow')",
	"SELECT * FROM read_blob('/etc/shadow')",
	"SELECT * FROM glob('/*')",
	"SELECT read_csv('/etc/passwd')",
	"SELECT * FROM argo_float_status, read_csv('/etc/passwd')",
	"SELECT (SELECT count(*) FROM read_parquet('/x')) FROM argo_float_status",
	"SELECT * FROM argo_float_status WHERE wmo IN (SELECT column0 FROM read_csv('/etc/passwd'))",
	"COPY argo_float_status TO '/tmp/out.csv'",
	"COPY argo_float_status FROM '/tmp/in.csv'",
	"COPY (SELECT * FROM argo_float_status) TO '/tmp/x.parquet' (FORMAT parquet)",
	"SELECT pg_read_file('/etc/passwd')",
	"SELECT pg_read_binary_file('/etc/passwd')",
	"SELECT pg_ls_dir('/')",
	"SELECT lo_import('/etc/passwd')",
	"SELECT pg_sleep(100)",
	"SELECT current_setting('data_directory')",
	"SELECT set_config('x', 'y', false)",
	"SELECT dblink('host=evil', 'select 1')",
	"SELECT getenv('HOME')",
	"SELECT * FROM generate_series(1, 1000000000)",
	"SELECT * FROM range(1000000000)",
	"ATTACH '/tmp/other.db' AS other",
	"ATTACH DATABASE '/tmp/x.db' AS x",
	"DETACH other",
	"INSTALL httpfs",
	"LOAD httpfs",
	"LOAD '/tmp/evil.so'",
	"IMPORT DATABASE '/tmp/dump'",
	"EXPORT DATABASE '/tmp/dump'",
	"SELECT * FROM '/etc/passwd'",
	"SELECT * FROM \"/etc/passwd\"",
	"SELECT * FROM 'data.csv'",
	// other tables and schemas
	"SELECT * FROM pg_catalog.pg_authid",
	"SELECT * FROM information_schema.tables",
	"SELECT * FROM duckdb_settings()",
	"SELECT * FROM pg_shadow",
	"SELECT * FROM other.main.argo_float_status",
	"SELECT * FROM main.argo_float_status",
	"SELECT * FROM argo_ingested_files",
	"TABLE pg_authid",
	"SELECT * FROM argo_float_status TABLESAMPLE SYSTEM (10)",
	"SELECT myschema.evil(1) FROM argo_float_status",
	// garbage
	"",
	"   ",
	"SELEC * FROM argo_float_status",
	"SELECT * FROM argo_float_status WHERE",
	"SELECT 'unterminated FROM argo_float_status",
	"SELECT 1\x00; DROP TABLE x",
	"SHOW TABLES",
	"DESCRIBE argo_float_status",
	"SUMMARIZE argo_float_status",
	"PIVOT argo_float_status ON wmo",
	"FROM argo_float_status",
}

func TestHostileCorpusRejected(t *testing.T) {
	g := New(tables, nil)
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
		strings.Repeat("SELECT 1 ", 5000):           "limit",
	} {
		_, err := g.Check(q)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.40q: err = %v, want mention of %q", q, err, want)
		}
	}
}

func FuzzCheck(f *testing.F) {
	for _, q := range hostile {
		f.Add(q)
	}
	f.Add("SELECT wmo FROM argo_float_status")
	g := New(tables, nil)
	f.Fuzz(func(t *testing.T, q string) {
		out, err := g.Check(q)
		if err != nil {
			return
		}
		// what Check returns is what runs: it must itself be one allowed SELECT
		if _, err := g.inspect(out); err != nil {
			t.Fatalf("%q passed but its deparse %q did not: %v", q, out, err)
		}
	})
}
