// Package geotest gives tests the offline maps engine on the embedded data,
// loaded once per test binary.
package geotest

import (
	"context"
	"sync"
	"testing"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/assets"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/tool"
)

// load is shared by every test in a binary: the engine is read-only and
// safe for concurrent use, and loading it takes about half a second.
var load = sync.OnceValues(func() (*geo.Engine, error) {
	return geo.Open(context.Background(), geo.Options{Base: assets.FS})
})

// Engine returns the embedded offline engine, failing t if it cannot load.
func Engine(t testing.TB) *geo.Engine {
	t.Helper()
	e, err := load()
	if err != nil {
		t.Fatalf("loading the embedded maps data: %v", err)
	}
	return e
}

var gazetteer struct {
	once sync.Once
	g    *geo.Gazetteer
}

// Gazetteer returns the embedded engine's gazetteer, built once per test
// binary.
func Gazetteer(t testing.TB) *geo.Gazetteer {
	t.Helper()
	e := Engine(t)
	gazetteer.once.Do(func() { gazetteer.g = geo.NewGazetteer(e) })
	return gazetteer.g
}

// Tools returns a new registry of the maps tools on the embedded engine.
func Tools(t testing.TB) *tool.Registry {
	t.Helper()
	reg, err := mapstool.Registry(Engine(t))
	if err != nil {
		t.Fatalf("the maps tools: %v", err)
	}
	return reg
}
