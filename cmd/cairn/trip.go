package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cairn-agents/cairn/apps/roadtrip"
	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/internal/input"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
	"github.com/cairn-agents/cairn/understand"
)

// newTripCmd is `cairn trip`: the road-trip planner on one question.
func newTripCmd(c *cli) *cobra.Command {
	var (
		g        geoFlags
		ef       engineFlags
		format   string
		mapsMCP  string
		taskFile string
		notes    bool
	)
	cmd := &cobra.Command{
		Use:   `trip "QUESTION"`,
		Short: "Plan a road trip, stops along a route, a meeting point or a place near landmarks, from map data",
		Long: `trip answers a location-navigation question (the MCP-Universe
location_navigation families: road trips with rest stops and viewpoints,
stops at even fractions of a route, equal-travel-time meeting points, places
north/south/east/west of landmarks) with a JSON answer on stdout, in the
output format given by --format (JSON, or @FILE), else the family's default.

An orchestrator loops Thought → Action → Observation (at most 10 actions);
the progress lines on stderr show it. Maps come from the offline engine,
served in-process over MCP, or from --maps-mcp (a URL or a command line,
e.g. "npx -y @modelcontextprotocol/server-google-maps" with
GOOGLE_MAPS_API_KEY set). With --model, decisions are asked of the model
(roles: understand, orchestrator, towns, places, synthesis) and the
policies decide when it fails.

Names, addresses, place IDs and elevations all come from maps tool results;
constraints the data cannot meet are listed on stderr (--notes prints them
with the answer as JSON). A question that does not say what the task needs
(no destination, say) or names a place the map does not know gets the
format's empty answer and a message on stderr saying what is missing; the
exit status is 0. It is non-zero only for bad flags or input and when the
maps server cannot be reached.`,
		Example: `  cairn trip "Plan 2 road trip routes from Wilmington to Dover in Delaware, each through 3 intermediate cities, with 1 rest stop and 1 scenic viewpoint per route"
  cairn trip "Find a cafe halfway between Newark and Dover"
  cairn trip "I live in Newark and my friend lives in Milford. Where should we meet for lunch?"
  cairn trip --task apps/roadtrip/testdata/tasks/delaware_trip_0001.json
  cairn trip "..." --format @format.json --maps-mcp http://127.0.0.1:8765/`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			var t locnav.Task
			if taskFile != "" {
				var err error
				if t, err = locnav.ReadTask(taskFile); err != nil {
					return fmt.Errorf("--task: %w", err)
				}
			}
			if len(args) == 1 {
				t.Question = args[0]
			}
			if strings.TrimSpace(t.Question) == "" {
				return errors.New(`trip needs a QUESTION argument or --task FILE`)
			}
			if format != "" {
				raw := []byte(format)
				if name, ok := strings.CutPrefix(format, "@"); ok {
					b, err := input.ReadFile(name, input.TaskLimit)
					if err != nil {
						return fmt.Errorf("--format: %w", err)
					}
					raw = b
				}
				if !json.Valid(raw) {
					return fmt.Errorf("--format: not valid JSON: %.80s", raw)
				}
				t.OutputFormat = raw
			}
			log := c.logger()
			var (
				reg  *tool.Registry
				stop func() error
				err  error
			)
			// The cluster first: a wrong address fails before the maps load.
			engine, release, err := ef.open(ctx, log)
			if err != nil {
				return err
			}
			defer release()
			// The offline data's gazetteer reads the question's places
			// whichever maps answer it; offline, its regions are preferred.
			eng, err := g.open(cmd)
			if err != nil {
				return err
			}
			gaz := geo.NewGazetteer(eng)
			var prefer []understand.Place
			if mapsMCP != "" {
				if reg, stop, err = mapstool.Connect(ctx, mapsMCP, log); err != nil {
					return fmt.Errorf("--maps-mcp %s: %w", mapsMCP, err)
				}
			} else {
				if reg, stop, err = mapstool.Serve(ctx, eng, log); err != nil {
					return err
				}
				prefer = gaz.Covered()
			}
			defer stop()
			roles, err := llm.EnvConfig().Roles(c.model)
			if err != nil {
				return err
			}
			sink, finish, err := c.runEvents(ctx)
			if err != nil {
				return err
			}
			p, err := roadtrip.New(reg, roadtrip.Options{Models: roles, Log: log, Gazetteer: gaz, Prefer: prefer, Engine: flowEngine(engine)})
			if err != nil {
				return err
			}
			res, err := p.Solve(event.WithSink(ctx, sink), t)
			ferr := finish()
			if err != nil {
				return err
			}
			if res.Unsupported != "" {
				fmt.Fprintln(c.stderr, "unsupported:", res.Unsupported)
			}
			if res.Unclear != "" {
				fmt.Fprintf(c.stderr, "%s; the answer is empty\n", res.Unclear)
			}
			for _, n := range res.Notes {
				if n != res.Unclear {
					fmt.Fprintln(c.stderr, "note:", n)
				}
			}
			if notes {
				enc := json.NewEncoder(c.stdout)
				enc.SetIndent("", "  ")
				return errors.Join(enc.Encode(res), ferr)
			}
			fmt.Fprintln(c.stdout, string(res.Answer))
			return ferr
		},
	}
	g.register(cmd)
	ef.register(cmd)
	f := cmd.Flags()
	f.StringVar(&format, "format", "", "output format: a JSON template, or @FILE (default: the question family's MCP-Universe format)")
	f.StringVar(&mapsMCP, "maps-mcp", "", "maps MCP server: a URL (streamable HTTP) or a command line (stdio); default the offline engine in-process")
	f.StringVar(&taskFile, "task", "", "read the question, output format and servers from an MCP-Universe task file")
	f.BoolVar(&notes, "notes", false, "print the whole result (answer, notes, unsupported, stats) as JSON instead of the bare answer")
	return cmd
}

// hostRoadtrip builds the road-trip planner's graph for a worker, as
// `cairn trip` builds it: the offline maps served in-process over MCP or
// --maps-mcp, and --model's roles.
func hostRoadtrip(ctx context.Context, c *cli, w *workerFlags) ([]flow.AnyRunner, func(), error) {
	m, err := w.openMaps(ctx, c, func(eng *geo.Engine) (*tool.Registry, func() error, error) {
		return mapstool.Serve(ctx, eng, c.logger())
	})
	if err != nil {
		return nil, nil, err
	}
	p, err := roadtrip.New(m.reg, roadtrip.Options{Models: m.roles, Log: c.logger(), Gazetteer: m.gaz, Prefer: m.prefer})
	if err != nil {
		m.stop()
		return nil, nil, err
	}
	return p.Runners(), func() { m.stop() }, nil
}
