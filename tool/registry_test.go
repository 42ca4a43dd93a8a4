package tool

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestRegistryAddGetSpecs(t *testing.T) {
	var r Registry // zero value works
	if err := r.Add(echoStub("zeta"), echoStub("alpha"), echoStub("mid")); err != nil {
		t.Fatal(err)
	}
	if got := r.Names(); !slices.Equal(got, []string{"alpha", "mid", "zeta"}) {
		t.Fatalf("Names = %v", got)
	}
	var specNames []string
	for _, s := range r.Specs() {
		specNames = append(specNames, s.Name)
	}
	if !slices.Equal(specNames, []string{"alpha", "mid", "zeta"}) {
		t.Fatalf("Specs order = %v", specNames)
	}
	if _, ok := r.Get("mid"); !ok {
		t.Fatal("Get(mid) not found")
	}
	if _, ok := r.Get("nope"); ok {
		t.Fatal("Get(nope) found")
	}
	res, err := r.Call(context.Background(), "alpha", json.RawMessage(`{"x":1}`))
	if err != nil || string(res) != `{"x":1}` {
		t.Fatalf("Call = %s, %v", res, err)
	}
}

func TestRegistryRejectsDuplicatesAtomically(t *testing.T) {
	r, err := NewRegistry(echoStub("a"))
	if err != nil {
		t.Fatal(err)
	}
	err = r.Add(echoStub("b"), echoStub("a"))
	if err == nil || !strings.Contains(err.Error(), `"a"`) {
		t.Fatalf("duplicate add: err = %v, want one naming \"a\"", err)
	}
	if r.Len() != 1 {
		t.Fatalf("failed Add registered some tools: %v", r.Names())
	}
	if err := r.Add(echoStub("c"), echoStub("c")); err == nil {
		t.Fatal("duplicate within one Add accepted")
	}
	if err := r.Add(echoStub("")); err == nil || !strings.Contains(err.Error(), "empty name") {
		t.Fatalf("empty name: err = %v", err)
	}
	if err := r.Add(nil); err == nil {
		t.Fatal("nil tool accepted")
	}
}

func TestRegistryUnknownTool(t *testing.T) {
	r, _ := NewRegistry(echoStub("a"))
	_, err := r.Call(context.Background(), "missing", nil)
	if !errors.Is(err, ErrUnknownTool) {
		t.Fatalf("err = %v, want ErrUnknownTool", err)
	}
	var te *Error
	if !errors.As(err, &te) || te.Tool != "missing" {
		t.Fatalf("err = %#v, want *Error naming the tool", err)
	}
}

func TestRegistryWithWrapsEveryTool(t *testing.T) {
	base, _ := NewRegistry(echoStub("a"), echoStub("b"))
	var order []string
	mark := func(tag string) Middleware {
		return func(next Tool) Tool {
			return &wrapped{spec: next.Spec(), call: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
				order = append(order, tag)
				return next.Call(ctx, args)
			}}
		}
	}
	wr := base.With(mark("outer"), mark("inner"))
	if _, err := wr.Call(context.Background(), "b", nil); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(order, []string{"outer", "inner"}) {
		t.Fatalf("middleware order = %v, want outer then inner", order)
	}
	order = nil
	if _, err := base.Call(context.Background(), "b", nil); err != nil {
		t.Fatal(err)
	}
	if len(order) != 0 {
		t.Fatal("With changed the original registry")
	}
	if !slices.Equal(wr.Names(), base.Names()) {
		t.Fatalf("With names = %v", wr.Names())
	}
}
