package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cairn-agents/cairn/apps/mapschat"
	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/internal/input"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
	"github.com/cairn-agents/cairn/trace"
	"github.com/cairn-agents/cairn/understand"
)

// defaultChatDir is where chat sessions are stored unless --session-dir
// or CAIRN_CHAT_DIR says otherwise.
func defaultChatDir() string {
	if d := os.Getenv("CAIRN_CHAT_DIR"); d != "" {
		return d
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "cairn", "chat")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "cairn", "chat")
	}
	return "cairn-chat"
}

// newChatCmd is `cairn chat`: the maps chat assistant in the terminal.
func newChatCmd(c *cli) *cobra.Command {
	var (
		g          geoFlags
		ef         engineFlags
		mapsMCP    string
		center     string
		sessionID  string
		sessionDir string
	)
	cmd := &cobra.Command{
		Use:   "chat",
		Short: "Chat with a maps assistant in the terminal: places near here, directions, elevations",
		Long: `chat reads one message per line from the terminal or from piped stdin and
answers each from map data: places of a kind near here or near a named place,
directions, distances and travel times by car, on foot or by bike, where a
place is, what is at the map's centre, how high a place is, details of the
places found, saved places ("save this as home"). --center sets "here".

Each message walks the coordinator's states (analyzing, responding,
tool_planning, tool_executing, tool_reflecting, completing, done); each state
is printed on stderr as it happens and the answer on stdout. With no model the
policies decide; with --model (role "coordinator", and "tools" for tool
arguments) the model does and the policies take over when it fails.

Maps come from the offline engine in-process, or from --maps-mcp (a URL or a
command line). The conversation is stored under --session-dir; --session ID
goes on with an earlier one. /quit or end of input ends the chat.

With --engine temporal each message's turn runs on a Temporal cluster's
workers (cairn worker), which read the maps with their own flags; the
conversation stays here. When the assistant asks where, the turn's run
waits on the cluster and the next message naming a place answers it.`,
		Example: `  cairn chat --center "Wilmington, DE"
  printf 'pizza near here\nhow far is the first one from Dover?\nand by bike?\n' | cairn chat --center "Wilmington, DE"
  cairn chat --session 3f2a… --maps-mcp http://127.0.0.1:8765/`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			log := c.logger()
			eng, err := g.open(cmd)
			if err != nil {
				return err
			}
			gaz := geo.NewGazetteer(eng)
			var (
				reg    *tool.Registry
				stop   = func() error { return nil }
				prefer []understand.Place
			)
			if mapsMCP != "" {
				if reg, stop, err = mapstool.Connect(ctx, mapsMCP, log); err != nil {
					return fmt.Errorf("--maps-mcp %s: %w", mapsMCP, err)
				}
			} else {
				if reg, err = mapstool.Registry(eng); err != nil {
					return err
				}
				prefer = gaz.Covered()
			}
			defer stop()
			roles, err := llm.EnvConfig().Roles(c.model)
			if err != nil {
				return err
			}
			if sessionDir == "" {
				sessionDir = defaultChatDir()
			}
			store, err := mapschat.NewFileSessions(sessionDir, log)
			if err != nil {
				return fmt.Errorf("--session-dir: %w", err)
			}
			engine, release, err := ef.open(ctx, log)
			if err != nil {
				return err
			}
			defer release()
			a, err := mapschat.New(reg, mapschat.Options{Models: roles, Store: store, Gazetteer: gaz, Prefer: prefer, Log: log, Engine: flowEngine(engine)})
			if err != nil {
				return err
			}
			var cen *mapschat.Center
			if strings.TrimSpace(center) != "" {
				cen = &mapschat.Center{Name: strings.TrimSpace(center)}
				if err := cen.Validate(); err != nil {
					return fmt.Errorf("--center: %w", err)
				}
			}
			id := sessionID
			if id == "" {
				if id, err = a.CreateSession(ctx, cen); err != nil {
					return err
				}
				fmt.Fprintf(c.stderr, "session %s (stored in %s)\n", id, store.Dir())
			} else if _, err := a.Session(ctx, id); err != nil {
				return fmt.Errorf("--session: %w", err)
			}
			// States are printed here; the sink still feeds --trace and
			// OpenTelemetry, and prints errors.
			sink, finish, err := c.events(ctx, trace.ErrorsOnly)
			if err != nil {
				return err
			}
			err = chatLoop(event.WithSink(ctx, sink), c, a, id, cen, cmd.InOrStdin())
			return errors.Join(err, finish())
		},
	}
	g.register(cmd)
	ef.register(cmd)
	f := cmd.Flags()
	f.StringVar(&mapsMCP, "maps-mcp", "", "maps MCP server: a URL (streamable HTTP) or a command line (stdio); default the offline engine in-process")
	f.StringVar(&center, "center", "", `where "here" is: a place name, e.g. "Wilmington, DE"`)
	f.StringVar(&sessionID, "session", "", "go on with a stored session (its id)")
	f.StringVar(&sessionDir, "session-dir", "", "directory of stored sessions; default $CAIRN_CHAT_DIR, else "+defaultChatDir())
	return cmd
}

// chatLoop sends each line of in as a message and prints what happens.
// A message the assistant refuses (too long, say) is reported and the
// chat goes on; a cancelled context ends it.
func chatLoop(ctx context.Context, c *cli, a *mapschat.Assistant, id string, cen *mapschat.Center, in io.Reader) error {
	interactive := false
	if f, ok := in.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			interactive = true
		}
	}
	br := bufio.NewReader(in)
	var buf []byte
	const maxLine = 1 << 20 // longer lines are refused whole; the assistant refuses shorter long ones
	for first := true; ; first = false {
		if interactive {
			fmt.Fprint(c.stderr, "> ")
		}
		line, tooLong, rerr := input.ReadLine(br, &buf, maxLine)
		if rerr != nil && !errors.Is(rerr, io.EOF) {
			return fmt.Errorf("reading messages: %w", rerr)
		}
		text := strings.TrimSpace(string(line))
		switch {
		case tooLong:
			fmt.Fprintf(c.stderr, "error: %v: the line is over %s\n", mapschat.ErrTooLong, input.Size(maxLine))
		case text == "/quit" || text == "/exit":
			return nil
		case text != "":
			m := mapschat.Message{Text: string(line)}
			if first && cen != nil {
				m.Center = cen
			}
			if err := chatTurn(ctx, c, a, id, m); err != nil {
				return err
			}
		}
		if rerr != nil { // io.EOF
			return nil
		}
	}
}

// chatTurn runs one message, printing each state on stderr and the
// answer on stdout.
func chatTurn(ctx context.Context, c *cli, a *mapschat.Assistant, id string, m mapschat.Message) error {
	for u, err := range a.Send(ctx, id, m) {
		switch {
		case err != nil:
			if ctx.Err() != nil {
				return ctx.Err()
			}
			fmt.Fprintf(c.stderr, "error: %v\n", err)
		case u.State != nil:
			fmt.Fprintln(c.stderr, stateLine(*u.State))
		case u.Answer != nil:
			fmt.Fprintln(c.stdout, u.Answer.Answer)
			if r := u.Answer.Route; r != nil {
				fmt.Fprintf(c.stdout, "(route: %.1f km, %.0f min%s)\n", r.DistanceM/1000, r.DurationS/60, map[bool]string{true: ", line drawn", false: ""}[r.Polyline != ""])
			}
		}
	}
	return nil
}

// stateLine is a state as the progress shows it.
func stateLine(s mapschat.CoordinatorState) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  · %-15s", s.Status)
	switch {
	case s.Status == mapschat.ToolPlanning && len(s.ToolsToExecute) > 0:
		names := make([]string, len(s.ToolsToExecute))
		for i, t := range s.ToolsToExecute {
			names[i] = t.Name
		}
		fmt.Fprintf(&b, " %s", strings.Join(names, ", "))
	case s.Reflection != "":
		fmt.Fprintf(&b, " %s", s.Reflection)
	case s.Content != "" && s.Status != mapschat.Completing && s.Status != mapschat.Responding:
		fmt.Fprintf(&b, " %s", s.Content)
	default:
		fmt.Fprintf(&b, " %s", s.Reasoning)
	}
	if s.NextStep != "" {
		fmt.Fprintf(&b, " → %s", s.NextStep)
	}
	return b.String()
}

// hostMapschat builds the maps chat's graph for a worker, as `cairn
// chat` builds it: the offline maps in-process or --maps-mcp, and
// --model's roles. The sessions stay with the clients.
func hostMapschat(ctx context.Context, c *cli, w *workerFlags) ([]flow.AnyRunner, func(), error) {
	m, err := w.openMaps(ctx, c, func(eng *geo.Engine) (*tool.Registry, func() error, error) {
		reg, err := mapstool.Registry(eng)
		return reg, func() error { return nil }, err
	})
	if err != nil {
		return nil, nil, err
	}
	a, err := mapschat.New(m.reg, mapschat.Options{Models: m.roles, Gazetteer: m.gaz, Prefer: m.prefer, Log: c.logger()})
	if err != nil {
		m.stop()
		return nil, nil, err
	}
	return a.Runners(), func() { m.stop() }, nil
}
