package roadtrip

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/mcp"
	"github.com/cairn-agents/cairn/tool"
)

// ServeOffline serves m's seven maps tools through Cairn's MCP server on a
// loopback streamable-HTTP listener and returns them as seen through
// Cairn's MCP client, so every planner call crosses a real MCP transport.
// stop shuts both down.
func ServeOffline(ctx context.Context, m geo.Maps, log *slog.Logger) (tools *tool.Registry, stop func() error, err error) {
	reg, err := mapstool.Registry(m)
	if err != nil {
		return nil, nil, err
	}
	srv, err := mcp.NewServer(reg, &mcp.ServerOptions{Name: "cairn-maps", Logger: log})
	if err != nil {
		return nil, nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, fmt.Errorf("roadtrip: maps server: %w", err)
	}
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan error, 1)
	go func() { done <- srv.ServeListener(sctx, ln) }()
	tools, closeClient, err := ConnectMaps(ctx, "http://"+ln.Addr().String()+"/", log)
	if err != nil {
		cancel()
		<-done
		return nil, nil, err
	}
	return tools, func() error {
		err := closeClient()
		cancel()
		return errors.Join(err, <-done)
	}, nil
}

// ConnectMaps connects to a maps MCP server (a URL, or a command line
// started over stdio, e.g. "npx -y @modelcontextprotocol/server-google-maps")
// and checks that it offers the seven maps tools.
func ConnectMaps(ctx context.Context, target string, log *slog.Logger) (*tool.Registry, func() error, error) {
	c, err := mcp.Connect(ctx, target, &mcp.Options{Logger: log})
	if err != nil {
		return nil, nil, err
	}
	reg, err := c.Registry(ctx)
	if err != nil {
		c.Close()
		return nil, nil, err
	}
	var lack []string
	for _, n := range []string{mapstool.Geocode, mapstool.ReverseGeocode, mapstool.SearchPlaces, mapstool.PlaceDetails,
		mapstool.DistanceMatrix, mapstool.Elevation, mapstool.Directions} {
		if _, ok := reg.Get(n); !ok {
			lack = append(lack, n)
		}
	}
	if len(lack) > 0 {
		c.Close()
		return nil, nil, fmt.Errorf("roadtrip: maps server %s lacks tools %s", target, strings.Join(lack, ", "))
	}
	return reg, c.Close, nil
}

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
		return point{}, fmt.Errorf("cannot locate %q: %w (neither geocoding nor text search knows it)", q, geo.ErrZeroResults)
	}
	return point{}, fmt.Errorf("cannot locate %q: geocode: %w; search: %v", q, gerr, serr)
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
