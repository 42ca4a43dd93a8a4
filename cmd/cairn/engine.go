package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"go.temporal.io/sdk/client"

	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/flow/temporal"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
	"github.com/cairn-agents/cairn/understand"
)

// engineFlags choose where a system's runs go: in this process (local, the
// default) or to a Temporal cluster's workers (`cairn worker`).
type engineFlags struct {
	engine    string
	queue     string
	conn      temporal.Connection
	apiKeyEnv string
	// payloadDir and payloadThreshold: where states too large for a
	// history go (--temporal-payloads) and from which size.
	payloadDir       string
	payloadThreshold int
}

const defaultQueue = "cairn"

// register adds --engine and the cluster's flags to cmd.
func (f *engineFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.engine, "engine", "local", `where runs go: "local" (this process) or "temporal" (a Temporal cluster's workers, started with cairn worker)`)
	f.registerCluster(cmd)
}

// registerCluster adds the flags that reach a cluster.
func (f *engineFlags) registerCluster(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.conn.Address, "temporal", "127.0.0.1:7233", "Temporal frontend `HOST:PORT` (with --engine temporal)")
	fs.StringVar(&f.queue, "queue", defaultQueue, "Temporal task `queue` the workers poll")
	fs.StringVar(&f.conn.Namespace, "temporal-namespace", "default", "Temporal namespace (Temporal Cloud: NAME.ACCOUNT)")
	fs.StringVar(&f.conn.CertFile, "temporal-tls-cert", "", "TLS client certificate `file` (mTLS, e.g. Temporal Cloud)")
	fs.StringVar(&f.conn.KeyFile, "temporal-tls-key", "", "TLS client key `file`")
	fs.StringVar(&f.conn.CAFile, "temporal-tls-ca", "", "CA bundle `file` to trust instead of the system's")
	fs.StringVar(&f.conn.ServerName, "temporal-tls-server-name", "", "server name to check in the cluster's certificate")
	fs.StringVar(&f.apiKeyEnv, "temporal-api-key-env", "TEMPORAL_API_KEY", "environment `variable` holding a Temporal Cloud API key (used when set)")
	fs.StringVar(&f.payloadDir, "temporal-payloads", "", "payload store `dir`: states larger than --temporal-payload-threshold go there, not through the cluster's history (which refuses one past 2 MiB); the clients and every worker must see the same directory (a shared mount)")
	fs.IntVar(&f.payloadThreshold, "temporal-payload-threshold", temporal.DefaultPayloadThreshold, "size in `bytes` from which a payload goes to --temporal-payloads")
}

// dial connects to the cluster the flags name.
func (f *engineFlags) dial(ctx context.Context, log *slog.Logger) (client.Client, error) {
	if strings.TrimSpace(f.queue) == "" {
		return nil, errors.New("--queue: empty; name the task queue the workers poll")
	}
	cn := f.conn
	cn.Log = log
	if f.apiKeyEnv != "" {
		cn.APIKey = os.Getenv(f.apiKeyEnv)
	}
	if f.payloadDir != "" {
		if f.payloadThreshold <= 0 || f.payloadThreshold >= temporal.DefaultPayloadLimit {
			return nil, fmt.Errorf("--temporal-payload-threshold %d: want a size in bytes over 0 and under the cluster's %d", f.payloadThreshold, temporal.DefaultPayloadLimit)
		}
		if err := os.MkdirAll(f.payloadDir, 0o755); err != nil {
			return nil, fmt.Errorf("--temporal-payloads: %w", err)
		}
		cn.Payloads = temporal.PayloadOptions{Store: temporal.DirStore{Dir: f.payloadDir}, Threshold: f.payloadThreshold}
	}
	c, err := temporal.Dial(ctx, cn)
	if err != nil {
		return nil, fmt.Errorf("--temporal %s: %w", f.conn.Address, err)
	}
	return c, nil
}

// open returns the Engine the flags choose (nil for local) and a function
// that lets it go.
func (f *engineFlags) open(ctx context.Context, log *slog.Logger) (*temporal.Engine, func(), error) {
	switch f.engine {
	case "", "local":
		return nil, func() {}, nil
	case "temporal":
	default:
		return nil, nil, fmt.Errorf(`--engine %q: want "local" or "temporal"`, f.engine)
	}
	c, err := f.dial(ctx, log)
	if err != nil {
		return nil, nil, err
	}
	return &temporal.Engine{Client: c, TaskQueue: f.queue}, c.Close, nil
}

// flowEngine is e as a flow.Engine: nil (local) stays a nil interface.
func flowEngine(e *temporal.Engine) flow.Engine {
	if e == nil {
		return nil
	}
	return e
}

// hostedSystem builds one system's graphs for a worker: the runners to
// host and a function that frees what building them took.
type hostedSystem func(ctx context.Context, c *cli, w *workerFlags) (runners []flow.AnyRunner, closeFn func(), err error)

// workerSystems are the systems `cairn worker` hosts, by name.
func workerSystems() map[string]hostedSystem {
	return map[string]hostedSystem{
		"roadtrip": hostRoadtrip,
		"mapschat": hostMapschat,
		"events":   hostEvents,
		"maze":     hostMaze,
		"ocean":    hostOcean,
	}
}

// workerFlags are `cairn worker`'s: the cluster, and the data the hosted
// systems read (which must be what the clients would use locally).
type workerFlags struct {
	cluster engineFlags
	systems []string
	geo     geoFlags
	mapsMCP string
	events  eventsFlags
	ocean   oceanFlags
}

func newWorkerCmd(c *cli) *cobra.Command {
	var w workerFlags
	cmd := &cobra.Command{
		Use:   "worker",
		Short: "Run the systems' graph nodes for a Temporal cluster (runs sent with --engine temporal)",
		Long: `worker polls a Temporal task queue and runs the workflows and nodes of
every system's graphs: the runs that cairn trip, bench locnav, maze run,
ocean ask, chat and events send with --engine temporal. Start several, on
several machines, on the same queue: a run's nodes spread over them, and a
run whose worker dies is finished by another (nodes that completed are not
run again).

A worker builds each system as the local command would, from its own flags
(--geo-dir, --maps-mcp, --model, ...): the data and models the nodes use
are the worker's, not the client's. Every worker of a queue must build the
same graphs. A system that cannot be built here (say its store is missing)
is skipped with a warning, and its runs wait for a worker that has it.

The cluster: --temporal HOST:PORT (a dev server: temporal server start-dev),
--temporal-namespace, TLS (--temporal-tls-cert/-key/-ca) or an API key in
$TEMPORAL_API_KEY for Temporal Cloud. The worker stops on Ctrl-C after the
nodes it runs finish.`,
		Example: `  temporal server start-dev --headless --ip 127.0.0.1      # terminal 1
  cairn worker --temporal 127.0.0.1:7233 --queue cairn         # terminals 2 and 3
  cairn trip --engine temporal --queue cairn "Plan 2 road trip routes from Wilmington to Dover ..."`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return c.worker(cmd.Context(), &w) },
	}
	w.cluster.registerCluster(cmd)
	w.geo.register(cmd)
	w.geo.shared = &sharedEngine{} // one maps engine for every system hosted
	w.events.register(cmd.Flags())
	w.ocean.register(cmd.Flags())
	f := cmd.Flags()
	f.StringSliceVar(&w.systems, "systems", nil, "host only these `systems` (default all: "+strings.Join(slices.Sorted(mapsKeys(workerSystems())), ",")+")")
	f.StringVar(&w.mapsMCP, "maps-mcp", "", "maps MCP server the roadtrip and chat nodes use: a URL or a command line; default the offline engine in-process")
	return cmd
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func (c *cli) worker(ctx context.Context, w *workerFlags) error {
	log := c.logger()
	all := workerSystems()
	names := w.systems
	if len(names) == 0 {
		names = slices.Sorted(mapsKeys(all))
	}
	for _, n := range names {
		if all[n] == nil {
			return fmt.Errorf("--systems %s: no such system; want some of %s", n, strings.Join(slices.Sorted(mapsKeys(all)), ", "))
		}
	}
	cl, err := w.cluster.dial(ctx, log)
	if err != nil {
		return err
	}
	defer cl.Close()

	// Build the systems at once: start-up takes the slowest one's time.
	var (
		mu      sync.Mutex
		wg      sync.WaitGroup
		runners []flow.AnyRunner
		closers []func()
		hosted  []string
	)
	for _, n := range names {
		wg.Go(func() {
			rs, closeFn, err := all[n](ctx, c, w)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				fmt.Fprintf(c.stderr, "worker: not hosting %s: %v\n", n, err)
				return
			}
			runners = append(runners, rs...)
			hosted = append(hosted, n)
			if closeFn != nil {
				closers = append(closers, closeFn)
			}
		})
	}
	wg.Wait()
	defer func() {
		for _, f := range closers {
			f()
		}
	}()
	if len(runners) == 0 {
		return errors.New("worker: no system could be built; nothing to host")
	}
	slices.Sort(hosted)
	slices.SortFunc(runners, func(a, b flow.AnyRunner) int { return strings.Compare(a.Name(), b.Name()) })
	wk := temporal.NewWorker(cl, w.cluster.queue, runners, temporal.Options{})
	if err := wk.Start(); err != nil {
		return fmt.Errorf("worker: start on queue %q: %w", w.cluster.queue, err)
	}
	var graphs []string
	for _, r := range runners {
		graphs = append(graphs, r.Name())
	}
	fmt.Fprintf(c.stderr, "worker: polling queue %q on %s (namespace %s); systems %s; graphs %s\n",
		w.cluster.queue, w.cluster.conn.Address, w.cluster.conn.Namespace, strings.Join(hosted, ", "), strings.Join(graphs, ", "))
	<-ctx.Done()
	stopped := make(chan struct{})
	go func() { wk.Stop(); close(stopped) }()
	select {
	case <-stopped:
	case <-time.After(30 * time.Second):
		fmt.Fprintln(c.stderr, "worker: nodes still running after 30 s; leaving them to the cluster's retries")
	}
	return nil
}

// workerMaps is what a maps system on a worker is built from: the
// gazetteer of the offline data, the maps tools, the regions to prefer
// and --model's roles.
type workerMaps struct {
	gaz    *geo.Gazetteer
	reg    *tool.Registry
	prefer []understand.Place
	roles  llm.Models
	stop   func() error
}

// openMaps opens the worker's maps as the systems' commands do: tools
// from --maps-mcp, else offline(eng) over the offline data, whose regions
// are then preferred.
func (w *workerFlags) openMaps(ctx context.Context, c *cli, offline func(*geo.Engine) (*tool.Registry, func() error, error)) (workerMaps, error) {
	eng, err := w.geo.openCtx(ctx)
	if err != nil {
		return workerMaps{}, err
	}
	m := workerMaps{gaz: geo.NewGazetteer(eng)}
	if w.mapsMCP != "" {
		if m.reg, m.stop, err = mapstool.Connect(ctx, w.mapsMCP, c.logger()); err != nil {
			return workerMaps{}, fmt.Errorf("--maps-mcp %s: %w", w.mapsMCP, err)
		}
	} else {
		if m.reg, m.stop, err = offline(eng); err != nil {
			return workerMaps{}, err
		}
		m.prefer = m.gaz.Covered()
	}
	if m.roles, err = llm.EnvConfig().Roles(c.model); err != nil {
		m.stop()
		return workerMaps{}, err
	}
	return m, nil
}
