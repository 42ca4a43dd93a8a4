package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// genMeasurements writes n synthetic measurement rows as Parquet in the
// store's layout: 40 floats with 250,000 measurements each (about 250
// profiles of 1,000 levels, a long-lived real float), each float over 5
// years, so 200 float-year partitions.
func genMeasurements(b testing.TB, s *Store, n int) {
	b.Helper()
	q := fmt.Sprintf(`COPY (
		SELECT CAST(1000000 + i // 250000 AS VARCHAR) AS wmo,
			CAST(2010 + (i %% 250000) // 50000 AS INTEGER) AS year,
			CAST((i %% 250000) // 1000 AS INTEGER) AS cycle, 'A' AS direction, 'D' AS data_mode,
			TIMESTAMP '2010-01-01' + to_days(CAST(((i %% 250000) // 1000) * 7 AS INTEGER)) AS time,
			-60 + (i %% 1200) / 10.0 AS lat, -180 + (i %% 3600) / 10.0 AS lon,
			CAST(i %% 1000 AS INTEGER) AS level,
			CAST((i %% 1000) * 10 AS REAL) AS pres, CAST(28 - (i %% 1000) * 0.12 AS REAL) AS temp, CAST(35 + (i %% 7) * 0.01 AS REAL) AS psal,
			CAST(NULL AS REAL) AS pres_adjusted, CAST(NULL AS REAL) AS temp_adjusted, CAST(NULL AS REAL) AS psal_adjusted,
			'1' AS pres_qc, CASE WHEN i %% 50 = 0 THEN '4' ELSE '1' END AS temp_qc, '1' AS psal_qc,
			CAST(NULL AS VARCHAR) AS pres_adjusted_qc, CAST(NULL AS VARCHAR) AS temp_adjusted_qc, CAST(NULL AS VARCHAR) AS psal_adjusted_qc,
			CAST(NULL AS REAL) AS doxy, CAST(NULL AS VARCHAR) AS doxy_qc, CAST(NULL AS REAL) AS chla, CAST(NULL AS VARCHAR) AS chla_qc,
			CAST(NULL AS REAL) AS bbp700, CAST(NULL AS VARCHAR) AS bbp700_qc, CAST(NULL AS REAL) AS nitrate, CAST(NULL AS VARCHAR) AS nitrate_qc,
			CAST(NULL AS REAL) AS ph_in_situ_total, CAST(NULL AS VARCHAR) AS ph_in_situ_total_qc
		FROM range(%d) t(i)
	) TO %s (FORMAT parquet, PARTITION_BY (wmo, year), COMPRESSION zstd)`, n, quote(s.profiles))
	if _, err := s.db.Exec(q); err != nil {
		b.Fatal(err)
	}
	if err := s.refreshView(context.Background(), s.db); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkParquetAggregate10M aggregates 10 million measurement rows in
// Parquet through the guarded query path: a full scan grouped by float,
// and a float+year query that partition pruning answers.
func BenchmarkParquetAggregate10M(b *testing.B) {
	const rows = 10_000_000
	dir := b.TempDir()
	s, err := Open(context.Background(), dir, Options{})
	if err != nil {
		b.Fatal(err)
	}
	genMeasurements(b, s, rows)
	s.Close()
	if files, _ := filepath.Glob(filepath.Join(dir, "profiles", "wmo=*", "year=*", "*.parquet")); len(files) == 0 {
		b.Fatal("no Parquet written")
	}
	s, err = Open(context.Background(), dir, Options{ReadOnly: true})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	var n int64
	r, err := s.Query(context.Background(), QueryOptions{}, "SELECT count(*) FROM argo_profiles")
	if err != nil || r.Rows[0][0].(int64) != rows {
		b.Fatalf("count = %v, %v", r, err)
	}
	b.Run("full-scan", func(b *testing.B) {
		for b.Loop() {
			r, err := s.Query(context.Background(), QueryOptions{},
				`SELECT wmo, count(*) AS n, avg(temp) FILTER (WHERE temp_qc IN ('1', '2')) AS t, max(pres) AS p
				 FROM argo_profiles WHERE pres <= 100 GROUP BY wmo`)
			if err != nil || len(r.Rows) != 40 {
				b.Fatalf("%v rows, %v", r, err)
			}
			n++
		}
	})
	b.Run("pruned-float-year", func(b *testing.B) {
		for b.Loop() {
			r, err := s.Query(context.Background(), QueryOptions{},
				`SELECT cycle, avg(temp) FROM argo_profiles WHERE wmo = '1000017' AND year = 2012 AND pres <= 10 GROUP BY cycle`)
			if err != nil || len(r.Rows) == 0 {
				b.Fatalf("%v, %v", r, err)
			}
		}
	})
}
