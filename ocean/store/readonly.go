package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// attachedAs is the name the read-only store gives its database file
// inside the in-memory database that serves the queries.
const attachedAs = "stored"

// openReadOnly opens the serving side of a store: an in-memory DuckDB
// database that attaches dbPath read-only and names each stored table
// and view in its own main schema, so queries read them by their usual
// names. When the profiles' Parquet files total at most HotBytes,
// argo_profiles is a compressed in-memory copy of the levels, sorted by
// float and cycle (DuckDB then skips the other floats' row groups); else
// it is the stored view over the files; the per-float and per-profile
// tables (perProfile) are then copied too. GoodLevels is a table computed
// from the copy, or a view over the files. File access is then limited to
// the profiles directory and the configuration locked, as for any
// read-only store.
func (s *Store) openReadOnly(ctx context.Context, dbPath string) error {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		return fmt.Errorf("open %s read-only: %w", dbPath, err)
	}
	s.db = db
	fail := func(what string, err error) error {
		db.Close()
		return fmt.Errorf("store %s: %s: %w", s.dir, what, err)
	}
	for _, q := range []string{
		fmt.Sprintf("SET threads = %d", cmp.Or(s.opts.Threads, 1)),
		"ATTACH " + quote(dbPath) + " AS " + attachedAs + " (READ_ONLY)",
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			return fail(q, err)
		}
	}
	stored, err := storedRelations(ctx, db)
	if err != nil {
		return fail("listing tables", err)
	}
	hot := false
	if limit := cmp.Or(s.opts.HotBytes, DefaultHotBytes); limit > 0 && stored["argo_profiles"] {
		if size, n := parquetBytes(s.profiles); n > 0 && size <= limit {
			start := time.Now()
			if size > 32<<20 {
				s.opts.Logger.Info("copying the profiles into memory (--ocean-memory-mb)", "files", n, "mb", size>>20)
			}
			for _, q := range []string{
				"ATTACH ':memory:' AS hot (COMPRESS)",
				"CREATE TABLE hot.main.argo_profiles AS SELECT * FROM " + attachedAs + ".main.argo_profiles",
				"CREATE VIEW main.argo_profiles AS SELECT * FROM hot.main.argo_profiles",
				"CREATE TABLE hot.main." + GoodLevels + " AS " + goodLevelsSQL("hot.main.argo_profiles"),
				"CREATE VIEW main." + GoodLevels + " AS SELECT * FROM hot.main." + GoodLevels,
			} {
				if _, err := db.ExecContext(ctx, q); err != nil {
					return fail("copying the profiles into memory", err)
				}
			}
			hot = true
			s.opts.Logger.Info("profiles in memory", "files", n, "mb", float64(size)/(1<<20), "took", time.Since(start).Round(time.Millisecond))
		}
	}
	for name := range stored {
		if name == "argo_profiles" && hot || name == GoodLevels {
			continue
		}
		kind := "VIEW"
		if hot && perProfile[name] {
			kind = "TABLE"
		}
		if _, err := db.ExecContext(ctx, "CREATE "+kind+" main."+name+" AS SELECT * FROM "+attachedAs+".main."+name); err != nil {
			return fail("naming "+name, err)
		}
	}
	if !hot && stored["argo_profiles"] {
		// over main.argo_profiles, as every query reads the levels (a
		// stored view would read the attached catalog's, and a store
		// written before GoodLevels has none)
		if _, err := db.ExecContext(ctx, "CREATE VIEW main."+GoodLevels+" AS "+goodLevelsSQL("main.argo_profiles")); err != nil {
			return fail("naming "+GoodLevels, err)
		}
	}
	s.hot = hot
	// Lock file access to the profiles directory.
	for _, q := range []string{
		fmt.Sprintf("SET allowed_directories = [%s]", quote(s.profiles+string(os.PathSeparator))),
		"SET enable_external_access = false",
		"SET autoinstall_known_extensions = false",
		"SET autoload_known_extensions = false",
		"SET lock_configuration = true",
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			return fail(q, err)
		}
	}
	if s.atTargets = stored[AtTargetsTable]; s.atTargets {
		if s.atTargets, err = atTargetsTable.exists(ctx, db); err != nil {
			return fail("values at targets", err)
		}
	}
	if hot {
		s.preloadLevels(ctx)
	}
	s.summary = stored[SummaryTable]
	if s.summary {
		if s.summary, err = summaryTable.exists(ctx, db); err != nil {
			return fail("summary", err)
		}
	}
	return nil
}

// perProfile are the stored tables of a row per float or profile that a
// store holding the levels in memory copies there as well, as tables of
// its own: a statement then binds a table, not a view over the attached
// file (binding the summary's view of 102 columns cost a millisecond of
// CPU a statement, more than running most of them).
var perProfile = map[string]bool{"argo_float_metadata": true, "argo_float_status": true, "argo_profile_stations": true, SummaryTable: true, AtTargetsTable: true}

// storedRelations lists the tables and views of the attached database's
// main schema (the guard and the plan check limit which of them a query
// may read; the store's own statements read the others).
func storedRelations(ctx context.Context, db *sql.DB) (map[string]bool, error) {
	rows, err := db.QueryContext(ctx, `SELECT table_name FROM duckdb_tables() WHERE database_name = $1 AND schema_name = 'main'
		UNION SELECT view_name FROM duckdb_views() WHERE database_name = $1 AND schema_name = 'main'`, attachedAs)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		out[name] = true
	}
	return out, rows.Err()
}

// parquetBytes is the size and number of the profiles' Parquet files.
func parquetBytes(profiles string) (int64, int) {
	files, _ := filepath.Glob(filepath.Join(profiles, "wmo=*", "year=*", "*.parquet"))
	var size int64
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil {
			size += fi.Size()
		}
	}
	return size, len(files)
}

// Hot reports whether argo_profiles reads an in-memory copy of the
// levels (see Options.HotBytes).
func (s *Store) Hot() bool { return s.hot }
