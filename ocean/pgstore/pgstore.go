// Package pgstore is the PostgreSQL + PostGIS store for Argo float
// metadata, status and profile stations, with geography columns for
// spatial questions. It is filled from the embedded store (Sync) and
// answers guarded read-only queries like it.
package pgstore

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgconn/ctxwatch"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/cairn-agents/cairn/ocean/sqlguard"
	"github.com/cairn-agents/cairn/ocean/store"
)

// Tables are the tables a query may read.
var Tables = []string{"argo_float_metadata", "argo_float_status", "argo_profile_stations"}

// SpatialFunctions are the PostGIS functions a query may call, on top of
// sqlguard.SafeFunctions.
var SpatialFunctions = []string{
	"st_dwithin", "st_distance", "st_makepoint", "st_setsrid", "st_point", "st_geogfromtext", "st_geomfromtext",
	"st_covers", "st_coveredby", "st_contains", "st_within", "st_intersects", "st_x", "st_y", "st_astext", "st_envelope",
}

var guard = sqlguard.New(Tables, append(append([]string{}, sqlguard.SafeFunctions...), SpatialFunctions...))

const schema = `
CREATE EXTENSION IF NOT EXISTS postgis;
CREATE TABLE IF NOT EXISTS argo_float_metadata (
	wmo text PRIMARY KEY, dac text, platform_type text, platform_maker text, wmo_inst_type text, profiler_type text,
	project_name text, pi_name text, data_centre text, float_owner text, operating_institution text,
	launch_date timestamptz, launch_lat double precision, launch_lon double precision,
	end_mission_date timestamptz, end_mission_status text, sensors text, parameters text, source_file text,
	launch_geog geography(Point, 4326));
CREATE TABLE IF NOT EXISTS argo_float_status (
	wmo text PRIMARY KEY, first_time timestamptz, last_time timestamptz, last_lat double precision, last_lon double precision,
	last_cycle integer, cycle_count integer, profile_count integer, data_modes text, last_report_age_days double precision,
	active boolean, as_of timestamptz, last_geog geography(Point, 4326));
CREATE TABLE IF NOT EXISTS argo_profile_stations (
	wmo text NOT NULL, cycle integer NOT NULL, direction text NOT NULL, data_mode text, time timestamptz,
	lat double precision, lon double precision, position_qc text, ocean text, n_levels integer, source_file text, source_rank integer,
	geog geography(Point, 4326), PRIMARY KEY (wmo, cycle, direction));
CREATE INDEX IF NOT EXISTS argo_profile_stations_geog ON argo_profile_stations USING gist (geog);
CREATE INDEX IF NOT EXISTS argo_float_status_geog ON argo_float_status USING gist (last_geog);
`

// geogOf names each table's geography column and the columns it is made from.
var geogOf = map[string][3]string{
	"argo_float_metadata":   {"launch_geog", "launch_lat", "launch_lon"},
	"argo_float_status":     {"last_geog", "last_lat", "last_lon"},
	"argo_profile_stations": {"geog", "lat", "lon"},
}

// Store is an open PostGIS store. It is safe for concurrent use.
type Store struct {
	pool *pgxpool.Pool
}

// Open connects to dsn and creates the schema (and the postgis extension)
// if needed.
func Open(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	// When a query's context ends (its caller went away), ask the server
	// to cancel the statement and keep the connection; pgx's default
	// closes the connection and sends the cancel request from a goroutine
	// on its way out.
	cfg.ConnConfig.BuildContextWatcherHandler = func(c *pgconn.PgConn) ctxwatch.Handler {
		return &pgconn.CancelRequestContextWatcherHandler{Conn: c, DeadlineDelay: 2 * time.Second}
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	if _, err := pool.Exec(ctx, schema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("pgstore schema: %w", err)
	}
	return &Store{pool: pool}, nil
}

// Close closes the connections.
func (s *Store) Close() { s.pool.Close() }

// Dialect names the SQL dialect of the store's queries.
func (s *Store) Dialect() string { return "postgis" }

// Sync replaces the metadata, status and station tables with the embedded
// store's, in one transaction: readers see the old or the new data, never
// a mix, and a failed sync changes nothing.
func (s *Store) Sync(ctx context.Context, from *store.Store) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("pgstore sync: %w", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "TRUNCATE argo_float_metadata, argo_float_status, argo_profile_stations"); err != nil {
		return fmt.Errorf("pgstore sync: %w", err)
	}
	for _, table := range Tables {
		var cols []string
		var rows [][]any
		err := from.Each(ctx, table, func(c []string, row []any) error {
			cols = c
			rows = append(rows, row)
			return nil
		})
		if err != nil {
			return fmt.Errorf("pgstore sync %s: %w", table, err)
		}
		if len(rows) == 0 {
			continue
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{table}, cols, pgx.CopyFromRows(rows)); err != nil {
			return fmt.Errorf("pgstore sync %s: %w", table, err)
		}
		g := geogOf[table]
		if _, err := tx.Exec(ctx, fmt.Sprintf(`UPDATE %s SET %s = ST_SetSRID(ST_MakePoint(%s, %s), 4326)::geography WHERE %s IS NOT NULL AND %s IS NOT NULL`,
			table, g[0], g[2], g[1], g[1], g[2])); err != nil {
			return fmt.Errorf("pgstore sync %s geography: %w", table, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("pgstore sync: %w", err)
	}
	return nil
}

// Query checks stmt with the SQL guard (PostGIS functions allowed) and runs
// it in a read-only transaction with a statement timeout and a row limit.
// When ctx ends first, the server is asked to cancel the statement.
func (s *Store) Query(ctx context.Context, opts store.QueryOptions, stmt string, args ...any) (*store.Result, error) {
	safe, err := guard.Check(stmt)
	if err != nil {
		return nil, err
	}
	return s.readOnly(ctx, opts, safe, args...)
}

func (s *Store) readOnly(ctx context.Context, opts store.QueryOptions, stmt string, args ...any) (*store.Result, error) {
	if opts.MaxRows <= 0 {
		opts.MaxRows = store.DefaultMaxRows
	}
	if opts.Timeout <= 0 {
		opts.Timeout = store.DefaultTimeout
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout+time.Second)
	defer cancel()
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, queryErr(ctx, opts, fmt.Errorf("read-only transaction: %w", err))
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if _, err := tx.Exec(ctx, "SET LOCAL statement_timeout = "+strconv.FormatInt(opts.Timeout.Milliseconds(), 10)); err != nil {
		return nil, fmt.Errorf("pgstore: statement timeout: %w", err)
	}
	rows, err := tx.Query(ctx, stmt, args...)
	if err != nil {
		return nil, queryErr(ctx, opts, err)
	}
	defer rows.Close()
	res := &store.Result{SQL: stmt}
	for _, f := range rows.FieldDescriptions() {
		res.Columns = append(res.Columns, f.Name)
	}
	for rows.Next() {
		if len(res.Rows) == opts.MaxRows {
			res.Truncated = true
			break
		}
		vals, err := rows.Values()
		if err != nil {
			return nil, err
		}
		for i, v := range vals {
			vals[i] = store.Clean(v)
		}
		res.Rows = append(res.Rows, vals)
	}
	if err := rows.Err(); err != nil {
		return nil, queryErr(ctx, opts, err)
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// queryErr says why a query failed in the caller's terms: cancelled by
// its caller, over its timeout, or the server's error.
func queryErr(ctx context.Context, opts store.QueryOptions, err error) error {
	var pgErr *pgconn.PgError
	switch {
	case errors.Is(ctx.Err(), context.Canceled):
		return fmt.Errorf("pgstore query cancelled: %w", context.Canceled)
	case errors.Is(ctx.Err(), context.DeadlineExceeded), errors.As(err, &pgErr) && pgErr.Code == "57014":
		return fmt.Errorf("pgstore query exceeded its %v timeout: %w", opts.Timeout, context.DeadlineExceeded)
	}
	return fmt.Errorf("pgstore query: %w", err)
}
