package flow_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/cairn-agents/cairn/flow"
)

// FuzzAnswer answers the review graph's question with arbitrary bytes, as
// a person's answer arriving over HTTP would be: Answer takes exactly the
// JSON objects an Approval's schema allows (a boolean "approve", an
// optional string "note", nothing else), refuses everything else with
// ErrBadAnswer and then changes nothing stored.
func FuzzAnswer(f *testing.F) {
	for _, s := range []string{
		`{"approve":true}`, `{"approve":false,"note":"later"}`, `{"approve":"yes"}`, `{"note":"x"}`,
		`{"approve":true,"extra":1}`, `{"APPROVE":true}`, `{"approve":true,"approve":null}`, `null`, `[]`,
		`true`, `{"approve":true,"note":null}`, `{`, ``, `{"approve":true} {}`,
	} {
		f.Add([]byte(s))
	}
	store := &flow.MemStore{}
	r := review(f, store, 0, &counts{})
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := r.Invoke(t.Context(), St{})
		var ie *flow.InterruptedError
		if !errors.As(err, &ie) {
			t.Fatal(err)
		}
		before := stored(t, store, ie.RunID)
		s, err := r.Answer(t.Context(), ie.RunID, "", json.RawMessage(data))
		approve, valid := fitsApproval(data)
		switch {
		case valid && err == nil:
			if !slices.Equal(s.Path, []string{"plan", "approve", "publish"}) || s.A != fmt.Sprint(approve) {
				t.Fatalf("answer %q: final %+v", data, s)
			}
		case !valid && errors.Is(err, flow.ErrBadAnswer):
			if after := stored(t, store, ie.RunID); after != before {
				t.Fatalf("refused answer %q changed the checkpoint", data)
			}
		default:
			t.Fatalf("answer %q: err = %v, but it fits the schema: %v", data, err, valid)
		}
	})
}

// fitsApproval says, without the schema, whether data is an Approval as
// its schema describes it.
func fitsApproval(data []byte) (approve, ok bool) {
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil || m == nil {
		return false, false
	}
	for k, v := range m {
		switch k {
		case "approve":
			approve, ok = v.(bool)
			if !ok {
				return false, false
			}
		case "note":
			if _, isString := v.(string); !isString {
				return false, false
			}
		default:
			return false, false
		}
	}
	_, has := m["approve"]
	return approve, has
}
