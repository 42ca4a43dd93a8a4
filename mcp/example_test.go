package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"

	"github.com/cairn-agents/cairn/mcp"
	"github.com/cairn-agents/cairn/tool"
)

type greetIn struct {
	Name string `json:"name" jsonschema:"who to greet"`
}

func Example() {
	ctx := context.Background()
	greet := tool.Must(tool.New("greet", "Greets someone.", func(_ context.Context, in greetIn) (string, error) {
		return "Hello, " + in.Name, nil
	}))
	reg, _ := tool.NewRegistry(greet)

	// Serve the registry over streamable HTTP. (srv.ServeStdio serves it to
	// a host that starts this program as a command.)
	srv, err := mcp.NewServer(reg, &mcp.ServerOptions{Name: "greeter"})
	if err != nil {
		panic(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()

	// Any MCP server, by URL or command line, becomes a set of tools.
	c, err := mcp.Connect(ctx, hs.URL+"/mcp", nil)
	if err != nil {
		panic(err)
	}
	defer c.Close()
	remote, err := c.Registry(ctx)
	if err != nil {
		panic(err)
	}
	fmt.Println(remote.Names())
	res, err := remote.Call(ctx, "greet", json.RawMessage(`{"name":"Ada"}`))
	fmt.Println(string(res), err)
	_, err = remote.Call(ctx, "greet", json.RawMessage(`{"nom":"Ada"}`))
	fmt.Println(err)
	// Output:
	// [greet]
	// "Hello, Ada" <nil>
	// tool greet: bad tool arguments: unexpected additional properties ["nom"]
}
