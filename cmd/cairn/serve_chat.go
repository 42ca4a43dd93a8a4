package main

import (
	"context"
	"fmt"
	"net/http"

	"github.com/spf13/cobra"

	"github.com/cairn-agents/cairn/apps/mapschat"
	"github.com/cairn-agents/cairn/flow/temporal"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
	"github.com/cairn-agents/cairn/understand"
)

// serveChatFlags are the flags of `cairn serve` for the maps chat.
type serveChatFlags struct {
	geo     geoFlags
	mapsMCP string
	dir     string
	// eng chooses where the turns run (--engine); nil: here.
	eng *engineFlags
}

func (f *serveChatFlags) register(cmd *cobra.Command) {
	f.geo.register(cmd)
	fs := cmd.Flags()
	fs.StringVar(&f.mapsMCP, "maps-mcp", "", "maps MCP server the chat's tools call (a command line or an http(s) URL); default: the offline engine in-process")
	fs.StringVar(&f.dir, "chat-dir", defaultChatDir(), "directory where the maps chat keeps its conversations (the one cairn chat uses)")
}

// chatRoute serves the maps chat: its page at / and /chat, its API under
// /api/v1/chat and the map's features from the offline engine.
func chatRoute(f *serveChatFlags) routeRegistrar {
	return func(ctx context.Context, c *cli, mux *http.ServeMux) (func(), error) {
		log := c.logger()
		open := &cobra.Command{}
		open.SetContext(ctx)
		eng, err := f.geo.open(open)
		if err != nil {
			return nil, fmt.Errorf("maps data: %w", err)
		}
		gaz := geo.NewGazetteer(eng)
		var (
			reg    *tool.Registry
			stop   = func() error { return nil }
			prefer []understand.Place
		)
		if f.mapsMCP != "" {
			if reg, stop, err = mapstool.Connect(ctx, f.mapsMCP, log); err != nil {
				return nil, fmt.Errorf("--maps-mcp %s: %w", f.mapsMCP, err)
			}
		} else {
			if reg, err = mapstool.Registry(eng); err != nil {
				return nil, err
			}
			prefer = gaz.Covered()
		}
		roles, err := llm.EnvConfig().Roles(c.model)
		if err != nil {
			stop()
			return nil, err
		}
		store, err := mapschat.NewFileSessions(f.dir, log)
		if err != nil {
			stop()
			return nil, err
		}
		o := mapschat.Options{Models: roles, Store: store, Gazetteer: gaz, Prefer: prefer, Log: log}
		release := func() {}
		if f.eng != nil {
			var engine *temporal.Engine
			if engine, release, err = f.eng.open(ctx, log); err != nil {
				stop()
				return nil, err
			}
			o.Engine = flowEngine(engine)
		}
		a, err := mapschat.New(reg, o)
		if err != nil {
			release()
			stop()
			return nil, err
		}
		a.Register(mux, eng)
		return func() { release(); stop() }, nil
	}
}
