package flow_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/cairn-agents/cairn/flow"
)

// Trip is the state of a graph that asks how to travel.
type Trip struct {
	City string `json:"city"`
	Mode string `json:"mode"`
}

// A node asks with Ask; the run ends with an *InterruptedError naming the
// request, and Answer continues it, checking the answer first.
func ExampleAsk() {
	ctx := context.Background()
	g := flow.New[Trip]("trip")
	g.Store = &flow.MemStore{} // a FileStore survives restarts
	g.Node("mode", func(ctx context.Context, t Trip) (Trip, error) {
		mode, err := flow.Ask[string](ctx, "How do you travel to "+t.City+"?", "car", "train")
		if err != nil {
			return t, err // no answer yet: the run waits
		}
		t.Mode = mode
		return t, nil
	})
	g.Start("mode")
	g.Edge("mode", flow.End)
	r, err := g.Build()
	if err != nil {
		panic(err)
	}

	_, err = r.Invoke(ctx, Trip{City: "Lyon"})
	var ie *flow.InterruptedError
	if !errors.As(err, &ie) {
		panic(err)
	}
	q := ie.Requests[0]
	fmt.Println(q.ID, q.Question, q.Options)

	_, err = r.Answer(ctx, ie.RunID, q.ID, "bike")
	fmt.Println(errors.Is(err, flow.ErrBadAnswer))

	t, err := r.Answer(ctx, ie.RunID, q.ID, "train")
	fmt.Println(t.Mode, err)

	_, err = r.Answer(ctx, ie.RunID, q.ID, "car")
	fmt.Println(errors.Is(err, flow.ErrNotWaiting))
	// Output:
	// mode#1 How do you travel to Lyon? [car train]
	// true
	// train <nil>
	// true
}
