package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/cairn-agents/cairn/ocean/sqlguard"
)

// scanReads are the tables and table functions a guarded query's plan
// may read: the base tables of Tables, and read_parquet, through which
// the argo_profiles view reads the profiles directory (the only one the
// read-only store's DuckDB may open).
var scanReads = map[string]bool{
	"table argo_float_metadata":   true,
	"table argo_float_status":     true,
	"table argo_profile_stations": true,
	"table argo_profiles":         true, // the in-memory copy (Options.HotBytes)
	"table " + SummaryTable:       true,
	"table " + AtTargetsTable:     true,
	"table " + GoodLevels:         true, // computed from the in-memory copy
	"function read_parquet":       true,
}

// leafOperators are scans that read no stored data. (A plan's other
// leaves, such as the duplicate-eliminated side of a correlated
// subquery's join, read their input elsewhere in the plan.)
var leafOperators = map[string]bool{
	"DUMMY_SCAN": true, "EMPTY_RESULT": true, "CTE_SCAN": true, "COLUMN_DATA_SCAN": true, "DELIM_SCAN": true,
	"EXPRESSION_SCAN": true, "CHUNK_SCAN": true, "RECURSIVE_CTE_SCAN": true,
}

// planNode is one operator of DuckDB's EXPLAIN (FORMAT JSON) output.
type planNode struct {
	Name      string         `json:"name"`
	Children  []planNode     `json:"children"`
	ExtraInfo map[string]any `json:"extra_info"`
}

// planReads returns what DuckDB's plan for stmt reads, from EXPLAIN
// without running it: "table NAME" for a table scan, "function NAME" for
// a table function (DuckDB's system views are such functions), and
// "operator NAME" for any other scan not known to read nothing.
// Sorted, without repeats.
func planReads(ctx context.Context, conn *sql.Conn, stmt string, args ...any) ([]string, error) {
	rows, err := conn.QueryContext(ctx, "EXPLAIN (FORMAT JSON) "+stmt, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	seen := map[string]bool{}
	for rows.Next() {
		var key, plan string
		if err := rows.Scan(&key, &plan); err != nil {
			return nil, err
		}
		var nodes []planNode
		if err := json.Unmarshal([]byte(plan), &nodes); err != nil {
			return nil, fmt.Errorf("reading the query plan: %w", err)
		}
		for _, n := range nodes {
			collectReads(n, seen)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(seen))
	for r := range seen {
		out = append(out, r)
	}
	slices.Sort(out)
	return out, nil
}

func collectReads(n planNode, seen map[string]bool) {
	name := strings.TrimSpace(n.Name)
	switch t, f := n.ExtraInfo["Table"], n.ExtraInfo["Function"]; {
	case t != nil:
		seen["table "+strings.ToLower(fmt.Sprint(t))] = true
	case f != nil:
		seen["function "+strings.ToLower(fmt.Sprint(f))] = true
	case len(n.Children) == 0 && !leafOperators[name] && (strings.Contains(name, "SCAN") || strings.HasPrefix(name, "READ_")):
		seen["operator "+name] = true
	}
	for _, c := range n.Children {
		collectReads(c, seen)
	}
}

// planChecks remembers statements whose plans passed checkPlan: what a
// statement reads depends on its text, not its parameters, so each of
// the agents' templates is planned an extra time once, even when many
// requests bring it at the same time.
type planChecks struct {
	mu       sync.Mutex
	passed   map[string]bool
	inflight map[string]chan struct{}
}

// maxPlanChecks bounds planChecks; past it the memory starts afresh.
const maxPlanChecks = 1024

// checkPlan refuses a statement whose plan reads anything but scanReads:
// a second line behind the guard, with DuckDB's own name resolution.
func (pc *planChecks) checkPlan(ctx context.Context, conn *sql.Conn, stmt string, args ...any) error {
	for {
		pc.mu.Lock()
		if pc.passed[stmt] {
			pc.mu.Unlock()
			return nil
		}
		wait, busy := pc.inflight[stmt]
		if !busy {
			break // still locked: this caller checks
		}
		pc.mu.Unlock()
		select {
		case <-wait: // passed, or failed for the other caller: look again
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	done := make(chan struct{})
	if pc.inflight == nil {
		pc.inflight = map[string]chan struct{}{}
	}
	pc.inflight[stmt] = done
	pc.mu.Unlock()
	err := checkReads(ctx, conn, stmt, args...)
	pc.mu.Lock()
	delete(pc.inflight, stmt)
	if err == nil {
		if pc.passed == nil || len(pc.passed) >= maxPlanChecks {
			pc.passed = map[string]bool{}
		}
		pc.passed[stmt] = true
	}
	pc.mu.Unlock()
	close(done)
	return err
}

func checkReads(ctx context.Context, conn *sql.Conn, stmt string, args ...any) error {
	reads, err := planReads(ctx, conn, stmt, args...)
	if err != nil {
		return err
	}
	for _, r := range reads {
		if !scanReads[r] {
			return fmt.Errorf("%w: the database would read %s, which is not one of the known tables (%s)",
				sqlguard.ErrRejected, r, strings.Join(Tables, ", "))
		}
	}
	return nil
}
