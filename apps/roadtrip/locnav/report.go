package locnav

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Status is a task's outcome.
type Status string

// Task outcomes.
const (
	StatusPassed      Status = "passed"      // every evaluator passed
	StatusFailed      Status = "failed"      // some evaluator failed
	StatusUnsupported Status = "unsupported" // failed, and the task needs servers Cairn does not run
	StatusIncomplete  Status = "incomplete"  // the maps backend failed while scoring
	StatusNotRun      Status = "not_run"     // the run stopped first
)

// TaskResult is one task's answer and scores.
type TaskResult struct {
	ID     string `json:"id"`
	File   string `json:"file,omitempty"`
	Family Family `json:"family"`
	Status Status `json:"status"`
	Answer string `json:"answer,omitempty"`
	// FormatProblems lists where the answer does not fit the task's
	// output_format (see FormatProblems); empty when it fits.
	FormatProblems []string       `json:"format_problems,omitempty"`
	Unsupported    string         `json:"unsupported,omitempty"`
	SolveError     string         `json:"solve_error,omitempty"`
	Notes          []string       `json:"notes,omitempty"`
	Stats          map[string]any `json:"stats,omitempty"`
	SolveMillis    float64        `json:"solve_ms"`
	ScoreMillis    float64        `json:"score_ms"`
	Maps           ScoreStats     `json:"scoring_maps"`
	Passed         int            `json:"evaluators_passed"`
	Total          int            `json:"evaluators"`
	Evaluators     []EvalResult   `json:"evaluator_results"`
}

// FamilySummary totals one task family.
type FamilySummary struct {
	Tasks            int `json:"tasks"`
	Passed           int `json:"passed"`
	Evaluators       int `json:"evaluators"`
	EvaluatorsPassed int `json:"evaluators_passed"`
}

// Summary totals a run. Rates are fractions in 0..1. Task rates count
// every task of the run (a task not run has not passed); evaluator rates
// count scored evaluators only.
type Summary struct {
	Tasks             int                      `json:"tasks"`
	TasksScored       int                      `json:"tasks_scored"`
	TasksPassed       int                      `json:"tasks_passed"`
	TaskPassRate      float64                  `json:"task_pass_rate"`
	Evaluators        int                      `json:"evaluators_scored"`
	EvaluatorsPassed  int                      `json:"evaluators_passed"`
	EvaluatorPassRate float64                  `json:"evaluator_pass_rate"`
	ByStatus          map[Status]int           `json:"by_status"`
	FailuresByCause   map[Cause]int            `json:"failures_by_cause"`
	ByFamily          map[Family]FamilySummary `json:"by_family"`
	MapsCalls         int                      `json:"scoring_maps_calls"`
	// AnswersInFormat counts answered maps-only tasks whose answer is
	// bare JSON fitting the task's output_format, of Answered.
	AnswersInFormat int `json:"answers_in_format"`
	Answered        int `json:"answered"`
}

// Report is a benchmark run: what answered, against which maps backend,
// and every task's result.
type Report struct {
	Benchmark string       `json:"benchmark"`
	Solver    string       `json:"solver"`
	Backend   string       `json:"maps_backend"`
	Started   time.Time    `json:"started"`
	Finished  time.Time    `json:"finished,omitzero"`
	Complete  bool         `json:"complete"`
	Error     string       `json:"error,omitempty"`
	Summary   Summary      `json:"summary"`
	Tasks     []TaskResult `json:"tasks"`
}

// Summarize recomputes r.Summary from r.Tasks.
func (r *Report) Summarize() {
	s := Summary{ByStatus: map[Status]int{}, FailuresByCause: map[Cause]int{}, ByFamily: map[Family]FamilySummary{}}
	for _, t := range r.Tasks {
		s.Tasks++
		s.ByStatus[t.Status]++
		f := s.ByFamily[t.Family]
		f.Tasks++
		if t.Status != StatusNotRun {
			s.TasksScored++
		}
		if t.Status == StatusPassed {
			s.TasksPassed++
			f.Passed++
		}
		for _, e := range t.Evaluators {
			if e.Cause == CauseBackend {
				continue
			}
			s.Evaluators++
			f.Evaluators++
			if e.Passed {
				s.EvaluatorsPassed++
				f.EvaluatorsPassed++
			} else {
				s.FailuresByCause[e.Cause]++
			}
		}
		s.MapsCalls += t.Maps.MapsCalls
		if t.Answer != "" && t.Family != MultiServer {
			s.Answered++
			if len(t.FormatProblems) == 0 {
				s.AnswersInFormat++
			}
		}
		s.ByFamily[t.Family] = f
	}
	if s.Tasks > 0 {
		s.TaskPassRate = float64(s.TasksPassed) / float64(s.Tasks)
	}
	if s.Evaluators > 0 {
		s.EvaluatorPassRate = float64(s.EvaluatorsPassed) / float64(s.Evaluators)
	}
	r.Summary = s
}

// WriteJSON writes r as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

var causeText = map[Cause]string{
	CausePlanner:     "planner error (the answer is wrong)",
	CauseData:        "data missing in the maps backend (e.g. offline data: no ratings, place not found by text search)",
	CauseUnsupported: "unsupported (needs a weather or browser server)",
	CauseQuirk:       "upstream quirk (the upstream evaluator fails whatever the answer)",
	CauseTask:        "bad task (unknown op or malformed evaluator)",
	CauseBackend:     "not scored (maps backend failed)",
}

func pct(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

func mdCell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

// WriteMarkdown writes r as a Markdown report: totals, a table of tasks,
// and every failed evaluator with its cause and reason.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b bytes.Buffer
	s := r.Summary
	fmt.Fprintf(&b, "# %s benchmark report\n\n", r.Benchmark)
	fmt.Fprintf(&b, "- solver: %s\n- maps backend: %s\n- started: %s\n", r.Solver, r.Backend, r.Started.UTC().Format(time.RFC3339))
	if !r.Finished.IsZero() {
		fmt.Fprintf(&b, "- finished: %s (%.1f s)\n", r.Finished.UTC().Format(time.RFC3339), r.Finished.Sub(r.Started).Seconds())
	}
	if !r.Complete {
		fmt.Fprintf(&b, "- **partial report**: the run has not finished")
		if r.Error != "" {
			fmt.Fprintf(&b, " (%s)", mdCell(r.Error))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\n**Tasks passed: %d / %d (%s)** · evaluators passed: %d / %d (%s) · answers in the output format: %d / %d · scoring maps calls: %d\n\n",
		s.TasksPassed, s.Tasks, pct(s.TasksPassed, s.Tasks), s.EvaluatorsPassed, s.Evaluators, pct(s.EvaluatorsPassed, s.Evaluators), s.AnswersInFormat, s.Answered, s.MapsCalls)

	b.WriteString("| family | tasks | passed | evaluators passed |\n|---|---|---|---|\n")
	for _, f := range slices.Sorted(maps.Keys(s.ByFamily)) {
		x := s.ByFamily[f]
		fmt.Fprintf(&b, "| %s | %d | %d | %d / %d (%s) |\n", f, x.Tasks, x.Passed, x.EvaluatorsPassed, x.Evaluators, pct(x.EvaluatorsPassed, x.Evaluators))
	}
	if len(s.FailuresByCause) > 0 {
		b.WriteString("\n| failed evaluators by cause | count |\n|---|---|\n")
		for _, c := range slices.Sorted(maps.Keys(s.FailuresByCause)) {
			fmt.Fprintf(&b, "| %s: %s | %d |\n", c, causeText[c], s.FailuresByCause[c])
		}
	}

	b.WriteString("\n## Tasks\n\n| task | family | status | evaluators | solve ms | note |\n|---|---|---|---|---|---|\n")
	for _, t := range r.Tasks {
		note := t.Unsupported
		if t.SolveError != "" {
			note = "solver error: " + t.SolveError
		}
		if len(t.FormatProblems) > 0 {
			note = strings.TrimPrefix(note+"; format: "+strings.Join(t.FormatProblems, "; "), "; ")
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d / %d | %.0f | %s |\n", t.ID, t.Family, t.Status, t.Passed, t.Total, t.SolveMillis, mdCell(note))
	}

	b.WriteString("\n## Failed evaluators\n")
	none := true
	for _, t := range r.Tasks {
		var fails []EvalResult
		for _, e := range t.Evaluators {
			if !e.Passed {
				fails = append(fails, e)
			}
		}
		if len(fails) == 0 {
			continue
		}
		none = false
		fmt.Fprintf(&b, "\n### %s (%s)\n\n", t.ID, t.Status)
		for _, e := range fails {
			op := e.Op
			if op == "" {
				op = "(parses)"
			}
			fmt.Fprintf(&b, "- #%d `%s` %s — **%s**: %s\n", e.Index, e.Func, op, e.Cause, mdCell(e.Reason))
		}
	}
	if none {
		b.WriteString("\nnone\n")
	}
	_, err := w.Write(b.Bytes())
	return err
}

// WriteFiles writes report.json and report.md into dir, each replaced
// atomically so a reader never sees half a report.
func (r *Report) WriteFiles(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, write := range map[string]func(io.Writer) error{"report.json": r.WriteJSON, "report.md": r.WriteMarkdown} {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		tmp, err := os.CreateTemp(dir, "."+name+".*")
		if err != nil {
			return err
		}
		_, werr := tmp.Write(b.Bytes())
		cerr := tmp.Close()
		if err := errors.Join(werr, cerr); err != nil {
			os.Remove(tmp.Name())
			return err
		}
		if err := os.Rename(tmp.Name(), filepath.Join(dir, name)); err != nil {
			os.Remove(tmp.Name())
			return err
		}
	}
	return nil
}

// sortTasks orders results by task ID.
func sortTasks(ts []TaskResult) {
	slices.SortFunc(ts, func(a, b TaskResult) int { return strings.Compare(a.ID, b.ID) })
}
