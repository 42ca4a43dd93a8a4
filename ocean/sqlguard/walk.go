package sqlguard

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// allowedNodes are the parse-tree nodes a read-only query is built from.
// Anything else is refused: an unknown construct is a reason to say no.
var allowedNodes = map[protoreflect.Name]bool{
	"Node": true, "List": true, "String": true, "Integer": true, "Float": true, "Boolean": true, "BitString": true,
	"SelectStmt": true, "ResTarget": true, "RangeVar": true, "RangeSubselect": true, "JoinExpr": true, "Alias": true,
	"ColumnRef": true, "A_Star": true, "A_Const": true, "ParamRef": true, "A_Expr": true, "BoolExpr": true,
	"NullTest": true, "BooleanTest": true, "CaseExpr": true, "CaseWhen": true, "CoalesceExpr": true, "MinMaxExpr": true,
	"FuncCall": true, "NamedArgExpr": true, "TypeCast": true, "TypeName": true, "CollateClause": true,
	"SubLink": true, "SortBy": true, "WindowDef": true, "GroupingSet": true, "GroupingFunc": true,
	"A_Indirection": true, "A_Indices": true, "A_ArrayExpr": true, "RowExpr": true, "SQLValueFunction": true,
}

// deniedNodes say why some nodes a query might hold are refused.
var deniedNodes = map[protoreflect.Name]string{
	"IntoClause":       "SELECT INTO creates a table",
	"LockingClause":    "row locks (FOR UPDATE/SHARE) are not read-only",
	"RangeFunction":    "table functions in FROM (read_csv, read_parquet, generate_series, …) are not allowed",
	"RangeTableFunc":   "table functions in FROM are not allowed",
	"JsonTable":        "table functions in FROM are not allowed",
	"RangeTableSample": "TABLESAMPLE is not allowed",
	"InsertStmt":       "INSERT is a write",
	"UpdateStmt":       "UPDATE is a write",
	"DeleteStmt":       "DELETE is a write",
	"MergeStmt":        "MERGE is a write",
	"WithClause":       "WITH is allowed only at the start of a SELECT",
	"CommonTableExpr":  "WITH is allowed only at the start of a SELECT",
}

// scope is one level of WITH queries visible at a point of a statement.
type scope struct {
	names    []string // as the parser gives them: unquoted names folded to lower case
	defining string   // the WITH query whose body this scope is, if any
	parent   *scope
}

// lookup says whether name refers to a visible WITH query (exact) or
// matches one only when letter case is ignored (folded), which one
// database (DuckDB) resolves to the WITH query and another (PostgreSQL)
// to a table.
func (s *scope) lookup(name string) (exact, folded bool) {
	for ; s != nil; s = s.parent {
		for _, n := range s.names {
			if n == name {
				return true, true
			}
			if strings.EqualFold(n, name) {
				folded = true
			}
		}
	}
	return false, folded
}

// inDefinition says whether name is that of a WITH query being defined
// around this point.
func (s *scope) inDefinition(name string) bool {
	for ; s != nil; s = s.parent {
		if s.defining != "" && strings.EqualFold(s.defining, name) {
			return true
		}
	}
	return false
}

// checker walks one statement, counting what Limits bound.
type checker struct {
	g                  *Guard
	lim                Limits
	sql                string // the statement checked, for quoting it
	selects, relations int
}

// location quotes the statement where parse-tree node m begins, or ""
// when the node does not know.
func (c *checker) location(m protoreflect.Message) string {
	fd := m.Descriptor().Fields().ByName("location")
	if fd == nil || fd.Kind() != protoreflect.Int32Kind {
		return ""
	}
	return excerpt(c.sql, int(m.Get(fd).Int()))
}

// selectStmt checks one SELECT at nesting depth depth, seeing the WITH
// queries of sc; nest is the expression nesting around it.
func (c *checker) selectStmt(sel *pg_query.SelectStmt, sc *scope, depth, nest int) error {
	if sel.GetOp() == pg_query.SetOperation_SETOP_NONE {
		c.selects++ // a UNION's node is no SELECT of its own; its arms count
	}
	if c.selects > c.lim.MaxSelects {
		return tooComplex("more than %d SELECTs (subqueries, WITH queries and UNION arms each count)", c.lim.MaxSelects)
	}
	if depth > c.lim.MaxDepth {
		return tooComplex("subqueries nested more than %d deep", c.lim.MaxDepth)
	}
	if w := sel.GetWithClause(); w != nil {
		if w.GetRecursive() {
			return reject("WITH RECURSIVE is not allowed")
		}
		inner := &scope{parent: sc}
		for _, n := range w.GetCtes() {
			cte := n.GetCommonTableExpr()
			if cte == nil {
				return reject("WITH holds something other than a named query")
			}
			if cte.GetSearchClause() != nil || cte.GetCycleClause() != nil {
				return reject("SEARCH and CYCLE clauses of WITH are not allowed")
			}
			// A WITH query sees the ones declared before it, not itself.
			body := &scope{defining: cte.GetCtename(), parent: inner}
			if err := c.node(cte.GetCtequery().ProtoReflect(), body, depth, nest); err != nil {
				return err
			}
			for _, a := range cte.GetAliascolnames() {
				if err := c.node(a.ProtoReflect(), inner, depth, nest); err != nil {
					return err
				}
			}
			inner.names = append(inner.names, cte.GetCtename())
		}
		sc = inner
	}
	if sel.GetOp() != pg_query.SetOperation_SETOP_NONE {
		// The arms of UNION, INTERSECT and EXCEPT are at this SELECT's depth.
		for _, arm := range []*pg_query.SelectStmt{sel.GetLarg(), sel.GetRarg()} {
			if arm == nil {
				return reject("set operation without two SELECTs")
			}
			if err := c.selectStmt(arm, sc, depth, nest); err != nil {
				return err
			}
		}
	}
	var err error
	sel.ProtoReflect().Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch fd.Name() {
		case "with_clause", "larg", "rarg":
			return true
		}
		err = eachValue(fd, v, func(m protoreflect.Message) error { return c.node(m, sc, depth, nest) })
		return err == nil
	})
	return err
}

// node checks one parse-tree message and everything below it.
func (c *checker) node(m protoreflect.Message, sc *scope, depth, nest int) error {
	name := m.Descriptor().Name()
	if !allowedNodes[name] {
		if why, ok := deniedNodes[name]; ok {
			return reject("%s", why)
		}
		// Said in the user's text where the parse tree knows where the
		// construct begins, never by the parser's name for it (XmlExpr).
		if at := c.location(m); at != "" {
			return reject("%q is not allowed in a read-only query here", at)
		}
		return reject("a construct of this statement is not allowed in a read-only query here")
	}
	if name == "Node" {
		nest++
		if nest > c.lim.MaxExprDepth {
			return tooComplex("expressions nested more than %d deep", c.lim.MaxExprDepth)
		}
	}
	switch n := m.Interface().(type) {
	case *pg_query.SelectStmt:
		return c.selectStmt(n, sc, depth+1, nest)
	case *pg_query.RangeVar:
		if err := c.relation(); err != nil {
			return err
		}
		if err := c.rangeVar(n, sc); err != nil {
			return err
		}
	case *pg_query.RangeSubselect:
		if err := c.relation(); err != nil {
			return err
		}
	case *pg_query.FuncCall:
		if err := c.funcCall(n); err != nil {
			return err
		}
	case *pg_query.TypeName:
		if err := typeName(n); err != nil {
			return err
		}
	case *pg_query.SQLValueFunction:
		if n.GetOp() > pg_query.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP_N {
			return reject("%s names the database's users or schemas and is not allowed",
				strings.TrimPrefix(n.GetOp().String(), "SVFOP_"))
		}
	}
	return eachChild(m, func(ch protoreflect.Message) error { return c.node(ch, sc, depth, nest) })
}

func (c *checker) relation() error {
	c.relations++
	if c.relations > c.lim.MaxRelations {
		return tooComplex("more than %d tables, WITH queries and subqueries in FROM clauses", c.lim.MaxRelations)
	}
	return nil
}

// rangeVar resolves a table name: a visible WITH query, else an allowed
// base table.
func (c *checker) rangeVar(n *pg_query.RangeVar, sc *scope) error {
	if n.GetCatalogname() != "" || n.GetSchemaname() != "" {
		return reject("table %s.%s: schema-qualified names are not allowed", n.GetSchemaname(), n.GetRelname())
	}
	name := n.GetRelname()
	if sc.inDefinition(name) {
		return reject("WITH query %q refers to its own name; name it differently", name)
	}
	switch exact, folded := sc.lookup(name); {
	case exact:
		return nil
	case folded:
		return reject("table %q matches a WITH query only when letter case is ignored; write the name as declared", name)
	}
	if c.g.tables[strings.ToLower(name)] {
		return nil
	}
	return reject("table %q is not one of the known tables (%s)", name, strings.Join(c.g.Tables(), ", "))
}

func (c *checker) funcCall(n *pg_query.FuncCall) error {
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
	if !c.g.funcs[fn] {
		return reject("function %s is not allowed", fn)
	}
	return nil
}

// typeName refuses casts to types of other schemas and to the reg* types,
// which look names up in the server's catalog.
func typeName(n *pg_query.TypeName) error {
	var parts []string
	for _, p := range n.GetNames() {
		parts = append(parts, strings.ToLower(p.GetString_().GetSval()))
	}
	if len(parts) == 0 {
		return nil
	}
	t := parts[len(parts)-1]
	if len(parts) > 2 || (len(parts) == 2 && parts[0] != "pg_catalog") {
		return reject("type %s: schema-qualified types are not allowed", strings.Join(parts, "."))
	}
	if strings.HasPrefix(t, "reg") {
		return reject("type %s looks names up in the database catalog and is not allowed", t)
	}
	return nil
}

func eachChild(m protoreflect.Message, f func(protoreflect.Message) error) error {
	var err error
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		err = eachValue(fd, v, f)
		return err == nil
	})
	return err
}

// eachValue calls f with the message, or each message of the list, that
// the field holds.
func eachValue(fd protoreflect.FieldDescriptor, v protoreflect.Value, f func(protoreflect.Message) error) error {
	if fd.Kind() != protoreflect.MessageKind || fd.IsMap() {
		return nil
	}
	if !fd.IsList() {
		return f(v.Message())
	}
	l := v.List()
	for i := range l.Len() {
		if err := f(l.Get(i).Message()); err != nil {
			return err
		}
	}
	return nil
}
