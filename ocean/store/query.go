package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/cairn-agents/cairn/ocean/sqlguard"
)

// Query limits.
const (
	DefaultMaxRows = 1000
	DefaultTimeout = 10 * time.Second
)

// Result is the outcome of a guarded query.
type Result struct {
	SQL       string        `json:"sql"` // the statement as run (deparsed by the guard)
	Columns   []string      `json:"columns"`
	Rows      [][]any       `json:"rows"`
	Truncated bool          `json:"truncated,omitempty"` // more rows than the limit existed
	Elapsed   time.Duration `json:"elapsed_ns"`
}

// QueryOptions bound one query. Zero values take the defaults.
type QueryOptions struct {
	MaxRows int
	Timeout time.Duration
	// Templated says the statement was written by code from a template,
	// every value a parameter (the ocean app's query plans): the guard
	// checks it as any other, but DuckDB's plan of it is not checked
	// beforehand, and it runs as one statement of its own rather than in
	// an explicit read-only transaction. The plan check (an EXPLAIN,
	// planning the statement a second time) is for free SQL, whose names
	// DuckDB might resolve otherwise than the guard read them; a
	// template's names are the code's. The transaction (two more
	// statements, half a millisecond of CPU) is a second wall for free
	// SQL behind the guard; a template is a SELECT the code wrote and the
	// guard passed, and one statement is read in one snapshot anyway.
	// Its arguments are written into its text as typed literals when it
	// runs (inlineArgs: the guard passed the text with its parameters,
	// and a literal in a parameter's place changes nothing else of it);
	// a statement without arguments, or with one no literal can carry,
	// is prepared once and kept (see preparedStmts).
	Templated bool
}

// GuardedTables are the tables a guarded query may read: the agents'
// Tables, and the summary, values at targets and good levels the plan
// templates read.
func GuardedTables() []string {
	return slices.Concat(Tables, []string{SummaryTable, AtTargetsTable, GoodLevels})
}

var guard = sqlguard.New(GuardedTables(), nil)

// Query checks stmt with the SQL guard, checks that DuckDB's plan for it
// reads only the tables of Tables, and runs it in a read-only transaction
// with a timeout and a row limit. A rejected statement never runs; its
// error wraps sqlguard.ErrRejected. When ctx ends or the timeout passes,
// DuckDB is interrupted and the query's work stops.
func (s *Store) Query(ctx context.Context, opts QueryOptions, stmt string, args ...any) (*Result, error) {
	safe, err := s.guarded.check(stmt, opts.Templated)
	if err != nil {
		return nil, err
	}
	return s.run(ctx, opts, safe, !opts.Templated, args...)
}

// Checked is the text Query would run of stmt, checked by the SQL guard
// as a template (opts.Templated) or as free SQL, without running it:
// for a statement an answer cites whose rows were had otherwise (the
// rows of a kept result filtered). Its error wraps sqlguard.ErrRejected
// when the guard refuses stmt.
func (s *Store) Checked(stmt string, templated bool) (string, error) {
	return s.guarded.check(stmt, templated)
}

// readOnly runs stmt in a read-only transaction, unchecked: for the
// store's own statements and tests.
func (s *Store) readOnly(ctx context.Context, opts QueryOptions, stmt string, args ...any) (*Result, error) {
	return s.run(ctx, opts, stmt, false, args...)
}

// run runs stmt in a read-only transaction, with checkPlan first when
// planCheck is set. A templated statement on a read-only store is
// answered from the results kept (see keptResults) when it ran before.
func (s *Store) run(ctx context.Context, opts QueryOptions, stmt string, planCheck bool, args ...any) (*Result, error) {
	if opts.MaxRows <= 0 {
		opts.MaxRows = DefaultMaxRows
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Templated && s.opts.ReadOnly && s.kept.max > 0 {
		return s.kept.get(ctx, resultKey(stmt, opts.MaxRows, args), func() (*Result, error) {
			return s.runNow(ctx, opts, stmt, planCheck, args...)
		})
	}
	return s.runNow(ctx, opts, stmt, planCheck, args...)
}

// runNow runs stmt (see run) on DuckDB.
func (s *Store) runNow(ctx context.Context, opts QueryOptions, stmt string, planCheck bool, args ...any) (*Result, error) {
	// The timeout bounds the query's own work, not its wait for a place
	// (the caller's context bounds that): on a loaded server a query
	// that waited its turn must not then be cut short.
	if err := s.gate.Enter(ctx); err != nil {
		return nil, fmt.Errorf("waiting for a query slot: %w", err)
	}
	defer s.gate.Leave()
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	start := time.Now()
	var rows *sql.Rows
	if text, ok := inlineArgs(stmt, args); ok && opts.Templated {
		var err error
		if rows, err = s.db.QueryContext(ctx, text); err != nil {
			return nil, queryErr(ctx, opts, err)
		}
	} else if opts.Templated {
		ps, err := s.prepared.get(ctx, s.db, stmt)
		if err != nil {
			return nil, queryErr(ctx, opts, err)
		}
		defer s.prepared.put(ps)
		if rows, err = ps.stmt.QueryContext(ctx, args...); err != nil {
			return nil, queryErr(ctx, opts, err)
		}
	} else {
		conn, err := s.db.Conn(ctx)
		if err != nil {
			return nil, fmt.Errorf("query connection: %w", err)
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, "BEGIN TRANSACTION READ ONLY"); err != nil {
			return nil, fmt.Errorf("read-only transaction: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), "ROLLBACK")
		if planCheck {
			if err := s.plans.checkPlan(ctx, conn, stmt, args...); err != nil {
				if errors.Is(err, sqlguard.ErrRejected) {
					return nil, err
				}
				return nil, queryErr(ctx, opts, err)
			}
		}
		if rows, err = conn.QueryContext(ctx, stmt, args...); err != nil {
			return nil, queryErr(ctx, opts, err)
		}
	}
	defer rows.Close()
	res := &Result{SQL: stmt}
	var err error
	if res.Columns, err = rows.Columns(); err != nil {
		return nil, err
	}
	for rows.Next() {
		if len(res.Rows) == opts.MaxRows {
			res.Truncated = true
			break
		}
		vals := make([]any, len(res.Columns))
		ptrs := make([]any, len(vals))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		for i, v := range vals {
			vals[i] = Clean(v)
		}
		res.Rows = append(res.Rows, vals)
	}
	if err := rows.Err(); err != nil {
		return nil, queryErr(ctx, opts, err)
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

func queryErr(ctx context.Context, opts QueryOptions, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("query exceeded its %v timeout: %w", opts.Timeout, context.DeadlineExceeded)
	}
	return fmt.Errorf("query: %w", err)
}

// Clean makes a scanned value JSON-friendly and the same whichever store
// it came from: bytes become strings, times UTC, NaN and infinities nil,
// and a REAL (float32) a float64 of its 7 significant digits.
func Clean(v any) any {
	switch x := v.(type) {
	case []byte:
		return string(x)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil
		}
	case float32:
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return nil
		}
		f, _ := strconv.ParseFloat(strconv.FormatFloat(float64(x), 'g', 7, 32), 64)
		return f
	case time.Time:
		return x.UTC()
	case sql.RawBytes:
		return string(x)
	}
	return v
}

// Each calls fn with every row of one of the store's DuckDB tables
// (argo_float_metadata, argo_float_status or argo_profile_stations), in
// column order; it is how other stores copy the data.
func (s *Store) Each(ctx context.Context, table string, fn func(cols []string, row []any) error) error {
	switch table {
	case "argo_float_metadata", "argo_float_status", "argo_profile_stations":
	default:
		return fmt.Errorf("store: %q is not a table Each can read", table)
	}
	rows, err := s.db.QueryContext(ctx, "SELECT * FROM "+table)
	if err != nil {
		return fmt.Errorf("store: read %s: %w", table, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		if err := fn(cols, vals); err != nil {
			return err
		}
	}
	return rows.Err()
}
