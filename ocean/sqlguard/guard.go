// Package sqlguard decides whether a SQL statement may run against the
// ocean stores. It parses the statement with the PostgreSQL parser
// (libpg_query) and allows exactly one read-only SELECT (or WITH … SELECT)
// that reads only known tables and calls only allow-listed functions.
// Everything else — writes, DDL, several statements, table functions such
// as read_csv, file or server functions — is rejected.
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

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// ErrRejected is wrapped by every rejection; the message says why.
var ErrRejected = errors.New("SQL rejected")

// Guard holds what statements may read and call. The zero value allows
// nothing; use New.
type Guard struct {
	tables map[string]bool
	funcs  map[string]bool
	// MaxLen bounds the statement length in bytes; zero means 20,000.
	MaxLen int
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

// deniedNodes are parse-tree nodes a read-only query never needs.
var deniedNodes = map[protoreflect.Name]string{
	"IntoClause":       "SELECT INTO creates a table",
	"LockingClause":    "row locks (FOR UPDATE/SHARE) are not read-only",
	"RangeFunction":    "table functions in FROM (read_csv, read_parquet, generate_series, …) are not allowed",
	"RangeTableFunc":   "table functions in FROM are not allowed",
	"RangeTableSample": "TABLESAMPLE is not allowed",
	"InsertStmt":       "INSERT is a write",
	"UpdateStmt":       "UPDATE is a write",
	"DeleteStmt":       "DELETE is a write",
	"MergeStmt":        "MERGE is a write",
}

func reject(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrRejected, fmt.Sprintf(format, args...))
}

// Check parses stmt and returns it deparsed when it is one read-only
// SELECT over the allowed tables using allowed functions; otherwise an
// error wrapping ErrRejected that says why.
func (g *Guard) Check(stmt string) (string, error) {
	maxLen := g.MaxLen
	if maxLen == 0 {
		maxLen = 20000
	}
	if strings.TrimSpace(stmt) == "" {
		return "", reject("empty statement")
	}
	if len(stmt) > maxLen {
		return "", reject("statement is %d bytes, limit %d", len(stmt), maxLen)
	}
	if strings.ContainsRune(stmt, 0) {
		return "", reject("statement contains a NUL byte")
	}
	tree, err := g.inspect(stmt)
	if err != nil {
		return "", err
	}
	out, err := pg_query.Deparse(tree)
	if err != nil {
		return "", reject("cannot deparse: %v", err)
	}
	// The deparsed text is what runs, so it must pass the same checks.
	if _, err := g.inspect(out); err != nil {
		return "", reject("deparsed form %q fails: %v", out, err)
	}
	return out, nil
}

// inspect parses stmt and checks the tree.
func (g *Guard) inspect(stmt string) (*pg_query.ParseResult, error) {
	tree, err := pg_query.Parse(stmt)
	if err != nil {
		return nil, reject("does not parse: %v", err)
	}
	if n := len(tree.Stmts); n != 1 {
		return nil, reject("%d statements; exactly one is allowed", n)
	}
	sel := tree.Stmts[0].GetStmt().GetSelectStmt()
	if sel == nil {
		return nil, reject("only SELECT is allowed, got %s", nodeName(tree.Stmts[0].GetStmt()))
	}
	ctes := map[string]bool{}
	collectCTEs(tree.ProtoReflect(), ctes)
	if err := g.walk(tree.Stmts[0].GetStmt().ProtoReflect(), ctes); err != nil {
		return nil, err
	}
	return tree, nil
}

func nodeName(n *pg_query.Node) string {
	m := n.ProtoReflect()
	if fd := m.WhichOneof(m.Descriptor().Oneofs().ByName("node")); fd != nil {
		return string(m.Get(fd).Message().Descriptor().Name())
	}
	return "an empty statement"
}

func collectCTEs(m protoreflect.Message, out map[string]bool) {
	if cte, ok := m.Interface().(*pg_query.CommonTableExpr); ok {
		out[strings.ToLower(cte.GetCtename())] = true
	}
	eachChild(m, func(c protoreflect.Message) error { collectCTEs(c, out); return nil })
}

func eachChild(m protoreflect.Message, f func(protoreflect.Message) error) error {
	var err error
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		if fd.Kind() != protoreflect.MessageKind {
			return true
		}
		switch {
		case fd.IsList():
			l := v.List()
			for i := range l.Len() {
				if err = f(l.Get(i).Message()); err != nil {
					return false
				}
			}
		case fd.IsMap():
		default:
			err = f(v.Message())
		}
		return err == nil
	})
	return err
}

func (g *Guard) walk(m protoreflect.Message, ctes map[string]bool) error {
	name := m.Descriptor().Name()
	if why, ok := deniedNodes[name]; ok {
		return reject("%s", why)
	}
	if strings.HasSuffix(string(name), "Stmt") && name != "SelectStmt" && name != "RawStmt" {
		return reject("%s is not allowed", name)
	}
	switch n := m.Interface().(type) {
	case *pg_query.RangeVar:
		if n.GetCatalogname() != "" || n.GetSchemaname() != "" {
			return reject("table %s.%s: schema-qualified names are not allowed", n.GetSchemaname(), n.GetRelname())
		}
		t := strings.ToLower(n.GetRelname())
		if !g.tables[t] && !ctes[t] {
			return reject("table %q is not one of the known tables (%s)", n.GetRelname(), strings.Join(g.tableList(), ", "))
		}
	case *pg_query.FuncCall:
		var parts []string
		for _, p := range n.GetFuncname() {
			parts = append(parts, strings.ToLower(p.GetString_().GetSval()))
		}
		if len(parts) == 0 {
			return reject("function call without a name")
		}
		fn := parts[len(parts)-1]
		if len(parts) > 2 || (len(parts) == 2 && parts[0] != "pg_catalog") {
			return reject("function %s: schema-qualified functions are not allowed", strings.Join(parts, "."))
		}
		if !g.funcs[fn] {
			return reject("function %s is not allowed", fn)
		}
	case *pg_query.SelectStmt:
		if n.GetIntoClause() != nil {
			return reject("SELECT INTO creates a table")
		}
	}
	return eachChild(m, func(c protoreflect.Message) error { return g.walk(c, ctes) })
}

func (g *Guard) tableList() []string {
	out := make([]string, 0, len(g.tables))
	for t := range g.tables {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}
