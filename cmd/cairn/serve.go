package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/spf13/cobra"
)

// routeRegistrar adds one system's routes to the shared mux. Systems that
// want to be served append theirs to serveRoutes; each returns a close
// function for its resources, or an error that is logged and skips it.
type routeRegistrar func(ctx context.Context, c *cli, mux *http.ServeMux) (closeFn func(), err error)

// serveRoutes are the systems `cairn serve` hosts, by name.
func serveRoutes(of *oceanFlags) map[string]routeRegistrar {
	return map[string]routeRegistrar{
		"ocean": func(ctx context.Context, c *cli, mux *http.ServeMux) (func(), error) {
			app, closeFn, err := openOcean(ctx, c, of) // fails naming the missing store
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
	var closers []func()
	served := []string{}
	for name, reg := range routes {
		closeFn, err := reg(ctx, c, mux)
		if err != nil {
			c.logger().Warn("not serving system", "system", name, "error", err)
			continue
		}
		served = append(served, name)
		if closeFn != nil {
			closers = append(closers, closeFn)
		}
	}
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

func newServeCmd(c *cli) *cobra.Command {
	var (
		addr string
		of   oceanFlags
	)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the HTTP API (ocean: POST /api/v1/agent/query; GET /healthz)",
		Long: `serve hosts the systems' HTTP APIs on one server:

  POST /api/v1/agent/query     {"query": "..."}  ocean gateway
  GET  /api/v1/ocean/health    ocean store and index
  GET  /healthz, /api/v1/health server health and the systems served

Request bodies are limited to 16 KiB and requests to 60 s.`,
		Example: `  cairn serve --addr 127.0.0.1:8080
  curl -s localhost:8080/api/v1/agent/query -d '{"query":"What does QC flag 4 mean?"}'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			mux, closeAll, served := newServeMux(ctx, c, serveRoutes(&of))
			defer closeAll()
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("serve: %w", err)
			}
			srv := &http.Server{
				Handler:           mux,
				ReadHeaderTimeout: 10 * time.Second,
				ReadTimeout:       30 * time.Second,
				WriteTimeout:      90 * time.Second,
				IdleTimeout:       120 * time.Second,
				MaxHeaderBytes:    64 << 10,
			}
			fmt.Fprintf(c.stderr, "cairn serve: listening on http://%s (systems: %v)\n", ln.Addr(), served)
			errc := make(chan error, 1)
			go func() { errc <- srv.Serve(ln) }()
			select {
			case err := <-errc:
				if errors.Is(err, http.ErrServerClosed) {
					return nil
				}
				return fmt.Errorf("serve: %w", err)
			case <-ctx.Done():
				shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				return srv.Shutdown(shut)
			}
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on")
	cmd.Flags().StringVar(&of.dir, "ocean-dir", defaultOceanDir(), "directory of the ocean store")
	cmd.Flags().StringVar(&of.pgDSN, "pg-dsn", os.Getenv("CAIRN_OCEAN_PG_DSN"), "PostgreSQL+PostGIS DSN for ocean metadata (default $CAIRN_OCEAN_PG_DSN)")
	cmd.Flags().StringVar(&of.embedModel, "embed-model", os.Getenv("CAIRN_OCEAN_EMBED_MODEL"), "embedding model for ocean document retrieval, ollama:NAME or openai:NAME")
	return cmd
}
