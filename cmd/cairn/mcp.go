package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/internal/httpgate"
	"github.com/cairn-agents/cairn/mcp"
	"github.com/cairn-agents/cairn/tool"
)

// newMCPCmd is `cairn mcp`: subcommands that serve a tool registry over MCP
// (demo, maps, ...) and a small client (tools, call) to try any MCP server.
//
// To serve another tool set, add a subcommand whose RunE builds a
// *tool.Registry and ends with serveRegistry, and call addServeFlags on it.
func newMCPCmd(c *cli) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve tools over MCP (stdio or streamable HTTP), or call an MCP server's tools",
		Long: `Serve a tool set as an MCP server, on stdio (the default, for hosts that
start the server as a command) or on streamable HTTP with --http ADDR.

  cairn mcp demo                      # echo, add, now, sleep, fail on stdio
  cairn mcp demo --http 127.0.0.1:8765
  cairn mcp maps                      # the Google Maps MCP tool contract, offline
  cairn mcp maze                      # the maze A* planner (maze_astar)

Or talk to any MCP server, given as a command line or an http(s) URL:

  cairn mcp tools --server "cairn mcp demo"
  cairn mcp call --server http://127.0.0.1:8765/mcp add '{"a":1,"b":2}'`,
		Args: cobra.NoArgs,
	}
	cmd.AddCommand(newMCPDemoCmd(c), newMCPMapsCmd(c), newMazeMCPCmd(c, "maze"), newMCPToolsCmd(c), newMCPCallCmd(c))
	return cmd
}

// addServeFlags adds the flags serveRegistry reads to a serving command.
func addServeFlags(cmd *cobra.Command) {
	cmd.Flags().String("http", "", "serve streamable HTTP on this address (e.g. 127.0.0.1:8765) instead of stdio")
	cmd.Flags().String("api-keys-file", "", "with --http: `file` of API keys callers must send as Authorization: Bearer KEY (one key, or NAME KEY, per line); $CAIRN_API_KEYS adds comma-separated keys")
	cmd.Flags().Float64("rate-limit", 0, "with --http: calls per second allowed to each API key (or client address without keys); 0 means no limit")
}

// serveRegistry serves reg as MCP server name until the command's context
// ends: over streamable HTTP when --http ADDR is set (the address is
// printed on stderr), otherwise over stdin/stdout.
func serveRegistry(cmd *cobra.Command, c *cli, reg *tool.Registry, name string) error {
	addr, _ := cmd.Flags().GetString("http")
	opts := &mcp.ServerOptions{Name: name, Version: version, Logger: c.log}
	var gopts httpgate.Options
	if addr != "" {
		var sf serveFlags
		sf.keysFile, _ = cmd.Flags().GetString("api-keys-file")
		sf.rate, _ = cmd.Flags().GetFloat64("rate-limit")
		var err error
		if gopts, err = sf.gateOptions(c.logger()); err != nil {
			return err
		}
		gopts.MaxBody = 8 << 20 // the MCP handler refuses past 4 MiB itself, in JSON-RPC
		opts.Front = func(h http.Handler) http.Handler {
			g, _ := httpgate.New(h, gopts) // keys were checked by gateOptions
			return g
		}
	}
	srv, err := mcp.NewServer(reg, opts)
	if err != nil {
		return err
	}
	if addr == "" {
		return srv.ServeStdio(cmd.Context())
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--http %s: %w", addr, err)
	}
	fmt.Fprintf(c.stderr, "%s: %d tools on streamable HTTP at http://%s/mcp (API keys: %d)\n", cmd.CommandPath(), reg.Len(), ln.Addr(), len(gopts.Keys))
	warnIfExposed(c.stderr, cmd.CommandPath(), ln.Addr(), len(gopts.Keys), "call the tools")
	return srv.ServeListener(cmd.Context(), ln)
}

func newMCPDemoCmd(c *cli) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Serve a small demo tool set (echo, add, now, sleep, fail) for trying MCP hosts and clients",
		Long: `Serve five small tools, handy for checking an MCP host or client:

  echo  {"text": string}                  returns {"text": ...}
  add   {"a": number, "b": number}        returns {"sum": a+b}
  now   {"timezone"?: IANA name}          returns the current time there
  sleep {"ms": 0..60000}                  waits, then returns {"slept_ms": ms};
                                          stops early when the call is cancelled
  fail  {"message"?: string}              always fails (an isError result)`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			reg, err := demoRegistry()
			if err != nil {
				return err
			}
			return serveRegistry(cmd, c, reg, "cairn-demo")
		},
	}
	addServeFlags(cmd)
	return cmd
}

type demoText struct {
	Text string `json:"text" jsonschema:"the text to echo back"`
}

type demoAddIn struct {
	A float64 `json:"a" jsonschema:"first number"`
	B float64 `json:"b" jsonschema:"second number"`
}

type demoAddOut struct {
	Sum float64 `json:"sum"`
}

type demoNowIn struct {
	Timezone string `json:"timezone,omitempty" jsonschema:"IANA time zone, e.g. Europe/Paris; default UTC"`
}

type demoNowOut struct {
	Time     string `json:"time"` // RFC 3339
	Unix     int64  `json:"unix"`
	Timezone string `json:"timezone"`
}

type demoSleepIn struct {
	Ms int `json:"ms" jsonschema:"milliseconds to wait, 0 to 60000"`
}

type demoSleepOut struct {
	SleptMs int `json:"slept_ms"`
}

type demoFailIn struct {
	Message string `json:"message,omitempty" jsonschema:"the error text to report"`
}

// demoRegistry is the tool set of `cairn mcp demo`.
func demoRegistry() (*tool.Registry, error) {
	echo, err := tool.New("echo", "Returns the text it is given.", func(_ context.Context, in demoText) (demoText, error) {
		return in, nil
	})
	if err != nil {
		return nil, err
	}
	add, err := tool.New("add", "Adds two numbers.", func(_ context.Context, in demoAddIn) (demoAddOut, error) {
		return demoAddOut{Sum: in.A + in.B}, nil
	})
	if err != nil {
		return nil, err
	}
	now, err := tool.New("now", "Returns the current time in a time zone (UTC by default).", func(_ context.Context, in demoNowIn) (demoNowOut, error) {
		name := in.Timezone
		if name == "" {
			name = "UTC"
		}
		loc, err := time.LoadLocation(name)
		if err != nil {
			return demoNowOut{}, tool.BadArgs("now", fmt.Errorf("timezone %q: %w", in.Timezone, err))
		}
		t := time.Now().In(loc)
		return demoNowOut{Time: t.Format(time.RFC3339), Unix: t.Unix(), Timezone: loc.String()}, nil
	})
	if err != nil {
		return nil, err
	}
	sleep, err := tool.New("sleep", "Waits ms milliseconds (at most 60000), then returns.", func(ctx context.Context, in demoSleepIn) (demoSleepOut, error) {
		if in.Ms < 0 || in.Ms > 60000 {
			return demoSleepOut{}, tool.BadArgs("sleep", fmt.Errorf("ms = %d, want 0 to 60000", in.Ms))
		}
		t := time.NewTimer(time.Duration(in.Ms) * time.Millisecond)
		defer t.Stop()
		select {
		case <-t.C:
			return demoSleepOut{SleptMs: in.Ms}, nil
		case <-ctx.Done():
			return demoSleepOut{}, ctx.Err()
		}
	})
	if err != nil {
		return nil, err
	}
	fail, err := tool.New("fail", "Always fails with the given message; for testing error handling.", func(_ context.Context, in demoFailIn) (int, error) {
		msg := in.Message
		if msg == "" {
			msg = "failed on purpose"
		}
		return 0, errors.New(msg)
	})
	if err != nil {
		return nil, err
	}
	return tool.NewRegistry(echo, add, now, sleep, fail)
}

// mcpClientFlags are the flags of the client subcommands.
type mcpClientFlags struct {
	server  string
	timeout time.Duration
}

func (f *mcpClientFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.server, "server", "", `MCP server: a command line ("cairn mcp demo", "npx -y @modelcontextprotocol/server-google-maps") or an http(s) URL`)
	cmd.Flags().DurationVar(&f.timeout, "timeout", time.Minute, "give up after this long")
}

// connect starts or reaches the server and returns a context bounded by
// --timeout; the caller must call the returned func when done.
func (f *mcpClientFlags) connect(cmd *cobra.Command, c *cli) (context.Context, *mcp.Client, func(), error) {
	if strings.TrimSpace(f.server) == "" {
		return nil, nil, nil, errors.New(`--server is required: a command line or an http(s) URL`)
	}
	ctx, cancel := context.WithTimeout(cmd.Context(), f.timeout)
	cl, err := mcp.Connect(ctx, f.server, &mcp.Options{Stderr: c.stderr, Logger: c.log})
	if err != nil {
		cancel()
		return nil, nil, nil, err
	}
	return ctx, cl, func() { cl.Close(); cancel() }, nil
}

func newMCPToolsCmd(c *cli) *cobra.Command {
	var f mcpClientFlags
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "tools --server SERVER",
		Short: "List the tools of an MCP server",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, cl, done, err := f.connect(cmd, c)
			if err != nil {
				return err
			}
			defer done()
			reg, err := cl.Registry(ctx)
			if err != nil {
				return err
			}
			specs := reg.Specs()
			if asJSON {
				enc := json.NewEncoder(c.stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(specs)
			}
			for _, s := range specs {
				fmt.Fprintf(c.stdout, "%s\n", s.Name)
				if s.Description != "" {
					fmt.Fprintf(c.stdout, "  %s\n", strings.ReplaceAll(strings.TrimSpace(s.Description), "\n", "\n  "))
				}
				fmt.Fprintf(c.stdout, "  input: %s\n", s.InputSchema)
			}
			return nil
		},
	}
	f.register(cmd)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the tool specs as JSON")
	return cmd
}

func newMCPCallCmd(c *cli) *cobra.Command {
	var f mcpClientFlags
	cmd := &cobra.Command{
		Use:   "call --server SERVER TOOL [JSONARGS]",
		Short: "Call one tool of an MCP server and print its JSON result",
		Long: `Call TOOL with JSONARGS (a JSON object; none means {}) and print the result
as indented JSON. A tool error (an isError result) is printed on stderr and
the command exits non-zero. The call is reported like any tool call of a run:
a progress line on stderr (none with --quiet) and an event in the --trace file.`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			var raw json.RawMessage
			if len(args) == 2 {
				raw = json.RawMessage(args[1])
				if !json.Valid(raw) {
					return fmt.Errorf("JSONARGS %q is not valid JSON", args[1])
				}
			}
			ctx, cl, done, err := f.connect(cmd, c)
			if err != nil {
				return err
			}
			defer done()
			// The call is an event like any tool call of a run: a progress
			// line on stderr, and in the trace with --trace FILE.
			sink, finish, err := c.runEvents(ctx)
			if err != nil {
				return err
			}
			res, err := tool.Chain(cl.Tool(args[0]), tool.Events(0)).Call(event.WithSink(ctx, sink), raw)
			if ferr := finish(); err == nil && ferr != nil {
				return ferr
			}
			if err != nil {
				return err
			}
			var out bytes.Buffer
			if err := json.Indent(&out, res, "", "  "); err != nil {
				out.Reset()
				out.Write(res)
			}
			out.WriteByte('\n')
			_, err = c.stdout.Write(out.Bytes())
			return err
		},
	}
	f.register(cmd)
	return cmd
}
