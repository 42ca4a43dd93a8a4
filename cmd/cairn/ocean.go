package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/cairn-agents/cairn/apps/ocean"
	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/ocean/docs"
	"github.com/cairn-agents/cairn/ocean/pgstore"
	"github.com/cairn-agents/cairn/ocean/plot"
	"github.com/cairn-agents/cairn/ocean/store"
)

// defaultOceanDir is where the ocean store lives unless --ocean-dir or
// CAIRN_OCEAN_DIR says otherwise.
func defaultOceanDir() string {
	if d := os.Getenv("CAIRN_OCEAN_DIR"); d != "" {
		return d
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "cairn", "ocean")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "cairn", "ocean")
	}
	return "cairn-ocean"
}

// docsIndexFile is the document index inside the ocean directory.
const docsIndexFile = "docs.json"

// oceanFlags are the flags every ocean subcommand shares.
type oceanFlags struct {
	dir, pgDSN, embedModel string
	memoryMB               int64
}

// embedder returns the embedding model --embed-model names, or nil.
func (f *oceanFlags) embedder() (docs.Embedder, error) {
	e, err := llm.EnvConfig().Embedder(f.embedModel)
	if err != nil {
		return nil, fmt.Errorf("--embed-model: %w", err)
	}
	if e == nil {
		return nil, nil
	}
	return docs.ModelEmbedder{Model: e}, nil
}

// register adds the store's flags to fs: the ocean commands' persistent
// flags, and cairn worker's.
func (f *oceanFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.dir, "ocean-dir", defaultOceanDir(), "directory of the ocean store (DuckDB, Parquet, document index)")
	fs.StringVar(&f.pgDSN, "pg-dsn", os.Getenv("CAIRN_OCEAN_PG_DSN"), "PostgreSQL+PostGIS DSN for metadata and status (default $CAIRN_OCEAN_PG_DSN; empty: the embedded DuckDB store)")
	fs.StringVar(&f.embedModel, "embed-model", os.Getenv("CAIRN_OCEAN_EMBED_MODEL"), "embedding model for document retrieval, ollama:NAME or openai:NAME (default $CAIRN_OCEAN_EMBED_MODEL; empty: BM25 only)")
	fs.Int64Var(&f.memoryMB, "ocean-memory-mb", store.DefaultHotBytes>>20, "a server (serve, worker) copies the profiles into memory when their Parquet files total at most this many MB, for queries several times cheaper; 0: read the files")
}

// storeOptions are the read-only store options of a long-lived server
// (serving) or of one command (the levels are read from the files: a
// copy into memory would cost more than the one question it serves).
func (f *oceanFlags) storeOptions(c *cli, serving bool) (store.Options, error) {
	if f.memoryMB < 0 {
		return store.Options{}, fmt.Errorf("--ocean-memory-mb: %d is negative (0 turns the copy off)", f.memoryMB)
	}
	o := store.Options{Logger: c.logger(), HotBytes: f.memoryMB << 20}
	if !serving || f.memoryMB == 0 {
		o.HotBytes = -1
	}
	return o, nil
}

func newOceanCmd(c *cli) *cobra.Command {
	of := &oceanFlags{}
	dir, pgDSN := &of.dir, &of.pgDSN
	cmd := &cobra.Command{
		Use:   "ocean",
		Short: "Ask questions about Argo floats over SQL metadata, Parquet profiles and documents",
		Long: `ocean answers questions about Argo profiling floats. A router picks
specialist agents — SQL over float metadata and status, DuckDB over Parquet
profiles, BM25 retrieval over documents, a general agent — which run in
parallel; a synthesis step answers with numbers from the data and
citations of retrieved passages.

Data lives in --ocean-dir (default $CAIRN_OCEAN_DIR or ~/.local/share/cairn/ocean):
ocean.duckdb, profiles/ (Parquet) and docs.json; snapshots/ holds what
readers (ask, sql, serve) see, published after each ingest or fetch.`,
		Example: `  cairn ocean ingest ../shared/data/argo/gdac
  cairn ocean fetch --float 2902269 --region "Arabian Sea" --since 2023-01-01   # from the public GDAC
  cairn ocean docs add ../shared/data/docs
  cairn ocean ask "Where is float 2902269 and how has its surface temperature changed?"
  cairn ocean ask --plot profile.svg "Show the salinity profile of float 2902269 cycle 10"
  cairn serve   # POST /api/v1/agent/query; ingest and fetch may run meanwhile`,
	}
	of.register(cmd.PersistentFlags())
	cmd.AddCommand(newOceanIngestCmd(c, dir), newOceanFetchCmd(c, dir), newOceanDocsCmd(c, of), newOceanAskCmd(c, of), newOceanSQLCmd(c, dir), newOceanPGSyncCmd(c, dir, pgDSN))
	return cmd
}

func newOceanIngestCmd(c *cli, dir *string) *cobra.Command {
	var asJSON bool
	var maxFileMB int64
	cmd := &cobra.Command{
		Use:   "ingest PATH...",
		Short: "Ingest Argo GDAC files or directories (index files, meta, prof, single-cycle and synthetic BGC profile files)",
		Long: `ingest reads Argo GDAC files — ar_index_global_prof.txt, ar_index_global_meta.txt,
<WMO>_meta.nc, <WMO>_prof.nc, R/D<WMO>_<cycle>.nc, and the synthetic BGC files
<WMO>_Sprof.nc and S<R|D><WMO>_<cycle>.nc (NetCDF-4/HDF5: read with libnetcdf by a
cairn built with -tags netcdf4, reported unsupported otherwise) —
into argo_float_metadata, argo_float_status and argo_profile_stations (DuckDB)
and long-format Parquet profiles partitioned by float and year. BGC values
(DOXY, CHLA, BBP700, NITRATE, PH_IN_SITU_TOTAL with QC, adjusted values and
adjusted QC) join the core rows at equal pressure or get rows of their own
(level_source 'sprof'); they never replace core PRES, TEMP or PSAL. B- and
M-files are reported as unsupported. Each file is atomic; re-ingesting an
unchanged file does nothing.

Every record is validated before it is stored: index rows (file name,
dates, positions, ocean, profiler and institution codes) and profiles
(time, position). Dates may not be after the file's own update date or
now; the -99.999/-999.999 position markers mean no position. An invalid
record is reported with its line or profile number and stores nothing;
the file's other records go in. A copy of a file ingested after another
copy of the same name (a bad index, say) is ingested again even when
unchanged, so a good file repairs what a bad one changed. Only regular
files up to --max-file-mb are read.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if maxFileMB <= 0 {
				return fmt.Errorf("--max-file-mb %d: must be at least 1", maxFileMB)
			}
			return ingestAndPublish(cmd.Context(), c, *dir, args, asJSON, maxFileMB<<20)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the per-file report as JSON")
	cmd.Flags().Int64Var(&maxFileMB, "max-file-mb", store.DefaultMaxFileBytes>>20, "largest file to read, in MiB")
	return cmd
}

// ingestAndPublish ingests paths into the store in dir, prints the report
// (as JSON with asJSON) and publishes a snapshot for readers, so a running
// cairn serve sees the new data. Failed files and invalid records make it
// fail after the rest is stored and published.
func ingestAndPublish(ctx context.Context, c *cli, dir string, paths []string, asJSON bool, maxFileBytes int64) error {
	s, err := store.Open(ctx, dir, store.Options{Logger: c.logger(), MaxFileBytes: maxFileBytes})
	if err != nil {
		return fmt.Errorf("ocean ingest: %w (is another ingest or fetch writing this store?)", err)
	}
	defer s.Close()
	rep, err := s.Ingest(ctx, paths...)
	if err != nil {
		return fmt.Errorf("ocean ingest: %w", err)
	}
	if _, err := store.Current(dir); err != nil || rep.Count(store.Ingested) > 0 {
		if _, err := s.Publish(ctx); err != nil {
			return fmt.Errorf("ocean ingest: stored, but readers will not see it: %w", err)
		}
	}
	if asJSON {
		return json.NewEncoder(c.stdout).Encode(rep)
	}
	for _, f := range rep.Files {
		if f.Status == store.Failed || f.Status == store.Unsupported {
			fmt.Fprintf(c.stdout, "%-11s %s: %s\n", f.Status, f.Path, f.Reason)
		}
		if f.Status == store.Ingested && f.Rejected > 0 {
			fmt.Fprintf(c.stdout, "rejected    %d record(s) of %s:\n", f.Rejected, f.Path)
			for _, p := range f.Problems {
				fmt.Fprintf(c.stdout, "  %s:%s\n", f.Path, strings.TrimPrefix(p, "line "))
			}
			if more := f.Rejected - len(f.Problems); more > 0 {
				fmt.Fprintf(c.stdout, "  and %d more\n", more)
			}
		}
	}
	fmt.Fprintf(c.stdout, "ingested %d, unchanged %d, failed %d, unsupported %d, skipped %d files into %s\n",
		rep.Count(store.Ingested), rep.Count(store.Unchanged), rep.Count(store.Failed), rep.Count(store.Unsupported), rep.Count(store.Skipped), s.Dir())
	var errs []string
	if n := rep.Count(store.Failed); n > 0 {
		errs = append(errs, fmt.Sprintf("%d file(s) failed", n))
	}
	if n := rep.Rejected(); n > 0 {
		errs = append(errs, fmt.Sprintf("%d invalid record(s) were not stored", n))
	}
	if len(errs) > 0 {
		return fmt.Errorf("ocean ingest: %s (listed above); the rest was stored", strings.Join(errs, " and "))
	}
	return nil
}

func newOceanDocsCmd(c *cli, of *oceanFlags) *cobra.Command {
	dir := &of.dir
	cmd := &cobra.Command{Use: "docs", Short: "Manage the document index used for retrieval"}
	add := &cobra.Command{
		Use:   "add DIR...",
		Short: "Index the .rst, .md, .txt and Argo reference-table .json files under DIR",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := filepath.Join(*dir, docsIndexFile)
			ix, err := docs.Load(path)
			if err != nil {
				return err
			}
			for _, d := range args {
				files, n, err := ix.AddDir(d)
				if err != nil {
					return fmt.Errorf("ocean docs add %s: %w", d, err)
				}
				fmt.Fprintf(c.stdout, "%s: %d files, %d passages\n", d, files, n)
			}
			emb, err := of.embedder()
			if err != nil {
				return err
			}
			if emb != nil {
				n, err := ix.Embed(cmd.Context(), emb)
				if err != nil {
					return fmt.Errorf("ocean docs add: %w (the index was not saved)", err)
				}
				fmt.Fprintf(c.stdout, "embedded %d passages with %s\n", n, emb.Name())
			}
			if err := ix.Save(path); err != nil {
				return fmt.Errorf("ocean docs add: %w", err)
			}
			fmt.Fprintf(c.stdout, "index %s holds %d passages from %d files\n", path, ix.Len(), len(ix.Files()))
			return nil
		},
	}
	search := &cobra.Command{
		Use:   "search QUERY",
		Short: "Show the passages retrieval returns for QUERY",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ix, err := docs.Load(filepath.Join(*dir, docsIndexFile))
			if err != nil {
				return err
			}
			for i, h := range ix.Search(args[0], 5) {
				fmt.Fprintf(c.stdout, "[%d] %.2f %s — %s\n    %s\n", i+1, h.Score, h.File, h.Section, strings.Join(strings.Fields(h.Text), " "))
			}
			return nil
		},
	}
	cmd.AddCommand(add, search)
	return cmd
}

func newOceanPGSyncCmd(c *cli, dir, pgDSN *string) *cobra.Command {
	return &cobra.Command{
		Use:   "pgsync",
		Short: "Copy metadata, status and stations from the embedded store into PostgreSQL+PostGIS (--pg-dsn)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if *pgDSN == "" {
				return fmt.Errorf("ocean pgsync: --pg-dsn (or CAIRN_OCEAN_PG_DSN) is required")
			}
			// the published snapshot, so an ingest may run meanwhile
			s, err := store.OpenSnapshot(cmd.Context(), *dir, store.Options{Logger: c.logger(), HotBytes: -1})
			if errors.Is(err, store.ErrNoSnapshot) {
				s, err = store.Open(cmd.Context(), *dir, store.Options{ReadOnly: true, Logger: c.logger(), HotBytes: -1})
			}
			if err != nil {
				return err
			}
			defer s.Close()
			pg, err := pgstore.Open(cmd.Context(), *pgDSN)
			if err != nil {
				return err
			}
			defer pg.Close()
			if err := pg.Sync(cmd.Context(), s); err != nil {
				return err
			}
			fmt.Fprintln(c.stdout, "synced argo_float_metadata, argo_float_status and argo_profile_stations into PostGIS")
			return nil
		},
	}
}

// openOcean opens the gateway over the store in dir, read-only; with a
// PostGIS DSN, metadata and status questions go to PostGIS.
func openOcean(ctx context.Context, c *cli, of *oceanFlags, serving bool) (*ocean.App, func(), error) {
	dir, pgDSN := of.dir, of.pgDSN
	sopts, err := of.storeOptions(c, serving)
	if err != nil {
		return nil, nil, err
	}
	emb, err := of.embedder()
	if err != nil {
		return nil, nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, "ocean.duckdb")); err != nil {
		return nil, nil, fmt.Errorf("no ocean store in %s: run `cairn ocean ingest PATH` first (or set --ocean-dir)", dir)
	}
	// Readers use the store's published snapshot, so an ingest or fetch
	// may run meanwhile and a server sees its data when it is published.
	s, err := store.OpenLive(ctx, dir, sopts)
	if err != nil {
		return nil, nil, err
	}
	ix, err := docs.Load(filepath.Join(dir, docsIndexFile))
	if err != nil {
		s.Close()
		return nil, nil, err
	}
	roles, err := llm.EnvConfig().Roles(c.model)
	if err != nil {
		s.Close()
		return nil, nil, err
	}
	var meta ocean.Querier = s
	closeAll := func() { s.Close() }
	if pgDSN != "" {
		pg, err := pgstore.Open(ctx, pgDSN)
		if err != nil {
			s.Close()
			return nil, nil, err
		}
		meta = pg
		closeAll = func() { pg.Close(); s.Close() }
	}
	if emb != nil && ix.EmbedModel() != emb.Name() {
		c.logger().Warn("document index was not embedded with this model; BM25 only", "index_model", ix.EmbedModel(), "embed_model", emb.Name())
	}
	app, err := ocean.New(meta, s, ix, ocean.Options{Models: roles, Embedder: emb, Gazetteer: newLazyGazetteer(c.logger()), Logger: c.logger()})
	if err != nil {
		closeAll()
		return nil, nil, err
	}
	return app, closeAll, nil
}

// openOceanClient opens what ocean ask needs here when its graph runs on
// the engine e: only the document index, from which the answer's
// citations are made (a passage the workers retrieved is cited when this
// index holds it too). The stores and models are the workers'.
func openOceanClient(c *cli, of *oceanFlags, e flow.Engine) (*ocean.App, func(), error) {
	ix, err := docs.Load(filepath.Join(of.dir, docsIndexFile))
	if err != nil {
		return nil, nil, err
	}
	app, err := ocean.New(nil, nil, ix, ocean.Options{Engine: e, Logger: c.logger()})
	if err != nil {
		return nil, nil, err
	}
	return app, func() {}, nil
}

// hostOcean builds the gateway's graph for a worker, as ocean ask builds
// it, over the worker's --ocean-dir (and --pg-dsn, --embed-model,
// --model): without a store there, the worker does not host ocean.
func hostOcean(ctx context.Context, c *cli, w *workerFlags) ([]flow.AnyRunner, func(), error) {
	app, closeFn, err := openOcean(ctx, c, &w.ocean, true)
	if err != nil {
		return nil, nil, err
	}
	return app.Runners(), closeFn, nil
}

func newOceanAskCmd(c *cli, of *oceanFlags) *cobra.Command {
	var asJSON bool
	var plotFile string
	var ef engineFlags
	cmd := &cobra.Command{
		Use:   "ask QUESTION",
		Short: "Answer a question about Argo floats (the same as POST /api/v1/agent/query)",
		Long: `ask answers one question about Argo floats, as POST /api/v1/agent/query
does: the answer, its citations and failed agents on stdout (--json: the
whole response), the routing and timings on stderr.

With --engine temporal the question's graph runs on the workers of a
Temporal cluster (cairn worker, given the store with its own --ocean-dir,
--pg-dsn and --embed-model): every node is an activity there, the
parallel agents spread over the workers, and the stores and models are
the workers'. Here only the document index of --ocean-dir is read, to
make the citations: a passage the workers retrieved is cited when this
index holds it too (else it is left out, with a warning). --plot works
the same on Temporal: plots are drawn here from the answer's result.`,
		Example: `  cairn ocean ask "What is the maximum salinity recorded by float 2902269?"
  cairn ocean ask --plot ts.svg "Show a T-S diagram for float 2902269 cycle 10"
  cairn ocean ask --engine temporal --temporal 127.0.0.1:7233 --queue cairn "What does QC flag 4 mean?"`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if plotFile != "" {
				if _, err := plot.FormatOf(plotFile); err != nil {
					return fmt.Errorf("--plot: %w", err)
				}
			}
			engine, release, err := ef.open(cmd.Context(), c.logger())
			if err != nil {
				return err
			}
			defer release()
			open := func() (*ocean.App, func(), error) { return openOcean(cmd.Context(), c, of, false) }
			if engine != nil {
				open = func() (*ocean.App, func(), error) { return openOceanClient(c, of, engine) }
			}
			app, closeFn, err := open()
			if err != nil {
				return err
			}
			defer closeFn()
			sink, finish, err := c.runEvents(cmd.Context())
			if err != nil {
				return err
			}
			resp, err := app.Ask(event.WithSink(cmd.Context(), sink), strings.Join(args, " "))
			if ferr := finish(); err == nil {
				err = ferr
			}
			if err != nil {
				return err
			}
			// the answer first: it says why there is no plot when there is none
			plots := func() error {
				if plotFile == "" {
					return nil
				}
				return writePlots(c, plotFile, ocean.Figures(resp.Result))
			}
			if asJSON {
				enc := json.NewEncoder(c.stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(resp); err != nil {
					return err
				}
				return plots()
			}
			fmt.Fprintln(c.stdout, resp.Response)
			for i, ct := range resp.Citations {
				fmt.Fprintf(c.stdout, "  [%d] %s — %s\n", i+1, ct.File(), ct.Section())
			}
			for _, a := range resp.Agents {
				if !a.OK {
					fmt.Fprintf(c.stdout, "  agent %s failed: %s\n", a.Agent, a.Error)
				}
			}
			m := resp.AgentMetrics
			fmt.Fprintf(c.stderr, "routing %s by %s (%s); total %.1f ms, tokens %d\n",
				strings.Join(resp.Dispatch.Agents, "+"), resp.Dispatch.Source, resp.Dispatch.Reasoning, m.TotalTimeMs, m.Tokens)
			return plots()
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the full response as JSON")
	cmd.Flags().StringVar(&plotFile, "plot", "", "write the answer's plot to `FILE` (.svg or .png); more plots go to FILE-2.svg, …")
	ef.register(cmd)
	return cmd
}

// writePlots writes figs to file (the first) and file-2.ext, file-3.ext…
func writePlots(c *cli, file string, figs []plot.Figure) error {
	if len(figs) == 0 {
		return errors.New("--plot: this answer has no plot (plots come from questions about a profile, a time series or a float's track)")
	}
	format, _ := plot.FormatOf(file)
	ext := filepath.Ext(file)
	for i, f := range figs {
		path := file
		if i > 0 {
			path = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(file, ext), i+1, ext)
		}
		out, err := os.Create(path)
		if err != nil {
			return fmt.Errorf("--plot: %w", err)
		}
		err = plot.Render(out, f, format)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("--plot %s: %w", path, err)
		}
		fmt.Fprintf(c.stderr, "plot: %s (%s)\n", path, f.Title)
	}
	return nil
}

func newOceanSQLCmd(c *cli, dir *string) *cobra.Command {
	return &cobra.Command{
		Use:   "sql STATEMENT",
		Short: "Run one guarded read-only SELECT over argo_float_metadata, argo_float_status, argo_profile_stations, argo_profiles",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := store.OpenLive(cmd.Context(), *dir, store.Options{Logger: c.logger(), HotBytes: -1})
			if err != nil {
				return err
			}
			defer s.Close()
			res, err := s.Query(cmd.Context(), store.QueryOptions{}, args[0])
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, strings.Join(res.Columns, "\t"))
			for _, r := range res.Rows {
				cells := make([]string, len(r))
				for i, v := range r {
					cells[i] = fmt.Sprint(v)
				}
				fmt.Fprintln(tw, strings.Join(cells, "\t"))
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			if res.Truncated {
				fmt.Fprintf(c.stderr, "(truncated at %d rows)\n", len(res.Rows))
			}
			return nil
		},
	}
}
