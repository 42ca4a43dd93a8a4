package tool

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

type addIn struct {
	A     float64 `json:"a" jsonschema:"first addend"`
	B     float64 `json:"b" jsonschema:"second addend"`
	Label string  `json:"label,omitempty"`
}

type addOut struct {
	Sum   float64 `json:"sum"`
	Label string  `json:"label,omitempty"`
}

func addTool(t *testing.T) Tool {
	t.Helper()
	tl, err := New("add", "Adds a and b.", func(_ context.Context, in addIn) (addOut, error) {
		return addOut{Sum: in.A + in.B, Label: in.Label}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

func TestNewInfersSchema(t *testing.T) {
	spec := addTool(t).Spec()
	var s struct {
		Type       string                    `json:"type"`
		Properties map[string]map[string]any `json:"properties"`
		Required   []string                  `json:"required"`
	}
	if err := json.Unmarshal(spec.InputSchema, &s); err != nil {
		t.Fatal(err)
	}
	if s.Type != "object" || s.Properties["a"]["type"] != "number" || s.Properties["a"]["description"] != "first addend" {
		t.Fatalf("schema = %s", spec.InputSchema)
	}
	if fmt.Sprint(s.Required) != "[a b]" {
		t.Fatalf("required = %v, want [a b]", s.Required)
	}
	if spec.Name != "add" || spec.Description != "Adds a and b." {
		t.Fatalf("spec = %+v", spec)
	}
}

func TestNewCall(t *testing.T) {
	res, err := addTool(t).Call(context.Background(), json.RawMessage(`{"a": 2, "b": 0.5, "label": "x"}`))
	if err != nil {
		t.Fatal(err)
	}
	if string(res) != `{"sum":2.5,"label":"x"}` {
		t.Fatalf("result = %s", res)
	}
}

func TestNewBadArgsNameTheField(t *testing.T) {
	tl := addTool(t)
	cases := []struct{ args, want string }{
		{`{"a": "two", "b": 1}`, "/properties/a"},
		{`{"a": 1}`, `"b"`},
		{`{"a": 1, "b": 2, "c": 3}`, `"c"`},
		{`[1, 2]`, "not a JSON object"},
		{`{"a":`, "not a JSON object"},
		{``, `"a"`}, // no args: both required fields missing
	}
	for _, c := range cases {
		_, err := tl.Call(context.Background(), json.RawMessage(c.args))
		if !errors.Is(err, ErrBadArgs) {
			t.Errorf("args %s: err = %v, want ErrBadArgs", c.args, err)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "tool add") {
			t.Errorf("args %s: err = %q, want it to name the tool and %s", c.args, err, c.want)
		}
		if strings.Contains(err.Error(), "Go value") || strings.Contains(err.Error(), "map[string]") {
			t.Errorf("args %s: err = %q shows Go types", c.args, err)
		}
	}
}

func TestNewRejectsNonObjectInput(t *testing.T) {
	_, err := New("bad", "", func(context.Context, int) (int, error) { return 0, nil })
	if err == nil || !strings.Contains(err.Error(), "struct or map") {
		t.Fatalf("err = %v", err)
	}
	for name, want := range map[string]string{
		"":                       "empty",
		"get weather":            `' '`,
		"maps/geocode":           `'/'`,
		strings.Repeat("x", 129): "at most 128",
	} {
		_, err := New(name, "", func(context.Context, addIn) (int, error) { return 0, nil })
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("name %q: err = %v, want it to contain %s", name, err, want)
		}
	}
	if _, err := New("maps_geocode-v2.1", "", func(context.Context, addIn) (int, error) { return 0, nil }); err != nil {
		t.Errorf("valid name refused: %v", err)
	}
}

func TestNewClassifiesErrors(t *testing.T) {
	cause := errors.New("boom")
	cases := []struct {
		err  error
		want error
	}{
		{cause, ErrPermanent},
		{Transient("x", cause), ErrTransient},
		{fmt.Errorf("fetch: %w", context.DeadlineExceeded), ErrTransient},
		{BadArgs("x", cause), ErrBadArgs},
	}
	for _, c := range cases {
		tl := Must(New("f", "", func(context.Context, struct{}) (int, error) { return 0, c.err }))
		_, err := tl.Call(context.Background(), nil)
		if !errors.Is(err, c.want) {
			t.Errorf("fn error %v: got %v, want kind %v", c.err, err, c.want)
		}
	}
	tl := Must(New("f", "", func(context.Context, struct{}) (int, error) { return 0, context.Canceled }))
	_, err := tl.Call(context.Background(), nil)
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrTransient) || errors.Is(err, ErrPermanent) {
		t.Errorf("cancelled: got %v, want a plain context.Canceled", err)
	}
}

type nestedIn struct {
	Name  string            `json:"name"`
	Count int8              `json:"count,omitempty"`
	Tags  []string          `json:"tags,omitempty"`
	Meta  map[string]string `json:"meta,omitempty"`
	Inner *struct {
		X float64 `json:"x"`
	} `json:"inner,omitempty"`
}

// FuzzNewArgs feeds arbitrary argument bytes (as a model or a remote client
// might send) to a typed tool: it must answer or refuse with ErrBadArgs,
// never panic, and anything it accepts must fit In.
func FuzzNewArgs(f *testing.F) {
	for _, s := range []string{`{"name":"a"}`, `{"name":"a","count":300}`, `{"name":1}`, `{"inner":{"x":"y"},"name":""}`, `null`, `[]`, `{"name":"a","tags":[1]}`, `{"name":"a","extra":true}`} {
		f.Add([]byte(s))
	}
	tl := Must(New("nested", "", func(_ context.Context, in nestedIn) (nestedIn, error) { return in, nil }))
	f.Fuzz(func(t *testing.T, args []byte) {
		res, err := tl.Call(context.Background(), args)
		if err != nil {
			if !errors.Is(err, ErrBadArgs) {
				t.Fatalf("args %q: err = %v, want ErrBadArgs", args, err)
			}
			return
		}
		var back nestedIn
		if err := json.Unmarshal(res, &back); err != nil {
			t.Fatalf("args %q: result %s does not fit In: %v", args, res, err)
		}
	})
}
