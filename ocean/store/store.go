// Package store is the embedded Argo store: float metadata, status and
// profile stations in a DuckDB file, measurements in hive-partitioned
// Parquet (profiles/wmo=<WMO>/year=<YYYY>/), and guarded read-only queries
// over both.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	_ "github.com/duckdb/duckdb-go/v2" // registers the "duckdb" driver
)

// Options configure Open. The zero value opens read-write.
type Options struct {
	// ReadOnly opens the database read-only and locks DuckDB's file access
	// to the profiles directory, for serving queries.
	ReadOnly bool
	// ActiveWithin is how recent a float's last report must be for it to
	// count as active; zero means 30 days.
	ActiveWithin time.Duration
	// Now returns the reference time for report ages; nil means time.Now.
	Now    func() time.Time
	Logger *slog.Logger
}

// Store is an open embedded Argo store. It is safe for concurrent use;
// ingests are serialised.
type Store struct {
	db       *sql.DB
	dir      string
	profiles string
	opts     Options
	ingestMu sync.Mutex
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
`

// measureCols are the Parquet columns of one measurement, in order; wmo
// and year are the hive partition keys and live in the path.
const measureCols = `cycle, direction, data_mode, time, lat, lon, level,
	pres, temp, psal, pres_adjusted, temp_adjusted, psal_adjusted,
	pres_qc, temp_qc, psal_qc, pres_adjusted_qc, temp_adjusted_qc, psal_adjusted_qc,
	doxy, doxy_qc, chla, chla_qc, bbp700, bbp700_qc, nitrate, nitrate_qc, ph_in_situ_total, ph_in_situ_total_qc`

const measureTable = `CREATE TEMP TABLE IF NOT EXISTS _incoming (
	wmo VARCHAR, year INTEGER, cycle INTEGER, direction VARCHAR, data_mode VARCHAR, time TIMESTAMP, lat DOUBLE, lon DOUBLE, level INTEGER,
	pres REAL, temp REAL, psal REAL, pres_adjusted REAL, temp_adjusted REAL, psal_adjusted REAL,
	pres_qc VARCHAR, temp_qc VARCHAR, psal_qc VARCHAR, pres_adjusted_qc VARCHAR, temp_adjusted_qc VARCHAR, psal_adjusted_qc VARCHAR,
	doxy REAL, doxy_qc VARCHAR, chla REAL, chla_qc VARCHAR, bbp700 REAL, bbp700_qc VARCHAR, nitrate REAL, nitrate_qc VARCHAR,
	ph_in_situ_total REAL, ph_in_situ_total_qc VARCHAR)`

// Open opens (creating if needed) the store in dir: dir/ocean.duckdb and
// dir/profiles/.
func Open(ctx context.Context, dir string, opts Options) (*Store, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("store dir %q: %w", dir, err)
	}
	s := &Store{dir: abs, profiles: filepath.Join(abs, "profiles"), opts: opts}
	if s.opts.ActiveWithin == 0 {
		s.opts.ActiveWithin = 30 * 24 * time.Hour
	}
	if s.opts.Now == nil {
		s.opts.Now = time.Now
	}
	if s.opts.Logger == nil {
		s.opts.Logger = slog.New(slog.DiscardHandler)
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
			return s, nil
		}
		db.Close()
	}
	db, err := sql.Open("duckdb", dbPath+"?access_mode=READ_ONLY")
	if err != nil {
		return nil, fmt.Errorf("open %s read-only: %w", dbPath, err)
	}
	s.db = db
	// Lock file access to the profiles directory for every connection.
	for _, q := range []string{
		fmt.Sprintf("SET allowed_directories = [%s]", quote(s.profiles+string(os.PathSeparator))),
		"SET enable_external_access = false",
		"SET autoinstall_known_extensions = false",
		"SET autoload_known_extensions = false",
		"SET lock_configuration = true",
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			db.Close()
			return nil, fmt.Errorf("store: %s: %w", q, err)
		}
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
	return s.refreshView(ctx, s.db)
}

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// refreshView points argo_profiles at the Parquet files, or at an empty
// relation of the same shape when there are none yet.
func (s *Store) refreshView(ctx context.Context, db execer) error {
	files, _ := filepath.Glob(filepath.Join(s.profiles, "wmo=*", "year=*", "*.parquet"))
	var q string
	if len(files) == 0 {
		q = `CREATE OR REPLACE VIEW argo_profiles AS SELECT wmo, year, ` + measureCols + ` FROM (
			SELECT NULL::VARCHAR AS wmo, NULL::INTEGER AS year, NULL::INTEGER AS cycle, NULL::VARCHAR AS direction, NULL::VARCHAR AS data_mode,
			NULL::TIMESTAMP AS time, NULL::DOUBLE AS lat, NULL::DOUBLE AS lon, NULL::INTEGER AS level,
			NULL::REAL AS pres, NULL::REAL AS temp, NULL::REAL AS psal, NULL::REAL AS pres_adjusted, NULL::REAL AS temp_adjusted, NULL::REAL AS psal_adjusted,
			NULL::VARCHAR AS pres_qc, NULL::VARCHAR AS temp_qc, NULL::VARCHAR AS psal_qc, NULL::VARCHAR AS pres_adjusted_qc, NULL::VARCHAR AS temp_adjusted_qc, NULL::VARCHAR AS psal_adjusted_qc,
			NULL::REAL AS doxy, NULL::VARCHAR AS doxy_qc, NULL::REAL AS chla, NULL::VARCHAR AS chla_qc, NULL::REAL AS bbp700, NULL::VARCHAR AS bbp700_qc,
			NULL::REAL AS nitrate, NULL::VARCHAR AS nitrate_qc, NULL::REAL AS ph_in_situ_total, NULL::VARCHAR AS ph_in_situ_total_qc) WHERE false`
	} else {
		q = `CREATE OR REPLACE VIEW argo_profiles AS SELECT wmo, year, ` + measureCols + ` FROM read_parquet(` +
			quote(filepath.Join(s.profiles, "wmo=*", "year=*", "*.parquet")) +
			`, hive_partitioning = true, hive_types = {'wmo': VARCHAR, 'year': INTEGER})`
	}
	if _, err := db.ExecContext(ctx, q); err != nil {
		return fmt.Errorf("argo_profiles view: %w", err)
	}
	return nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

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
