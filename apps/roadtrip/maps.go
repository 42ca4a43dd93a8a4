package roadtrip

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/understand"
)

// errUnknownPlace is wrapped by locate's error when the maps know no
// place of the name: the question names something the data lacks.
var errUnknownPlace = errors.New("no place of that name is known to the maps")

// locate finds a place by geocoding q, else by the first text-search hit.
func (p *Planner) locate(ctx context.Context, q string) (point, error) {
	g, gerr := p.mapsFor(ctx).Geocode(ctx, q)
	if gerr == nil {
		name, _, _ := strings.Cut(g.FormattedAddress, ",")
		return point{Query: q, Name: strings.TrimSpace(name), Address: g.FormattedAddress, PlaceID: g.PlaceID,
			Lat: g.Location.Lat, Lng: g.Location.Lng}, nil
	}
	if ctx.Err() != nil {
		return point{}, ctx.Err()
	}
	sr, serr := p.mapsFor(ctx).SearchPlaces(ctx, geo.SearchRequest{Query: q})
	if serr == nil && len(sr.Places) > 0 {
		p := sr.Places[0]
		return point{Query: q, Name: p.Name, Address: p.FormattedAddress, PlaceID: p.PlaceID, Lat: p.Location.Lat, Lng: p.Location.Lng}, nil
	}
	if (serr == nil || errors.Is(serr, geo.ErrZeroResults)) && errors.Is(gerr, geo.ErrZeroResults) {
		return point{}, fmt.Errorf("cannot locate %q: %w (neither geocoding nor text search knows it): %w", q, errUnknownPlace, geo.ErrZeroResults)
	}
	return point{}, fmt.Errorf("cannot locate %q: geocode: %w; search: %v", q, gerr, serr)
}

// locateNamed is locate for a name the question writes. When the
// understanding could read no place by it (unknown holds it) and the maps
// answer with a place of another name ("Blorptown" geocoded to Taos,
// Missouri, by a near spelling), the maps do not know it either.
func (p *Planner) locateNamed(ctx context.Context, unknown []string, q string) (point, error) {
	pt, err := p.locate(ctx, q)
	name, _, _ := strings.Cut(q, ",")
	if err != nil || !slices.Contains(unknown, strings.TrimSpace(name)) || sameName(pt.Name, name) || sameName(pt.Address, name) {
		return pt, err
	}
	return point{}, fmt.Errorf("cannot locate %q: %w (the maps answer with %s, another name)", q, errUnknownPlace, pt.Address)
}

// searchFirst locates q as the evaluator does: the first text-search hit.
func (p *Planner) searchFirst(ctx context.Context, q string) (point, error) {
	sr, err := p.mapsFor(ctx).SearchPlaces(ctx, geo.SearchRequest{Query: q})
	if err == nil && len(sr.Places) > 0 {
		p := sr.Places[0]
		return point{Query: q, Name: p.Name, Address: p.FormattedAddress, PlaceID: p.PlaceID, Lat: p.Location.Lat, Lng: p.Location.Lng}, nil
	}
	if ctx.Err() != nil {
		return point{}, ctx.Err()
	}
	return p.locate(ctx, q)
}

func toPlace(p geo.Place) place {
	return place{Name: p.Name, Address: p.FormattedAddress, PlaceID: p.PlaceID, Lat: p.Location.Lat, Lng: p.Location.Lng,
		Types: p.Types, Rating: p.Rating}
}

// parallel runs fn(i) for i < n at once and returns the errors by index.
func parallel(n int, fn func(i int) error) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { errs[i] = fn(i) })
	}
	wg.Wait()
	return errs
}

// namedAsAsked is pt named by the part of its address that is the name
// asked, when the maps name the point otherwise: "Escaldes-Engordany"
// geocodes to "les Escaldes, Escaldes-Engordany, Andorra", the town of
// the parish asked for, and a trip from it starts in Escaldes-Engordany.
// The name still comes from the tool's result.
func namedAsAsked(pt point, asked string) point {
	head, _, _ := strings.Cut(asked, ",")
	if sameName(pt.Name, head) || sameName(understand.Normalize(pt.Name), understand.Normalize(head)) {
		return pt
	}
	parts := strings.Split(pt.Address, ",")
	for _, part := range parts[1:] {
		if p := strings.TrimSpace(part); understand.Normalize(p) == understand.Normalize(head) {
			pt.Name = p
			break
		}
	}
	return pt
}
