package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/cairn-agents/cairn/apps/events"
	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/eventdata/holidays"
	"github.com/cairn-agents/cairn/eventdata/index"
	"github.com/cairn-agents/cairn/eventdata/websearch"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/flow/temporal"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/internal/input"
	"github.com/cairn-agents/cairn/llm"
)

// eventsFlags are the flags of `cairn events` and its subcommands: the
// index directory, the search backend and every setting of the system.
type eventsFlags struct {
	dir        string
	search     string
	tavilyKey  string
	searxngURL string
	opts       events.Options
	geo        geoFlags
	// eng chooses where the searches run (--engine); nil: here.
	eng *engineFlags
}

func defaultEventsDir() string {
	d, err := index.DefaultDir()
	if err != nil {
		return "cairn-events"
	}
	return d
}

// register adds the persistent flags. Setting names may be written with
// underscores, as the config file's events: section does (max_events).
func (f *eventsFlags) register(fs *pflag.FlagSet) {
	d := events.Defaults()
	fs.StringVar(&f.dir, "events-dir", defaultEventsDir(), "directory of the events index (default $CAIRN_EVENTS_DIR or ~/.local/share/cairn/events)")
	fs.StringVar(&f.search, "search", "auto", "evidence search backend: index (offline BM25), tavily, searxng, or auto (tavily with a key, searxng with a URL, else index)")
	fs.StringVar(&f.tavilyKey, "tavily-key", "", "Tavily API key (default $TAVILY_API_KEY; never printed)")
	fs.StringVar(&f.searxngURL, "searxng-url", "", "SearXNG instance URL (default $SEARXNG_URL)")
	o := &f.opts
	fs.IntVar(&o.MaxEvents, "max-events", d.MaxEvents, "leads per Researcher pass")
	fs.IntVar(&o.RealityCheckBatchSize, "reality-check-batch-size", d.RealityCheckBatchSize, "leads per reality-check batch")
	fs.IntVar(&o.ExpansionBatchSize, "expansion-batch-size", d.ExpansionBatchSize, "generic leads expanded per batch")
	fs.IntVar(&o.MinEventsNeeded, "min-events-needed", d.MinEventsNeeded, "events that must pass before the Researcher stops and the gate approves")
	fs.IntVar(&o.SearchBatchSize, "search-batch-size", d.SearchBatchSize, "evidence searches run in parallel")
	fs.IntVar(&o.MaxResultsPerSearch, "max-results-per-search", d.MaxResultsPerSearch, "results per evidence search")
	fs.Float64Var(&o.DedupSimilarityThreshold, "dedup-similarity-threshold", d.DedupSimilarityThreshold, "title similarity (0..1) at which two events are one")
	fs.IntVar(&o.MinScoreThreshold, "min-score-threshold", d.MinScoreThreshold, "lowest photographic score (0..100) published")
	fs.IntVar(&o.MaxEventsOutput, "max-events-output", d.MaxEventsOutput, "most events published")
}

// underscoreIsDash lets a setting be written as the config file's
// events: section names it (max_events) or as a flag (--max-events).
func underscoreIsDash(_ *pflag.FlagSet, name string) pflag.NormalizedName {
	return pflag.NormalizedName(strings.ReplaceAll(name, "_", "-"))
}

// searcher is the evidence backend the flags choose; nil means the index.
func (f *eventsFlags) searcher() (events.Searcher, error) {
	// From the environment here, not as the flags' defaults: help would
	// print the key.
	if f.tavilyKey == "" {
		f.tavilyKey = os.Getenv("TAVILY_API_KEY")
	}
	if f.searxngURL == "" {
		f.searxngURL = os.Getenv("SEARXNG_URL")
	}
	switch f.search {
	case "index":
		return nil, nil
	case "tavily":
		if f.tavilyKey == "" {
			return nil, errors.New("--search tavily needs --tavily-key or $TAVILY_API_KEY")
		}
		return &websearch.Tavily{APIKey: f.tavilyKey}, nil
	case "searxng":
		if f.searxngURL == "" {
			return nil, errors.New("--search searxng needs --searxng-url or $SEARXNG_URL")
		}
		return &websearch.SearXNG{BaseURL: f.searxngURL}, nil
	case "auto", "":
		if f.tavilyKey != "" {
			return &websearch.Tavily{APIKey: f.tavilyKey}, nil
		}
		if f.searxngURL != "" {
			return &websearch.SearXNG{BaseURL: f.searxngURL}, nil
		}
		return nil, nil
	}
	return nil, fmt.Errorf("--search %q: want index, tavily, searxng or auto", f.search)
}

// open builds the system: the gazetteer, the index under --events-dir,
// the holidays, the chosen evidence backend. close releases the index.
func (f *eventsFlags) open(ctx context.Context, c *cli) (*events.App, *index.Index, func(), error) {
	eng, err := f.geo.openCtx(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	gaz := geo.NewGazetteer(eng)
	x, err := index.Open(ctx, index.Options{Dir: f.dir, Gazetteer: gaz})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("--events-dir %s: %w", f.dir, err)
	}
	s, err := f.searcher()
	if err != nil {
		x.Close()
		return nil, nil, nil, err
	}
	roles, err := llm.EnvConfig().Roles(c.model)
	if err != nil {
		x.Close()
		return nil, nil, nil, err
	}
	o := f.opts
	o.Models, o.Gazetteer, o.Logger = roles, gaz, c.logger()
	o.Sources = eventdata.Sources{holidays.New(holidays.Options{}), x}
	o.Searcher = x
	if s != nil {
		o.Searcher = s
	}
	// Runs waiting for a reviewer, so `events resume` finds them in any
	// later process.
	if o.Store, err = flow.NewFileStore(filepath.Join(f.dir, "runs")); err != nil {
		x.Close()
		return nil, nil, nil, fmt.Errorf("--events-dir %s: %w", f.dir, err)
	}
	release := func() {}
	if f.eng != nil {
		var engine *temporal.Engine
		if engine, release, err = f.eng.open(ctx, c.logger()); err != nil {
			x.Close()
			return nil, nil, nil, err
		}
		o.Engine = flowEngine(engine)
	}
	a, err := events.New(o)
	if err != nil {
		release()
		x.Close()
		return nil, nil, nil, err
	}
	return a, x, func() { release(); x.Close() }, nil
}

func newEventsCmd(c *cli) *cobra.Command {
	ef := &eventsFlags{eng: &engineFlags{}}
	var today, profileFile string
	var review bool
	cmd := &cobra.Command{
		Use:   `events "REQUEST"`,
		Short: "Find photo-worthy upcoming events for a place, interests and time frame, each with its evidence",
		Long: `events finds real, specific, future events for a photographer: up to 15,
each with its days, place, a photographic-value score with reasons and the
evidence it came from. An Editor reads the request (or --profile), a
Researcher takes leads from the event sources (public holidays computed for
34 countries, and your own iCalendar, JSON and CSV files added with
'cairn events index add'), a Verifier keeps the specific future ones, a
Fact-Checker searches evidence (the offline index, or Tavily / SearXNG when
configured) and a Publisher deduplicates, scores and decides APPROVE, RETRY
(a refined profile: nearby cities, a wider time frame, other keywords; at
most 3 cycles) or REJECT.

With --review the run stops before publishing: the answer has "status":
"waiting", a "run_id" and the shortlist, and 'cairn events resume RUN_ID
approve|reject' publishes it or ends with no events, in any later process
(the run waits in the events directory's runs/).

The answer is JSON on stdout; progress goes to stderr. Settings may be set
in the config file's events: section with the same names (max_events: 30).

With --engine temporal the search runs on a Temporal cluster's workers
(cairn worker), which read their own --events-dir, search backend and
settings: give them the same. With --review the run waits on the cluster,
and 'events resume' with the same --engine flags answers it.`,
		Example: `  cairn events index add ../shared/data/events/tech-conferences
  cairn events "photo-worthy events in Berlin in March 2026" --today 2026-01-15
  cairn events --review "festivals in Berlin in May 2026"   # then: cairn events resume RUN_ID approve
  cairn events --profile profile.json
  cairn serve   # POST /api/v1/events/search`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			req := events.Request{Today: today, Review: review}
			if len(args) == 1 {
				req.Text = args[0]
			}
			if profileFile != "" {
				raw, err := input.ReadFile(profileFile, input.TaskLimit)
				if err != nil {
					return fmt.Errorf("--profile: %w", err)
				}
				var p events.Profile
				dec := json.NewDecoder(bytes.NewReader(raw))
				dec.DisallowUnknownFields()
				if err := dec.Decode(&p); err != nil {
					return fmt.Errorf("--profile %s: not a profile (interests, location, time_frame {from, to} or {text}, search_keywords): %w", profileFile, err)
				}
				req.Profile = &p
			}
			if strings.TrimSpace(req.Text) == "" && req.Profile == nil {
				return fmt.Errorf(`events needs a REQUEST argument or --profile FILE: %w`, events.ErrEmptyRequest)
			}
			a, x, closeFn, err := ef.open(ctx, c)
			if err != nil {
				return err
			}
			defer closeFn()
			if x.Len() == 0 && ef.eng.engine != "temporal" {
				fmt.Fprintf(c.stderr, "note: the events index %s is empty; only public holidays are searched (add your event files with: cairn events index add FILE|DIR)\n", x.Dir())
			}
			sink, finish, err := c.runEvents(ctx)
			if err != nil {
				return err
			}
			resp, err := a.Search(event.WithSink(ctx, sink), req)
			ferr := finish()
			if err != nil {
				return err
			}
			if resp.Status == events.StatusWaiting {
				dir := ""
				if cmd.Flags().Changed("events-dir") {
					dir = " --events-dir " + ef.dir
				}
				if ef.eng.engine == "temporal" {
					dir += " --engine temporal --temporal " + ef.eng.conn.Address + " --queue " + ef.eng.queue
				}
				fmt.Fprintf(c.stderr, "waiting for a review: %s (%d events on stdout)\ncontinue with: cairn events%s resume %s %s\n",
					resp.Question, len(resp.Events), dir, resp.RunID, strings.Join(resp.Options, "|"))
			}
			return errors.Join(writeEventsJSON(c, resp), ferr)
		},
	}
	ef.register(cmd.PersistentFlags())
	ef.geo.registerOn(cmd.PersistentFlags())
	cmd.Flags().StringVar(&today, "today", "", "reference day, YYYY-MM-DD (default: today)")
	cmd.Flags().StringVar(&profileFile, "profile", "", "a structured profile as JSON: interests, location, time_frame, search_keywords")
	cmd.Flags().BoolVar(&review, "review", false, "stop before publishing, for a person to approve the shortlist with 'cairn events resume RUN_ID approve|reject'")
	ef.eng.register(cmd)
	cmd.AddCommand(newEventsIndexCmd(c, ef), newEventsResumeCmd(c, ef))
	cmd.SetGlobalNormalizationFunc(underscoreIsDash)
	return cmd
}

func writeEventsJSON(c *cli, resp events.Response) error {
	enc := json.NewEncoder(c.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(resp)
}

func newEventsResumeCmd(c *cli, ef *eventsFlags) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "resume RUN_ID approve|reject",
		Short: "Answer a run that waits for a review (events --review): approve publishes its shortlist, reject publishes nothing",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			id, answer := args[0], args[1]
			if answer != events.ReviewApprove && answer != events.ReviewReject {
				return fmt.Errorf("events resume %s: %w: %q", id, events.ErrBadReview, answer)
			}
			a, _, closeFn, err := ef.open(ctx, c)
			if err != nil {
				return err
			}
			defer closeFn()
			sink, finish, err := c.runEvents(ctx)
			if err != nil {
				return err
			}
			resp, err := a.Resume(event.WithSink(ctx, sink), id, answer)
			ferr := finish()
			switch {
			case err != nil && ef.eng.engine == "temporal":
				return fmt.Errorf("events resume: %w", err)
			case err != nil:
				return fmt.Errorf("events resume: %w (in %s)", err, filepath.Join(ef.dir, "runs"))
			}
			return errors.Join(writeEventsJSON(c, resp), ferr)
		},
	}
	ef.eng.register(cmd)
	return cmd
}

// hostEvents builds the events system's graph for a worker, as `cairn
// events` builds it: the worker's --events-dir, search backend and
// settings, the holidays, --model's roles.
func hostEvents(ctx context.Context, c *cli, w *workerFlags) ([]flow.AnyRunner, func(), error) {
	ef := w.events
	ef.geo, ef.eng = w.geo, nil
	a, _, closeFn, err := ef.open(ctx, c)
	if err != nil {
		return nil, nil, err
	}
	return a.Runners(), closeFn, nil
}

func newEventsIndexCmd(c *cli, ef *eventsFlags) *cobra.Command {
	cmd := &cobra.Command{Use: "index", Short: "Manage the events index: your iCalendar, JSON and CSV event files"}
	openIndex := func(ctx context.Context, gazetteer bool) (*index.Index, error) {
		o := index.Options{Dir: ef.dir}
		if gazetteer {
			eng, err := ef.geo.openCtx(ctx)
			if err != nil {
				return nil, err
			}
			o.Gazetteer = geo.NewGazetteer(eng)
		}
		x, err := index.Open(ctx, o)
		if err != nil {
			return nil, fmt.Errorf("--events-dir %s: %w", ef.dir, err)
		}
		return x, nil
	}
	var asJSON bool
	add := &cobra.Command{
		Use:   "add FILE|DIR...",
		Short: "Add event files (.ics, .json, .jsonl, .csv, .tsv; directories searched); a file added again replaces its records",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			x, err := openIndex(cmd.Context(), true)
			if err != nil {
				return err
			}
			defer x.Close()
			rep, err := x.Add(cmd.Context(), args...)
			if err != nil {
				return fmt.Errorf("events index add: %w (the index is unchanged)", err)
			}
			if asJSON {
				return json.NewEncoder(c.stdout).Encode(rep)
			}
			problems := 0
			for _, f := range rep.Files {
				for _, p := range f.Problems {
					if problems < 20 {
						fmt.Fprintf(c.stdout, "skipped %v\n", p)
					}
					problems++
				}
			}
			if problems > 20 {
				fmt.Fprintf(c.stdout, "and %d more unreadable rows\n", problems-20)
			}
			fmt.Fprintf(c.stdout, "added %d files: %d new records, %d duplicates stored once, %d unreadable rows; the index %s holds %d records (%s)\n",
				len(rep.Files), rep.New, rep.Duplicates, problems, x.Dir(), rep.Records, rep.Duration.Round(time.Millisecond))
			return nil
		},
	}
	add.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	list := &cobra.Command{
		Use:   "list",
		Short: "List the files added and their records",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			x, err := openIndex(cmd.Context(), false)
			if err != nil {
				return err
			}
			defer x.Close()
			files := x.Files()
			if files == nil {
				files = []index.FileInfo{}
			}
			if asJSON {
				return json.NewEncoder(c.stdout).Encode(files)
			}
			if len(files) == 0 {
				fmt.Fprintf(c.stdout, "the events index %s is empty; add files with: cairn events index add FILE|DIR\n", x.Dir())
				return nil
			}
			tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "FILE\tFORMAT\tRECORDS\tUNREADABLE\tADDED")
			for _, f := range files {
				fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\n", f.Path, f.Format, f.Records, f.Problems, f.Added.Format(time.DateTime))
			}
			tw.Flush()
			fmt.Fprintf(c.stdout, "%d files, %d distinct records in %s\n", len(files), x.Len(), x.Dir())
			return nil
		},
	}
	list.Flags().BoolVar(&asJSON, "json", false, "print the files as JSON")
	remove := &cobra.Command{
		Use:   "remove FILE|DIR...",
		Short: "Remove files (or every file added from under a directory) and the records only they list",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			x, err := openIndex(cmd.Context(), false)
			if err != nil {
				return err
			}
			defer x.Close()
			gone, err := x.Remove(cmd.Context(), args...)
			if err != nil {
				if errors.Is(err, index.ErrNotAdded) {
					return fmt.Errorf("events index remove: %w; see: cairn events index list", err)
				}
				return fmt.Errorf("events index remove: %w", err)
			}
			fmt.Fprintf(c.stdout, "removed %d files; the index holds %d records\n", len(gone), x.Len())
			return nil
		},
	}
	cmd.AddCommand(add, list, remove)
	return cmd
}

// eventsRoute serves POST /api/v1/events/search on `cairn serve`.
func eventsRoute(ef *eventsFlags) routeRegistrar {
	return func(ctx context.Context, c *cli, mux *http.ServeMux) (func(), error) {
		a, _, closeFn, err := ef.open(ctx, c)
		if err != nil {
			return nil, err
		}
		a.Register(mux)
		return closeFn, nil
	}
}
