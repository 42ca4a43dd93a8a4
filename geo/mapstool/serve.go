package mapstool

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/mcp"
	"github.com/cairn-agents/cairn/tool"
)

// Names are the seven tool names, in the order of the contract.
var Names = []string{Geocode, ReverseGeocode, SearchPlaces, PlaceDetails, DistanceMatrix, Elevation, Directions}

// Serve serves m's seven tools through Cairn's MCP server on a loopback
// streamable-HTTP listener and returns them as seen through Cairn's MCP
// client, so every call crosses a real MCP transport. stop shuts both
// down.
func Serve(ctx context.Context, m geo.Maps, log *slog.Logger) (tools *tool.Registry, stop func() error, err error) {
	reg, err := Registry(m)
	if err != nil {
		return nil, nil, err
	}
	srv, err := mcp.NewServer(reg, &mcp.ServerOptions{Name: "cairn-maps", Logger: log})
	if err != nil {
		return nil, nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, fmt.Errorf("mapstool: maps server: %w", err)
	}
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan error, 1)
	go func() { done <- srv.ServeListener(sctx, ln) }()
	tools, closeClient, err := Connect(ctx, "http://"+ln.Addr().String()+"/", log)
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

// Connect connects to a maps MCP server (a URL, or a command line started
// over stdio, e.g. "npx -y @modelcontextprotocol/server-google-maps") and
// checks that it offers the seven maps tools. close ends the session.
func Connect(ctx context.Context, target string, log *slog.Logger) (tools *tool.Registry, close func() error, err error) {
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
	for _, n := range Names {
		if _, ok := reg.Get(n); !ok {
			lack = append(lack, n)
		}
	}
	if len(lack) > 0 {
		c.Close()
		return nil, nil, fmt.Errorf("mapstool: maps server %s lacks tools %s", target, strings.Join(lack, ", "))
	}
	return reg, c.Close, nil
}
