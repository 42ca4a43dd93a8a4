package flow

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// ErrInvalidGraph is wrapped by every error Build reports, through the
// sentinel of the rule the graph breaks.
var ErrInvalidGraph = errors.New("flow: invalid graph")

// The rules Build checks, one sentinel each; every one wraps
// ErrInvalidGraph. Check them with errors.Is.
var (
	// ErrBadDeclaration: a declaration's own arguments are wrong: an empty
	// or reserved node name, a nil function, a Branch without targets, a
	// Parallel with fewer than two branches, a limit below one, an empty
	// OnLimit target, negative node settings.
	ErrBadDeclaration = rule("bad declaration")
	// ErrDuplicate: something is declared twice (a node, Start, a Limit or
	// OnLimit, a reducer, a parallel branch).
	ErrDuplicate = rule("declared twice")
	// ErrNoEntry: the graph has no nodes, or Start was not called.
	ErrNoEntry = rule("no entry node")
	// ErrUnknownNode: a declaration names a node that was not declared.
	ErrUnknownNode = rule("unknown node")
	// ErrTwoOutgoing: a node declares more than one of Edge, Branch and
	// Parallel.
	ErrTwoOutgoing = rule("more than one outgoing declaration")
	// ErrNoOutgoing: a node has no way on (no Edge, Branch or Parallel, and
	// it is not a parallel branch).
	ErrNoOutgoing = rule("no outgoing edge")
	// ErrUnreachable: no path leads from the entry to a node.
	ErrUnreachable = rule("unreachable node")
	// ErrNoPathToEnd: no path leads from the entry to End.
	ErrNoPathToEnd = rule("no path to End")
	// ErrUnboundedCycle: a cycle has no Limit whose OnLimit edge leaves it
	// and no Branch with a target outside it.
	ErrUnboundedCycle = rule("unbounded cycle")
	// ErrUnpairedLimit: a Limit without its OnLimit, or the reverse.
	ErrUnpairedLimit = rule("Limit and OnLimit not paired")
	// ErrBadBranchNode: a parallel branch node declares its own Edge,
	// Branch, Parallel or Limit (its successor is the join), or is the
	// node it fans out from.
	ErrBadBranchNode = rule("bad parallel branch node")
	// ErrBadReducer: a reducer names no JSON field of the state, or its
	// type differs from the field's, or the state is not a struct.
	ErrBadReducer = rule("bad reducer")
)

func rule(name string) error { return fmt.Errorf("%w (%s)", ErrInvalidGraph, name) }

// buildError is one problem Build found: it reads as before the rules had
// sentinels ("flow: invalid graph: <what, naming the node>") and unwraps
// to its rule.
type buildError struct {
	rule error
	msg  string
}

func (e *buildError) Error() string { return ErrInvalidGraph.Error() + ": " + e.msg }
func (e *buildError) Unwrap() error { return e.rule }

func invalid(rule error, format string, args ...any) error {
	return &buildError{rule: rule, msg: fmt.Sprintf(format, args...)}
}

// validate reports every problem of the graph, each naming a node or edge.
func (g *Graph[S]) validate() error {
	errs := append([]error(nil), g.errs...)
	bad := func(rule error, format string, args ...any) {
		errs = append(errs, invalid(rule, format, args...))
	}
	known := func(name string) bool { _, ok := g.nodes[name]; return ok }
	target := func(name string) bool { return name == End || known(name) }

	if len(g.nodes) == 0 {
		bad(ErrNoEntry, "graph %q has no nodes", g.name)
	}
	switch {
	case g.start == "":
		bad(ErrNoEntry, "graph %q has no entry node: call Start", g.name)
	case !known(g.start):
		bad(ErrUnknownNode, "entry node %q is not a declared node", g.start)
	}

	for _, from := range inOrder(g.order, g.edges) {
		to := g.edges[from]
		if !known(from) {
			bad(ErrUnknownNode, "edge %q -> %q: unknown node %q", from, to, from)
		}
		if !target(to) {
			bad(ErrUnknownNode, "edge %q -> %q: unknown node %q", from, to, to)
		}
	}
	for _, from := range inOrder(g.order, g.branches) {
		if !known(from) {
			bad(ErrUnknownNode, "branch from %q: unknown node %q", from, from)
		}
		for _, to := range g.branches[from].targets {
			if !target(to) {
				bad(ErrUnknownNode, "branch %q -> %q: unknown node %q", from, to, to)
			}
		}
	}
	member := map[string]string{} // branch node -> fan-out node
	for _, from := range inOrder(g.order, g.fanouts) {
		fo := g.fanouts[from]
		if !known(from) {
			bad(ErrUnknownNode, "parallel from %q: unknown node %q", from, from)
		}
		if !target(fo.join) {
			bad(ErrUnknownNode, "parallel %q join %q: unknown node %q", from, fo.join, fo.join)
		}
		for _, b := range fo.branches {
			switch {
			case !known(b):
				bad(ErrUnknownNode, "parallel %q -> %q: unknown node %q", from, b, b)
				continue
			case b == from:
				bad(ErrBadBranchNode, "parallel %q -> %q: a node cannot be its own branch", from, b)
				continue
			}
			member[b] = from
			if g.hasOut(b) {
				bad(ErrBadBranchNode, "parallel %q -> %q: branch node %q must not declare its own Edge, Branch or Parallel (its successor is the join %q)", from, b, b, fo.join)
			}
			if _, ok := g.limits[b]; ok {
				bad(ErrBadBranchNode, "parallel %q -> %q: branch node %q must not have a Limit", from, b, b)
			}
		}
	}
	errs = append(errs, g.checkNoAnswer(member)...)
	for _, n := range inOrder(g.order, g.limits) {
		l := g.limits[n]
		switch {
		case !known(n):
			bad(ErrUnknownNode, "limit on unknown node %q", n)
		case l.n == 0:
			bad(ErrUnpairedLimit, "OnLimit(%q, %q) without Limit(%q, n)", n, l.target, n)
		case l.target == "":
			bad(ErrUnpairedLimit, "Limit(%q, %d) without OnLimit(%q, target): say where the run goes at the limit", n, l.n, n)
		case !target(l.target):
			bad(ErrUnknownNode, "OnLimit edge %q -> %q: unknown node %q", n, l.target, l.target)
		}
	}
	for _, n := range g.order {
		if _, isMember := member[n]; !isMember && !g.hasOut(n) {
			bad(ErrNoOutgoing, "node %q has no outgoing edge (declare Edge, Branch or Parallel; use End to finish)", n)
		}
	}

	if known(g.start) {
		reach := g.reachable(g.start)
		for _, n := range g.order {
			if !reach[n] {
				bad(ErrUnreachable, "node %q is unreachable from entry %q", n, g.start)
			}
		}
		if !reach[End] {
			bad(ErrNoPathToEnd, "no path from entry %q to End", g.start)
		}
		errs = append(errs, g.checkCycles()...)
	}
	errs = append(errs, g.checkReducers()...)
	return errors.Join(errs...)
}

func (g *Graph[S]) hasOut(n string) bool {
	_, e := g.edges[n]
	_, b := g.branches[n]
	_, f := g.fanouts[n]
	return e || b || f
}

// successors lists every node (or End) that can follow n.
func (g *Graph[S]) successors(n string, member map[string][]string) []string {
	var out []string
	if to, ok := g.edges[n]; ok {
		out = append(out, to)
	}
	if b, ok := g.branches[n]; ok {
		out = append(out, b.targets...)
	}
	if fo, ok := g.fanouts[n]; ok {
		out = append(out, fo.branches...)
	}
	if l, ok := g.limits[n]; ok && l.target != "" {
		out = append(out, l.target)
	}
	if d, ok := g.noAnswer[n]; ok {
		out = append(out, d.target)
	}
	out = append(out, member[n]...)
	return out
}

// joins maps each parallel branch node to the joins it leads to.
func (g *Graph[S]) joins() map[string][]string {
	m := map[string][]string{}
	for _, fo := range g.fanouts {
		for _, b := range fo.branches {
			if !slices.Contains(m[b], fo.join) {
				m[b] = append(m[b], fo.join)
			}
		}
	}
	return m
}

func (g *Graph[S]) reachable(from string) map[string]bool {
	member := g.joins()
	seen := map[string]bool{from: true}
	stack := []string{from}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range g.successors(n, member) {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return seen
}

// checkCycles rejects a cycle that nothing bounds: no node in it has a
// Limit whose OnLimit edge leaves it, and no Branch in it has a target
// outside it.
func (g *Graph[S]) checkCycles() []error {
	member := g.joins()
	index := map[string]int{}
	low := map[string]int{}
	onStack := map[string]bool{}
	var stack []string
	var sccs [][]string
	var connect func(v string)
	connect = func(v string) {
		index[v] = len(index)
		low[v] = index[v]
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range g.successors(v, member) {
			if _, ok := g.nodes[w]; !ok {
				continue
			}
			if _, seen := index[w]; !seen {
				connect(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			var scc []string
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				scc = append(scc, w)
				if w == v {
					break
				}
			}
			sccs = append(sccs, scc)
		}
	}
	for _, n := range g.order {
		if _, seen := index[n]; !seen {
			connect(n)
		}
	}

	var errs []error
	for _, scc := range sccs {
		in := map[string]bool{}
		for _, n := range scc {
			in[n] = true
		}
		cyclic := len(scc) > 1 || slices.Contains(g.successors(scc[0], member), scc[0])
		if !cyclic {
			continue
		}
		bounded := false
		for _, n := range scc {
			if l, ok := g.limits[n]; ok && l.target != "" && !in[l.target] {
				bounded = true
			}
			if b, ok := g.branches[n]; ok && slices.ContainsFunc(b.targets, func(t string) bool { return !in[t] }) {
				bounded = true
			}
		}
		if !bounded {
			names := inOrder(g.order, in)
			errs = append(errs, invalid(ErrUnboundedCycle, "cycle through nodes %s has no Limit and no Branch leaving it (a Limit counts when its OnLimit edge leaves the cycle)", quoteAll(names)))
		}
	}
	return errs
}

// inOrder returns m's keys in node declaration order, unknown names last
// in lexical order, so errors come out deterministically.
func inOrder[V any](order []string, m map[string]V) []string {
	pos := make(map[string]int, len(order))
	for i, n := range order {
		pos[n] = i
	}
	return slices.SortedFunc(maps.Keys(m), func(a, b string) int {
		pa, oka := pos[a]
		pb, okb := pos[b]
		switch {
		case oka && okb:
			return pa - pb
		case oka:
			return -1
		case okb:
			return 1
		}
		return strings.Compare(a, b)
	})
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
