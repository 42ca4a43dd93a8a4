package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/cairn-agents/cairn/apps/mapschat"
	"github.com/cairn-agents/cairn/internal/httpgate"
)

// routeRegistrar adds one system's routes to the shared mux. Systems that
// want to be served append theirs to serveRoutes; each returns a close
// function for its resources, or an error that is logged and skips it.
type routeRegistrar func(ctx context.Context, c *cli, mux *http.ServeMux) (closeFn func(), err error)

// serveRoutes are the systems `cairn serve` hosts, by name.
func serveRoutes(of *oceanFlags) map[string]routeRegistrar {
	return map[string]routeRegistrar{
		"ocean": func(ctx context.Context, c *cli, mux *http.ServeMux) (func(), error) {
			app, closeFn, err := openOcean(ctx, c, of, true) // fails naming the missing store
			if err != nil {
				return nil, err
			}
			app.Register(mux)
			return closeFn, nil
		},
	}
}

// newServeMux builds the shared mux: a health endpoint plus every system
// that registers.
func newServeMux(ctx context.Context, c *cli, routes map[string]routeRegistrar) (*http.ServeMux, func(), []string) {
	mux := http.NewServeMux()
	// Systems open their stores and data at once: start-up takes the
	// slowest one's time, not their sum.
	var (
		mu      sync.Mutex
		wg      sync.WaitGroup
		closers []func()
		served  = []string{}
	)
	for name, reg := range routes {
		wg.Go(func() {
			closeFn, err := reg(ctx, c, mux) // ServeMux takes handlers from several goroutines
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				c.logger().Warn("not serving system", "system", name, "error", err)
				return
			}
			served = append(served, name)
			if closeFn != nil {
				closers = append(closers, closeFn)
			}
		})
	}
	wg.Wait()
	slices.Sort(served)
	health := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"status": "ok", "systems": served})
	}
	mux.HandleFunc("GET /healthz", health)
	mux.HandleFunc("GET /api/v1/health", health)
	return mux, func() {
		for _, f := range closers {
			f()
		}
	}, served
}

// serveFlags are the flags of `cairn serve` that shape its front door.
type serveFlags struct {
	addr     string
	keysFile string
	rate     float64
	burst    int
	origins  []string
}

// gateOptions reads the API keys (--api-keys-file and $CAIRN_API_KEYS)
// and returns the options of the server's gate.
func (f *serveFlags) gateOptions(log *slog.Logger) (httpgate.Options, error) {
	opts := httpgate.Options{
		Open:    append([]string{"/healthz"}, mapschat.PagePaths...), // the chat page holds no data
		Rate:    f.rate,
		Burst:   f.burst,
		Origins: f.origins,
		MaxBody: 1 << 20,
		Logger:  log,
	}
	if f.rate < 0 || f.burst < 0 {
		return opts, errors.New("--rate-limit and --rate-burst must be 0 or more")
	}
	if f.keysFile != "" {
		keys, err := httpgate.ReadKeys(f.keysFile)
		if err != nil {
			return opts, err
		}
		if len(keys) == 0 {
			return opts, fmt.Errorf("--api-keys-file %s holds no key", f.keysFile)
		}
		opts.Keys = keys
	}
	if env := os.Getenv("CAIRN_API_KEYS"); strings.TrimSpace(env) != "" {
		keys, err := httpgate.ParseKeys(env, ",")
		if err != nil {
			return opts, fmt.Errorf("$CAIRN_API_KEYS: %w", err)
		}
		opts.Keys = append(opts.Keys, keys...)
	}
	for _, o := range f.origins {
		if o != "*" && !strings.HasPrefix(o, "http://") && !strings.HasPrefix(o, "https://") {
			return opts, fmt.Errorf("--cors-origin %q: want an origin such as https://maps.example.com, or *", o)
		}
	}
	return opts, nil
}

// warnIfExposed warns on w when server who, listening on addr with no API
// keys, can be reached from other machines (addr is not loopback): anyone
// who reaches it can do what.
func warnIfExposed(w io.Writer, who string, addr net.Addr, keys int, what string) {
	if tcp, ok := addr.(*net.TCPAddr); keys > 0 || ok && tcp.IP.IsLoopback() {
		return
	}
	fmt.Fprintf(w, "%s: WARNING: %s is reachable from other machines and no API key is set: anyone who reaches it can %s. Set --api-keys-file or $CAIRN_API_KEYS, or listen on 127.0.0.1.\n", who, addr, what)
}

func newServeCmd(c *cli) *cobra.Command {
	var (
		sf serveFlags
		of oceanFlags
		cf serveChatFlags
		ef eventsFlags
		en engineFlags // where the chat's turns and the events searches run
	)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the HTTP API and the maps chat page (ocean, events, mapschat; GET /healthz)",
		Long: `serve hosts the systems' HTTP APIs on one server:

  POST /api/v1/agent/query     {"query": "..."}  ocean gateway (its plots in "plots")
  GET  /api/v1/ocean/plots/{id}.svg|.png  a plot of a recent ocean answer
  GET  /api/v1/ocean/health    ocean store and index
  GET  /, /chat                the maps chat page (chat panel and map)
  POST /api/v1/chat/sessions   {"center": optional} -> {"id"}   maps chat
  POST /api/v1/chat/sessions/{id}/messages  {"message": "..."} -> event stream
  GET  /api/v1/chat/sessions[/{id}], DELETE /api/v1/chat/sessions/{id}
  GET  /api/v1/maps/features?bbox=minLng,minLat,maxLng,maxLat&zoom=Z  GeoJSON
  POST /api/v1/events/search   {"request": "...", "today": "YYYY-MM-DD"}  events
  GET  /healthz, /api/v1/health server health and the systems served

Callers: with API keys (--api-keys-file FILE, one key or "NAME KEY" per
line, and/or $CAIRN_API_KEYS, comma-separated) every request but GET
/healthz needs the header Authorization: Bearer KEY, else 401. Keys are
compared in constant time and never logged; logs name a key by its name.
--rate-limit N allows each key (or each client address, when no key is
needed) N requests per second, with bursts of --rate-burst; past it the
answer is 429 with Retry-After. Web pages on other origins may call the API
only when listed with --cors-origin. Listening beyond this machine without
keys prints a warning.

Every answer carries an X-Request-ID header (a caller's own plain one is
kept), also in the log line of the request (--log-level info). Request
bodies are limited to 1 MiB here (ocean takes 16 KiB) and must arrive
within 30 s (else 408); requests run at most 60 s, and a request whose
client goes away is cancelled.

--engine temporal sends the maps chat's turns and the events searches to
a Temporal cluster's workers (cairn worker); conversations stay here.`,
		Example: `  cairn serve --addr 127.0.0.1:8080
  curl -s localhost:8080/api/v1/agent/query -d '{"query":"What does QC flag 4 mean?"}'

  openssl rand -hex 32 | sed 's/^/alice /' > keys && chmod 600 keys
  cairn serve --addr :8080 --api-keys-file keys --rate-limit 2 --cors-origin https://maps.example.com
  curl -s -H "Authorization: Bearer $(cut -d' ' -f2 keys)" host:8080/api/v1/agent/query -d '{"query":"..."}'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			log := c.logger()
			gopts, err := sf.gateOptions(log)
			if err != nil {
				return err
			}
			// The chat and events systems read places with one maps engine,
			// loaded once, from the --geo-dir and --srtm given.
			cf.geo.shared = &sharedEngine{}
			ef.geo = cf.geo
			cf.eng, ef.eng = &en, &en
			routes := serveRoutes(&of)
			routes["mapschat"] = chatRoute(&cf)
			routes["events"] = eventsRoute(&ef)
			mux, closeAll, served := newServeMux(ctx, c, routes)
			defer closeAll()
			handler, err := httpgate.New(mux, gopts)
			if err != nil {
				return err
			}
			ln, err := net.Listen("tcp", sf.addr)
			if err != nil {
				return fmt.Errorf("serve: %w", err)
			}
			srv := newHTTPServer(handler, log)
			fmt.Fprintf(c.stderr, "cairn serve: listening on http://%s (systems: %v; API keys: %d; rate limit: %s)\n",
				ln.Addr(), served, len(gopts.Keys), rateText(sf.rate))
			warnIfExposed(c.stderr, "cairn serve", ln.Addr(), len(gopts.Keys), "use it and the models behind it")
			errc := make(chan error, 1)
			go func() { errc <- srv.Serve(ln) }()
			select {
			case err := <-errc:
				if errors.Is(err, http.ErrServerClosed) {
					return nil
				}
				return fmt.Errorf("serve: %w", err)
			case <-ctx.Done():
				fmt.Fprintln(c.stderr, "cairn serve: shutting down; waiting up to 10 s for requests in flight")
				shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				if err := srv.Shutdown(shut); err != nil {
					// Requests still running are cut off: their contexts end.
					srv.Close()
				}
				return nil
			}
		},
	}
	f := cmd.Flags()
	f.StringVar(&ef.dir, "events-dir", defaultEventsDir(), "directory of the events index served by POST /api/v1/events/search")
	f.StringVar(&sf.addr, "addr", "127.0.0.1:8080", "address to listen on")
	f.StringVar(&sf.keysFile, "api-keys-file", "", "`file` of API keys callers must send as Authorization: Bearer KEY (one key, or NAME KEY, per line); $CAIRN_API_KEYS adds comma-separated keys")
	f.Float64Var(&sf.rate, "rate-limit", 0, "requests per second allowed to each API key (or client address without keys); 0 means no limit")
	f.IntVar(&sf.burst, "rate-burst", 0, "requests a caller may send at once within --rate-limit (default twice the rate, at least 1)")
	f.StringSliceVar(&sf.origins, "cors-origin", nil, `web origins (https://host[:port]) whose pages may call the API from a browser; "*" allows any`)
	f.StringVar(&of.dir, "ocean-dir", defaultOceanDir(), "directory of the ocean store")
	f.StringVar(&of.pgDSN, "pg-dsn", os.Getenv("CAIRN_OCEAN_PG_DSN"), "PostgreSQL+PostGIS DSN for ocean metadata (default $CAIRN_OCEAN_PG_DSN)")
	f.StringVar(&of.embedModel, "embed-model", os.Getenv("CAIRN_OCEAN_EMBED_MODEL"), "embedding model for ocean document retrieval, ollama:NAME or openai:NAME")
	cf.register(cmd)
	en.register(cmd)
	return cmd
}

// newHTTPServer is the server `cairn serve` runs handler with: a body
// must arrive within 30 s and an answer be written within 90 s (requests
// run at most 60 s).
func newHTTPServer(handler http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      90 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

func rateText(r float64) string {
	if r <= 0 {
		return "off"
	}
	return strconv.FormatFloat(r, 'f', -1, 64) + "/s per caller"
}
