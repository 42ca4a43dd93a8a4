package events

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/eventdata/holidays"
	"github.com/cairn-agents/cairn/eventdata/index"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/internal/testkit"
)

var (
	gazOnce sync.Once
	gaz     *geo.Gazetteer

	sharedOnce sync.Once
	sharedIdx  *index.Index
	sharedErr  error
	sharedDir  string
)

func gazetteer(t testing.TB) *geo.Gazetteer {
	gazOnce.Do(func() { gaz = geo.NewGazetteer(geotest.Engine(t)) })
	return gaz
}

// sharedIndex is the shared tech conferences added to an index through
// the path `cairn events index add` takes, once per test binary; it
// skips when ../shared is absent.
func sharedIndex(t testing.TB) *index.Index {
	dir := testkit.Shared(t, "data/events/tech-conferences")
	g := gazetteer(t)
	sharedOnce.Do(func() {
		sharedDir, sharedErr = os.MkdirTemp("", "events-index-")
		if sharedErr != nil {
			return
		}
		ctx := context.Background()
		sharedIdx, sharedErr = index.Open(ctx, index.Options{Dir: sharedDir, Gazetteer: g})
		if sharedErr == nil {
			_, sharedErr = sharedIdx.Add(ctx, dir)
		}
	})
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return sharedIdx
}

// sharedApp is the system over the holidays and the shared index.
func sharedApp(t testing.TB, o Options) *App {
	x := sharedIndex(t)
	o.Gazetteer = gazetteer(t)
	if o.Sources == nil {
		o.Sources = eventdata.Sources{holidays.New(holidays.Options{}), x}
	}
	if o.Searcher == nil {
		o.Searcher = x
	}
	a, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestMain(m *testing.M) {
	code := m.Run()
	if sharedIdx != nil {
		sharedIdx.Close()
	}
	if sharedDir != "" {
		os.RemoveAll(sharedDir)
	}
	os.Exit(code)
}
