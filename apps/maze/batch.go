package maze

import (
	"bufio"
	"bytes"
	"compress/flate"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/cairn-agents/cairn/apps/maze/grid"
	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/llm"
)

// BatchGraphName is the graph a run sends to an Engine (RunOptions.Engine):
// one node, "episodes", that runs a span of a config's episodes through
// the step graph, in the worker's process, and returns their records and
// steps. An episode of the step graph is thousands of nodes of a
// microsecond each; on a durable engine each node would be an activity of
// about 100 ms, so the unit of remote work is a batch of episodes, not a
// step. The client merges the batches' episodes in episode order through
// the same writer as a local run, so the files and the summary are the
// same bytes.
const BatchGraphName = "maze-batch"

// DefaultBatch is the most episodes one batch runs when RunOptions.Batch
// is zero (then a run is at least four batches per Parallel).
const DefaultBatch = 1000

// DefaultRemoteParallel is how many batches run at once on an Engine
// when RunOptions.Parallel is zero: enough to keep a few workers busy.
const DefaultRemoteParallel = 8

// MaxBatchCarry bounds what one batch carries back: its episodes' JSON
// lines and their steps, compressed (DEFLATE). Temporal refuses payloads
// past 2 MB by default, and bytes travel base64 in JSON. A batch that
// reaches it ends early and the client sends the rest of its span as
// another batch.
const MaxBatchCarry = 1 << 20

// batchState is the batch graph's state: the span to run, what to carry
// back, and the episodes run.
type batchState struct {
	Config          wireConfig    `json:"config"`
	From            int           `json:"from"` // episodes [From, To) of the config, in file order
	To              int           `json:"to"`
	Steps           bool          `json:"steps,omitempty"` // carry the episodes' step lines
	Carry           int64         `json:"carry"`           // the most bytes to carry
	Budget          int64         `json:"budget"`          // the run's trajectory budget
	DecisionTimeout time.Duration `json:"decisionTimeout,omitempty"`

	// Lines are the episodes run, from From, as episodes.jsonl lines,
	// DEFLATE-compressed; fewer than To-From when the carry limit was
	// reached first.
	Lines []byte `json:"lines,omitempty"`
	// Episodes say what became of each one's steps.
	Episodes []batchEpisode `json:"episodes,omitempty"`
}

// batchEpisode is one episode's steps as a batch reports them.
type batchEpisode struct {
	// Steps are its steps.jsonl lines, DEFLATE-compressed, when kept.
	Steps []byte `json:"steps,omitempty"`
	// OverBudget: its steps were not kept, because alone they pass the
	// trajectory budget or (Uncarried) what a batch carries.
	OverBudget bool `json:"overBudget,omitempty"`
	Uncarried  bool `json:"uncarried,omitempty"`
}

// wireConfig is a Config as a batch carries it: checked, its noise
// profiles expanded, nothing read from files.
type wireConfig struct {
	Strategies      []Strategy       `json:"strategies"`
	Generators      []grid.Generator `json:"generators"`
	Sizes           []int            `json:"sizes"`
	Density         float64          `json:"density"`
	Seeds           []uint64         `json:"seeds"`
	Episodes        int              `json:"episodes"`
	StepLimitFactor int              `json:"stepLimitFactor,omitempty"`
	Noises          []Noise          `json:"noises"`
}

func toWire(c *Config) wireConfig {
	return wireConfig{Strategies: c.Strategies, Generators: c.Generators, Sizes: c.Sizes, Density: *c.Density,
		Seeds: c.Seeds, Episodes: c.Episodes, StepLimitFactor: c.StepLimitFactor, Noises: c.noises}
}

// config rebuilds and checks the Config.
func (w wireConfig) config() (*Config, error) {
	d := w.Density
	c := &Config{Strategies: w.Strategies, Generators: w.Generators, Sizes: w.Sizes, Density: &d,
		Seeds: w.Seeds, Episodes: w.Episodes, StepLimitFactor: w.StepLimitFactor, noises: w.Noises}
	if err := c.check(); err != nil {
		return nil, fmt.Errorf("maze batch: config: %w", err)
	}
	return c, nil
}

// jobAt is episode i of jobs(c), computed without listing them.
func jobAt(c *Config, i int) job {
	j := job{idx: i}
	j.strategy = c.Strategies[i%len(c.Strategies)]
	i /= len(c.Strategies)
	j.noise = c.noises[i%len(c.noises)]
	i /= len(c.noises)
	j.run = i % c.Episodes
	i /= c.Episodes
	j.seed = c.Seeds[i%len(c.Seeds)]
	i /= len(c.Seeds)
	j.size = c.Sizes[i%len(c.Sizes)]
	i /= len(c.Sizes)
	j.gen = c.Generators[i]
	return j
}

// batchHost runs batches on a worker.
type batchHost struct {
	model llm.Model
	steps *flow.Runner[stepState]
}

// Runners are the graphs a worker hosts for runs sent to an Engine: the
// batch graph, whose llm_solver asks model (nil: its policies decide).
func Runners(model llm.Model) ([]flow.AnyRunner, error) {
	r, err := newBatchGraph(model)
	if err != nil {
		return nil, err
	}
	return []flow.AnyRunner{r}, nil
}

func newBatchGraph(model llm.Model) (*flow.Runner[batchState], error) {
	steps, err := newStepGraph()
	if err != nil {
		return nil, err
	}
	h := &batchHost{model: model, steps: steps}
	g := flow.New[batchState](BatchGraphName)
	g.Node("episodes", h.run)
	g.Start("episodes")
	g.Edge("episodes", flow.End)
	return g.Build()
}

// run runs the batch's episodes one after another, until its span or its
// carry limit ends. An episode that does not fit what is left to carry,
// and is not the first, is left to the next batch, which runs it again
// (episodes are deterministic).
func (h *batchHost) run(ctx context.Context, s batchState) (batchState, error) {
	c, err := s.Config.config()
	if err != nil {
		return s, err
	}
	if s.From < 0 || s.To > c.TotalEpisodes() || s.From >= s.To {
		return s, fmt.Errorf("maze batch: episodes %d to %d: the config has %d", s.From, s.To, c.TotalEpisodes())
	}
	if s.Carry <= 0 {
		return s, fmt.Errorf("maze batch: carry %d: want more than 0 bytes", s.Carry)
	}
	if err := c.checkMemory(1, s.Steps, false, 0); err != nil {
		return s, fmt.Errorf("maze batch on this worker: %w", err)
	}
	// The budget only drops the steps of an episode that alone passes
	// it; the client applies it across episodes, in order.
	bud := &budget{limit: s.Budget}
	e := newEpisode(c, RunOptions{Model: h.model, DecisionTimeout: s.DecisionTimeout}, s.Steps, false, bud)
	ctx = event.WithOnlySink(ctx, nil) // steps are not traced here: no listener
	s.Lines, s.Episodes = nil, nil
	var zbuf bytes.Buffer
	zw, _ := flate.NewWriter(&zbuf, flate.BestSpeed)
	var lines []byte // counted uncompressed against the carry limit
run:
	for i := s.From; i < s.To; i++ {
		if err := ctx.Err(); err != nil {
			return s, err
		}
		r := e.runEpisode(ctx, h.steps, jobAt(c, i), false, 0)
		if r.err != nil {
			return s, r.err
		}
		be := batchEpisode{OverBudget: r.overBudget}
		if len(r.steps) > 0 {
			zbuf.Reset()
			zw.Reset(&zbuf)
			zw.Write(r.steps)
			if err := zw.Close(); err != nil {
				return s, err
			}
			be.Steps = bytes.Clone(zbuf.Bytes())
			e.steps = r.steps[:0]
		}
		size := int64(len(lines) + len(r.lines) + carriedSteps(s.Episodes) + len(be.Steps))
		switch {
		case size <= s.Carry:
		case i > s.From:
			break run // the next batch runs it again
		default:
			be = batchEpisode{OverBudget: true, Uncarried: true}
		}
		lines = append(lines, r.lines...)
		s.Episodes = append(s.Episodes, be)
	}
	zbuf.Reset()
	zw.Reset(&zbuf)
	zw.Write(lines)
	if err := zw.Close(); err != nil {
		return s, err
	}
	s.Lines = zbuf.Bytes()
	return s, nil
}

func carriedSteps(eps []batchEpisode) int {
	n := 0
	for _, e := range eps {
		n += len(e.Steps)
	}
	return n
}

// runRemote runs c's episodes as batches on opt.Engine, par batches at
// once, and sends each episode's result to done as a local worker would.
// Batches are contiguous spans of the episode order; window bounds the
// episodes sent out but not yet written.
func runRemote(ctx context.Context, c *Config, opt RunOptions, par int, keepSteps, keepRows bool, bud *budget, window chan struct{}, done chan<- result) {
	total := c.TotalEpisodes()
	size := opt.Batch
	if size <= 0 {
		size = min(DefaultBatch, max(1, (total+4*par-1)/(4*par))) // four a lane: a slow batch does not hold the end
	}
	size = min(size, cap(window))
	graph, err := newBatchGraph(nil)
	if err != nil {
		go func() { done <- result{err: err}; close(done) }()
		return
	}
	r := graph.WithEngine(opt.Engine)
	type span struct{ from, to int }
	todo := make(chan span)
	go func() {
		defer close(todo)
		for from := 0; from < total; from += size {
			sp := span{from, min(from+size, total)}
			for range sp.to - sp.from {
				select {
				case window <- struct{}{}:
				case <-ctx.Done():
					return
				}
			}
			select {
			case todo <- sp:
			case <-ctx.Done():
				return
			}
		}
	}()
	carry := int64(MaxBatchCarry)
	if opt.carry > 0 {
		carry = opt.carry
	}
	carry = min(carry, int64(*c.TrajectoryBudget))
	wc := toWire(c)
	quiet := event.WithOnlySink(ctx, nil)
	var wg sync.WaitGroup
	for range par {
		wg.Go(func() {
			for sp := range todo {
				for from := sp.from; from < sp.to; {
					in := batchState{Config: wc, From: from, To: sp.to, Steps: (keepSteps || keepRows) && !bud.full.Load(),
						Carry: carry, Budget: int64(*c.TrajectoryBudget), DecisionTimeout: opt.DecisionTimeout}
					out, err := r.Invoke(quiet, in)
					if err == nil && (len(out.Episodes) == 0 || len(out.Episodes) > sp.to-from) {
						err = fmt.Errorf("the batch ran %d episodes", len(out.Episodes))
					}
					if err != nil {
						select {
						case done <- result{idx: from, err: fmt.Errorf("maze batch of episodes %d to %d: %w", from, sp.to-1, err)}:
						case <-ctx.Done():
						}
						return
					}
					lines, err := io.ReadAll(flate.NewReader(bytes.NewReader(out.Lines)))
					if err != nil {
						err = fmt.Errorf("maze batch of episodes %d to %d: its lines do not decompress: %w", from, sp.to-1, err)
					}
					for k, be := range out.Episodes {
						n := bytes.IndexByte(lines, '\n') + 1
						if n == 0 {
							err = fmt.Errorf("maze batch of episodes %d to %d: %d episodes and %d lines", from, sp.to-1, len(out.Episodes), k)
						}
						res, rerr := be.result(from+k, lines[:n], keepSteps, keepRows)
						if err = errors.Join(err, rerr); err != nil {
							res = result{idx: from + k, err: err}
						}
						lines = lines[n:]
						select {
						case done <- res:
						case <-ctx.Done():
							return
						}
						if err != nil {
							return
						}
					}
					from += len(out.Episodes)
				}
			}
		})
	}
	go func() { wg.Wait(); close(done) }()
}

// result is the episode as the writer takes it: its line, its steps as
// lines and, for Parquet, as records.
func (be batchEpisode) result(idx int, line []byte, keepSteps, keepRows bool) (result, error) {
	r := result{idx: idx, lines: line, overBudget: be.OverBudget, uncarried: be.Uncarried}
	if err := json.Unmarshal(line, &r.rec); err != nil {
		return r, fmt.Errorf("maze batch: episode %d: its line does not decode: %w", idx, err)
	}
	if r.rec.Episode != idx {
		return r, fmt.Errorf("maze batch: episode %d came back as episode %d", idx, r.rec.Episode)
	}
	if len(be.Steps) == 0 {
		return r, nil
	}
	steps, err := io.ReadAll(flate.NewReader(bytes.NewReader(be.Steps)))
	if err != nil {
		return r, fmt.Errorf("maze batch: episode %d: its steps do not decompress: %w", idx, err)
	}
	r.stepBytes = len(steps)
	if keepSteps {
		r.steps = steps
	}
	if keepRows {
		sc := bufio.NewScanner(bytes.NewReader(steps))
		sc.Buffer(nil, len(steps)+1)
		for sc.Scan() {
			var st StepRecord
			if err := json.Unmarshal(sc.Bytes(), &st); err != nil {
				return r, fmt.Errorf("maze batch: episode %d: a step line does not decode: %w", idx, err)
			}
			r.rows = append(r.rows, st)
		}
	}
	return r, nil
}
