// Package store is the embedded Argo store: float metadata, status and
// profile stations in a DuckDB file, measurements in hive-partitioned
// Parquet (profiles/wmo=<WMO>/year=<YYYY>/), and guarded read-only queries
// over both.
package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	_ "github.com/duckdb/duckdb-go/v2" // registers the "duckdb" driver

	"github.com/cairn-agents/cairn/internal/admit"
	"github.com/cairn-agents/cairn/ocean/argo"
)

// Options configure Open. The zero value opens read-write.
type Options struct {
	// ReadOnly opens the database read-only and locks DuckDB's file access
	// to the profiles directory, for serving queries.
	ReadOnly bool
	// ActiveWithin is how recent a float's last report must be for it to
	// count as active; zero means 30 days.
	ActiveWithin time.Duration
	// Now returns the reference time for report ages, and the latest
	// time an ingested record may carry; nil means time.Now.
	Now func() time.Time
	// MaxFileBytes bounds the size of every file Ingest reads; zero
	// means DefaultMaxFileBytes (1 GiB).
	MaxFileBytes int64
	// Threads is how many threads DuckDB gives one query. Zero means one
	// for a read-only store and DuckDB's default (the cores) otherwise: a
	// serving store runs many queries side by side, and a query's own
	// threads then only contend with the others' (a third more CPU per
	// query on two cores).
	Threads int
	// MaxQueries is how many queries run at once; the others wait in
	// arrival order. Zero means GOMAXPROCS for a read-only store and no
	// limit otherwise; negative means no limit.
	MaxQueries int
	// HotBytes bounds the profile data a read-only store copies into
	// memory when it opens: when the profiles' Parquet files total at
	// most this many bytes, argo_profiles reads a compressed in-memory
	// table (about the Parquet's size; a query there costs a fifth to a
	// tenth of one through the files), else the files. Zero means
	// DefaultHotBytes; negative never copies.
	HotBytes int64
	// KeepMB bounds the results of templated statements a read-only
	// store keeps to answer them again (see keptResults), in megabytes
	// of rows (about); zero means DefaultKeepMB, negative keeps none.
	KeepMB int
	// LevelsMB bounds the floats' levels a read-only store holds in Go
	// (Store.FloatLevels), in megabytes; zero means DefaultLevelsMB,
	// negative holds none.
	LevelsMB int
	Logger   *slog.Logger
}

// DefaultKeepMB is Options.KeepMB's default.
const DefaultKeepMB = 10

// DefaultHotBytes is Options.HotBytes' default.
const DefaultHotBytes = 256 << 20

// Store is an open embedded Argo store. It is safe for concurrent use;
// ingests are serialised.
type Store struct {
	db       *sql.DB
	dir      string
	profiles string
	opts     Options
	ingestMu sync.Mutex
	guarded  guardChecks
	plans    planChecks
	prepared preparedStmts
	kept     keptResults // a read-only store's templated results
	held     heldLevels  // a read-only store's floats' levels
	gate     *admit.Gate
	summary  bool // the database has SummaryTable
	// atTargets: the database has AtTargetsTable
	atTargets bool
	hot       bool // argo_profiles reads the in-memory copy
}

// Tables are the tables and views a query may read.
var Tables = []string{"argo_float_metadata", "argo_float_status", "argo_profile_stations", "argo_profiles"}

const schema = `
CREATE TABLE IF NOT EXISTS argo_float_metadata (
	wmo VARCHAR NOT NULL,
	dac VARCHAR,
	platform_type VARCHAR,
	platform_maker VARCHAR,
	wmo_inst_type VARCHAR,
	profiler_type VARCHAR,
	project_name VARCHAR,
	pi_name VARCHAR,
	data_centre VARCHAR,
	float_owner VARCHAR,
	operating_institution VARCHAR,
	launch_date TIMESTAMP,
	launch_lat DOUBLE,
	launch_lon DOUBLE,
	end_mission_date TIMESTAMP,
	end_mission_status VARCHAR,
	sensors VARCHAR,
	parameters VARCHAR,
	source_file VARCHAR
);
CREATE TABLE IF NOT EXISTS argo_profile_stations (
	wmo VARCHAR NOT NULL,
	cycle INTEGER NOT NULL,
	direction VARCHAR NOT NULL,
	data_mode VARCHAR,
	time TIMESTAMP,
	lat DOUBLE,
	lon DOUBLE,
	position_qc VARCHAR,
	ocean VARCHAR,
	n_levels INTEGER,
	source_file VARCHAR,
	source_rank INTEGER
);
CREATE TABLE IF NOT EXISTS argo_float_status (
	wmo VARCHAR NOT NULL,
	first_time TIMESTAMP,
	last_time TIMESTAMP,
	last_lat DOUBLE,
	last_lon DOUBLE,
	last_cycle INTEGER,
	cycle_count INTEGER,
	profile_count INTEGER,
	data_modes VARCHAR,
	last_report_age_days DOUBLE,
	active BOOLEAN,
	as_of TIMESTAMP
);
CREATE TABLE IF NOT EXISTS argo_pending_swaps (
	wmo VARCHAR NOT NULL,
	staging VARCHAR NOT NULL
);
CREATE TABLE IF NOT EXISTS argo_ingested_files (
	path VARCHAR NOT NULL,
	sha256 VARCHAR NOT NULL,
	kind VARCHAR,
	ingested_at TIMESTAMP
);
-- name is the file's base name, batch the Ingest call that recorded it
-- (see Store.changed); stores made before them gain them here.
ALTER TABLE argo_ingested_files ADD COLUMN IF NOT EXISTS name VARCHAR;
ALTER TABLE argo_ingested_files ADD COLUMN IF NOT EXISTS batch BIGINT;
`

// measureColumns are the Parquet columns of one measurement, in order,
// with their DuckDB types; wmo and year are the hive partition keys and
// live in the path. The *_adjusted BGC columns, bgc_data_mode and
// level_source came later: Parquet written before them reads them as NULL
// ('core' for level_source).
var measureColumns = func() [][2]string {
	cols := [][2]string{{"cycle", "INTEGER"}, {"direction", "VARCHAR"}, {"data_mode", "VARCHAR"}, {"time", "TIMESTAMP"},
		{"lat", "DOUBLE"}, {"lon", "DOUBLE"}, {"level", "INTEGER"}}
	for _, c := range coreColumns {
		cols = append(cols, [2]string{c, colType(c)})
	}
	for _, c := range bgcColumns {
		cols = append(cols, [2]string{c, colType(c)})
	}
	return append(cols, [2]string{"level_source", "VARCHAR"})
}()

// coreColumns are the CTD measurement columns of a level.
var coreColumns = []string{"pres", "temp", "psal", "pres_adjusted", "temp_adjusted", "psal_adjusted",
	"pres_qc", "temp_qc", "psal_qc", "pres_adjusted_qc", "temp_adjusted_qc", "psal_adjusted_qc"}

// bgcColumns are the BGC columns of a level, in Parquet order: value and
// QC of each parameter, then adjusted value and QC of each, then the data
// mode of the synthetic profile they came from.
var bgcColumns = func() []string {
	var cols []string
	for _, p := range argo.BGCParams {
		n := strings.ToLower(p)
		cols = append(cols, n, n+"_qc")
	}
	for _, p := range argo.BGCParams {
		n := strings.ToLower(p)
		cols = append(cols, n+"_adjusted", n+"_adjusted_qc")
	}
	return append(cols, "bgc_data_mode")
}()

func colType(name string) string {
	if strings.HasSuffix(name, "_qc") || name == "bgc_data_mode" {
		return "VARCHAR"
	}
	return "REAL"
}

// measureCols is measureColumns' names as a select list.
var measureCols = func() string {
	names := make([]string, len(measureColumns))
	for i, c := range measureColumns {
		names[i] = c[0]
	}
	return strings.Join(names, ", ")
}()

// stagingTable creates (or empties) a temp table of measurement rows.
func stagingTable(name string) string {
	var b strings.Builder
	b.WriteString("CREATE TEMP TABLE IF NOT EXISTS " + name + " (wmo VARCHAR, year INTEGER")
	for _, c := range measureColumns {
		b.WriteString(", " + c[0] + " " + c[1])
	}
	b.WriteString("); DELETE FROM " + name + ";")
	return b.String()
}

// Open opens (creating if needed) the store in dir: dir/ocean.duckdb and
// dir/profiles/.
func Open(ctx context.Context, dir string, opts Options) (*Store, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("store dir %q: %w", dir, err)
	}
	s := &Store{dir: abs, profiles: filepath.Join(abs, "profiles"), opts: opts}
	if opts.ReadOnly && opts.KeepMB >= 0 {
		s.kept.max = cmp.Or(opts.KeepMB, DefaultKeepMB) * cellsPerMB
	}
	if opts.ReadOnly && opts.LevelsMB >= 0 {
		s.held.max = int64(cmp.Or(opts.LevelsMB, DefaultLevelsMB)) << 20
	}
	if s.opts.ActiveWithin == 0 {
		s.opts.ActiveWithin = 30 * 24 * time.Hour
	}
	if s.opts.Now == nil {
		s.opts.Now = time.Now
	}
	if s.opts.Logger == nil {
		s.opts.Logger = slog.New(slog.DiscardHandler)
	}
	if n := s.opts.MaxQueries; n > 0 || n == 0 && opts.ReadOnly {
		s.gate = admit.New(cmp.Or(n, runtime.GOMAXPROCS(0)))
	}
	dbPath := filepath.Join(abs, "ocean.duckdb")
	if _, err := os.Stat(dbPath); err != nil || !opts.ReadOnly {
		// create the directory, schema and view before any read-only open
		if err := os.MkdirAll(s.profiles, 0o755); err != nil {
			return nil, fmt.Errorf("store dir: %w", err)
		}
		db, err := sql.Open("duckdb", dbPath)
		if err != nil {
			return nil, fmt.Errorf("open %s: %w", dbPath, err)
		}
		s.db = db
		if err := s.init(ctx); err != nil {
			db.Close()
			return nil, err
		}
		if !opts.ReadOnly {
			s.summary, s.atTargets = true, true // init made them if they were missing
			if opts.Threads > 0 {
				if _, err := db.ExecContext(ctx, fmt.Sprintf("SET threads = %d", opts.Threads)); err != nil {
					db.Close()
					return nil, fmt.Errorf("store: threads: %w", err)
				}
			}
			return s, nil
		}
		db.Close()
	}
	if err := s.openReadOnly(ctx, dbPath); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Store) init(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, schema); err != nil {
		return fmt.Errorf("store schema: %w", err)
	}
	if err := s.recoverSwaps(ctx); err != nil {
		return err
	}
	if err := s.refreshView(ctx, s.db); err != nil {
		return err
	}
	for _, t := range []derivedTable{summaryTable, atTargetsTable} {
		if err := s.backfill(ctx, t); err != nil {
			return err
		}
	}
	return nil
}

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// parquetSelect is the select list of measureColumns over the Parquet
// files matching glob, read with union_by_name: a column no file has is
// NULL, and level_source is 'core' where missing. uniform says every
// file has every column, so the files can be read without union_by_name
// (which reads every file's schema at each query: 15 ms of CPU on the
// sample data, three times what a one-float query costs without it).
func parquetSelect(ctx context.Context, db execer, glob string, files int) (sel string, uniform bool, err error) {
	rows, err := db.QueryContext(ctx, `SELECT name, count(DISTINCT file_name) FROM parquet_schema(`+quote(glob)+`) GROUP BY name`)
	if err != nil {
		return "", false, fmt.Errorf("parquet schema: %w", err)
	}
	have := map[string]bool{}
	inFiles := map[string]int{}
	for rows.Next() {
		var n string
		var k int
		if err := rows.Scan(&n, &k); err != nil {
			rows.Close()
			return "", false, err
		}
		have[n], inFiles[n] = true, k
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return "", false, fmt.Errorf("parquet schema: %w", err)
	}
	uniform = true
	for _, c := range measureColumns {
		if inFiles[c[0]] != files {
			uniform = false
		}
	}
	parts := make([]string, len(measureColumns))
	for i, c := range measureColumns {
		switch {
		case c[0] == "level_source" && have[c[0]]:
			parts[i] = "coalesce(level_source, 'core') AS level_source"
		case c[0] == "level_source":
			parts[i] = "'core' AS level_source"
		case have[c[0]]:
			parts[i] = c[0]
		default:
			parts[i] = "NULL::" + c[1] + " AS " + c[0]
		}
	}
	return strings.Join(parts, ", "), uniform, nil
}

// refreshView points argo_profiles at the Parquet files, or at an empty
// relation of the same shape when there are none yet.
func (s *Store) refreshView(ctx context.Context, db execer) error {
	glob := filepath.Join(s.profiles, "wmo=*", "year=*", "*.parquet")
	files, _ := filepath.Glob(glob)
	var q string
	if len(files) == 0 {
		var b strings.Builder
		b.WriteString("CREATE OR REPLACE VIEW argo_profiles AS SELECT NULL::VARCHAR AS wmo, NULL::INTEGER AS year")
		for _, c := range measureColumns {
			b.WriteString(", NULL::" + c[1] + " AS " + c[0])
		}
		b.WriteString(" WHERE false")
		q = b.String()
	} else {
		sel, uniform, err := parquetSelect(ctx, db, glob, len(files))
		if err != nil {
			return fmt.Errorf("argo_profiles view: %w", err)
		}
		union := ", union_by_name = true"
		if uniform {
			union = ""
		}
		q = `CREATE OR REPLACE VIEW argo_profiles AS SELECT wmo, year, ` + sel + ` FROM read_parquet(` + quote(glob) +
			`, hive_partitioning = true, hive_types = {'wmo': VARCHAR, 'year': INTEGER}` + union + `)`
	}
	if _, err := db.ExecContext(ctx, q); err != nil {
		return fmt.Errorf("argo_profiles view: %w", err)
	}
	if _, err := db.ExecContext(ctx, "CREATE OR REPLACE VIEW "+GoodLevels+" AS "+goodLevelsSQL("argo_profiles")); err != nil {
		return fmt.Errorf("%s view: %w", GoodLevels, err)
	}
	return nil
}

// Close closes the database.
func (s *Store) Close() error {
	s.prepared.close()
	s.kept.drop()
	s.held.drop()
	return s.db.Close()
}

// Dir is the store's directory.
func (s *Store) Dir() string { return s.dir }

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// recoverSwaps finishes what a crash interrupted: swaps whose transaction
// committed are completed (roll forward); staging directories of
// uncommitted ingests are removed; a float directory moved aside with no
// committed replacement is moved back.
func (s *Store) recoverSwaps(ctx context.Context) error {
	rows, err := s.db.QueryContext(ctx, `SELECT wmo, staging FROM argo_pending_swaps`)
	if err != nil {
		return fmt.Errorf("store recovery: %w", err)
	}
	type pending struct{ wmo, staging string }
	var ps []pending
	for rows.Next() {
		var p pending
		if err := rows.Scan(&p.wmo, &p.staging); err != nil {
			rows.Close()
			return err
		}
		ps = append(ps, p)
	}
	rows.Close()
	keep := map[string]bool{}
	for _, p := range ps {
		if err := swapIn(s.profiles, p.wmo, p.staging); err != nil {
			return fmt.Errorf("store recovery: float %s: %w", p.wmo, err)
		}
		s.opts.Logger.Info("finished an interrupted ingest", "wmo", p.wmo)
		keep[p.staging] = true
	}
	if _, err := s.db.ExecContext(ctx, `DELETE FROM argo_pending_swaps`); err != nil {
		return fmt.Errorf("store recovery: %w", err)
	}
	entries, err := os.ReadDir(s.profiles)
	if err != nil {
		return nil
	}
	for _, e := range entries {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, ".old-"):
			live := filepath.Join(s.profiles, strings.TrimPrefix(name, ".old-"))
			if _, err := os.Stat(live); errors.Is(err, os.ErrNotExist) {
				os.Rename(filepath.Join(s.profiles, name), live)
			} else {
				os.RemoveAll(filepath.Join(s.profiles, name))
			}
		case strings.HasPrefix(name, ".staging-") && !keep[filepath.Join(s.profiles, name)]:
			os.RemoveAll(filepath.Join(s.profiles, name))
		}
	}
	return nil
}
