package flow

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
)

type report struct {
	OK   bool      `json:"ok"`
	Rows [][]any   `json:"rows,omitempty"`
	At   time.Time `json:"at"`
}

type mergeState struct {
	Query   string            `json:"query"`
	N       int               `json:"n"`
	Tags    map[string]string `json:"tags,omitempty"`
	Path    []string          `json:"path"`
	A       *report           `json:"a,omitempty"`
	B       *report           `json:"b,omitempty"`
	C       *report           `json:"c,omitempty"`
	Skipped string            `json:"-"`
	hidden  int
}

// TestMergeTypedAgreesWithMerge: for branches that change disjoint
// fields, the typed merge is the JSON merge's state; where two branches
// change one field it declines, so merge reports the conflict or applies
// the reducer.
func TestMergeTypedAgreesWithMerge(t *testing.T) {
	fields := plainFields(reflect.TypeFor[mergeState]())
	if fields == nil {
		t.Fatal("mergeState has plain fields")
	}
	base := mergeState{Query: "q", N: 1, Path: []string{"start"}, Tags: map[string]string{"k": "v"}}
	raw, _ := json.Marshal(base)
	changes := []func(*mergeState, int){
		func(s *mergeState, i int) { s.N = 10 * (i + 1) },
		func(s *mergeState, i int) { s.Tags = nil },
		func(s *mergeState, i int) { s.Tags = map[string]string{"k": fmt.Sprint(i)} },
		func(s *mergeState, i int) { s.Path = append(s.Path, fmt.Sprint("b", i)) },
		func(s *mergeState, i int) {
			s.A = &report{OK: true, Rows: [][]any{{"x", float64(i)}}, At: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)}
		},
		func(s *mergeState, i int) { s.B = &report{Rows: [][]any{{nil, "y"}}} },
		func(s *mergeState, i int) { s.C = &report{OK: i%2 == 0} },
		func(s *mergeState, i int) { s.Query = "" },
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 500 {
		outs := make([]mergeState, 1+rng.IntN(4))
		for i := range outs {
			json.Unmarshal(raw, &outs[i])
		}
		used := map[int]int{} // change -> branch
		for range rng.IntN(len(changes)) {
			c, b := rng.IntN(len(changes)), rng.IntN(len(outs))
			if prev, ok := used[c]; ok && prev != b && trial%3 != 0 {
				continue // two thirds of the trials keep changes disjoint
			}
			used[c] = b
			changes[c](&outs[b], b)
			outs[b].Skipped, outs[b].hidden = "not merged", 7
		}
		names := make([]string, len(outs))
		for i := range names {
			names[i] = fmt.Sprint("b", i)
		}
		want, wantErr := merge("split", raw, names, outs, nil)
		got, ok := mergeTyped(fields, raw, outs)
		if !ok {
			continue // merge decides: nothing to compare
		}
		if wantErr != nil {
			t.Fatalf("trial %d: typed merge took %+v where merge reports %v", trial, got, wantErr)
		}
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(want)
		if !bytes.Equal(gj, wj) {
			t.Fatalf("trial %d: typed merge\n%s\nmerge\n%s", trial, gj, wj)
		}
	}

	// two branches changing one field: declined
	outs := make([]mergeState, 2)
	for i := range outs {
		json.Unmarshal(raw, &outs[i])
		outs[i].N = i + 5
	}
	if _, ok := mergeTyped(fields, raw, outs); ok {
		t.Error("typed merge took a field two branches changed")
	}
}

func TestPlainFields(t *testing.T) {
	type inner struct{ X int }
	type embeds struct {
		inner
		Y int
	}
	if fs := plainFields(reflect.TypeFor[embeds]()); fs != nil {
		t.Errorf("a state with an embedded struct has plain fields %v (JSON promotes its fields)", fs)
	}
	if fs := plainFields(reflect.TypeFor[*mergeState]()); fs != nil {
		t.Errorf("a pointer state has plain fields %v", fs)
	}
	if fs := plainFields(reflect.TypeFor[mergeState]()); !reflect.DeepEqual(fs, []int{0, 1, 2, 3, 4, 5, 6}) {
		t.Errorf("mergeState's plain fields %v, want the seven exported JSON fields", fs)
	}
}
