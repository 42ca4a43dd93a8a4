// Package sqlguard decides whether a SQL statement may run against the
// ocean stores. It parses the statement with the PostgreSQL parser
// (libpg_query) and allows exactly one read-only SELECT (or WITH … SELECT)
// built from a fixed set of query constructs, that reads only the tables
// it was given and calls only allow-listed functions. Everything else —
// writes, DDL, several statements, table functions such as read_csv,
// file, server or catalog functions, other tables — is rejected.
//
// Table names are resolved with SQL's scoping rules: a WITH query (CTE)
// is visible in the SELECT it belongs to, in the subqueries below it and
// in the WITH queries declared after it, and nowhere else; any other name
// is a base table and must be one of the allowed ones.
//
// The guard also bounds what a statement may ask of the planner (see
// [Limits]): database planners can spend minutes, uninterruptibly, on a
// few hundred bytes of nested subqueries.
//
// Check returns the statement deparsed from the parse tree: callers run
// that text, so the database executes exactly what was checked, whatever
// comments or dialect tricks the input held.
package sqlguard

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// ErrRejected is wrapped by every rejection; the message says why.
var ErrRejected = errors.New("SQL rejected")

// ErrTooComplex is wrapped (with ErrRejected) by a rejection for going
// over one of the [Limits]; the message names the limit.
var ErrTooComplex = errors.New("statement too complex")

// Limits bound one statement. A zero field takes its default.
type Limits struct {
	// MaxBytes bounds the statement's length; default 20,000.
	MaxBytes int
	// MaxDepth bounds how deeply SELECTs nest (subqueries, derived
	// tables, WITH queries; the outer SELECT is depth 1, the arms of a
	// UNION share their parent's depth); default 8.
	MaxDepth int
	// MaxSelects bounds the SELECT blocks in the whole statement
	// (subqueries, WITH queries, UNION arms); default 32.
	MaxSelects int
	// MaxRelations bounds the tables, WITH queries and derived tables
	// read in FROM clauses, over the whole statement; default 16.
	MaxRelations int
	// MaxExprDepth bounds how deeply expressions nest (a + b + c nests
	// two deep); default 64. DuckDB's planning time grows faster than
	// the square of it: 50 ms at 100, 300 ms at 190.
	MaxExprDepth int
}

// DefaultLimits are the limits of a zero Limits. A DuckDB store plans the
// worst statement within them (correlated subqueries nested to the
// limit) in well under a second.
var DefaultLimits = Limits{MaxBytes: 20000, MaxDepth: 8, MaxSelects: 32, MaxRelations: 16, MaxExprDepth: 64}

func (l Limits) withDefaults() Limits {
	set := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	set(&l.MaxBytes, DefaultLimits.MaxBytes)
	set(&l.MaxDepth, DefaultLimits.MaxDepth)
	set(&l.MaxSelects, DefaultLimits.MaxSelects)
	set(&l.MaxRelations, DefaultLimits.MaxRelations)
	set(&l.MaxExprDepth, DefaultLimits.MaxExprDepth)
	return l
}

// Guard holds what statements may read and call. It is safe for
// concurrent use. The zero value allows nothing; use New.
type Guard struct {
	tables map[string]bool
	funcs  map[string]bool
	// Limits bound each statement; zero fields take DefaultLimits.
	Limits Limits
}

// SafeFunctions are the functions a statement may call by default:
// aggregates, window functions, arithmetic, string and date functions
// that touch neither files, the network nor the server's state.
var SafeFunctions = []string{
	// aggregates
	"count", "sum", "avg", "min", "max", "stddev", "stddev_samp", "stddev_pop", "variance", "var_samp", "var_pop",
	"median", "mode", "quantile_cont", "quantile_disc", "percentile_cont", "percentile_disc", "corr", "covar_pop", "covar_samp",
	"regr_slope", "regr_intercept", "regr_r2", "string_agg", "bool_and", "bool_or", "count_if", "arg_max", "arg_min",
	"first", "last", "any_value", "approx_count_distinct", "histogram", "list", "array_agg",
	// window
	"row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value", "last_value", "nth_value",
	// math
	"abs", "round", "floor", "ceil", "ceiling", "trunc", "sqrt", "cbrt", "power", "pow", "exp", "ln", "log", "log10", "log2",
	"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "radians", "degrees", "pi", "sign", "mod", "greatest", "least", "isnan", "isfinite",
	// strings
	"lower", "upper", "length", "char_length", "substr", "substring", "trim", "btrim", "ltrim", "rtrim", "concat", "concat_ws",
	"replace", "split_part", "starts_with", "ends_with", "contains", "left", "right", "lpad", "rpad", "strpos", "position", "format", "printf",
	// dates
	"now", "current_date", "date_trunc", "date_part", "extract", "date_diff", "datediff", "date_sub", "age", "epoch", "to_timestamp",
	"make_date", "make_timestamp", "strftime", "year", "month", "day", "hour", "minute", "dayofyear", "week", "yearweek", "timezone",
	// misc
	"coalesce", "nullif", "ifnull", "to_char", "to_number",
}

// New returns a guard that allows reads of tables and calls of funcs
// (SafeFunctions when funcs is nil). Names are case-insensitive.
func New(tables []string, funcs []string) *Guard {
	g := &Guard{tables: map[string]bool{}, funcs: map[string]bool{}}
	for _, t := range tables {
		g.tables[strings.ToLower(t)] = true
	}
	if funcs == nil {
		funcs = SafeFunctions
	}
	for _, f := range funcs {
		g.funcs[strings.ToLower(f)] = true
	}
	return g
}

// Tables returns the base tables the guard allows, sorted.
func (g *Guard) Tables() []string {
	out := make([]string, 0, len(g.tables))
	for t := range g.tables {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}

func reject(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrRejected, fmt.Sprintf(format, args...))
}

func tooComplex(format string, args ...any) error {
	return fmt.Errorf("%w: %w: %s", ErrRejected, ErrTooComplex, fmt.Sprintf(format, args...))
}

// Check parses stmt and returns it deparsed when it is one read-only
// SELECT over the allowed tables using allowed functions, within the
// guard's Limits; otherwise an error wrapping ErrRejected (and
// ErrTooComplex for a limit) that says why.
func (g *Guard) Check(stmt string) (string, error) {
	lim := g.Limits.withDefaults()
	out, err := g.checkOnce(stmt, lim)
	if err != nil {
		return "", err
	}
	// The deparsed text is what runs, so it must pass the same checks.
	if _, err := g.inspect(out, lim); err != nil {
		return "", reject("deparsed form %q fails: %v", out, err)
	}
	return out, nil
}

// CheckTemplate is Check for a statement code wrote from a template (a
// query plan's): the same checks of the statement, and the same deparsed
// text back, but the deparsed text is not parsed and checked again. That
// second check is there for free SQL, where a deparser bug on a strange
// input could turn a passed tree into text that reads otherwise; a
// template's shapes are the code's, and its tests pass each through Check
// whole. It is half the cost of Check.
func (g *Guard) CheckTemplate(stmt string) (string, error) {
	return g.checkOnce(stmt, g.Limits.withDefaults())
}

// checkOnce checks stmt and deparses it.
func (g *Guard) checkOnce(stmt string, lim Limits) (string, error) {
	if strings.TrimSpace(stmt) == "" {
		return "", reject("empty statement")
	}
	if len(stmt) > lim.MaxBytes {
		return "", tooComplex("statement is %d bytes, over the limit of %d", len(stmt), lim.MaxBytes)
	}
	if strings.ContainsRune(stmt, 0) {
		return "", reject("statement contains a NUL byte")
	}
	tree, err := g.inspect(stmt, lim)
	if err != nil {
		return "", err
	}
	out, err := pg_query.Deparse(tree)
	if err != nil {
		return "", reject("cannot deparse: %v", err)
	}
	return out, nil
}

// inspect parses stmt and checks the tree.
func (g *Guard) inspect(stmt string, lim Limits) (*pg_query.ParseResult, error) {
	tree, err := pg_query.Parse(stmt)
	if err != nil {
		return nil, reject("does not parse: %v", err)
	}
	if n := len(tree.Stmts); n != 1 {
		return nil, reject("%d statements; exactly one is allowed", n)
	}
	sel := tree.Stmts[0].GetStmt().GetSelectStmt()
	if sel == nil {
		return nil, reject("only SELECT is allowed, got %s", firstWord(stmt))
	}
	c := &checker{g: g, lim: lim, sql: stmt}
	if err := c.selectStmt(sel, nil, 1, 0); err != nil {
		return nil, err
	}
	return tree, nil
}

// firstWord is the statement's first word as written (DELETE, EXPLAIN,
// SET), comments and opening parentheses skipped: what the user wrote,
// not the parser's name for it (DeleteStmt).
func firstWord(stmt string) string {
	res, err := pg_query.Scan(stmt)
	if err == nil {
		for _, t := range res.GetTokens() {
			switch t.GetToken() {
			case pg_query.Token_SQL_COMMENT, pg_query.Token_C_COMMENT, pg_query.Token_ASCII_40:
				continue
			}
			if a, b := int(t.GetStart()), int(t.GetEnd()); 0 <= a && a < b && b <= len(stmt) {
				return strings.ToUpper(stmt[a:b])
			}
			break
		}
	}
	return "another kind of statement"
}

// excerpt quotes the statement from byte offset at, at most 40 bytes,
// ending on a whole character: where a construct the guard refuses
// begins, in the user's own text.
func excerpt(stmt string, at int) string {
	if at < 0 || at >= len(stmt) {
		return ""
	}
	rest := stmt[at:]
	if len(rest) > 40 {
		cut := 40
		for cut > 0 && !utf8.RuneStart(rest[cut]) {
			cut--
		}
		rest = rest[:cut] + "…"
	}
	return rest
}
