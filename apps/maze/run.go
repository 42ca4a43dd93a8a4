package maze

import (
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cairn-agents/cairn/apps/maze/grid"
	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/llm"
	"github.com/parquet-go/parquet-go"
)

// EpisodeRecord is one episode's line in episodes.jsonl.
type EpisodeRecord struct {
	Episode    int            `json:"episode" parquet:"episode"` // position in the run and the file
	Strategy   Strategy       `json:"strategy" parquet:"strategy"`
	Noise      string         `json:"noise" parquet:"noise"`
	NoiseKind  NoiseKind      `json:"noise_kind" parquet:"noise_kind"`
	NoiseLevel float64        `json:"noise_level" parquet:"noise_level"`
	Generator  grid.Generator `json:"generator" parquet:"generator"`
	Size       int            `json:"size" parquet:"size"`
	Density    float64        `json:"density,omitempty" parquet:"density"` // obstacles only
	Seed       uint64         `json:"seed" parquet:"seed"`
	Run        int            `json:"run" parquet:"run"`             // maze number under this seed
	MazeSeed   uint64         `json:"maze_seed" parquet:"maze_seed"` // Env.Reset(MazeSeed) rebuilds the maze

	Optimal    int     `json:"optimal" parquet:"optimal"`
	StepLimit  int     `json:"step_limit" parquet:"step_limit"`
	Steps      int     `json:"steps" parquet:"steps"`
	Success    bool    `json:"success" parquet:"success"`
	Truncated  bool    `json:"truncated" parquet:"truncated"`
	Optimality float64 `json:"optimality" parquet:"optimality"` // optimal / steps when successful, else 0
	Reward     float64 `json:"reward" parquet:"reward"`

	ToolQueries   int     `json:"tool_queries" parquet:"tool_queries"`
	QueryRate     float64 `json:"query_rate" parquet:"query_rate"` // queries per step
	Followed      int     `json:"followed" parquet:"followed"`
	FollowRate    float64 `json:"follow_rate" parquet:"follow_rate"` // followed / queries
	WrongAdvice   int     `json:"wrong_advice" parquet:"wrong_advice"`
	FollowedWrong int     `json:"followed_wrong" parquet:"followed_wrong"`
	OverReliance  float64 `json:"over_reliance" parquet:"over_reliance"` // followed wrong / followed
	WallHits      int     `json:"wall_hits" parquet:"wall_hits"`
	MaxVisits     int     `json:"max_visits" parquet:"max_visits"`
	Looping       bool    `json:"looping" parquet:"looping"` // some cell visited LoopVisits times or more

	ModelDecisions   int    `json:"model_decisions" parquet:"model_decisions"`
	PolicyDecisions  int    `json:"policy_decisions" parquet:"policy_decisions"`
	RejectedMoves    int    `json:"rejected_moves" parquet:"rejected_moves"`
	ModelCalls       int    `json:"model_calls" parquet:"model_calls"`
	PromptTokens     int    `json:"prompt_tokens" parquet:"prompt_tokens"`
	CompletionTokens int    `json:"completion_tokens" parquet:"completion_tokens"`
	Model            string `json:"model,omitempty" parquet:"model"`
}

// StepRecord is one step's line in steps.jsonl.
type StepRecord struct {
	Episode       int     `json:"episode" parquet:"episode"`
	T             int     `json:"t" parquet:"t"`
	X             int     `json:"x" parquet:"x"` // position before the move
	Y             int     `json:"y" parquet:"y"`
	Action        string  `json:"action" parquet:"action"`
	Asked         bool    `json:"asked" parquet:"asked"`
	Advice        string  `json:"advice,omitempty" parquet:"advice"`
	AdviceWrong   bool    `json:"advice_wrong,omitempty" parquet:"advice_wrong"`
	Followed      bool    `json:"followed,omitempty" parquet:"followed"`
	HitWall       bool    `json:"hit_wall,omitempty" parquet:"hit_wall"`
	Reward        float64 `json:"reward" parquet:"reward"`
	ToolSource    string  `json:"tool_source" parquet:"tool_source"`
	ToolReasoning string  `json:"tool_reasoning,omitempty" parquet:"tool_reasoning"`
	ToolFallback  string  `json:"tool_fallback,omitempty" parquet:"tool_fallback"`
	MoveSource    string  `json:"move_source" parquet:"move_source"`
	MoveReasoning string  `json:"move_reasoning,omitempty" parquet:"move_reasoning"`
	MoveFallback  string  `json:"move_fallback,omitempty" parquet:"move_fallback"`
	Rejected      int     `json:"rejected,omitempty" parquet:"rejected"`
	Tokens        int     `json:"tokens,omitempty" parquet:"tokens"`
}

// DefaultTraceEpisodes is how many episodes report their events when
// RunOptions.TraceEpisodes is zero: a traced step is 13 to 17 events, so
// a few episodes of a large maze already make a large trace.
const DefaultTraceEpisodes = 10

// LoopVisits is the visit count of one cell that makes an episode looping.
const LoopVisits = 10

// StepsParquetFile is the steps' Parquet copy in a run's output directory.
const StepsParquetFile = "steps.parquet"

// stepRowGroup bounds the steps a Parquet row group buffers.
const stepRowGroup = 1 << 16

// RunOptions says how to run an experiment and where its results go.
type RunOptions struct {
	// Parallel is how many episodes run at once; zero means GOMAXPROCS.
	// With an Engine, it is how many batches run at once; zero means
	// DefaultRemoteParallel.
	Parallel int
	// Model answers the llm_solver's decisions; nil means the policies do.
	Model llm.Model
	// DecisionTimeout bounds each model decision; zero means none.
	DecisionTimeout time.Duration
	// Episodes receives one JSON line per episode, in episode order.
	Episodes io.Writer
	// Steps receives the per-step trajectories; nil (or a config with
	// trajectories: false) skips them.
	Steps io.Writer
	// StepsParquet, when set (and trajectories are on), receives the same
	// step records as one Parquet file (StepsParquetFile), in episode order.
	StepsParquet io.Writer
	// Progress, when set, is called after each episode is written, from
	// one goroutine.
	Progress func(Progress)
	// MemoryLimit is the memory a run may plan to use; Run refuses a
	// config whose largest mazes, parallelism and trajectory budget need
	// more. Zero means the memory available now (on Linux, MemAvailable
	// and the cgroup's limit; elsewhere no check); negative, no check.
	MemoryLimit ByteSize
	// TraceEpisodes is how many episodes, from the first, report their
	// events to the sinks in the context given to Run: each is a run of the
	// step graph (GraphName) with ID maze-<episode>, its nodes, decisions
	// with their sources, planner calls and notes. The others run with no
	// listener, at full speed. Zero means DefaultTraceEpisodes; negative,
	// every episode.
	TraceEpisodes int
	// Engine, when set, runs the episodes elsewhere (flow/temporal.Engine:
	// a Temporal cluster whose workers host Runners) as runs of the batch
	// graph (BatchGraphName), Parallel batches at once; the records and
	// steps come back and are written here as a local run writes them.
	// Model is then the worker's, steps are not traced (TraceEpisodes is
	// ignored) and the memory check is the worker's, per batch.
	Engine flow.Engine
	// Batch is the most episodes one batch runs on the Engine; zero means
	// the total spread over Parallel batches, at most DefaultBatch.
	Batch int

	carry int64 // tests: what a batch carries back; zero means MaxBatchCarry
}

// Progress is how far a run is.
type Progress struct {
	Done, Total int
	Steps       int64 // environment steps so far
	Elapsed     time.Duration
}

// Summary is a finished run.
type Summary struct {
	Records []EpisodeRecord
	Steps   int64
	Elapsed time.Duration
	// Trajectories is what the step writers got and what the trajectory
	// budget kept from them.
	Trajectories TrajectoryCount
}

// TrajectoryCount says which episodes' steps a run wrote. Steps are
// written in episode order while they fit the budget (the size of
// steps.jsonl); from the first episode that does not fit, none are.
type TrajectoryCount struct {
	Budget   ByteSize
	Bytes    int64 // written to steps.jsonl
	Episodes int   // episodes whose steps were written: the first ones
	// SkippedEpisodes and SkippedSteps were not written: the budget ran
	// out at episode FirstSkipped.
	SkippedEpisodes int
	SkippedSteps    int64
	FirstSkipped    int
	// CarryLimit, when set, is why: on an Engine, the steps of episode
	// FirstSkipped alone passed what a batch carries back from a worker
	// (MaxBatchCarry); a local run may have written them.
	CarryLimit ByteSize
}

// Skipped says what the budget left out and how to keep it, or "" when
// nothing was skipped.
func (t TrajectoryCount) Skipped() string {
	if t.SkippedEpisodes == 0 {
		return ""
	}
	if t.CarryLimit > 0 {
		return fmt.Sprintf("trajectories: the steps of episodes %d and later (%d episodes, %d steps) were not written: "+
			"%s holds the first %d episodes (%s); the steps of episode %d alone pass the %s a batch carries back from a worker; "+
			"run with --engine local to keep them",
			t.FirstSkipped, t.SkippedEpisodes, t.SkippedSteps, StepsFile, t.Episodes, ByteSize(t.Bytes), t.FirstSkipped, t.CarryLimit)
	}
	return fmt.Sprintf("trajectories: the steps of episodes %d and later (%d episodes, %d steps) were not written: "+
		"%s holds the first %d episodes (%s) and the next would pass the trajectory budget of %s; "+
		"raise it with trajectory_budget in the config or --trajectory-budget",
		t.FirstSkipped, t.SkippedEpisodes, t.SkippedSteps, StepsFile, t.Episodes, ByteSize(t.Bytes), t.Budget)
}

// job is one episode to run.
type job struct {
	idx      int
	strategy Strategy
	noise    Noise
	gen      grid.Generator
	size     int
	seed     uint64
	run      int
}

type result struct {
	idx   int
	rec   EpisodeRecord
	lines []byte // the episode's JSON line
	steps []byte // its step lines, when a JSONL writer wants them
	rows  []StepRecord
	// stepBytes is the size of its step lines, which the budget counts
	// even when only Parquet is written.
	stepBytes int
	// overBudget: the steps cannot fit the trajectory budget, so the
	// worker stopped keeping them.
	overBudget bool
	// uncarried: on an Engine, the steps passed what a batch carries back.
	uncarried bool
	err       error
}

// budget is the trajectory budget shared by a run's workers and its
// writer. Only the writer decides which episodes' steps are written, in
// episode order, so the outcome does not depend on the parallelism; the
// workers read what it has written so far to stop keeping steps that can
// no longer fit, which bounds the memory held for trajectories.
type budget struct {
	limit   int64
	written atomic.Int64 // bytes of steps written
	full    atomic.Bool  // an episode did not fit: no later one is written
}

// fits reports whether n more bytes of steps might still be written.
func (b *budget) fits(n int) bool {
	return !b.full.Load() && b.written.Load()+int64(n) <= b.limit
}

// jobs lists a config's episodes in file order: maze outermost, so the
// strategies and noise levels of one maze are neighbours.
func jobs(c *Config) []job {
	out := make([]job, 0, c.TotalEpisodes())
	for _, gen := range c.Generators {
		for _, size := range c.Sizes {
			for _, seed := range c.Seeds {
				for run := range c.Episodes {
					for _, n := range c.noises {
						for _, s := range c.Strategies {
							out = append(out, job{len(out), s, n, gen, size, seed, run})
						}
					}
				}
			}
		}
	}
	return out
}

// MazeSeed is the Env.Reset seed of maze number run under a config seed:
// a SplitMix64 mix of the two, so nearby seeds give unrelated mazes.
func MazeSeed(seed uint64, run int) uint64 {
	z := seed*0x9e3779b97f4a7c15 + uint64(run) + 1
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// noiseRNG is the advice noise's RNG for one episode: it depends on the
// maze and the noise profile, not the strategy, so strategies face the
// same noise stream.
func noiseRNG(mazeSeed uint64, n Noise) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(n.Name()))
	return rand.New(rand.NewPCG(mazeSeed, h.Sum64()))
}

// Run runs every episode of c, in parallel, and writes episode records (and
// trajectories) in episode order, so the same config gives the same bytes
// whatever the parallelism. It stops at the first failing episode or when
// ctx ends, after writing the episodes finished before it in order.
func Run(ctx context.Context, c *Config, opt RunOptions) (*Summary, error) {
	if opt.Episodes == nil {
		return nil, fmt.Errorf("maze run: no episodes writer")
	}
	par := opt.Parallel
	switch {
	case par <= 0 && opt.Engine != nil:
		par = DefaultRemoteParallel
	case par <= 0:
		par = runtime.GOMAXPROCS(0)
	}
	steps := opt.Steps
	var rows *parquet.GenericWriter[StepRecord]
	if c.WritesTrajectories() && opt.StepsParquet != nil {
		rows = parquet.NewGenericWriter[StepRecord](opt.StepsParquet, parquet.Compression(&parquet.Zstd), parquet.MaxRowsPerRowGroup(stepRowGroup))
	}
	if !c.WritesTrajectories() {
		steps = nil
	}
	total := c.TotalEpisodes()
	if opt.Engine == nil {
		if err := c.checkMemory(par, steps != nil, rows != nil, opt.MemoryLimit); err != nil {
			return nil, err
		}
	}
	bud := &budget{limit: int64(*c.TrajectoryBudget)}
	free := make(buffers, 4*par)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	done := make(chan result)
	var window chan struct{} // bounds the episodes finished but not yet written
	if opt.Engine != nil {
		batch := opt.Batch
		if batch <= 0 {
			batch = DefaultBatch
		}
		window = make(chan struct{}, 2*par*batch)
		runRemote(ctx, c, opt, par, steps != nil, rows != nil, bud, window, done)
	} else {
		window = make(chan struct{}, 4*par)
		if err := runLocal(ctx, c, opt, par, steps != nil, rows != nil, bud, free, window, done); err != nil {
			return nil, err
		}
	}

	start := time.Now()
	sum := &Summary{Records: make([]EpisodeRecord, 0, total)}
	sum.Trajectories.Budget = *c.TrajectoryBudget
	pending := map[int]result{}
	next := 0
	var firstErr error
	for r := range done {
		if r.err != nil {
			if firstErr == nil {
				firstErr = r.err
				cancel()
			}
			continue
		}
		if !r.overBudget && r.stepBytes > 0 && !bud.fits(r.stepBytes+pendingSteps(pending, r.idx)) {
			// The episodes before it already take too much: drop its
			// steps now rather than hold them until its turn.
			free.put(r.steps, r.rows)
			r.overBudget, r.steps, r.rows = true, nil, nil
		}
		pending[r.idx] = r
		for firstErr == nil {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			if _, err := opt.Episodes.Write(r.lines); err != nil {
				firstErr = fmt.Errorf("maze run: writing episode %d: %w", r.idx, err)
				cancel()
				break
			}
			if err := writeSteps(r, steps, rows, bud, &sum.Trajectories); err != nil {
				firstErr = err
				cancel()
				break
			}
			free.put(r.steps, r.rows)
			sum.Records = append(sum.Records, r.rec)
			sum.Steps += int64(r.rec.Steps)
			next++
			<-window
			if opt.Progress != nil {
				opt.Progress(Progress{Done: next, Total: total, Steps: sum.Steps, Elapsed: time.Since(start)})
			}
		}
	}
	sum.Elapsed = time.Since(start)
	if rows != nil {
		// Close even after an error: the file keeps the episodes written.
		if err := rows.Close(); err != nil && firstErr == nil {
			firstErr = fmt.Errorf("maze run: Parquet steps: %w", err)
		}
	}
	if firstErr != nil {
		return sum, firstErr
	}
	if err := ctx.Err(); err != nil && next < total {
		return sum, fmt.Errorf("maze run: stopped after %d of %d episodes: %w", next, total, err)
	}
	return sum, nil
}

// runLocal runs c's episodes on par goroutines through the step graph
// and sends each one's result to done, closing it when all are sent.
func runLocal(ctx context.Context, c *Config, opt RunOptions, par int, keepSteps, keepRows bool, bud *budget, free buffers, window chan struct{}, done chan<- result) error {
	all := jobs(c)
	graph, err := newStepGraph()
	if err != nil {
		return err
	}
	todo := make(chan job)
	go func() {
		defer close(todo)
		for _, j := range all {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case todo <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	traced := opt.TraceEpisodes
	switch {
	case traced == 0:
		traced = DefaultTraceEpisodes
	case traced < 0:
		traced = len(all)
	}
	width := len(strconv.Itoa(max(0, len(all)-1)))
	listening := event.Listening(ctx)
	var wg sync.WaitGroup
	for range par {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := newEpisode(c, opt, keepSteps, keepRows, bud)
			e.free = free
			for j := range todo {
				r := e.runEpisode(ctx, graph, j, listening && j.idx < traced, width)
				select {
				case done <- r:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()
	return nil
}

// buffers hands the step buffers of written episodes back to the
// workers, so an episode's steps are neither copied nor grown afresh.
type buffers chan trajectory

type trajectory struct {
	steps []byte
	rows  []StepRecord
}

// put offers buffers for reuse; when enough wait, they are dropped.
func (b buffers) put(steps []byte, rows []StepRecord) {
	if cap(steps) == 0 && cap(rows) == 0 {
		return
	}
	select {
	case b <- trajectory{steps[:0], rows[:0]}:
	default:
	}
}

// get returns buffers to reuse, or empty ones.
func (b buffers) get() trajectory {
	select {
	case t := <-b:
		return t
	default:
		return trajectory{}
	}
}

// pendingSteps is the size of the steps of the finished episodes before
// episode idx that wait for their turn to be written.
func pendingSteps(pending map[int]result, idx int) int {
	n := 0
	for i, r := range pending {
		if i < idx {
			n += r.stepBytes
		}
	}
	return n
}

// writeSteps writes an episode's steps when they fit the budget, and
// counts them as written or skipped. It runs in episode order.
func writeSteps(r result, steps io.Writer, rows *parquet.GenericWriter[StepRecord], bud *budget, tc *TrajectoryCount) error {
	if steps == nil && rows == nil {
		return nil
	}
	if bud.full.Load() || r.overBudget || !bud.fits(r.stepBytes) {
		if !bud.full.Load() {
			bud.full.Store(true)
			tc.FirstSkipped = r.idx
			if r.uncarried {
				tc.CarryLimit = MaxBatchCarry
			}
		}
		tc.SkippedEpisodes++
		tc.SkippedSteps += int64(r.rec.Steps)
		return nil
	}
	if steps != nil {
		if _, err := steps.Write(r.steps); err != nil {
			return fmt.Errorf("maze run: writing steps of episode %d: %w", r.idx, err)
		}
	}
	if rows != nil {
		if _, err := rows.Write(r.rows); err != nil {
			return fmt.Errorf("maze run: writing Parquet steps of episode %d: %w", r.idx, err)
		}
	}
	bud.written.Add(int64(r.stepBytes))
	tc.Bytes += int64(r.stepBytes)
	tc.Episodes++
	return nil
}

// runEpisode runs job j through the step graph. Its events go to the
// sinks in ctx when the episode is traced; the run's ID is then
// maze-<episode>, padded to the width of the last episode's number so
// that one ID is never the prefix of another.
func (e *episode) runEpisode(ctx context.Context, r *flow.Runner[stepState], j job, traced bool, width int) result {
	e.job, e.res = j, result{idx: j.idx}
	s0 := stepState{ep: e}
	var err error
	if traced {
		id := fmt.Sprintf("maze-%0*d", width, j.idx)
		for ev, evErr := range r.RunWithID(ctx, id, s0) {
			if ev.Kind == event.RunEnd && ev.RunID == id {
				err = evErr
			}
		}
	} else {
		// No listener: Invoke builds no event and runs on this goroutine.
		_, err = r.Invoke(event.WithOnlySink(ctx, nil), s0)
	}
	if err != nil {
		e.res.err = fmt.Errorf("maze episode %d (%s, %s, %s %d, seed %d, run %d): %w",
			j.idx, j.strategy, j.noise.Name(), j.gen, j.size, j.seed, j.run, err)
	}
	return e.res
}

// finish fills an episode's derived metrics.
func finish(r *EpisodeRecord, maxVisits int) {
	r.MaxVisits = maxVisits
	r.Looping = maxVisits >= LoopVisits
	if r.Success && r.Steps > 0 {
		r.Optimality = float64(r.Optimal) / float64(r.Steps)
	}
	r.QueryRate = ratio(r.ToolQueries, r.Steps)
	r.FollowRate = ratio(r.Followed, r.ToolQueries)
	r.OverReliance = ratio(r.FollowedWrong, r.Followed)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
