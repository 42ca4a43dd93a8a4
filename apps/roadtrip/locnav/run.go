package locnav

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/cairn-agents/cairn/tool"
)

// Answer is what a solver returns for a task.
type Answer struct {
	// JSON is the final answer text, scored as upstream scores an agent's
	// response (it need not be valid JSON).
	JSON json.RawMessage
	// Unsupported says why the solver could not do the task, if it could not.
	Unsupported string
	Notes       []string
	Stats       map[string]any
}

// Solver answers one task: a planner, or recorded answers.
type Solver func(ctx context.Context, t Task) (Answer, error)

// Options configure Run.
type Options struct {
	Solver  Solver
	Scorer  *Scorer
	Name    string // the solver, for the report
	Backend string // the maps backend, for the report
	// Parallel is how many tasks run at once; <= 0 means 1.
	Parallel int
	// OnResult is called after each task, one call at a time, with the
	// task's result and the report so far (sorted, summarised): write it
	// out, draw progress.
	OnResult func(TaskResult, *Report)
}

// Run solves and scores tasks. It returns the report and, when the run
// stopped early, an error: ErrBackend (wrapped) when the maps backend
// failed, or ctx's error. Tasks already scored are in the report either
// way; tasks never started are StatusNotRun.
func Run(ctx context.Context, tasks []Task, o Options) (*Report, error) {
	if o.Solver == nil || o.Scorer == nil {
		return nil, errors.New("locnav.Run: Options.Solver and Options.Scorer are required")
	}
	rep := &Report{Benchmark: "MCP-Universe location_navigation", Solver: o.Name, Backend: o.Backend, Started: time.Now()}
	runCtx, stop := context.WithCancelCause(ctx)
	defer stop(nil)

	var mu sync.Mutex
	done := map[string]bool{}
	finish := func(tr TaskResult) {
		mu.Lock()
		defer mu.Unlock()
		done[tr.ID] = true
		rep.Tasks = append(rep.Tasks, tr)
		sortTasks(rep.Tasks)
		rep.Summarize()
		if o.OnResult != nil {
			o.OnResult(tr, rep)
		}
	}

	next := make(chan Task)
	var wg sync.WaitGroup
	for range max(1, o.Parallel) {
		wg.Go(func() {
			for t := range next {
				tr, err := runTask(runCtx, t, o)
				if err != nil {
					stop(err)
					if tr.Status == "" { // stopped before anything was scored
						continue
					}
				}
				finish(tr)
			}
		})
	}
feed:
	for _, t := range tasks {
		select {
		case next <- t:
		case <-runCtx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()

	cause := context.Cause(runCtx) // nil unless a task or ctx stopped the run
	for _, t := range tasks {
		if !done[t.ID] {
			reason := "not run"
			if cause != nil {
				reason = "not run: the run stopped: " + cause.Error()
			}
			rep.Tasks = append(rep.Tasks, TaskResult{ID: t.ID, File: t.File, Family: t.Family(), Status: StatusNotRun, Total: len(t.Evaluators), SolveError: reason})
		}
	}
	sortTasks(rep.Tasks)
	rep.Summarize()
	rep.Finished = time.Now()
	if cause != nil {
		rep.Error = cause.Error()
		return rep, cause
	}
	rep.Complete = true
	return rep, nil
}

// backendFailed reports whether a solver error means the maps backend is
// gone rather than the solver failing on this task.
func backendFailed(err error) bool {
	return errors.Is(err, ErrBackend) || errors.Is(err, tool.ErrTransient)
}

// runTask solves and scores one task. An error stops the run; the result
// is then empty (nothing scored) or StatusIncomplete.
func runTask(ctx context.Context, t Task, o Options) (TaskResult, error) {
	tr := TaskResult{ID: t.ID, File: t.File, Family: t.Family(), Total: len(t.Evaluators)}
	t0 := time.Now()
	ans, err := o.Solver(ctx, t)
	tr.SolveMillis = float64(time.Since(t0).Microseconds()) / 1000
	if err != nil {
		if ctx.Err() != nil {
			return TaskResult{}, context.Cause(ctx)
		}
		// A task that ran out of its own time is the solver's failure, even
		// if the deadline hit inside a maps call (a transient tool error).
		if backendFailed(err) && !errors.Is(err, context.DeadlineExceeded) {
			return TaskResult{}, fmt.Errorf("task %s: solver: %w", t.ID, errors.Join(ErrBackend, err))
		}
	}
	tr.Unsupported, tr.Notes, tr.Stats = ans.Unsupported, ans.Notes, ans.Stats
	t1 := time.Now()
	switch {
	case err != nil:
		tr.SolveError = err.Error()
		tr.Evaluators = allFailed(t, CausePlanner, "no answer: the solver failed: "+err.Error())
	case len(ans.JSON) == 0 && ans.Unsupported != "":
		tr.Evaluators = allFailed(t, CauseUnsupported, "no answer: the solver does not support this task: "+ans.Unsupported)
	default:
		tr.Answer = string(ans.JSON)
		if t.Family() != MultiServer { // their formats name places as keys
			tr.FormatProblems = FormatProblems(t.OutputFormat, tr.Answer)
		}
		var st ScoreStats
		tr.Evaluators, st, err = o.Scorer.Score(ctx, t, tr.Answer)
		tr.Maps = st
		if err != nil {
			tr.ScoreMillis = float64(time.Since(t1).Microseconds()) / 1000
			tr.Status = StatusIncomplete
			tr.count()
			return tr, fmt.Errorf("task %s: scoring: %w", t.ID, err)
		}
	}
	tr.ScoreMillis = float64(time.Since(t1).Microseconds()) / 1000
	blameData(tr.Evaluators, ans.Notes)
	tr.count()
	switch {
	case tr.Passed == tr.Total:
		tr.Status = StatusPassed
	case t.Family() == MultiServer || ans.Unsupported != "":
		tr.Status = StatusUnsupported
	default:
		tr.Status = StatusFailed
	}
	return tr, nil
}

// blameData reclassifies failures where the answer is empty as missing
// data when the solver reported missing data (its notes), quoting them.
func blameData(evals []EvalResult, notes []string) {
	if len(notes) == 0 {
		return
	}
	said := strings.Join(notes, "; ")
	if len(said) > 300 {
		said = said[:297] + "..."
	}
	for i := range evals {
		if e := &evals[i]; !e.Passed && e.empty && e.Cause == CausePlanner {
			e.Cause = CauseData
			e.Reason += "; the answer is empty here and the solver reported: " + said
		}
	}
}

func (tr *TaskResult) count() {
	tr.Passed = 0
	for _, e := range tr.Evaluators {
		if e.Passed {
			tr.Passed++
		}
	}
}

func allFailed(t Task, c Cause, reason string) []EvalResult {
	out := make([]EvalResult, len(t.Evaluators))
	for i, e := range t.Evaluators {
		out[i] = EvalResult{Index: i, Func: e.Func, Op: e.Op, Cause: c, Reason: reason}
		if known, why := KnownOp(e.Op); !known && why != "" {
			out[i].Cause, out[i].Reason = CauseUnsupported, "unsupported: "+why
		}
	}
	return out
}
