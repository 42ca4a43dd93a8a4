package flow

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
)

// ErrConflict is wrapped by a ConflictError.
var ErrConflict = errors.New("flow: conflicting parallel writes")

// ConflictError reports parallel branches that changed the same state field
// with no reducer declared for it.
type ConflictError struct {
	From     string   // the node whose fan-out it was
	Field    string   // JSON name of the top-level state field
	Branches []string // the branches that changed it, in declared order
}

func (e *ConflictError) Error() string {
	names := quoteAll(e.Branches)
	if i := strings.LastIndex(names, ", "); i >= 0 {
		names = names[:i] + " and " + names[i+2:]
	}
	return fmt.Sprintf("flow: parallel after %q: branches %s all changed field %q and no reducer is declared for it (use flow.Reduce)",
		e.From, names, e.Field)
}

// Unwrap makes errors.Is(err, ErrConflict) true.
func (e *ConflictError) Unwrap() error { return ErrConflict }

type reducer struct {
	field string
	typ   reflect.Type
	apply func(base json.RawMessage, outs []json.RawMessage) (json.RawMessage, error)
}

// Reduce declares how to merge the top-level state field named field (its
// JSON name) when two or more parallel branches change it: merge gets the
// value from before the fan-out and the values of the branches that changed
// it, in declared branch order. A field only one branch changed is taken
// from that branch without a reducer. T must be the field's Go type; Build
// checks it.
func Reduce[S, T any](g *Graph[S], field string, merge func(base T, outs []T) T) {
	if merge == nil {
		g.fail(ErrBadDeclaration, "Reduce(%q): nil merge function", field)
		return
	}
	if _, dup := g.reducers[field]; dup {
		g.fail(ErrDuplicate, "Reduce(%q): reducer declared twice", field)
		return
	}
	g.reducers[field] = &reducer{
		field: field,
		typ:   reflect.TypeFor[T](),
		apply: func(base json.RawMessage, outs []json.RawMessage) (json.RawMessage, error) {
			var b T
			if err := unmarshalField(base, &b); err != nil {
				return nil, err
			}
			vs := make([]T, len(outs))
			for i, o := range outs {
				if err := unmarshalField(o, &vs[i]); err != nil {
					return nil, err
				}
			}
			return json.Marshal(merge(b, vs))
		},
	}
}

func unmarshalField(raw json.RawMessage, v any) error {
	if len(raw) == 0 {
		return nil
	}
	return json.Unmarshal(raw, v)
}

// Appended is a reducer for slice fields that branches only append to: the
// result is the base followed by each branch's new elements, in branch
// order. Use it as flow.Reduce(g, "notes", flow.Appended[string]).
func Appended[E any](base []E, outs [][]E) []E {
	r := append([]E(nil), base...)
	for _, o := range outs {
		if len(o) >= len(base) {
			r = append(r, o[len(base):]...)
		} else {
			r = append(r, o...)
		}
	}
	return r
}

// checkReducers verifies each reducer names a JSON field of S with the
// reducer's type, and that S is a struct when the graph merges states.
func (g *Graph[S]) checkReducers() []error {
	if len(g.fanouts) == 0 && len(g.reducers) == 0 {
		return nil
	}
	st := reflect.TypeFor[S]()
	for st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	if st.Kind() != reflect.Struct {
		return []error{invalid(ErrBadReducer, "Parallel and Reduce need a struct state, %s is a %s", reflect.TypeFor[S](), st.Kind())}
	}
	fields := jsonFields(st, nil)
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(g.reducers)) { // a stable report
		r := g.reducers[name]
		ft, ok := fields[name]
		switch {
		case !ok:
			errs = append(errs, invalid(ErrBadReducer, "Reduce(%q): %s has no JSON field %q", name, st, name))
		case ft != r.typ:
			errs = append(errs, invalid(ErrBadReducer, "Reduce(%q): field has type %s, reducer takes %s", name, ft, r.typ))
		}
	}
	return errs
}

// jsonFields maps the top-level JSON names of struct type t to their Go
// types, following encoding/json's rules for tags and embedded structs
// closely enough for validation.
func jsonFields(t reflect.Type, into map[string]reflect.Type) map[string]reflect.Type {
	if into == nil {
		into = map[string]reflect.Type{}
	}
	for f := range t.Fields() {
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			et := ft
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				for k, v := range jsonFields(et, nil) {
					if _, ok := into[k]; !ok {
						into[k] = v
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		into[name] = ft
	}
	return into
}

// merge folds the branch outputs into the pre-fan-out state base, field by
// field.
func merge[S any](from string, base []byte, names []string, outs []S, reducers map[string]*reducer) (S, error) {
	var zero S
	var baseM map[string]json.RawMessage
	if err := json.Unmarshal(base, &baseM); err != nil || baseM == nil {
		return zero, fmt.Errorf("flow: parallel after %q: state is not a JSON object: %s", from, truncate(base))
	}
	// Most fan-outs change the state in one branch or none (the others
	// had nothing to do): a branch whose state encodes as the base did
	// changed nothing, and when one branch alone changed it, the merge
	// is that branch's state, decoded as the field-by-field merge would
	// be.
	outRaw := make([][]byte, len(outs))
	var changedAny []int
	for i, o := range outs {
		raw, err := json.Marshal(o)
		if err != nil {
			return zero, fmt.Errorf("flow: parallel branch %q: state is not JSON-serialisable: %w", names[i], err)
		}
		outRaw[i] = raw
		if !bytes.Equal(raw, base) {
			changedAny = append(changedAny, i)
		}
	}
	if len(changedAny) <= 1 {
		one := base // the base is a JSON object (checked above), and so is S
		if len(changedAny) == 1 {
			one = outRaw[changedAny[0]]
		}
		var s S
		if err := json.Unmarshal(one, &s); err != nil {
			return zero, fmt.Errorf("flow: parallel after %q: merged state does not decode: %w", from, err)
		}
		return s, nil
	}
	outM := make([]map[string]json.RawMessage, len(outs))
	keys := map[string]bool{}
	for k := range baseM {
		keys[k] = true
	}
	for i := range outs {
		if !slices.Contains(changedAny, i) {
			outM[i] = baseM // unchanged: it changes no field
			continue
		}
		if err := json.Unmarshal(outRaw[i], &outM[i]); err != nil || outM[i] == nil {
			return zero, fmt.Errorf("flow: parallel branch %q: state is not a JSON object", names[i])
		}
		for k := range outM[i] {
			keys[k] = true
		}
	}
	merged := maps.Clone(baseM)
	var errs []error
	for k := range keys {
		bv, inBase := baseM[k]
		var changed []int
		for i, m := range outM {
			v, ok := m[k]
			if ok != inBase || !bytes.Equal(v, bv) {
				changed = append(changed, i)
			}
		}
		if len(changed) == 0 {
			continue
		}
		r, ok := reducers[k]
		// One writer, or agreeing writers without a reducer, clobber nothing.
		if len(changed) == 1 || !ok && sameValue(outM, changed, k) {
			if v, ok := outM[changed[0]][k]; ok {
				merged[k] = v
			} else {
				delete(merged, k)
			}
			continue
		}
		if !ok {
			ce := &ConflictError{From: from, Field: k}
			for _, i := range changed {
				ce.Branches = append(ce.Branches, names[i])
			}
			errs = append(errs, ce)
			continue
		}
		vs := make([]json.RawMessage, len(changed))
		for j, i := range changed {
			vs[j] = outM[i][k]
		}
		v, err := r.apply(bv, vs)
		if err != nil {
			errs = append(errs, fmt.Errorf("flow: parallel after %q: reducer for field %q: %w", from, k, err))
			continue
		}
		merged[k] = v
	}
	if len(errs) > 0 {
		return zero, errors.Join(sortErrs(errs)...)
	}
	raw, err := json.Marshal(merged)
	if err != nil {
		return zero, fmt.Errorf("flow: parallel after %q: %w", from, err)
	}
	var s S
	if err := json.Unmarshal(raw, &s); err != nil {
		return zero, fmt.Errorf("flow: parallel after %q: merged state does not decode: %w", from, err)
	}
	return s, nil
}

func sameValue(outM []map[string]json.RawMessage, changed []int, k string) bool {
	first, inFirst := outM[changed[0]][k]
	for _, i := range changed[1:] {
		v, ok := outM[i][k]
		if ok != inFirst || !bytes.Equal(v, first) {
			return false
		}
	}
	return true
}

// sortErrs orders errs by message: map iteration is random, the report
// should not be.
func sortErrs(errs []error) []error {
	slices.SortFunc(errs, func(a, b error) int { return strings.Compare(a.Error(), b.Error()) })
	return errs
}

func truncate(b []byte) string {
	if len(b) > 80 {
		return string(b[:80]) + "…"
	}
	return string(b)
}

// mergeTyped is merge without JSON for the common fan-out whose branches
// each change fields no other branch changes (each agent writes its own
// report): a field is changed by a branch whose value of it is not
// reflect.DeepEqual to the state the branches started from, and the merge
// takes each changed field from the one branch that changed it. fields
// are S's (plainFields). It declines (ok false; merge then decides,
// reducers and conflicts included) when S has no plain fields, when the
// start state does not decode, or when two branches changed one field.
// Encoding every branch's whole state and decoding the merge cost more
// than the rest of a fan-out of quick agents.
func mergeTyped[S any](fields []int, base []byte, outs []S) (S, bool) {
	var ref S
	if fields == nil || json.Unmarshal(base, &ref) != nil {
		return ref, false
	}
	rv := reflect.ValueOf(&ref).Elem()
	vs := make([]reflect.Value, len(outs))
	for i := range outs {
		vs[i] = reflect.ValueOf(&outs[i]).Elem()
	}
	for _, f := range fields {
		was := rv.Field(f)
		changed := -1
		for i, v := range vs {
			if reflect.DeepEqual(was.Interface(), v.Field(f).Interface()) {
				continue
			}
			if changed >= 0 {
				return ref, false
			}
			changed = i
		}
		if changed >= 0 {
			was.Set(vs[changed].Field(f))
		}
	}
	return ref, true
}

// plainFields are the indexes of t's JSON fields when t is a struct whose
// exported fields are all named, not embedded (a JSON field is then one
// Go field), else nil.
func plainFields(t reflect.Type) []int {
	if t.Kind() != reflect.Struct {
		return nil
	}
	fs := []int{}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			return nil
		}
		if f.IsExported() && f.Tag.Get("json") != "-" {
			fs = append(fs, i)
		}
	}
	return fs
}
