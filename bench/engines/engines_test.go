package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestEnginesAgree runs every case once in every engine: each must end in
// the case's state.
func TestEnginesAgree(t *testing.T) {
	for _, c := range cases {
		for _, e := range engines {
			run, err := e.build(t.Context(), c.name)
			if err != nil {
				t.Fatalf("%s %s: build: %v", e.name, c.name, err)
			}
			got, err := run(t.Context())
			if err != nil || got != c.want {
				t.Errorf("%s %s: got %+v, %v; want %+v", e.name, c.name, got, err, c.want)
			}
		}
	}
}

// TestCompareWritesTable runs the comparison briefly on the fast cases.
func TestCompareWritesTable(t *testing.T) {
	var out, progress bytes.Buffer
	fast := []kase{cases[0], cases[2]}
	if err := compare(t.Context(), &out, &progress, fast, 1, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| chain10 | cairn |", "| loop100 | eino |", "| loop100 | adk |", "github.com/cloudwego/eino v0.9.13"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
}

// BenchmarkEngines runs each case in each engine.
func BenchmarkEngines(b *testing.B) {
	for _, c := range cases {
		for _, e := range engines {
			run, err := e.build(b.Context(), c.name)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(c.name+"/"+strings.ReplaceAll(e.name, " ", "-"), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := run(b.Context()); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestOutsideTheNodes: in every engine the nodes of the waiting cases see
// the run's busy record, so their waits are taken out of the run's time
// and what is left is the engine's own.
func TestOutsideTheNodes(t *testing.T) {
	for _, c := range cases {
		if !latent(c.name) {
			continue
		}
		waited := time.Duration(slowLen) * slowLag
		if c.name == "parallel4x50" {
			waited = branchLag
		}
		for _, e := range engines {
			run, err := e.build(t.Context(), c.name)
			if err != nil {
				t.Fatalf("%s %s: build: %v", e.name, c.name, err)
			}
			s, err := measure(t.Context(), run, time.Nanosecond, true)
			if err != nil {
				t.Fatalf("%s %s: %v", e.name, c.name, err)
			}
			if in := time.Duration(s.ns - s.outside); in < waited || s.outside < 0 {
				t.Errorf("%s %s: %v of %v inside the nodes, want at least %v", e.name, c.name, in, time.Duration(s.ns), waited)
			}
		}
	}
}

// TestBusyCovered: overlapping spans count once, gaps not at all.
func TestBusyCovered(t *testing.T) {
	t0 := time.Now()
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	var b busy
	b.add(at(10), at(60)) // branches of a fan-out
	b.add(at(12), at(55))
	b.add(at(11), at(62))
	b.add(at(70), at(90)) // the next node, after a gap
	if got, want := b.covered(), 72*time.Millisecond; got != want {
		t.Errorf("covered = %v, want %v", got, want)
	}
}
