package mapstool_test

import (
	"context"
	"net"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/mcp"
	"github.com/cairn-agents/cairn/tool"
)

// TestServeAndConnect: the offline tools served over loopback MCP answer
// like the registry; a server lacking tools is refused naming them; no
// server at all is an error.
func TestServeAndConnect(t *testing.T) {
	ctx := context.Background()
	tools, stop, err := mapstool.Serve(ctx, geotest.Engine(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := tools.Names(); len(got) != len(mapstool.Names) {
		t.Errorf("tools %v, want the seven", got)
	}
	res, err := tools.Call(ctx, mapstool.Geocode, []byte(`{"address":"Dover, DE"}`))
	if err != nil || !strings.Contains(string(res), "Dover, Delaware") {
		t.Errorf("geocode over MCP: %s, %v", res, err)
	}
	if err := stop(); err != nil {
		t.Errorf("stop: %v", err)
	}

	geocodeOnly, err := tool.NewRegistry(mapstool.Tools(geotest.Engine(t))[0])
	if err != nil {
		t.Fatal(err)
	}
	srv, err := mcp.NewServer(geocodeOnly, nil)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- srv.ServeListener(sctx, ln) }()
	defer func() { cancel(); <-done }()
	_, _, err = mapstool.Connect(ctx, "http://"+ln.Addr().String()+"/", nil)
	if err == nil || !strings.Contains(err.Error(), "lacks tools maps_reverse_geocode") {
		t.Errorf("server with one tool: %v, want it refused naming the missing tools", err)
	}
	if _, _, err := mapstool.Connect(ctx, "http://127.0.0.1:1/", nil); err == nil {
		t.Error("connected to nothing")
	}
}
