package locnav

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// Pipeline is a parsed evaluator func such as
// "json -> get(routes) -> foreach -> get(cities_visited) -> len".
type Pipeline struct {
	steps []step
}

type step struct {
	name string
	args []string
}

// ErrBadFunc means an evaluator func names an unknown function or lacks
// an argument.
var ErrBadFunc = errors.New("bad evaluator func")

var argsRE = regexp.MustCompile(`\((.*?)\)`)

// pipelineFuncs are upstream's evaluation functions (EVALUATION_FUNCTIONS).
var pipelineFuncs = map[string]int{"json": 0, "get": 1, "len": 0, "foreach": 0, "raw": 0, "list": 0}

// ParsePipeline parses a func string the way upstream does: steps split on
// "->", a step's name is the text before "(", its arguments the text
// inside the first parentheses split on ",". An unknown function, or get
// without a key, is an error naming it.
//
// Functions: json (upstream's clean-up, then parse; Go's decoder, so the
// NaN and Infinity literals Python accepts are errors), get(KEY) (None for
// a missing key), foreach, len, list, and raw, which is the identity here
// (upstream wraps the value twice, so a comparison after raw never
// matches; no task uses it).
func ParsePipeline(s string) (Pipeline, error) {
	var p Pipeline
	for item := range strings.SplitSeq(s, "->") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		st := step{name: strings.TrimSpace(strings.SplitN(item, "(", 2)[0])}
		need, ok := pipelineFuncs[st.name]
		if !ok {
			return Pipeline{}, fmt.Errorf("%w %q: unknown function %q (want json, get(KEY), foreach, len, list or raw)", ErrBadFunc, s, st.name)
		}
		if m := argsRE.FindStringSubmatch(item); m != nil {
			for a := range strings.SplitSeq(m[1], ",") {
				st.args = append(st.args, strings.TrimSpace(a))
			}
		}
		if len(st.args) < need {
			return Pipeline{}, fmt.Errorf("%w %q: %s needs an argument, as in %s(KEY)", ErrBadFunc, s, st.name, st.name)
		}
		p.steps = append(p.steps, st)
	}
	if len(p.steps) == 0 {
		return Pipeline{}, fmt.Errorf("%w %q: no function", ErrBadFunc, s)
	}
	return p, nil
}

// node is upstream's intermediate value: a FunctionResult (leaf) or a
// list of nodes (what foreach produces).
type node struct {
	leaf  bool
	v     any
	items []node
}

// Eval runs the pipeline on an answer text and returns the values the
// comparison op is applied to (upstream's flattened FunctionResults). An
// error is what upstream reports as a failed evaluator: a *pyError
// (Execution error) or a JSON decoding error.
func (p Pipeline) Eval(answer string) ([]any, error) {
	n := node{leaf: true, v: answer}
	var err error
	for _, st := range p.steps {
		if n, err = apply(st, n); err != nil {
			return nil, err
		}
	}
	var out []any
	flatten(n, &out)
	return out, nil
}

func flatten(n node, out *[]any) {
	if n.leaf {
		*out = append(*out, n.v)
		return
	}
	for _, c := range n.items {
		flatten(c, out)
	}
}

// apply runs one step, mapping over lists as upstream does.
func apply(st step, n node) (node, error) {
	if !n.leaf {
		out := node{items: make([]node, len(n.items))}
		for i, c := range n.items {
			r, err := apply(st, c)
			if err != nil {
				return node{}, err
			}
			out.items[i] = r
		}
		return out, nil
	}
	switch st.name {
	case "json":
		s, ok := n.v.(string)
		if !ok {
			return node{}, raise("AssertionError", "The input is not a string")
		}
		v, err := decodeAnswer(s)
		if err != nil {
			return node{}, err
		}
		return node{leaf: true, v: v}, nil
	case "get":
		m, ok := n.v.(map[string]any)
		if !ok {
			return node{}, raise("AssertionError", "The input is not a dict (get(%s) on %s)", st.args[0], pyType(n.v))
		}
		return node{leaf: true, v: m[st.args[0]]}, nil // missing key: None
	case "len":
		l, ok := n.v.([]any)
		if !ok {
			return node{}, raise("AssertionError", "The input is not a list (len of %s)", pyType(n.v))
		}
		return node{leaf: true, v: float64(len(l))}, nil
	case "foreach":
		l, ok := n.v.([]any)
		if !ok {
			return node{}, raise("AssertionError", "The input is not a list (foreach over %s)", pyType(n.v))
		}
		out := node{items: make([]node, len(l))}
		for i, e := range l {
			out.items[i] = node{leaf: true, v: e}
		}
		return out, nil
	case "list":
		return node{leaf: true, v: []any{n.v}}, nil
	case "raw":
		return n, nil
	}
	return node{}, fmt.Errorf("%w: unknown function %q", ErrBadFunc, st.name)
}

// JSONError is an answer that is not JSON after upstream's clean-up.
type JSONError struct {
	Err    error
	Length int
	Head   string
}

func (e *JSONError) Error() string {
	return fmt.Sprintf("JSON decoding error (response length=%d, first 100 chars=%q): %v", e.Length, e.Head, e.Err)
}

func (e *JSONError) Unwrap() error { return e.Err }

// decodeAnswer is upstream's json step: strip whitespace, then backticks,
// then whitespace, drop a leading "json", then parse.
func decodeAnswer(s string) (any, error) {
	x := strings.TrimSpace(s)
	x = strings.TrimSpace(strings.Trim(x, "`"))
	if strings.HasPrefix(x, "json") {
		x = strings.TrimSpace(x[4:])
	}
	var v any
	if err := json.Unmarshal([]byte(x), &v); err != nil {
		head := s
		if r := []rune(s); len(r) > 100 {
			head = string(r[:100])
		}
		return nil, &JSONError{Err: err, Length: len([]rune(s)), Head: head}
	}
	return v, nil
}
