package flow_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
)

// Draft is the state of a small review loop. Fields are exported so the
// state round-trips through JSON (checkpoints, parallel merges).
type Draft struct {
	Text    string   `json:"text"`
	Score   int      `json:"score"`
	Notes   []string `json:"notes"`
	Spelled bool     `json:"spelled"`
	Styled  bool     `json:"styled"`
}

func Example() {
	g := flow.New[Draft]("review")
	g.Node("write", func(ctx context.Context, d Draft) (Draft, error) {
		d.Text += "more "
		d.Score++
		return d, nil
	})
	g.Node("spell", func(ctx context.Context, d Draft) (Draft, error) {
		d.Spelled = true
		d.Notes = append(d.Notes, "spelling ok")
		return d, nil
	})
	g.Node("style", func(ctx context.Context, d Draft) (Draft, error) {
		d.Styled = true
		d.Notes = append(d.Notes, "style ok")
		return d, nil
	})
	g.Node("judge", func(ctx context.Context, d Draft) (Draft, error) { return d, nil })
	g.Start("write")
	// Check spelling and style at once; both append to Notes, so say how
	// to merge that field.
	g.Parallel("write", []string{"spell", "style"}, "judge")
	flow.Reduce(g, "notes", flow.Appended[string])
	// Loop back to write until the score is good, at most three times.
	g.Branch("judge", func(d Draft) string {
		if d.Score >= 5 {
			return flow.End
		}
		return "write"
	}, "write", flow.End)
	g.Limit("judge", 3)
	g.OnLimit("judge", flow.End)

	r, err := g.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	var nodes []string
	for ev, err := range r.Run(context.Background(), Draft{}) {
		if err != nil {
			fmt.Println("run failed:", err)
			return
		}
		if ev.Kind == event.NodeEnd && ev.Node == "judge" {
			nodes = append(nodes, ev.Node)
		}
	}
	final, _, _ := r.RunToEnd(context.Background(), Draft{})
	fmt.Println("judged", len(nodes), "times")
	fmt.Printf("text=%q score=%d\n", strings.TrimSpace(final.Text), final.Score)
	fmt.Println(len(final.Notes), "notes; first:", final.Notes[0])
	// Output:
	// judged 3 times
	// text="more more more" score=3
	// 6 notes; first: spelling ok
}

// A run that fails part-way resumes from its last checkpoint; the steps
// that completed do not run again.
func ExampleRunner_Resume() {
	type job struct {
		Done []string `json:"done"`
	}
	flaky := true
	g := flow.New[job]("job")
	g.Store = &flow.MemStore{} // flow.NewFileStore(dir) survives the process
	g.Node("fetch", func(ctx context.Context, j job) (job, error) {
		j.Done = append(j.Done, "fetch")
		return j, nil
	})
	g.Node("load", func(ctx context.Context, j job) (job, error) {
		if flaky {
			return j, fmt.Errorf("database away")
		}
		j.Done = append(j.Done, "load")
		return j, nil
	})
	g.Start("fetch")
	g.Edge("fetch", "load")
	g.Edge("load", flow.End)
	r, err := g.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = flow.Final[job](r.RunWithID(context.Background(), "job-1", job{}))
	fmt.Println("first run:", err)

	flaky = false
	j, err := flow.Final[job](r.Resume(context.Background(), "job-1"))
	fmt.Println("resumed:", j.Done, err)
	// Output:
	// first run: flow: node "load" failed after 1 attempt(s): database away
	// resumed: [fetch load] <nil>
}

// A built graph describes itself: what cairn graph draws and a trace is
// marked on.
func ExampleRunner_Info() {
	nop := func(ctx context.Context, d Draft) (Draft, error) { return d, nil }
	g := flow.New[Draft]("review")
	g.Node("ask", nop)
	g.Node("check", nop)
	g.Start("ask")
	g.Edge("ask", "check")
	g.Branch("check", func(Draft) string { return "ask" }, "ask", flow.End)
	g.Limit("check", 2) // the second check ends the run
	g.OnLimit("check", flow.End)
	r, err := g.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	info := r.Info()
	fmt.Println("start:", info.Start)
	for _, e := range info.Edges {
		fmt.Printf("%s -%s-> %s\n", e.From, e.Kind, e.To)
	}
	// Output:
	// start: ask
	// ask -edge-> check
	// check -branch-> ask
	// check -branch-> END
	// check -limit-> END
}
