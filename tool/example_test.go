package tool_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/tool"
)

type distanceIn struct {
	From string `json:"from" jsonschema:"start city"`
	To   string `json:"to" jsonschema:"end city"`
}

type distanceOut struct {
	Km float64 `json:"km"`
}

func Example() {
	km := map[[2]string]float64{{"Denver", "Boulder"}: 47.2}
	distance := tool.Must(tool.New("distance", "Road distance between two cities.",
		func(_ context.Context, in distanceIn) (distanceOut, error) {
			d, ok := km[[2]string{in.From, in.To}]
			if !ok {
				return distanceOut{}, fmt.Errorf("no road data for %s to %s", in.From, in.To)
			}
			return distanceOut{Km: d}, nil
		}))
	base, err := tool.NewRegistry(distance)
	if err != nil {
		panic(err)
	}
	// One event per logical call; hits skip retries; each attempt gets 2s;
	// at most 4 calls in flight.
	reg := base.With(
		tool.Events(0),
		tool.NewCache(256, time.Hour).Middleware(),
		tool.Retry(tool.RetrySettings{Attempts: 3, Backoff: 100 * time.Millisecond, MaxBackoff: 5 * time.Second}),
		tool.Timeout(2*time.Second),
		tool.Limit(4),
	)

	var calls tool.Counter
	ctx := event.WithSink(context.Background(), calls.Observe)

	res, _ := reg.Call(ctx, "distance", json.RawMessage(`{"from":"Denver","to":"Boulder"}`))
	fmt.Println(string(res))
	res, _ = reg.Call(ctx, "distance", json.RawMessage(`{ "to": "Boulder", "from": "Denver" }`))
	fmt.Println(string(res), "(from the cache)")

	_, err = reg.Call(ctx, "distance", json.RawMessage(`{"from":"Denver"}`))
	fmt.Println(errors.Is(err, tool.ErrBadArgs), err)
	_, err = reg.Call(ctx, "distance", json.RawMessage(`{"from":"Denver","to":"Atlantis"}`))
	fmt.Println(errors.Is(err, tool.ErrPermanent), err)

	n := calls.Counts()
	fmt.Printf("calls %d, cached %d, errors %d\n", n.Calls, n.Cached, n.Errors)
	// Output:
	// {"km":47.2}
	// {"km":47.2} (from the cache)
	// true tool distance: bad tool arguments: required: missing properties: ["to"]
	// true tool distance: permanent tool failure: no road data for Denver to Atlantis
	// calls 4, cached 1, errors 2
}

func ExampleChain() {
	flaky := 0
	lookup := tool.Must(tool.New("lookup", "Look a city up.",
		func(_ context.Context, in distanceIn) (distanceOut, error) {
			if flaky++; flaky == 1 {
				return distanceOut{}, fmt.Errorf("busy: %w", tool.ErrTransient)
			}
			return distanceOut{Km: 47.2}, nil
		}))
	cache := tool.NewCache(128, time.Hour)
	p := tool.RetrySettings{Attempts: 2, Backoff: time.Millisecond, MaxBackoff: 5 * time.Second}
	t := tool.Chain(lookup, tool.Events(0), cache.Middleware(), tool.Retry(p), tool.Timeout(time.Second), tool.Limit(4))

	var calls tool.Counter
	ctx := event.WithSink(context.Background(), calls.Observe)
	args := json.RawMessage(`{"from":"Denver","to":"Boulder"}`)
	for range 2 {
		res, err := t.Call(ctx, args)
		fmt.Println(string(res), err)
	}
	n := calls.Counts()
	fmt.Printf("tool ran %d times; %d calls seen, %d from the cache\n", flaky, n.Calls, n.Cached)
	// Output:
	// {"km":47.2} <nil>
	// {"km":47.2} <nil>
	// tool ran 2 times; 2 calls seen, 1 from the cache
}
