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
