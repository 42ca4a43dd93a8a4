package main

import (
	"context"
	"log/slog"
	"sync"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/assets"
	"github.com/cairn-agents/cairn/understand"
)

// lazyGazetteer is the ocean gateway's gazetteer: the embedded GeoNames
// cities, regions and countries, loaded on the first name a question
// asks for (most questions name none, and loading takes about half a
// second). A load that fails is logged once and then knows no place, so
// the plan says the place was not found.
type lazyGazetteer struct {
	load func() (*geo.Gazetteer, error)
}

func newLazyGazetteer(log *slog.Logger) lazyGazetteer {
	return lazyGazetteer{load: sync.OnceValues(func() (*geo.Gazetteer, error) {
		e, err := geo.Open(context.Background(), geo.Options{Base: assets.FS})
		if err != nil {
			log.Warn("ocean: the embedded gazetteer did not load; place names will not be found", "error", err)
			return nil, err
		}
		return geo.NewGazetteer(e), nil
	})}
}

// Lookup implements understand.Gazetteer.
func (l lazyGazetteer) Lookup(key string) []understand.Place {
	if g, err := l.load(); err == nil {
		return g.Lookup(key)
	}
	return nil
}

// Spell implements understand.Speller.
func (l lazyGazetteer) Spell(key string, maxEdits int) []understand.Place {
	if g, err := l.load(); err == nil {
		return g.Spell(key, maxEdits)
	}
	return nil
}
